import { href, Link } from 'react-router';

import { formatOrderDate } from '../../../common/orders.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import {
  adminCategoryPath,
  adminCouponPath,
  adminCustomerPath,
  adminDropPath,
  adminEnquiryPath,
  adminOrderPath,
  adminProductPath,
  adminReturnPath,
  adminReviewPath,
} from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/audit';

export { loader } from './audit.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Audit log', 'Every admin change.');
}

/** Where an entry's subject can be seen now. */
function entityLink(type: string, id: string): string | null {
  if (type === 'product') return adminProductPath(id);
  if (type === 'order') return adminOrderPath(id);
  if (type === 'coupon') return adminCouponPath(id);
  if (type === 'drop') return adminDropPath(id);
  if (type === 'return') return adminReturnPath(id);
  if (type === 'review') return adminReviewPath(id);
  if (type === 'category') return adminCategoryPath(id);
  if (type === 'enquiry') return adminEnquiryPath(id);
  if (type === 'customer') return adminCustomerPath(id);
  if (type === 'delivery_zones') return href('/admin/delivery-zones');
  return null;
}

/** Every admin change: who, what, when, and the record before and after (ADR 0014). */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages } = loaderData;
  return (
    <AdminPage id="audit-title" title="Audit log">
      {entries.length === 0 ? <p className="mt-4 text-muted">No admin changes yet.</p> : null}
      <ol className="mt-4 divide-y divide-black/10 rounded-lg border border-black/10 bg-white">
        {entries.map((entry) => {
          const link = entityLink(entry.entityType, entry.entityId);
          return (
            <li key={entry.id} className="px-4 py-3">
              <p className="text-sm text-muted">
                <time dateTime={entry.createdAt}>{formatOrderDate(new Date(entry.createdAt))}</time> ·{' '}
                {entry.actorEmail} · <code>{entry.action}</code>
                {link ? (
                  <>
                    {' '}
                    ·{' '}
                    <Link to={link} className="underline">
                      {entry.entityType} {entry.entityId}
                    </Link>
                  </>
                ) : null}
              </p>
              <p className="mt-1 font-semibold">{entry.summary}</p>
              {entry.before !== null || entry.after !== null ? (
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer font-semibold">Before and after</summary>
                  <div className="mt-2 grid gap-2 lg:grid-cols-2">
                    {(
                      [
                        ['Before', entry.before],
                        ['After', entry.after],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <p className="font-semibold">{label}</p>
                        <pre
                          className="max-h-80 overflow-auto rounded bg-black/5 p-2 text-xs"
                          role="region"
                          aria-label={`${label} ${entry.action}`}
                          tabIndex={0}
                        >
                          {value ?? '(none)'}
                        </pre>
                      </div>
                    ))}
                  </div>
                </details>
              ) : null}
            </li>
          );
        })}
      </ol>
      {pages > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4 flex items-center gap-4">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="font-semibold underline">
              Newer
            </Link>
          ) : null}
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className="font-semibold underline">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
