// The staff inbox of contact messages and bulk order requests (ADR 0028): newest first, by kind
// and status; each opens on its own page for its status and notes.
import { Form, href, Link } from 'react-router';

import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from '../../../common/enquiries.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminPager } from '../../components/admin/admin-pager.tsx';
import { AdminTable } from '../../components/admin/admin-table.tsx';
import { SECONDARY_BUTTON, SelectField } from '../../components/form-field.tsx';
import { adminEnquiryPath, withQuery } from '../../paths.ts';
import { pageMeta } from '../../seo.ts';
import type { Route } from './+types/inbox';

export { loader } from './inbox.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Admin: Inbox',
    description: 'Contact messages and bulk order requests.',
    noIndex: true,
  });
}

const KIND_OPTIONS = [
  { value: '', label: 'All' },
  ...Object.entries(ENQUIRY_KIND_LABELS).map(([value, label]) => ({ value, label: `${label}s` })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...Object.entries(ENQUIRY_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

function pageLink(kind: string, status: string, page: number): string {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return withQuery(href('/admin/inbox'), params);
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { enquiries, total, page, pages, kind, status } = loaderData;
  return (
    <AdminPage id="admin-inbox-title" title="Inbox">
      <Form method="get" className="mt-4 grid items-end gap-3 sm:grid-cols-[14rem_14rem_auto] sm:justify-start">
        <SelectField label="Kind" name="kind" options={KIND_OPTIONS} defaultValue={kind} key={`kind-${kind}`} />
        <SelectField
          label="Status"
          name="status"
          options={STATUS_OPTIONS}
          defaultValue={status}
          key={`status-${status}`}
        />
        <button type="submit" className={`${SECONDARY_BUTTON} sm:w-auto`}>
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {total} {total === 1 ? 'enquiry' : 'enquiries'}
        {pages > 1 ? ` · page ${page} of ${pages}` : ''}
      </p>
      <AdminTable
        label="Contact messages and bulk order requests"
        minWidth="min-w-[48rem]"
        columns={['Received (India time)', 'Reference', 'From', 'Kind', 'Status']}
      >
        {enquiries.length === 0 ? (
          <tr>
            <td colSpan={5} className="px-3 py-6 text-center text-muted">
              {kind || status ? 'No enquiries match.' : 'No enquiries yet.'}
            </td>
          </tr>
        ) : (
          enquiries.map((enquiry) => (
            <tr key={enquiry.id}>
              <td className="px-3 py-2 whitespace-nowrap">{enquiry.receivedOn}</td>
              <td className="px-3 py-2">
                <Link to={adminEnquiryPath(enquiry.id)} className="font-mono font-semibold underline">
                  {enquiry.reference}
                </Link>
              </td>
              <td className="px-3 py-2">
                <span className="block font-semibold">{enquiry.name}</span>
                <span className="block text-xs text-muted">
                  {enquiry.organisation ? `${enquiry.organisation} · ${enquiry.email}` : enquiry.email}
                </span>
              </td>
              <td className="px-3 py-2">{enquiry.kind}</td>
              <td className="px-3 py-2">{enquiry.status}</td>
            </tr>
          ))
        )}
      </AdminTable>
      <AdminPager
        label="Pages of enquiries"
        page={page}
        pages={pages}
        link={(target) => pageLink(kind, status, target)}
      />
    </AdminPage>
  );
}
