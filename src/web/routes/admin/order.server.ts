// The server half of the route module order.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';
import { formatAddress } from '../../../common/address.ts';
import { formatPaise } from '../../../common/money.ts';
import { formatOrderDate, orderStatus } from '../../../common/orders.ts';
import {
  changeOrderStatus,
  getAdminOrder,
  paymentMethodOf,
  recordCash,
  shortOrderId,
} from '../../../server/admin/orders.ts';
import { requireFreshCode } from '../../../server/auth/two-factor.ts';
import { offeredToShip } from '../../../server/courier/booking.ts';
import { courierParcelsOf } from '../../../server/courier/views.ts';
import { documentsOfOrders } from '../../../server/invoices/documents.ts';
import type { ReturnRequest, Shipment } from '../../../server/db/schema.ts';
import type { Refund } from '../../../server/payments/refunds.ts';
import { payoutLabel } from '../../../common/refunds.ts';
import { describeRequest } from '../../../common/returns.ts';
import { formatCreditDate } from '../../../common/store-credit.ts';
import { adminReturnPath } from '../../paths.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import { orderMoveDeps } from '../../order-moves.server.ts';
import { parcelFields } from '../../parcel-fields.server.ts';
import { cancelCourierBooking, parcelView, readyToShip, shipsWithCourier } from '../../courier.server.ts';
import { accountDeps } from '../../session.server.ts';
import { indiaDate } from '../../../server/orders/shipping.ts';
import type { Route } from './+types/order';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { db } = getApp(context);
  const order = await getAdminOrder(db, params.id);
  if (!order) throw data('Order not found', { status: 404 });
  const documents = (await documentsOfOrders(db, [order.id])).get(order.id) ?? [];
  const courier = shipsWithCourier(context);
  const parcels = (await courierParcelsOf(db, [order.id])).get(order.id) ?? [];
  const liveForward = parcels.some((parcel) => parcel.direction === 'forward' && parcel.state !== 'cancelled');
  return {
    /** The courier's parcels of the order, and whether 'Ready to ship' is offered for it. */
    courier: {
      enabled: courier,
      offered: courier && offeredToShip(order.status, liveForward),
      parcels: parcels.map(parcelView),
    },
    order: {
      id: order.id,
      shortId: shortOrderId(order.id),
      date: formatOrderDate(order.createdAt),
      status: orderStatus(order.status),
      /** The status as the state machine names it (`status` is its label). */
      statusKey: order.status,
      paymentId: order.paymentId,
      paymentMethod: order.paymentMethod,
      codFeePaise: order.codFeePaise,
      /** Cash on delivery: when the shopper (or staff) confirmed it, and the remittance once recorded. */
      codConfirmedOn: order.codConfirmedAt ? formatOrderDate(order.codConfirmedAt) : null,
      cash: order.cashReceivedAt
        ? {
            reference: order.cashReference!,
            remittedOn: order.cashRemittedOn!,
            recordedOn: formatOrderDate(order.cashReceivedAt),
          }
        : null,
      /** The day the order's own parcel was delivered (India's calendar): the earliest remittance day. */
      deliveredDay: deliveredDayOf(order.shipments),
      returnedToOriginCount: order.returnedToOriginCount,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      address: formatAddress(order.addressJson),
      items: order.itemsJson,
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      couponCode: order.couponCode,
      totalPaise: order.totalPaise,
      refund: order.refund ? refundView(order.refund) : null,
      otherRefunds: order.otherRefunds.map(refundView),
      returnRefunds: order.returnRefunds.map(({ refund, request }) => ({
        id: refund.id,
        path: adminReturnPath(request.id),
        summary: describeRequest(
          request,
          order.itemsJson.find((item) => item.productId === request.productId && item.size === request.size),
        ),
        line: returnRefundLine(refund, request),
      })),
      shipments: order.shipments.map((parcel) => ({
        courier: parcel.courier,
        awb: parcel.awb,
        trackingUrl: parcel.trackingUrl,
        shippedOn: formatOrderDate(parcel.shippedAt),
        deliveredOn: parcel.deliveredAt ? formatOrderDate(parcel.deliveredAt) : null,
      })),
      failedEmails: order.failedEmails.map((email) => ({
        id: email.id,
        subject: email.subject,
        date: formatOrderDate(email.failedAt),
        attempts: email.attempts,
        lastError: email.lastError,
      })),
      documents,
    },
    moves: order.moves,
    /** India's date today: the delivered form's default and latest day. */
    today: indiaDate(new Date()),
  };
}

function deliveredDayOf(parcels: Shipment[]): string | null {
  const own = parcels.filter((parcel) => parcel.returnRequestId === null).at(-1);
  return own?.deliveredAt ? indiaDate(own.deliveredAt) : null;
}

