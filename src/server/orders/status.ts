// An order's status (docs/product.md §2 "Orders"; ADR 0014, ADR 0023): the one state machine, and
// the moves the store makes: packed, shipped with its parcel (shipping.ts), delivered, completed. A
// move to `failed` gives the payment back through Razorpay first (payments/refunds.ts, with the
// payment's idempotency key, so a retried refund is the same refund); the order changes only once
// Razorpay has accepted it. Every move records itself (the admin's audit entry) and queues the
// customer's email (orders/emails.ts) in its transaction.
//
// A shopper cancelling an order paid online chooses where its refund goes (ADR 0051): back to the
// payment, as above, or to their store credit, given at once in the transaction that cancels it.
//
// A cash on delivery order (ADR 0047, ADR 0049) has no payment: it is confirmed from
// awaiting_confirmation to pending, closes without a refund, is invoiced in the transaction that
// ships it, and may come back undelivered (returned_to_origin, with a credit note and no refund).
//
// A courier's tracking (courier/tracking.ts, docs/decisions/0053) moves orders too, with no staff:
// picked up ships the order with its parcel, delivered delivers it, and a parcel back at the
// warehouse returns it to origin with its units back on sale: a cash on delivery order as above,
// a prepaid one with its payment refunded as a failed order's is (the refund first, then the
// move) or its store credit given back.
import { eq } from 'drizzle-orm';

import { ORDER_STATUSES, type OrderStatus, type PaymentMethod } from '../../common/catalog.ts';
import { orderStatus } from '../../common/orders.ts';
import { REFUND_MESSAGES } from '../../common/refunds.ts';
import type { ReturnKind, ReturnStatus } from '../../common/returns.ts';
import { isUuid } from '../../common/ids.ts';
import type { Database } from '../db/client.ts';
import { orders, type Order, type Shipment, type TaxDocument } from '../db/schema.ts';
import { uncountCouponUse } from '../coupons/hold.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import { returnUnits } from '../inventory/stock.ts';
import { issueCreditNote, issueInvoice, issueWholeCreditNote, RETURNED_TO_ORIGIN_REASON } from '../invoices/issue.ts';
import type { InvoiceSettings } from '../invoices/settings.ts';
import type { OrderEmails } from './emails.ts';
import { creditRefund, giveSpentCreditBack, type RefundCreditSettings } from './refund-credit.ts';
import { forwardParcelState, parseShipment, recordDelivery, recordDeliveryAt, recordShipment } from './shipping.ts';
import { RazorpayError } from '../payments/razorpay.ts';
import {
  confirmRefund,
  dropRefusedRefund,
  noteRefundFailure,
  recordCreditRefund,
  recordRefund,
  refundOfOrder,
  refundOfPayment,
  requestRefund,
  type RefundDeps,
} from '../payments/refunds.ts';

export const FAILED_ORDER_REFUND_REASON = 'Order marked failed by the store';
export const CUSTOMER_CANCEL_REFUND_REASON = 'Order cancelled by the customer';
const UNDELIVERED_REFUND_REASON = 'Parcel returned to origin undelivered';
const ORDER_NOT_FOUND = 'Order not found';
const COURIER_BOOKED = 'This order is booked with the courier: cancel its courier booking first.';
export const RETURN_TO_ORIGIN_MESSAGES = {
  onlyCod: 'Only a cash on delivery order is returned to origin by hand.',
  restock: 'Choose whether the units go back on sale.',
  notBack: 'Only an order whose parcel the courier brought back undelivered is refunded and returned to origin.',
} as const;

/** A status as a sentence says it: 'awaiting confirmation', 'returned to origin'. */
const said = (status: OrderStatus) => orderStatus(status).toLowerCase();

/**
 * Where each status may go next; failed, cancelled and returned are final. Once the parcel has
 * left, the order can no longer be failed (its money comes back through a return instead), and it
 * is returned once every unit of it has come back and been refunded.
 */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_confirmation: ['pending', 'cancelled'],
  pending: ['processing', 'failed', 'cancelled'],
  processing: ['shipped', 'failed', 'cancelled'],
  // Returned from shipped: a prepaid parcel the courier brought back undelivered, refunded whole.
  shipped: ['delivered', 'returned_to_origin'],
  delivered: ['completed', 'returned'],
  completed: ['returned'],
  failed: [],
  cancelled: [],
  returned: [],
  returned_to_origin: [],
};

