import type { ReactNode } from 'react';
import { Form, href, Link, useNavigation } from 'react-router';

import type { OrderStatus } from '../../../common/catalog.ts';
import { formatPaise } from '../../../common/money.ts';
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
import { OrderDocuments } from '../../components/order-documents.tsx';
import { TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/buttons.ts';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { adminTaxDocumentPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/order';
import { TableRegion } from '../../components/table-region.tsx';

export { loader, action } from './order.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Order', 'One order.');
}

/** Every answer brings the order as it now is, refusals too (another admin may have moved it). */
export { revalidateAfterPost as shouldRevalidate } from '../../revalidate.ts';

/** The columns of the order's items; the sums of money align right. */
const ITEM_COLUMNS = ['Item', 'Size', 'Qty', 'Price', 'Amount'];
const MONEY_COLUMNS = new Set(['Price', 'Amount']);

const MOVE_LABELS: Record<OrderStatus, string> = {
  awaiting_confirmation: 'Awaiting confirmation',
  pending: 'Mark as pending',
  processing: 'Mark as processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  completed: 'Mark as completed',
  failed: 'Mark as failed and refund',
  cancelled: 'Cancelled by the customer',
  returned: 'Returned in full',
  returned_to_origin: 'Mark as returned to origin',
};

/** A refund Razorpay keeps refusing: how often, why, and whether the store has stopped asking. */
function failedRequests(refund: { attempts: number; lastError: string | null; needsAttention: boolean }): string {
  if (refund.attempts === 0) return '';
  const tried = ` Razorpay did not confirm it ${refund.attempts} time${refund.attempts === 1 ? '' : 's'} (last error: ${refund.lastError ?? 'unknown'}).`;
  return refund.needsAttention
    ? `${tried} Needs attention: the store no longer asks by itself; check the payment in the Razorpay dashboard.`
    : tried;
}

/** A line under the order's items: the subtotal, the discount, and the total in bold. */
function SumRow({ label, amount, total = false }: { label: ReactNode; amount: ReactNode; total?: boolean }) {
  return (
    <tr>
      <th scope="row" colSpan={4} className={total ? 'px-3 py-2 text-right' : 'px-3 py-1 text-right font-normal'}>
        {label}
      </th>
      <td
        className={
          total ? 'px-3 py-2 text-right font-bold whitespace-nowrap' : 'px-3 py-1 text-right whitespace-nowrap'
        }
      >
        {amount}
      </td>
    </tr>
  );
}

/** The label of a move's button: a cash on delivery order's move on from awaiting confirmation is staff confirming it. */
function moveLabel(to: OrderStatus, from: OrderStatus, cod: boolean): string {
  if (to === 'pending' && from === 'awaiting_confirmation') return 'Confirm order (after a call)';
  if (to === 'failed' && cod) return 'Mark as failed';
  return MOVE_LABELS[to];
}

/** What staff write down when the courier remits a delivered cash on delivery order's cash (ADR 0049). */
function CashForm({ busy, today, deliveredDay }: { busy: boolean; today: string; deliveredDay: string }) {
  return (
    <Form method="post" className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="cash" />
      <TextField label="Remittance reference" name="reference" required maxLength={100} autoComplete="off" />
      <DayUntilTodayField label="Remitted on" name="remittedOn" today={today} from={deliveredDay} />
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        Record cash received
      </button>
    </Form>
  );
}

type CourierView = Route.ComponentProps['loaderData']['courier'];

/**
 * The order's parcels booked with the courier (its own, and the pickups of its returns): where
 * each is, its courier, AWB and pickup day, why booking it keeps failing, and its print run's PDF;
 * and 'Ready to ship' while the order may ship. Shipping by hand stays with the status moves.
 */
