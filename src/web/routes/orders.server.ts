// The server half of the route module orders.tsx (ADR 0017): what runs only on the server.
import { href, redirect } from 'react-router';
import { formatAddress } from '../../common/address.ts';
import { formatPaise } from '../../common/money.ts';
import { formatOrderDate, orderNumber } from '../../common/orders.ts';
import type { Order, ReturnRequest, Shipment } from '../../server/db/schema.ts';
import { recordAudit } from '../../server/shared/audit.ts';
import { shortOrderId } from '../../server/admin/orders.ts';
import { failure } from '../../server/errors.ts';
import { documentsOfOrders } from '../../server/invoices/documents.ts';
import { listOrders } from '../../server/orders/service.ts';
import { CANCEL_MESSAGES, cancellable, cancelOrder } from '../../server/orders/status.ts';
import { COD_CONFIRM_MESSAGES, confirmCodOrder } from '../../server/orders/cod.ts';
import { courierProgressOf, shipmentsOf, type CourierProgress } from '../../server/orders/shipping.ts';
import { orderTimeline, shownStatus } from '../../server/orders/timeline.ts';
import { refundDestinationOf, returnsOfOrders, returnWindow } from '../../server/orders/returns.ts';
import type { ReturnSettings } from '../../server/config.ts';
import { refundsOfReturns, type Refund } from '../../server/payments/refunds.ts';
import { refundBonusPaise } from '../../server/store-credit/ledger.ts';
import { creditAddedLine, payoutLabel, storeCreditOffer } from '../../common/refunds.ts';
import { describeRequest, RETURN_STATUS_LABELS } from '../../common/returns.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { orderMoveDeps } from '../order-moves.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  // docs/product.md §6: orders do no redirect without a user; the page asks the visitor to log in,
  // as the cart does.
  if (!user) return { signedIn: false as const };
  // Streamed: the page shows 'Loading orders...' until they arrive.
  const { db, config } = getApp(context);
  return {
    signedIn: true as const,
    orders: listOrders(db, user.id).then(async (orders) => {
      const ids = orders.map((order) => order.id);
      const [parcels, returns, documents, courier] = await Promise.all([
        shipmentsOf(db, ids),
        returnsOfOrders(db, ids),
        documentsOfOrders(db, ids),
        courierProgressOf(db, ids),
      ]);
      const refunds = await refundsOfReturns(
        db,
        [...returns.values()].flat().map((request) => request.id),
      );
      const bonusPercent = config.storeCredit.refundBonusPercent;
      return orders.map((order) => ({
        ...shown(
          order,
          parcels.get(order.id) ?? [],
          returns.get(order.id) ?? [],
          refunds,
          config.returns,
          courier.get(order.id),
        ),
        documents: documents.get(order.id) ?? [],
        /** Cancelling it as store credit: the bonus offered, in words ('Get ₹… as store credit (₹… extra)'). */
        creditOffer: order.paymentId
          ? (storeCreditOffer(order.totalPaise, refundBonusPaise(order.totalPaise, bonusPercent)) ?? null)
          : null,
      }));
    }),
  };
}

/**
 * Cancel an order that has not shipped (ADR 0023): its payment is refunded (a cash on delivery
 * order has none) and its units and coupon use come back; or confirm a cash on delivery order
 * (ADR 0047). The audit log records either with the customer as the one who did it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const form = await readForm(request);
  const app = getApp(context);
  const shopper = { id: user.id, email: user.email };
  if (form.get('intent') === 'confirm') {
    const confirmed = await confirmCodOrder(
      { db: app.db, orderEmails: app.orderEmails, confirmHours: app.config.payments.cod.confirmHours },
      user.id,
      form.get('orderId'),
      'session',
      (tx, { order, from, to }) =>
        recordAudit(tx, shopper, {
          action: 'order.confirm',
          entityType: 'order',
          entityId: order.id,
          summary: `Order #${shortOrderId(order.id)} confirmed by the customer: ${from} → ${to}`,
          before: { status: from },
          after: { status: to, codConfirmedAt: order.codConfirmedAt },
        }),
    );
    return confirmed.ok ? { ok: true as const, message: COD_CONFIRM_MESSAGES.confirmed } : failureData(confirmed);
  }
  if (form.get('intent') !== 'cancel') return failureData(failure('invalid', 'Unknown request.'));
  if (form.get('confirm') !== 'yes') {
    return failureData(failure('invalid', 'Tick the box to confirm that you want to cancel the order.'));
  }
  const refundTo = form.get('refundTo') ?? undefined;
  const result = await cancelOrder(
    orderMoveDeps(context),
    user.id,
    form.get('orderId'),
    (tx, { order, from, refund }) =>
      recordAudit(tx, shopper, {
        action: 'order.cancel',
        entityType: 'order',
        entityId: order.id,
        // A cash on delivery order was never paid: nothing is refunded.
        summary: `Order #${shortOrderId(order.id)} ${from} → cancelled by the customer${refund ? refundedWords(refund) : ''}`,
        before: { status: from },
        after: { status: 'cancelled', ...(refund ? { refund } : {}) },
      }),
    refundTo,
  );
  if (!result.ok) return failureData(result);
  if (!result.refund) return { ok: true as const, message: CANCEL_MESSAGES.cancelled };
  if (result.refund.destination === 'store_credit') {
    return {
      ok: true as const,
      message: `${CANCEL_MESSAGES.cancelled} ${creditAddedLine(result.refund.amountPaise, result.refund.bonusPaise)}`,
    };
  }
  return {
    ok: true as const,
    message: `${CANCEL_MESSAGES.cancelled} ${formatPaise(result.refund.amountPaise)} is being refunded to the account you paid from; banks usually take 5 to 7 working days to show it.`,
  };
}

/** A cancellation's refund in the audit log: ', ₹… refunded', or as store credit with its bonus. */
function refundedWords(refund: { amountPaise: number; destination: string; bonusPaise?: number }): string {
  if (refund.destination !== 'store_credit') return `, ${formatPaise(refund.amountPaise)} refunded`;
  const extra = refund.bonusPaise ? ` with ${formatPaise(refund.bonusPaise)} extra` : '';
  return `, ${formatPaise(refund.amountPaise)} refunded as store credit${extra}`;
}