/**
 * Moves staff are never offered: the customer's cancellation (cancelOrder), and an order becoming
 * returned when its last unit's return is refunded (orders/returns.ts).
 */
const CUSTOMER_MOVES: readonly OrderStatus[] = ['cancelled', 'returned'];

/**
 * Where a return or exchange request may go next (ADR 0025), and who moves it: staff approve or
 * reject what was requested, mark the pickup done, then refund a return or ship an exchange's new
 * size, and mark that parcel delivered; a request waiting for a decision or a pickup expires on
 * its own (the purge job). Rejected, expired, refunded and exchanged are final.
 */
const RETURN_MOVES: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected', 'expired'],
  approved: ['picked_up', 'expired'],
  picked_up: ['refunded', 'replacement_shipped'],
  replacement_shipped: ['exchanged'],
  rejected: [],
  expired: [],
  refunded: [],
  exchanged: [],
};

/** The statuses a request of this kind may move to; a return is refunded, an exchange ships its new size. */
export function returnMoves(kind: ReturnKind, status: ReturnStatus): ReturnStatus[] {
  const never: ReturnStatus = kind === 'return' ? 'replacement_shipped' : 'refunded';
  return RETURN_MOVES[status].filter((to) => to !== never);
}

/** Whether a request counts its units as asked back (and an exchange still holds its new size until it ships): all but the rejected and expired. */
export function returnCountsUnits(status: ReturnStatus): boolean {
  return status !== 'rejected' && status !== 'expired';
}

/** The order statuses a return or exchange may be asked for from: the parcel has arrived. */
export function returnable(status: OrderStatus): boolean {
  return status === 'delivered' || status === 'completed';
}

export const CANCEL_MESSAGES = {
  cancelled: 'Your order was cancelled.',
  tooLate: 'This order has already shipped, so it can no longer be cancelled.',
  closed: 'This order can no longer be cancelled.',
  unavailable:
    'We could not refund your payment just now, so your order was not cancelled. Please try again in a few minutes.',
  booked: 'This order is being handed to the courier, so it can no longer be cancelled.',
} as const;

/**
 * The statuses an order may move to. Once a refund of its payment has been started (and not yet
 * confirmed: the order is not failed yet) the only way on is to finish it, so money given back is
 * never followed by a shipped order; a shipped order's refund was started by its parcel coming back
 * undelivered (the courier's report), and is finished by returning the order to origin. Staff
 * return only a cash on delivery parcel to origin by hand; a prepaid one comes back by the courier's.
 */
export function allowedMoves(
  status: OrderStatus,
  refundStarted: boolean,
  paymentMethod: PaymentMethod,
  parcelBack = false,
): OrderStatus[] {
  // A prepaid parcel the courier brought back is refunded and returned to origin.
  const undelivered = paymentMethod === 'online' && parcelBack;
  if (refundStarted) {
    if (MOVES[status].includes('failed')) return ['failed'];
    return status === 'shipped' && undelivered ? ['returned_to_origin'] : [];
  }
  return MOVES[status].filter(
    (to) => !CUSTOMER_MOVES.includes(to) && (to !== 'returned_to_origin' || paymentMethod === 'cod' || undelivered),
  );
}

/** Whether the customer may still cancel an order in this status (it has not shipped). */
export function cancellable(status: OrderStatus): boolean {
  return MOVES[status].includes('cancelled');
}

/**
 * The last unit of the order came back and was refunded (orders/returns.ts, in its transaction,
 * under the order's lock): the order ends returned, when its status allows it.
 */
export async function closeAsReturned(tx: Database, order: Order): Promise<void> {
  if (MOVES[order.status].includes('returned')) await setStatus(tx, order.id, 'returned');
}

export interface OrderMoveDeps extends RefundDeps {
  orderEmails: OrderEmails;
  /** A refund's credit note is numbered and issued with these (invoices/, ADR 0024). */
  invoices: InvoiceSettings;
  /** A refund taken as store credit: its bonus, and how long the credit lasts (ADR 0051). */
  storeCredit: RefundCreditSettings;
}

/** A refund a move made, and where it went: Razorpay's id for the payment's, the bonus for credit. */
type MoveRefund =
  | { id: string; amountPaise: number; destination: 'original'; razorpayRefundId: string }
  | { id: string; amountPaise: number; destination: 'store_credit'; bonusPaise: number };

