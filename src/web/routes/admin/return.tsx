// One return or exchange request for staff (ADR 0025): what the shopper asked and why, their
// photos, and the moves it may make next (orders/status.ts returnMoves), each with what it needs.
import { Form, href, Link, useNavigation } from 'react-router';

import { formatPaise } from '../../../common/money.ts';
import type { ReturnStatus } from '../../../common/returns.ts';
import { AdminPanel } from '../../components/admin/admin-page.tsx';
import { DayUntilTodayField } from '../../components/admin/day-until-today-field.tsx';
import {
  AdminCustomerFact,
  AdminFact,
  AdminFacts,
  AdminParcelFact,
  AdminRecordPage,
} from '../../components/admin/admin-record-page.tsx';
import { RefundConfirmation } from '../../components/admin/refund-confirmation.tsx';
import { DeliverForm, MoveForm, ShipForm } from '../../components/admin/parcel-forms.tsx';
import { UploadedImage } from '../../components/admin/uploaded-image.tsx';
import { TextAreaField, TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../../components/buttons.ts';
import { MAX_PAYOUT_REFERENCE_LENGTH } from '../../../common/refunds.ts';
import { adminOrderPath, returnPhotoPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/return';

export { action, loader } from './return.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Return request', 'One return request.');
}

/** Every answer brings the request as it now is, refusals too (another admin may have moved it). */
export { revalidateAfterPost as shouldRevalidate } from '../../revalidate.ts';

/** Where the shopper asked the refund to go, as staff read it. */
function refundToText(request: {
  refundTo: string | null;
  payoutTo: string | null;
  creditBonusPercent: number | null;
}) {
  if (request.refundTo === 'store_credit') {
    return `Store credit${request.creditBonusPercent ? ` (${request.creditBonusPercent}% extra offered)` : ''}`;
  }
  if (request.refundTo === 'payout') return `Paid out by us: ${request.payoutTo}`;
  return 'The original payment';
}

/** The refund as recorded, for each place it goes. */
function refundText(
  refund: NonNullable<Route.ComponentProps['loaderData']['request']['refund']>,
  payoutTo: string | null,
): string {
  const amount = formatPaise(refund.amountPaise);
  if (refund.destination === 'store_credit') {
    return `${amount} added to the customer's store credit${refund.bonusPaise ? `, with ${formatPaise(refund.bonusPaise)} extra` : ''}.`;
  }
  if (refund.destination === 'payout') {
    return refund.payout
      ? `${amount} paid to ${payoutTo} on ${refund.payout.paidOn} (reference ${refund.payout.reference}).`
      : `${amount} to be paid to ${payoutTo}; not recorded as paid yet.`;
  }
  return refund.razorpayRefundId
    ? `${amount} refunded (Razorpay refund ${refund.razorpayRefundId}).`
    : `${amount} requested; Razorpay has not confirmed it${refund.lastError ? ` (last error: ${refund.lastError})` : ''}. Refund again to retry.`;
}

/** The statement staff tick before refunding: how much, and where it goes. */
function refundStatement(
  request: { refundTo: string | null; payoutTo: string | null },
  duePaise: number,
  bonusPaise: number,
): string {
  const amount = formatPaise(duePaise);
  if (request.refundTo === 'store_credit') {
    return `I understand ${amount} will be added to the customer's store credit${bonusPaise ? `, with ${formatPaise(bonusPaise)} extra` : ''}.`;
  }
  if (request.refundTo === 'payout')
    return `I understand ${amount} is owed to the customer, to be paid to ${request.payoutTo}.`;
  return `I understand ${amount} will be refunded to the customer's original payment.`;
}

/** A payout staff have made (ADR 0051): the bank's or UPI app's reference and the day, once. */
function PayoutForm({
  busy,
  amountPaise,
  payoutTo,
  today,
  recordedOn,
}: {
  busy: boolean;
  amountPaise: number;
  payoutTo: string;
  today: string;
  recordedOn: string;
}) {
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="payout" />
      <p className="text-sm font-semibold">{`Pay ${formatPaise(amountPaise)} to ${payoutTo}`}</p>
      <TextField
        label="Payout reference (UTR or transaction id)"
        name="reference"
        required
        maxLength={MAX_PAYOUT_REFERENCE_LENGTH}
        autoComplete="off"
      />
      <DayUntilTodayField label="Paid on" name="paidOutOn" today={today} from={recordedOn} />
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        Record the payout
      </button>
    </Form>
  );
}