/** A return's refund in a line, for each place it goes (ADR 0051). */
function returnRefundLine(refund: Refund, request: ReturnRequest): string {
  const amount = formatPaise(refund.amountPaise);
  if (refund.destination === 'store_credit') return `${amount} added to the customer's store credit.`;
  if (refund.destination === 'payout') {
    const to = payoutLabel({ upiId: request.payoutUpiId, accountNumber: request.payoutAccountNumber });
    return refund.paidOutOn
      ? `${amount} paid to ${to} on ${formatCreditDate(new Date(`${refund.paidOutOn}T12:00:00+05:30`))} (reference ${refund.payoutReference}).`
      : `${amount} to be paid to ${to}; not recorded as paid yet.`;
  }
  return refund.razorpayRefundId
    ? `${amount} refunded to the original payment (Razorpay refund ${refund.razorpayRefundId}).`
    : `${amount} to the original payment; Razorpay has not confirmed it yet.`;
}

/** What the page shows of a refund, failed requests and 'needs attention' included. */
function refundView(refund: Refund) {
  return {
    id: refund.id,
    destination: refund.destination,
    paymentId: refund.paymentId,
    amountPaise: refund.amountPaise,
    razorpayRefundId: refund.razorpayRefundId,
    reason: refund.reason,
    date: formatOrderDate(refund.createdAt),
    attempts: refund.attempts,
    lastError: refund.lastError,
    needsAttention: refund.needsAttention,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const to = form.get('to');
  const alerts = (tone: AlertMessage['tone'], text: string) => ({ alerts: [{ tone, text }] });
  const app = getApp(context);
  const actor = { id: admin.id, email: admin.email };
  // Booked with the courier: the parcel, its label and manifest, and the pickup.
  if (form.get('intent') === 'ready-to-ship') {
    const answer = await readyToShip(context, actor, [params.id]);
    if ('ok' in answer)
      return data({ alerts: [{ tone: 'error' as const, text: answer.message }] }, { status: statusOf(answer) });
    return answer;
  }
  if (form.get('intent') === 'cancel-booking') {
    const cancelled = await cancelCourierBooking(context, actor, params.id);
    if (!cancelled.ok) return data(alerts('error', cancelled.message), { status: statusOf(cancelled) });
    return alerts('success', cancelled.message);
  }
  if (form.get('intent') === 'cash') {
    const received = await recordCash(app.db, actor, params.id, {
      reference: form.get('reference') ?? undefined,
      remittedOn: form.get('remittedOn') ?? undefined,
    });
    if (!received.ok) {
      if (received.kind === 'not_found') throw data('Order not found', { status: 404 });
      return data(alerts('error', received.message), { status: statusOf(received) });
    }
    return alerts('success', `Cash of ${formatPaise(received.order.totalPaise)} recorded as received.`);
  }
  // A cash on delivery order was never paid: failing it or returning it to origin refunds nothing,
  // so asks for no refund's confirmation. A prepaid order returned to origin (its parcel the
  // courier brought back) is always a refund.
  const refunds =
    (to === 'failed' || to === 'returned_to_origin') && (await paymentMethodOf(app.db, params.id)) !== 'cod';
  if (refunds && form.get('confirmRefund') !== 'yes') {
    const marking = to === 'failed' ? 'marking the order as failed' : 'returning the order to origin';
    return data(alerts('error', `Tick the box to confirm the refund before ${marking}.`), { status: 400 });
  }
  // Money leaves the store: a fresh code from the admin's authenticator app, not only the session (ADR 0020).
  if (refunds) {
    const account = { id: admin.id, role: admin.role, headers: request.headers };
    const checked = await requireFreshCode(accountDeps(context), account, { code: form.get('code') ?? undefined });
    if (!checked.ok) return data(alerts('error', checked.message), { status: statusOf(checked) });
  }
  const result = await changeOrderStatus(orderMoveDeps(context), actor, params.id, to, {
    ...parcelFields(form),
    restock: form.get('restock') ?? undefined,
  });
  if (!result.ok) {
    if (result.kind === 'not_found') throw data('Order not found', { status: 404 });
    return data(alerts('error', result.message), { status: statusOf(result) });
  }
  if (result.from === 'awaiting_confirmation') {
    return alerts('success', 'Order confirmed after a call: it moved to Pending. The customer will be emailed.');
  }
  const moved = `Order moved to ${orderStatus(result.to)}.`;
  const refunded = result.refund ? ` ${formatPaise(result.refund.amountPaise)} was refunded.` : '';
  return alerts('success', `${moved}${refunded} The customer will be emailed.`);
}