/** A move made, as its transaction records it. */
export interface OrderMove {
  order: Order;
  from: OrderStatus;
  to: OrderStatus;
  refund?: MoveRefund;
  /** The parcel the move sent off or delivered. */
  shipment?: Shipment;
  /** The tax invoice the move issued (a cash on delivery order shipped) or credit note (returned to origin). */
  document?: Pick<TaxDocument, 'kind' | 'number'>;
  /** Returned to origin: whether its units went back on sale. */
  restocked?: boolean;
}

export type StatusChange = Result<{
  order: Order;
  from: OrderStatus;
  to: OrderStatus;
  refund?: MoveRefund;
}>;

export type RecordMove = (tx: Database, move: OrderMove) => Promise<void>;

/** What a status email says besides the order and its new status: the refund, or why the store closed it. */
type StatusEmailExtras = Omit<
  Extract<Parameters<OrderEmails['enqueue']>[1], { kind: 'order-status' }>,
  'kind' | 'orderId' | 'status'
>;

/** A move made: recorded by the caller's `record`, and the shopper emailed the order's new status. */
export async function announce<Move extends OrderMove>(
  deps: Pick<OrderMoveDeps, 'orderEmails'>,
  tx: Database,
  record: RecordMove,
  move: Move,
  extras: StatusEmailExtras = {},
): Promise<Move> {
  await record(tx, move);
  await deps.orderEmails.enqueue(tx, { kind: 'order-status', orderId: move.order.id, status: move.to, ...extras });
  return move;
}

/** The tax invoice or credit note a move issued, when it issued one, as the move names it. */
const documentOf = (document: Pick<TaxDocument, 'kind' | 'number'> | undefined) =>
  document ? { document: { kind: document.kind, number: document.number } } : {};

const notFound = () => failure('not_found', ORDER_NOT_FOUND);

/**
 * Moves an order to another status, under its row lock so two people cannot both move it.
 * `details` are what the move needs: the parcel for shipped (courier, awb, trackingUrl), the
 * date for delivered (deliveredOn), whether the units go back on sale for returned to origin
 * (restock: 'yes'). A cash on delivery order moved from awaiting_confirmation to pending is
 * confirmed by staff after a call; one shipped is invoiced in the same transaction, the invoice
 * last (its number's row is the last lock of THE LOCK ORDER); one returned to origin gets its
 * coupon use back, its units if staff put them back on sale, and a credit note for everything
 * invoiced.
 */
export async function changeOrderStatus(
  deps: OrderMoveDeps,
  orderId: string,
  to: unknown,
  record: RecordMove,
  details: Record<string, unknown> = {},
  now = new Date(),
): Promise<StatusChange> {
  if (!isUuid(orderId)) return notFound();
  const target = ORDER_STATUSES.find((status) => status === to);
  if (!target || CUSTOMER_MOVES.includes(target)) return failure('invalid', 'Choose a status to move the order to.');
  if (target === 'failed') {
    return closeWithRefund(deps, orderId, record, { to: 'failed', reason: FAILED_ORDER_REFUND_REASON });
  }

  if (target === 'returned_to_origin') {
    // Staff return a prepaid order to origin only to finish the refund the courier's report
    // started (its parcel came back undelivered); a cash on delivery one, with or without a courier.
    const [order] = await deps.db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
    if (order?.paymentId) return returnUndelivered(deps, orderId, record);
    return returnToOrigin(deps, orderId, record, details.restock, now);
  }

  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const order = await lockMovable(tx, orderId, target);
      if (order.status === 'awaiting_confirmation') {
        const move = await announce(deps, tx, record, {
          order: await confirmLocked(tx, order, now),
          from: order.status,
          to: target,
        });
        return { ok: true as const, ...move };
      }
      const shipment =
        target === 'shipped'
          ? await recordShipment(tx, order.id, parseShipment(details), now)
          : target === 'delivered'
            ? await recordDelivery(tx, { orderId: order.id }, details.deliveredOn, now)
            : undefined;
      const moved = await setStatus(tx, order.id, target, target === 'processing' ? now : undefined);
      // The goods leave: a cash on delivery order's sale is invoiced now (a paid one was right after its payment).
      const invoice =
        target === 'shipped' && order.paymentMethod === 'cod'
          ? await issueInvoice(tx, deps.invoices, order.id, now)
          : undefined;
      const move = await announce(deps, tx, record, {
        order: moved,
        from: order.status,
        to: target,
        ...(shipment ? { shipment } : {}),
        ...documentOf(invoice),
      });
      return { ok: true as const, ...move };
    }),
  );
}