export default function AdminReturn({ loaderData, actionData }: Route.ComponentProps) {
  const { request, order, moves, today, payoutDue } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const move = (to: ReturnStatus) => {
    switch (to) {
      case 'approved':
        return (
          <MoveForm key={to} busy={busy} to={to} label="Approve">
            <TextAreaField label="Message to the customer (optional)" name="message" rows={2} maxLength={1000} />
          </MoveForm>
        );
      case 'rejected':
        return (
          <MoveForm key={to} busy={busy} to={to} label="Reject" secondary>
            <TextAreaField
              label="Why it is rejected (sent to the customer)"
              name="message"
              rows={2}
              maxLength={1000}
              required
            />
          </MoveForm>
        );
      case 'picked_up':
        return (
          <MoveForm key={to} busy={busy} to={to} label="Mark as picked up">
            <div className="flex items-start gap-2 text-sm">
              <input
                id="restock"
                type="checkbox"
                name="restock"
                value="yes"
                defaultChecked={request.reason !== 'Damaged'}
                className="mt-1 size-4"
              />
              <label htmlFor="restock">{`Put the ${request.kind === 'exchange' ? 'exchanged' : 'returned'} units back on sale`}</label>
            </div>
          </MoveForm>
        );
      case 'refunded':
        return (
          <MoveForm key={to} busy={busy} to={to} label="Refund">
            <RefundConfirmation
              statement={refundStatement(request, loaderData.refundDuePaise ?? 0, loaderData.refundBonusDuePaise)}
            />
          </MoveForm>
        );
      case 'replacement_shipped':
        return <ShipForm key={to} busy={busy} to={to} label="Ship the new size" />;
      case 'exchanged':
        return <DeliverForm key={to} busy={busy} today={today} to={to} label="Mark the new size delivered" />;
      default:
        return null;
    }
  };

  return (
    <AdminRecordPage
      id="admin-return-title"
      backTo={href('/admin/returns')}
      backLabel="All requests"
      title={request.summary}
      alerts={actionData?.alerts}
    >
      <AdminFacts>
        <AdminFact term="Status">{request.status}</AdminFact>
        <AdminFact term="Order">
          <Link to={adminOrderPath(order.id)} className="underline">{`Order #${order.number}`}</Link>
          {` (${order.status})`}
        </AdminFact>
        <AdminCustomerFact name={order.customerName} email={order.customerEmail} />
        <AdminFact term="Pickup from">{order.address}</AdminFact>
        <AdminFact term="Asked on">{`${request.askedOn} (India time)`}</AdminFact>
        {request.lapsesOn ? <AdminFact term="Lapses on">{request.lapsesOn}</AdminFact> : null}
        <AdminFact term="Reason">{request.reason}</AdminFact>
        <AdminFact term="Note">{request.note || 'None'}</AdminFact>
        {request.staffMessage ? <AdminFact term="Message sent">{request.staffMessage}</AdminFact> : null}
        {request.pickedUpOn ? (
          <AdminFact term="Picked up">{`${request.pickedUpOn}${request.restocked ? ', back on sale' : ', not put back on sale'}`}</AdminFact>
        ) : null}
        {request.kind === 'return' ? <AdminFact term="Refund to">{refundToText(request)}</AdminFact> : null}
        {request.refund ? <AdminFact term="Refund">{refundText(request.refund, request.payoutTo)}</AdminFact> : null}
        {request.parcel ? <AdminParcelFact term="New size's parcel" parcel={request.parcel} /> : null}
        <AdminFact term="Photos">
          {request.photos.length === 0 ? (
            'None'
          ) : (
            <ul className="flex flex-wrap gap-3">
              {request.photos.map((photo, index) => (
                <li key={photo}>
                  <UploadedImage
                    src={returnPhotoPath(photo)}
                    alt={`The item as the customer sent it (${index + 1} of ${request.photos.length})`}
                    look="object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </AdminFact>
      </AdminFacts>

      <AdminPanel id="return-moves-title" title="Next step">
        {payoutDue && request.payoutTo ? (
          <div className="mt-3">
            <PayoutForm
              busy={busy}
              amountPaise={payoutDue.amountPaise}
              payoutTo={request.payoutTo}
              today={today}
              recordedOn={payoutDue.recordedOn}
            />
          </div>
        ) : moves.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{`This request is ${request.status.toLowerCase()}: nothing more to do.`}</p>
        ) : (
          <div className="mt-3 space-y-4">{moves.map(move)}</div>
        )}
      </AdminPanel>
    </AdminRecordPage>
  );
}
