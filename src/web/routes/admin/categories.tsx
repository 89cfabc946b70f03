// The store's categories for staff (ADR 0030): each one's size chart, which its products follow.
import { Link } from 'react-router';

import { SIZES } from '../../../common/catalog.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { adminCategoryPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/categories';

export { loader } from './categories.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Categories', 'Size charts by category.');
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage id="admin-categories-title" title="Categories">
      <p className="mt-2 text-sm text-muted">
        Each category&apos;s size chart is every product&apos;s in it, unless a product has measurements of its own.
      </p>
      <ul className="mt-4 divide-y divide-black/10 rounded-lg border border-black/10 bg-white">
        {loaderData.categories.map((category) => (
          <li key={category.slug} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <Link to={adminCategoryPath(category.slug)} className="font-semibold underline">
              {category.name}
            </Link>
            <span className="text-sm text-muted">
              {category.sizesCharted === 0
                ? 'No size chart yet'
                : `Size chart: ${category.sizesCharted} of ${SIZES.length} sizes`}
            </span>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