/**
 * A shipped cash on delivery parcel came back undelivered (ADR 0047): the move is final. Its
 * coupon use comes back, its units too when staff put them back on sale (`restock` 'yes'; absent
 * or empty: they do not), and everything invoiced is credited, with no refund since no cash was
 * paid. Locks: the order row, the coupon row, stock rows, then the credit note's number.
 */
async function returnToOrigin(
  deps: OrderMoveDeps,
  orderId: string,
  record: RecordMove,
  restock: unknown,
  now: Date,
): Promise<StatusChange> {
  if (restock !== undefined && restock !== '' && restock !== 'yes') {
    return failure('invalid', RETURN_TO_ORIGIN_MESSAGES.restock);
  }
  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const order = await lockMovable(tx, orderId, 'returned_to_origin');
      const move = await returnUnpaidToOrigin(deps, tx, order, restock === 'yes', record, now);
      return { ok: true as const, ...move };
    }),
  );
}

/**
 * Staff made an order ready to ship with the courier (courier/booking.ts), in its transaction,
 * under the order's lock: a pending order is being packed, the move to processing staff otherwise
 * make by hand, recorded and emailed alike. An order already processing stays as it is (undefined).
 */
export async function packLocked(
  deps: Pick<OrderMoveDeps, 'orderEmails'>,
  tx: Database,
  order: Order,
  record: RecordMove,
  now: Date,
): Promise<OrderMove | undefined> {
  if (order.status !== 'pending') return undefined;
  return announce(deps, tx, record, {
    order: await setStatus(tx, order.id, 'processing', now),
    from: order.status,
    to: 'processing',
  });
}

/**
 * A cash on delivery order, already locked and shipped, back at the warehouse: its coupon use back,
 * its units when `restocked`, the store credit it was paid with back, and a credit note for
 * everything invoiced.
 */
async function returnUnpaidToOrigin(
  deps: Pick<OrderMoveDeps, 'orderEmails' | 'invoices' | 'logger'>,
  tx: Database,
  order: Order,
  restocked: boolean,
  record: RecordMove,
  now: Date,
): Promise<OrderMove> {
  if (order.couponCode) await uncountCouponUse(tx, order.couponCode);
  if (restocked) await returnUnits(tx, order.itemsJson, { kind: 'restocked', orderId: order.id });
  await giveSpentCreditBack(tx, order, now);
  const moved = await setStatus(tx, order.id, 'returned_to_origin');
  const creditNote = await issueWholeCreditNote(tx, deps.invoices, order.id, RETURNED_TO_ORIGIN_REASON, now);
  if (!creditNote)
    deps.logger.warn({ orderId: order.id }, 'orders: no tax invoice to credit for an order returned to origin');
  return announce(deps, tx, record, {
    order: moved,
    from: order.status,
    to: 'returned_to_origin',
    restocked,
    ...documentOf(creditNote),
  });
}

/** The courier's parcel of an order it picked up (courier/tracking.ts). */
export interface CourierParcel {
  courier: string;
  awb: string;
  trackingUrl: string;
  /** The scan's time: when the parcel left. */
  at: Date;
}

/** Why the courier's report moved no order: the order is not where the parcel's news applies. */
function unmoved(deps: Pick<OrderMoveDeps, 'logger'>, order: Order, news: string): undefined {
  deps.logger.warn(
    { orderId: order.id, status: order.status },
    `orders: the courier reported the parcel ${news}; the order was not moved`,
  );
  return undefined;
}

/**
 * The courier picked the order's parcel up (courier/tracking.ts, in its transaction, the order row
 * already locked): a pending or processing order is shipped with its parcel at the scan's time
 * (packed then, if staff never marked it), a cash on delivery one invoiced. An order shipped by hand
 * already, closed meanwhile, or whose refund has started is left as it is (undefined).
 */
export async function shipByCourier(
  deps: Pick<OrderMoveDeps, 'orderEmails' | 'invoices' | 'logger'>,
  tx: Database,
  order: Order,
  parcel: CourierParcel,
  record: RecordMove,
): Promise<OrderMove | undefined> {
  if (order.status !== 'pending' && order.status !== 'processing') return unmoved(deps, order, 'picked up');
  if (order.paymentId && (await refundOfPayment(tx, order.paymentId))) return unmoved(deps, order, 'picked up');
  const { courier, awb, trackingUrl, at } = parcel;
  const shipment = await recordShipment(tx, order.id, { courier, awb, trackingUrl }, at);
  const [moved] = await tx
    .update(orders)
    .set({ status: 'shipped', packedAt: order.packedAt ?? at })
    .where(eq(orders.id, order.id))
    .returning();
  // The goods leave: a cash on delivery order's sale is invoiced now, its number's row the last lock
  // (dated today, not at the scan: a late report must not take a number out of date order).
  const invoice =
    order.paymentMethod === 'cod' ? await issueInvoice(tx, deps.invoices, order.id, new Date()) : undefined;
  return announce(deps, tx, record, {
    order: moved!,
    from: order.status,
    to: 'shipped',
    shipment,
    ...documentOf(invoice),
  });
}

