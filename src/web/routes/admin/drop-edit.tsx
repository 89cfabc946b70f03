import { Form, Link, useNavigation } from 'react-router';

import { AdminPage } from '../../components/admin/admin-page.tsx';
import { DropForm } from '../../components/admin/drop-form.tsx';
import { SECONDARY_BUTTON } from '../../components/buttons.ts';
import { adminProductPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/drop-edit';

export { loader, action } from './drop-edit.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Edit drop', 'Edit a drop.');
}

export default function AdminDropEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete';
  const { values, products, status, waiting } = loaderData;
  return (
    <AdminPage id="admin-drop-edit-title" title={<>Edit drop {values.name}</>}>
      <p className="mt-2 text-sm text-muted">
        {`${status} · ${products.length} ${products.length === 1 ? 'product' : 'products'} · ${waiting} waiting to be emailed when it goes live`}
      </p>

      <section aria-labelledby="drop-products-title" className="mt-6 max-w-3xl">
        <h2 id="drop-products-title" className="text-lg font-bold">
          Products in this drop
        </h2>
        {products.length === 0 ? (
          <p className="mt-1 text-sm text-muted">None yet: add their ids below.</p>
        ) : (
          <ul className="mt-1 grid gap-1">
            {products.map((product) => (
              <li key={product.id}>
                <Link to={adminProductPath(product.id)} className="font-semibold underline underline-offset-2">
                  {product.name}
                </Link>{' '}
                <span className="text-sm text-muted">#{product.id}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <DropForm
        mode="edit"
        values={actionData?.values ?? values}
        errors={actionData?.errors}
        message={actionData?.message}
        submitting={navigation.state === 'submitting' && !deleting}
      />

      <section aria-labelledby="drop-delete-title" className="mt-10 max-w-3xl border-t border-black/10 pt-6">
        <h2 id="drop-delete-title" className="text-lg font-bold">
          Delete this drop
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-4">
          <button
            type="submit"
            name="intent"
            value="delete"
            aria-describedby="drop-delete-note"
            className={`${SECONDARY_BUTTON} sm:w-auto`}
            disabled={deleting}
          >
            {deleting ? 'Deleting…' : 'Delete drop'}
          </button>
          <p id="drop-delete-note" className="text-sm text-muted">
            Its products leave the drop and are on sale at once, without limits.
          </p>
        </Form>
      </section>
    </AdminPage>
  );
}