/**
 * Where a return's refund stands, in the shopper's words: where it will go while it is asked for,
 * a payout being paid, and where it went once done ('₹… was added to your store credit.', 'Refund
 * paid to UPI ravi@okaxis'); none for an exchange, a return that ended without a refund, or one
 * refunded to the payment (its line says so).
 */
function refundNote(request: ReturnRequest, refund: Refund | undefined): string | null {
  const to = refundDestinationOf(request);
  if (!to) return null;
  if (request.status === 'rejected' || request.status === 'expired') return null;
  const payout = { upiId: request.payoutUpiId, accountNumber: request.payoutAccountNumber };
  if (request.status === 'refunded' && refund) {
    if (refund.destination === 'store_credit') {
      return creditAddedLine(refund.amountPaise, refundBonusPaise(refund.amountPaise, request.creditBonusPercent ?? 0));
    }
    return refund.destination === 'payout' ? `Refund paid to ${payoutLabel(payout)}` : null;
  }
  if (refund?.destination === 'payout') {
    return `Refund of ${formatPaise(refund.amountPaise)} to ${payoutLabel(payout)} is being paid`;
  }
  return `Refund to ${to}`;
}

/** The statuses in which a cash on delivery order's cash is still to be paid: until it is delivered. */
const COD_DUE: readonly Order['status'][] = ['awaiting_confirmation', 'pending', 'processing', 'shipped'];

/**
 * What the page shows of an order (docs/product.md §2 "Orders"), with its journey so far, and its
 * returns and exchanges with the replacement parcel's tracking link (ADR 0025).
 */
function shown(
  order: Order,
  parcels: Shipment[],
  requests: ReturnRequest[],
  refunds: Map<string, Refund>,
  settings: ReturnSettings,
  courier: CourierProgress | undefined,
) {
  return {
    id: order.id,
    // Booked with the courier, it is on its way out: no longer the shopper's to cancel.
    cancellable: cancellable(order.status) && (courier === undefined || courier.state === 'cancelled'),
    returnWindow: returnWindow(order, parcels, settings) ?? null,
    returns: requests.map((request) => {
      const parcel = parcels.find((candidate) => candidate.returnRequestId === request.id);
      return {
        id: request.id,
        summary: describeRequest(
          request,
          order.itemsJson.find((item) => item.productId === request.productId && item.size === request.size),
        ),
        status: RETURN_STATUS_LABELS[request.status],
        staffMessage: request.staffMessage,
        refundPaise: request.status === 'refunded' ? request.refundPaise : null,
        refundNote: refundNote(request, refunds.get(request.id)),
        parcel: parcel ? { courier: parcel.courier, awb: parcel.awb, trackingUrl: parcel.trackingUrl } : null,
      };
    }),
    number: orderNumber(order.id),
    timeline: orderTimeline(order, parcels, courier),
    date: formatOrderDate(order.createdAt),
    status: shownStatus(order.status, courier),
    /** The courier could not deliver it: the shopper is asked what to do (order-delivery.tsx). */
    deliveryFailed: order.status === 'shipped' && courier?.state === 'delivery_failed',
    paymentId: order.paymentId,
    paymentMethod: order.paymentMethod,
    /** A cash on delivery order not yet delivered: what the courier will collect. */
    codDuePaise: order.paymentMethod === 'cod' && COD_DUE.includes(order.status) ? order.totalPaise : null,
    awaitingConfirmation: order.status === 'awaiting_confirmation',
    totalPaise: order.totalPaise,
    address: formatAddress(order.addressJson),
    items: order.itemsJson,
  };
}