/** The courier delivered the shipped order's parcel at `at` (the order row already locked). */
export async function deliverByCourier(
  deps: Pick<OrderMoveDeps, 'orderEmails' | 'logger'>,
  tx: Database,
  order: Order,
  at: Date,
  record: RecordMove,
): Promise<OrderMove | undefined> {
  if (order.status !== 'shipped') return unmoved(deps, order, 'delivered');
  const shipment = await recordDeliveryAt(tx, order.id, at);
  return announce(deps, tx, record, {
    order: await setStatus(tx, order.id, 'delivered'),
    from: order.status,
    to: 'delivered',
    ...(shipment ? { shipment } : {}),
  });
}

/**
 * The courier brought the shipped order's parcel back to the warehouse (the order row already
 * locked), so its units go back on sale, and it is returned to origin: a cash on delivery order,
 * and one paid wholly with store credit with its credit given back, here ('closed'); one paid
 * online needs its refund first, which the caller starts after its transaction commits
 * (`returnUndelivered`): 'refund'.
 */
export async function returnToOriginByCourier(
  deps: Pick<OrderMoveDeps, 'orderEmails' | 'invoices' | 'logger'>,
  tx: Database,
  order: Order,
  record: RecordMove,
  now: Date,
): Promise<'closed' | 'refund' | undefined> {
  if (order.status !== 'shipped') return unmoved(deps, order, 'back at the warehouse');
  if (order.paymentId) return 'refund';
  if (order.paymentMethod === 'cod') await returnUnpaidToOrigin(deps, tx, order, true, record, now);
  else await closeUnpaid(deps, tx, order, 'returned_to_origin', record, 'undelivered');
  return 'closed';
}

/**
 * A shipped order paid online whose parcel the courier brought back undelivered: its payment is
 * refunded in full (less the store credit it was paid with, which goes back to the ledger) and it
 * is returned, its coupon use and units back, as a failed order is refunded (`closeWithRefund`:
 * the refund recorded, Razorpay asked, then the move). Only once the courier has reported its
 * parcel back at the warehouse: by its refund job (courier/tracking.ts), or by staff when that
 * could not finish it (Razorpay unreachable or refusing).
 */
export async function returnUndelivered(
  deps: OrderMoveDeps,
  orderId: string,
  record: RecordMove,
): Promise<StatusChange> {
  return closeWithRefund(deps, orderId, record, { to: 'returned_to_origin', reason: UNDELIVERED_REFUND_REASON });
}

/**
 * Confirms a cash on delivery order awaiting confirmation, already locked (by its shopper, or by
 * staff after a call): on to pending, with when. The caller has judged that it may.
 */
