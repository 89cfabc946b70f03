// The staff queue of return and exchange requests (ADR 0025): new ones first, oldest first, so
// none waits unseen until it lapses.
import { href } from 'react-router';

import { RETURN_STATUS_LABELS, RETURN_STATUSES } from '../../../common/returns.ts';
import { AdminFilters, AdminListCount } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminPager } from '../../components/admin/admin-pager.tsx';
import { AdminLinkCell, AdminPersonCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { SelectField } from '../../components/form-field.tsx';
import { adminReturnPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/returns';

export { loader } from './returns.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Returns', 'Return and exchange requests.');
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...RETURN_STATUSES.map((status) => ({ value: status, label: RETURN_STATUS_LABELS[status] })),
];

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { requests, total, page, pages, status, statusLabel } = loaderData;
  return (
    <AdminPage id="admin-returns-title" title="Returns and exchanges">
      <AdminFilters grid="sm:grid-cols-[16rem_auto] sm:justify-start">
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={status || 'all'} />
      </AdminFilters>
      <AdminListCount total={total} one="request" many="requests" page={page} pages={pages} />
      <AdminTable
        label="Return and exchange requests"
        minWidth="min-w-[56rem]"
        columns={['Asked on (India time)', 'Request', 'Customer', 'Status', 'Lapses on']}
        empty={
          requests.length === 0
            ? status
              ? `No requests are ${statusLabel.toLowerCase()}.`
              : 'No requests yet.'
            : undefined
        }
      >
        {requests.map((request) => (
          <tr key={request.id}>
            <td className="px-3 py-2 whitespace-nowrap">{request.date}</td>
            <AdminLinkCell to={adminReturnPath(request.id)} detail={`Order #${request.orderNumber}`}>
              {request.summary}
            </AdminLinkCell>
            <AdminPersonCell name={request.customerName} detail={request.customerEmail} />
            <td className="px-3 py-2">{request.status}</td>
            <td className="px-3 py-2 whitespace-nowrap">{request.waitsUntil ?? '—'}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager
        label="Pages of requests"
        path={href('/admin/returns')}
        filters={{ status: status || 'all' }}
        page={page}
        pages={pages}
      />
    </AdminPage>
  );
}
