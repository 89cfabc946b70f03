// The staff inbox of contact messages and bulk order requests (ADR 0028): newest first, by kind
// and status; each opens on its own page for its status and notes.
import { href, Link } from 'react-router';

import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from '../../../common/enquiries.ts';
import { AdminFilters, AdminListCount } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminPager } from '../../components/admin/admin-pager.tsx';
import { AdminPersonCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { SelectField } from '../../components/form-field.tsx';
import { adminEnquiryPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/inbox';

export { loader } from './inbox.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Inbox', 'Contact messages and bulk order requests.');
}

const KIND_OPTIONS = [
  { value: '', label: 'All' },
  ...Object.entries(ENQUIRY_KIND_LABELS).map(([value, label]) => ({ value, label: `${label}s` })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...Object.entries(ENQUIRY_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { enquiries, total, page, pages, kind, status } = loaderData;
  return (
    <AdminPage id="admin-inbox-title" title="Inbox">
      <AdminFilters grid="sm:grid-cols-[14rem_14rem_auto] sm:justify-start">
        <SelectField label="Kind" name="kind" options={KIND_OPTIONS} defaultValue={kind} />
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={status} />
      </AdminFilters>
      <AdminListCount total={total} one="enquiry" many="enquiries" page={page} pages={pages} />
      <AdminTable
        label="Contact messages and bulk order requests"
        minWidth="min-w-[48rem]"
        columns={['Received (India time)', 'Reference', 'From', 'Kind', 'Status']}
        empty={enquiries.length === 0 ? (kind || status ? 'No enquiries match.' : 'No enquiries yet.') : undefined}
      >
        {enquiries.map((enquiry) => (
          <tr key={enquiry.id}>
            <td className="px-3 py-2 whitespace-nowrap">{enquiry.receivedOn}</td>
            <td className="px-3 py-2">
              <Link to={adminEnquiryPath(enquiry.id)} className="font-mono font-semibold underline">
                {enquiry.reference}
              </Link>
            </td>
            <AdminPersonCell
              name={enquiry.name}
              detail={enquiry.organisation ? `${enquiry.organisation} · ${enquiry.email}` : enquiry.email}
            />
            <td className="px-3 py-2">{enquiry.kind}</td>
            <td className="px-3 py-2">{enquiry.status}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager
        label="Pages of enquiries"
        path={href('/admin/inbox')}
        filters={{ kind, status }}
        page={page}
        pages={pages}
      />
    </AdminPage>
  );
}