export async function confirmLocked(tx: Database, order: Order, now: Date): Promise<Order> {
  if (order.status !== 'awaiting_confirmation' || order.paymentMethod !== 'cod') {
    throw new Error(`Order ${order.id} is not a cash on delivery order awaiting confirmation.`);
  }
  const [updated] = await tx
    .update(orders)
    .set({ status: 'pending', codConfirmedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  return updated!;
}

/** Why an order closed without a payment to refund; the shopper's email says it. */
export type UnpaidCloseCause = 'unconfirmed' | 'undelivered';

/**
 * Closes an order, already locked, with no payment to refund (ADR 0049): cash on delivery before
 * it ships (no invoice yet, so no credit note), or paid wholly with store credit (ADR 0050). A
 * cancellation gives its units and coupon use back (the coupon row, then stock rows, after the
 * order row), as one of an online order does; a failed order keeps them out, as an online one
 * does. Either way the store credit it was paid with goes back (the balance row), and an order
 * paid wholly with credit, invoiced when it was placed, gets its credit note (the number last).
 */
export async function closeUnpaid(
  deps: Pick<OrderMoveDeps, 'orderEmails' | 'invoices'>,
  tx: Database,
  order: Order,
  to: 'failed' | 'cancelled' | 'returned_to_origin',
  record: RecordMove,
  cause?: UnpaidCloseCause,
): Promise<OrderMove> {
  if (order.paymentId) throw new Error(`Order ${order.id} was paid online; it closes with a refund.`);
  // A cancelled order never left; a returned one came back undelivered, its units at the warehouse.
  if (to !== 'failed') {
    if (order.couponCode) await uncountCouponUse(tx, order.couponCode);
    await returnUnits(tx, order.itemsJson, { kind: 'restocked', orderId: order.id });
  }
  await giveSpentCreditBack(tx, order);
  if (order.paymentMethod === 'store_credit') {
    const reason =
      to === 'cancelled'
        ? CUSTOMER_CANCEL_REFUND_REASON
        : to === 'returned_to_origin'
          ? UNDELIVERED_REFUND_REASON
          : FAILED_ORDER_REFUND_REASON;
    await issueWholeCreditNote(tx, deps.invoices, order.id, reason);
  }
  return announce(
    deps,
    tx,
    record,
    {
      order: await setStatus(tx, order.id, to),
      from: order.status,
      to,
      ...(to === 'returned_to_origin' ? { restocked: true } : {}),
    },
    cause ? { cause } : {},
  );
}

/**
 * The customer cancels their order before it ships, and the units and the coupon use come back.
 * An order paid online is refunded where the customer chose (`refundTo`): 'original', its payment
 * through Razorpay, or 'store_credit', given at once; a cash on delivery order was not paid, so it
 * takes no choice. Another shopper's order, or an unknown one, is not found; a choice not offered
 * (none, a payout, any for an unpaid order) is refused and changes nothing.
 */
export async function cancelOrder(
  deps: OrderMoveDeps,
  userId: string,
  orderId: unknown,
  record: RecordMove,
  refundTo?: unknown,
  now = new Date(),
): Promise<StatusChange> {
  if (typeof orderId !== 'string' || !isUuid(orderId)) return notFound();
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.userId !== userId) return notFound();
  if (!cancellable(order.status)) {
    const shipped = order.status === 'shipped' || order.status === 'delivered' || order.status === 'completed';
    return failure('conflict', shipped ? CANCEL_MESSAGES.tooLate : CANCEL_MESSAGES.closed);
  }
  const chosen = refundTo === undefined || refundTo === '' ? undefined : refundTo;
  if (!order.paymentId) {
    if (chosen !== undefined) return refundRefusal(REFUND_MESSAGES.unpaid);
  } else if (chosen === undefined) {
    return refundRefusal(REFUND_MESSAGES.choose);
  } else if (chosen === 'store_credit') {
    return cancelToCredit(deps, orderId, record, now);
  } else if (chosen !== 'original') {
    return refundRefusal(REFUND_MESSAGES.onlineOnly);
  }
  const cancelled = await closeWithRefund(deps, orderId, record, {
    to: 'cancelled',
    reason: CUSTOMER_CANCEL_REFUND_REASON,
  });
  return !cancelled.ok && cancelled.kind === 'unavailable'
    ? failure('unavailable', CANCEL_MESSAGES.unavailable)
    : cancelled;
}

const refundRefusal = (message: string) => failure('invalid', message, { fieldErrors: { refundTo: message } });

/**
 * The customer cancels an order paid online and takes its refund as store credit (ADR 0051): in
 * one transaction the order row, the coupon row and stock rows (the use and the units come back),
 * the refund row (recorded with no payment: Razorpay is never asked), the shopper's balance row
 * (the credit, and its bonus as an entry of its own), then the credit note's number, last. A refund
 * to the payment started before (Razorpay did not confirm it) may already be on its way: it is
 * refused, and the customer finishes that one instead.
 */
async function cancelToCredit(
  deps: OrderMoveDeps,
  orderId: string,
  record: RecordMove,
  now: Date,
): Promise<StatusChange> {
  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const order = await lockMovable(tx, orderId, 'cancelled');
      if (!order.paymentId) throw new FailureError(refundRefusal(REFUND_MESSAGES.unpaid));
      if (await refundOfOrder(tx, order.id)) {
        throw new FailureError(failure('conflict', REFUND_MESSAGES.wholeStarted));
      }
      if (order.couponCode) await uncountCouponUse(tx, order.couponCode);
      await returnUnits(tx, order.itemsJson, { kind: 'restocked', orderId: order.id });
      const refund = await recordCreditRefund(tx, {
        orderId: order.id,
        amountPaise: order.totalPaise - order.creditPaise,
        reason: CUSTOMER_CANCEL_REFUND_REASON,
      });
      await giveSpentCreditBack(tx, order, now);
      const { bonusPaise } = await creditRefund(
        tx,
        deps.storeCredit,
        {
          userId: order.userId,
          orderId: order.id,
          amountPaise: refund.amountPaise,
          bonusPercent: deps.storeCredit.refundBonusPercent,
        },
        now,
      );
      // The credit note equals the refund and the credit paid with; the bonus is a gift, not a
      // refund, so it is not on it.
      const creditNote = await issueCreditNote(tx, deps.invoices, {
        orderId: order.id,
        refund: { id: refund.id, amountPaise: refund.amountPaise, reason: refund.reason },
        creditReturnedPaise: order.creditPaise,
      });
      if (!creditNote) deps.logger.warn({ orderId }, 'orders: no tax invoice to issue a credit note against');
      const move = await announce(
        deps,
        tx,
        record,
        {
          order: await setStatus(tx, order.id, 'cancelled'),
          from: order.status,
          to: 'cancelled',
          refund: { id: refund.id, amountPaise: refund.amountPaise, destination: 'store_credit', bonusPaise },
        },
        { refundedPaise: refund.amountPaise, refundTo: 'store_credit', creditBonusPaise: bonusPaise },
      );
      return { ok: true as const, ...move };
    }),
  );
}

