// The customers' accounts, newest first, found by email or name; each opens on its own page with
// its orders and store credit (ADR 0048).
import { href } from 'react-router';

import { formatPaise } from '../../../common/money.ts';
import { AdminFilters, AdminListCount } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminPager } from '../../components/admin/admin-pager.tsx';
import { AdminLinkCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { TextField } from '../../components/form-field.tsx';
import { adminCustomerPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/customers';

export { loader } from './customers.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Customers', 'The customers and their store credit.');
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { customers, total, page, pages, search } = loaderData;
  return (
    <AdminPage id="admin-customers-title" title="Customers">
      <AdminFilters grid="sm:grid-cols-[1fr_auto]">
        <TextField label="Search by email or name" name="search" type="search" defaultValue={search} maxLength={100} />
      </AdminFilters>
      <AdminListCount total={total} one="customer" many="customers" page={page} pages={pages} />
      <AdminTable
        label="Customers table"
        minWidth="min-w-[44rem]"
        columns={['Customer', 'Joined (India time)', 'Orders', 'Store credit']}
        empty={customers.length === 0 ? (search ? 'No customers match.' : 'No customers yet.') : undefined}
      >
        {customers.map((customer) => (
          <tr key={customer.id}>
            <AdminLinkCell
              to={adminCustomerPath(customer.id)}
              detail={customer.deleted ? 'Account deleted' : customer.email}
            >
              {customer.name}
            </AdminLinkCell>
            <td className="px-3 py-2 whitespace-nowrap">{customer.joined}</td>
            <td className="px-3 py-2">{customer.orderCount}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatPaise(customer.creditPaise)}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager
        label="Pages of customers"
        path={href('/admin/customers')}
        filters={{ search }}
        page={page}
        pages={pages}
      />
    </AdminPage>
  );
}
