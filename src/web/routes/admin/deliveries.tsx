// Failed deliveries (NDR, docs/decisions/0053) not yet sent on to the courier, oldest first: the
// order, the courier's reason, what the shopper asked and when. 'Send to courier' passes the answer
// on through the courier provider; a failure waiting for the shopper has nothing to send yet.
import { Form, useNavigation } from 'react-router';

import { Alerts } from '../../components/admin/alert.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminLinkCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { PRIMARY_BUTTON } from '../../components/buttons.ts';
import { adminOrderPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/deliveries';

export { action, loader } from './deliveries.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Failed deliveries', 'Failed deliveries.');
}

/** Every answer brings the queue as it now is (another admin may have sent one). */
export { revalidateAfterPost as shouldRevalidate } from '../../revalidate.ts';

export default function AdminDeliveries({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const { failures } = loaderData;
  return (
    <AdminPage id="admin-deliveries-title" title="Failed deliveries">
      <Alerts messages={actionData?.alerts} />
      <AdminTable
        label="Failed deliveries not yet sent to the courier"
        minWidth="min-w-[56rem]"
        columns={['Order', "Courier's reason", 'Shopper asked', 'Reported (India time)', 'Action']}
        empty={failures.length === 0 ? 'No failed deliveries are waiting.' : undefined}
      >
        {failures.map((failure) => (
          <tr key={failure.id}>
            <AdminLinkCell to={adminOrderPath(failure.orderId)} detail={`AWB ${failure.awb ?? ''}`}>
              {`#${failure.orderNumber}`}
            </AdminLinkCell>
            <td className="px-3 py-2">{failure.reason}</td>
            <td className="px-3 py-2">
              {failure.answer ? (
                <>
                  <span className="block">{failure.answer}</span>
                  <span className="block text-xs text-muted">{`Answered ${failure.answeredAt}`}</span>
                </>
              ) : (
                <span className="text-muted">Not answered yet</span>
              )}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{failure.reportedAt}</td>
            <td className="px-3 py-2">
              {failure.answer ? (
                <Form method="post">
                  <input type="hidden" name="failureId" value={failure.id} />
                  <button
                    type="submit"
                    className={`${PRIMARY_BUTTON} w-auto px-4 py-2 text-sm`}
                    disabled={busy}
                    aria-label={`Send to courier: order #${failure.orderNumber}`}
                  >
                    Send to courier
                  </button>
                </Form>
              ) : null}
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  );
}