/**
 * Closes an order (failed by the store, or cancelled by its customer) and refunds its payment:
 * the refund row is recorded (or found) and committed, Razorpay is asked with the payment's
 * idempotency key, and only then does the order change. When Razorpay cannot be reached or
 * refuses, the order keeps its status and a retry sends the same key. A cancelled order's units
 * and coupon use come back in the same transaction (the order row first, then the coupon row,
 * stock rows and the refund row: see THE LOCK ORDER in checkout/workflow.ts). A cash on delivery
 * order has no payment: it closes at once, in the first transaction (`closeUnpaid`).
 */
async function closeWithRefund(
  deps: OrderMoveDeps,
  orderId: string,
  record: RecordMove,
  close: { to: 'failed' | 'cancelled' | 'returned_to_origin'; reason: string },
): Promise<StatusChange> {
  const started = await refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const order = await lockMovable(tx, orderId, close.to, { closing: true });
      if (close.to === 'returned_to_origin') {
        // Only a shipped order paid online, whose parcel the courier brought back.
        const back =
          order.paymentId &&
          order.status === 'shipped' &&
          (await forwardParcelState(tx, order.id)) === 'returned_to_origin';
        if (!back) throw new FailureError(failure('conflict', RETURN_TO_ORIGIN_MESSAGES.notBack));
      } else if (!order.paymentId) {
        return { ok: true as const, closed: await closeUnpaid(deps, tx, order, close.to, record) };
      }
      // Razorpay gives back what it took; the store credit paid with goes back to the ledger.
      const { refund } = await recordRefund(tx, {
        orderId: order.id,
        paymentId: order.paymentId!,
        amountPaise: order.totalPaise - order.creditPaise,
        reason: close.reason,
      });
      return { ok: true as const, order, refund };
    }),
  );
  if (!started.ok) return started;
  if (started.closed) {
    const { order, from, to } = started.closed;
    return { ok: true, order, from, to };
  }

  const { order, refund } = started;
  let razorpayRefundId: string;
  try {
    razorpayRefundId = await requestRefund(deps.razorpay, refund);
  } catch (error) {
    deps.logger.error({ err: error, orderId, paymentId: order.paymentId }, 'orders: the refund request failed');
    // A definite refusal made no refund; any other failure is counted for the order page.
    if (!(await dropRefusedRefund(deps.db, refund, error))) await noteRefundFailure(deps.db, refund, error);
    const reason = error instanceof RazorpayError ? error.message : 'Razorpay could not be reached';
    return failure('unavailable', `The refund could not be made (${reason}). The order was not changed; try again.`);
  }

  const moved = await refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const current = (await lockOrder(tx, orderId))!;
      // Another request finished the same refund meanwhile: Razorpay made it once, the order is closed.
      if (current.status === 'failed' || current.status === 'cancelled' || current.status === 'returned_to_origin') {
        throw new FailureError(
          failure('conflict', `This order is already ${said(current.status)}; its payment was refunded.`),
        );
      }
      // Whoever started the refund decides how the order closes: a customer's cancellation that
      // staff finish (Razorpay did not confirm it at first) is still a cancellation.
      const to = closingOf(refund.reason);
      // A cancelled order never left; a returned one's parcel is back at the warehouse.
      if (to !== 'failed') {
        if (current.couponCode) await uncountCouponUse(tx, current.couponCode);
        await returnUnits(tx, current.itemsJson, { kind: 'restocked', orderId: current.id });
      }
      // The refund row after the coupon and stock rows, as THE LOCK ORDER has it.
      await confirmRefund(tx, refund.id, razorpayRefundId);
      await giveSpentCreditBack(tx, current);
      const creditNote = await issueCreditNote(tx, deps.invoices, {
        orderId,
        refund: { id: refund.id, amountPaise: refund.amountPaise, reason: refund.reason },
        creditReturnedPaise: current.creditPaise,
      });
      // An order placed before tax invoices has nothing to credit against; its refund goes ahead.
      if (!creditNote) deps.logger.warn({ orderId }, 'orders: no tax invoice to issue a credit note against');
      const move = await announce(
        deps,
        tx,
        record,
        {
          order: await setStatus(tx, orderId, to),
          from: current.status,
          to,
          refund: { id: refund.id, amountPaise: refund.amountPaise, destination: 'original', razorpayRefundId },
          ...(to === 'returned_to_origin' ? { restocked: true } : {}),
        },
        {
          refundedPaise: refund.amountPaise,
          ...(to === 'returned_to_origin' ? { cause: 'undelivered' as const } : {}),
        },
      );
      return { ok: true as const, ...move };
    }),
  );
  if (!moved.ok) return moved;
  return { ok: true, order: moved.order, from: moved.from, to: moved.to, refund: moved.refund! };
}

