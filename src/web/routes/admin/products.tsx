import { href, Link, useSearchParams } from 'react-router';

import { CATEGORIES, COLLECTIONS } from '../../../common/catalog.ts';
import { formatPaise } from '../../../common/money.ts';
import { availabilityOf } from '../../../common/stock.ts';
import { AdminFilters, AdminListCount } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { AdminTable } from '../../components/admin/admin-table.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/buttons.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { adminProductPath, adminProductStockPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/products';

export { loader } from './products.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Products', 'Manage the catalog.');
}

const COLLECTION_OPTIONS = [
  { value: '', label: 'All collections' },
  ...COLLECTIONS.map((c) => ({ value: c.slug, label: c.name })),
];
const CATEGORY_OPTIONS = [
  { value: '', label: 'All categories' },
  ...CATEGORIES.map((c) => ({ value: c.slug, label: c.name })),
];

/** Every product in id order (docs/product.md §7 "all ordered by id (admin)"), with its stock per size. */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <AdminPage
      id="admin-products-title"
      title="Products"
      action={
        <div className="flex flex-wrap gap-2">
          <Link to={href('/admin/products/stock-upload')} className={`${SECONDARY_BUTTON} w-auto text-center`}>
            Upload stock counts
          </Link>
          <Link to={href('/admin/products/import')} className={`${PRIMARY_BUTTON} w-auto text-center`}>
            Import from folders
          </Link>
        </div>
      }
    >
      {params.get('deleted') ? <Alert tone="success">{`Deleted “${params.get('deleted')}”.`}</Alert> : null}
      <AdminFilters grid="sm:grid-cols-[1fr_14rem_14rem_auto]">
        <TextField label="Search by name" name="search" type="search" defaultValue={params.get('search') ?? ''} />
        <SelectField
          label="Collection"
          name="collection"
          options={COLLECTION_OPTIONS}
          defaultValue={params.get('collection') ?? ''}
        />
        <SelectField
          label="Category"
          name="category"
          options={CATEGORY_OPTIONS}
          defaultValue={params.get('category') ?? ''}
        />
      </AdminFilters>
      <AdminListCount total={loaderData.products.length} one="product" many="products" />
      <AdminTable
        label="Products table"
        minWidth="min-w-[48rem]"
        columns={['Id', 'Product', 'Price', 'Stock per size', 'Availability']}
      >
        {loaderData.products.map((product) => {
          const image = product.thumbnail ?? product.images[0];
          const unitsLeft = product.stock.reduce((sum, entry) => sum + entry.quantity, 0);
          return (
            <tr key={product.id}>
              <td className="px-3 py-2 text-muted">{product.id}</td>
              <td className="px-3 py-2">
                <div className="flex items-center gap-3">
                  {image ? (
                    <ResponsiveImage
                      base={image}
                      alt=""
                      sizes="48px"
                      width={48}
                      height={60}
                      className="h-15 w-12 rounded object-cover"
                    />
                  ) : null}
                  <span>
                    <Link to={adminProductPath(product.id)} className="block font-semibold underline">
                      {product.name}
                    </Link>
                    <span className="block text-xs text-muted">
                      {COLLECTIONS.find((c) => c.slug === product.collection)?.name ?? 'No collection'} ·{' '}
                      {CATEGORIES.find((c) => c.slug === product.category)?.name ?? 'No category'}
                    </span>
                  </span>
                </div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatPaise(product.pricePaise)}</td>
              <td className="px-3 py-2">
                <Link
                  to={adminProductStockPath(product.id)}
                  className="mb-1 block text-xs font-semibold underline"
                  aria-label={`Stock of ${product.name}`}
                >
                  Stock
                </Link>
                <ul className="flex flex-wrap gap-1.5">
                  {product.stock.map((entry) => (
                    <li
                      key={entry.size}
                      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${entry.quantity === 0 ? 'bg-red-100 text-red-900' : 'bg-black/5'}`}
                    >
                      {entry.size}: {entry.quantity}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{availabilityOf(unitsLeft)}</td>
            </tr>
          );
        })}
      </AdminTable>
    </AdminPage>
  );
}