function CourierPanel({ courier, busy }: { courier: CourierView; busy: boolean }) {
  return (
    <AdminPanel id="order-courier-title" title="Courier booking">
      {courier.parcels.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No parcel is booked with the courier.</p>
      ) : (
        <ul className="mt-2 space-y-4 text-sm">
          {courier.parcels.map((parcel) => (
            <li key={parcel.id}>
              <p className="font-semibold">{`${parcel.kind} ${parcel.reference}`}</p>
              <dl className="mt-1 grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted">State</dt>
                <dd>{parcel.state}</dd>
                <dt className="text-muted">Courier</dt>
                <dd>{parcel.courier ?? 'Not assigned yet'}</dd>
                <dt className="text-muted">AWB</dt>
                <dd className="break-all">{parcel.awb ?? 'Not assigned yet'}</dd>
                <dt className="text-muted">Pickup</dt>
                <dd>{parcel.pickupOn ?? 'Not booked yet'}</dd>
              </dl>
              {parcel.problem ? <p className="mt-1 text-red-800">{parcel.problem}</p> : null}
              {parcel.pdfPath ? (
                <a href={parcel.pdfPath} className="mt-1 inline-block underline">
                  Download labels and manifest
                </a>
              ) : null}
              {parcel.cancellable ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="cancel-booking" />
                  <button type="submit" className={SECONDARY_BUTTON} disabled={busy}>
                    Cancel courier booking
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {courier.offered ? (
        <Form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="ready-to-ship" />
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            Ready to ship
          </button>
          <p className="text-sm text-muted">
            Books the parcel with the courier, prints its label and manifest, and books the pickup. To ship it by hand
            instead, mark it as shipped with the courier and AWB.
          </p>
        </Form>
      ) : null}
    </AdminPanel>
  );
}

/** A fact that is a list, such as the order's refunds; left out while the list is empty. */
function FactList<T extends { id: string }>({
  term,
  items,
  className,
  children: render,
}: {
  term: string;
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <AdminFact term={term}>
      <ul className={className ? `space-y-1 ${className}` : 'space-y-1'}>
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
    </AdminFact>
  );
}

/** One order: who, where, what, how much, and the statuses it may move to. */
export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, moves } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const cod = order.paymentMethod === 'cod';
  return (
    <AdminRecordPage
      id="admin-order-title"
      backTo={href('/admin/orders')}
      backLabel="All orders"
      title={`Order #${order.shortId}`}
      badge={<OrderStatusBadge status={order.status} />}
      alerts={actionData?.alerts}
    >
      <div className="space-y-6">
        <AdminFacts>
          <AdminFact term="Placed">{order.date} (India time)</AdminFact>
          <AdminFact term="Status">{order.status}</AdminFact>
          {cod ? (
            <>
              <AdminFact term="Payment">{`Cash on delivery: ${formatPaise(order.totalPaise)} to collect`}</AdminFact>
              <AdminFact term="Confirmed">{order.codConfirmedOn ?? 'Not yet'}</AdminFact>
              <AdminFact term="Cash received">
                {order.cash
                  ? `Reference ${order.cash.reference}, remitted on ${order.cash.remittedOn} (recorded ${order.cash.recordedOn})`
                  : 'Not yet'}
              </AdminFact>
              <AdminFact term="Returned to origin">{`${order.returnedToOriginCount} of this customer's orders`}</AdminFact>
            </>
          ) : (
            <AdminFact term="Payment id" className="break-all">
              {order.paymentId}
            </AdminFact>
          )}
          <AdminCustomerFact name={order.customerName} email={order.customerEmail} />
          <AdminFact term="Deliver to">{order.address}</AdminFact>
          <AdminFact term="Refund">
            {order.refund === null
              ? 'None'
              : order.refund.destination === 'store_credit'
                ? `${formatPaise(order.refund.amountPaise)} given as store credit on ${order.refund.date}: ${order.refund.reason}.`
                : order.refund.razorpayRefundId
                  ? `${formatPaise(order.refund.amountPaise)} refunded on ${order.refund.date} (Razorpay refund ${order.refund.razorpayRefundId}): ${order.refund.reason}.`
                  : `A refund of ${formatPaise(order.refund.amountPaise)} was requested on ${order.refund.date} but Razorpay has not confirmed it. Mark the order as failed to try again.${failedRequests(order.refund)}`}
          </AdminFact>
          <FactList term="Refunds of returns" items={order.returnRefunds}>
            {(refund) => (
              <>
                <Link to={refund.path} className="underline">
                  {refund.summary}
                </Link>
                {`: ${refund.line}`}
              </>
            )}
          </FactList>
          {order.shipments.map((parcel) => (
            <AdminParcelFact key={parcel.awb} term="Parcel" parcel={parcel} />
          ))}
          <FactList term="Other payments" items={order.otherRefunds}>
            {(refund) =>
              refund.razorpayRefundId
                ? `${formatPaise(refund.amountPaise)} of payment ${refund.paymentId} refunded (Razorpay refund ${refund.razorpayRefundId}): ${refund.reason}.`
                : `${formatPaise(refund.amountPaise)} of payment ${refund.paymentId} is being refunded: ${refund.reason}.${failedRequests(refund)}`
            }
          </FactList>
          <FactList term="Emails not delivered" items={order.failedEmails} className="text-red-800">
            {(email) =>
              `“${email.subject}” could not be sent after ${email.attempts} attempts (the last on ${email.date}): ${email.lastError}. Tell the customer another way.`
            }
          </FactList>
        </AdminFacts>

        <TableRegion label="Items of the order">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="bg-black/5">
              <tr>
                {ITEM_COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={MONEY_COLUMNS.has(column) ? 'px-3 py-2 text-right' : 'px-3 py-2'}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-black/10">
              {order.items.map((item) => (
                <tr key={`${item.productId}-${item.size}`}>
                  <td className="px-3 py-2 font-semibold">{item.name}</td>
                  <td className="px-3 py-2">{item.size}</td>
                  <td className="px-3 py-2">{item.quantity}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatPaise(item.pricePaise)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    {formatPaise(item.pricePaise * item.quantity)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-black/10">
              <SumRow label="Subtotal" amount={formatPaise(order.subtotalPaise)} />
              {order.discountPaise > 0 ? (
                <SumRow
                  label={<>Discount{order.couponCode ? ` (coupon ${order.couponCode})` : ''}</>}
                  amount={<>-{formatPaise(order.discountPaise)}</>}
                />
              ) : null}
              {order.codFeePaise > 0 ? (
                <SumRow label="Cash on delivery fee" amount={formatPaise(order.codFeePaise)} />
              ) : null}
              <SumRow label="Total" amount={formatPaise(order.totalPaise)} total />
            </tfoot>
          </table>
        </TableRegion>
        <OrderDocuments number={order.shortId} documents={order.documents} pathOf={adminTaxDocumentPath} />
      </div>

      <div className="space-y-6">
        <AdminPanel id="order-status-title" title="Change status">
          {moves.length === 0 ? (
            <p className="mt-2 text-sm text-muted">This order is {order.status.toLowerCase()}: its status is final.</p>
          ) : (
            <div className="mt-3 space-y-4">
              {moves.map((to) =>
                to === 'shipped' ? (
                  <ShipForm key={to} busy={busy} to={to} label={MOVE_LABELS.shipped} />
                ) : to === 'delivered' ? (
                  <DeliverForm key={to} busy={busy} today={loaderData.today} to={to} label={MOVE_LABELS.delivered} />
                ) : (to === 'failed' || to === 'returned_to_origin') && !cod ? (
                  <MoveForm
                    key={to}
                    busy={busy}
                    to={to}
                    label={to === 'returned_to_origin' ? 'Refund the parcel back undelivered' : MOVE_LABELS[to]}
                    secondary
                  >
                    <RefundConfirmation
                      statement={`I understand the payment of ${formatPaise(order.refund?.amountPaise ?? order.totalPaise)} will be refunded to the customer.`}
                    />
                  </MoveForm>
                ) : to === 'returned_to_origin' ? (
                  <MoveForm key={to} busy={busy} to={to} label={MOVE_LABELS[to]} secondary>
                    <div className="flex items-start gap-2 text-sm">
                      <input id="restock" type="checkbox" name="restock" value="yes" className="mt-1 size-4" />
                      <label htmlFor="restock">Put the units back on sale</label>
                    </div>
                  </MoveForm>
                ) : (
                  <Form key={to} method="post">
                    <input type="hidden" name="to" value={to} />
                    <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
                      {moveLabel(to, order.statusKey, cod)}
                    </button>
                  </Form>
                ),
              )}
            </div>
          )}
        </AdminPanel>
        {loaderData.courier.enabled || loaderData.courier.parcels.length > 0 ? (
          <CourierPanel courier={loaderData.courier} busy={busy} />
        ) : null}
        {cod && order.deliveredDay && !order.cash ? (
          <AdminPanel id="order-cash-title" title="Cash received">
            <CashForm busy={busy} today={loaderData.today} deliveredDay={order.deliveredDay} />
          </AdminPanel>
        ) : null}
      </div>
    </AdminRecordPage>
  );
}