/** How an order whose refund was started closes, by who started it (the refund's reason). */
function closingOf(reason: string): 'failed' | 'cancelled' | 'returned_to_origin' {
  if (reason === CUSTOMER_CANCEL_REFUND_REASON) return 'cancelled';
  return reason === UNDELIVERED_REFUND_REASON ? 'returned_to_origin' : 'failed';
}

/**
 * The order row, locked: the first lock of every transaction that starts from an order (the
 * exception THE LOCK ORDER of checkout/workflow.ts states).
 */
export async function lockOrder(tx: Database, orderId: string): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/**
 * The order, locked, when it may move to `to`; otherwise the refusal, thrown. `closing`: the move
 * closes the order with its refund (`closeWithRefund`), so a refund already started is its own.
 */
async function lockMovable(
  tx: Database,
  orderId: string,
  to: OrderStatus,
  { closing = false }: { closing?: boolean } = {},
): Promise<Order> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new FailureError(notFound());
  const from = order.status;
  if (from === to) throw new FailureError(failure('conflict', `This order is already ${said(from)}.`));
  // A prepaid order is returned to origin only by closing it with its refund (returnUndelivered).
  if (to === 'returned_to_origin' && order.paymentMethod !== 'cod' && !closing) {
    throw new FailureError(failure('conflict', RETURN_TO_ORIGIN_MESSAGES.onlyCod));
  }
  if (!MOVES[from].includes(to)) {
    throw new FailureError(failure('conflict', `This order is ${said(from)}; it cannot move to ${said(to)}.`));
  }
  // Booked with the courier, the parcel would still be collected: it is cancelled there first
  // (the courier's cancellation, reported by its tracking, frees the order).
  if (to === 'failed' || to === 'cancelled') {
    const parcel = await forwardParcelState(tx, order.id);
    if (parcel !== undefined && parcel !== 'cancelled') {
      throw new FailureError(failure('conflict', to === 'cancelled' ? CANCEL_MESSAGES.booked : COURIER_BOOKED));
    }
  }
  // A started refund is finished by closing the order (failed, or the customer's cancellation,
  // which reuses it): it never goes on to be shipped.
  const finishes = closing || to === 'failed' || to === 'cancelled';
  if (!finishes && order.paymentId && (await refundOfPayment(tx, order.paymentId))) {
    throw new FailureError(
      failure('conflict', "A refund of this order's payment was started; mark the order as failed to finish it."),
    );
  }
  return order;
}

/** Sets the status (and, moving to processing, when packing began). */
async function setStatus(tx: Database, orderId: string, status: OrderStatus, packedAt?: Date): Promise<Order> {
  const [updated] = await tx
    .update(orders)
    .set(packedAt ? { status, packedAt } : { status })
    .where(eq(orders.id, orderId))
    .returning();
  return updated!;
}
