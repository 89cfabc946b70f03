// The server half of the route module orders.tsx (ADR 0019): what runs only on the server.
import { href, redirect } from 'react-router';
import { formatAddress } from '../../common/address.ts';
import { formatPaise } from '../../common/money.ts';
import { formatOrderDate, orderNumber, orderStatus } from '../../common/orders.ts';
import type { Order, Shipment } from '../../server/db/schema.ts';
import { recordAudit } from '../../server/admin/audit.ts';
import { shortOrderId } from '../../server/admin/orders.ts';
import { failure } from '../../server/errors.ts';
import { listOrders } from '../../server/orders/service.ts';
import { CANCEL_MESSAGES, cancellable, cancelOrder } from '../../server/orders/status.ts';
import { shipmentsOf } from '../../server/orders/shipping.ts';
import { orderTimeline } from '../../server/orders/timeline.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  // Streamed: the page shows 'Loading orders...' until they arrive.
  const { db } = getApp(context);
  return {
    orders: listOrders(db, user.id).then(async (orders) => {
      const parcels = await shipmentsOf(
        db,
        orders.map((order) => order.id),
      );
      return orders.map((order) => shown(order, parcels.get(order.id) ?? []));
    }),
  };
}

/**
 * Cancel an order that has not shipped (issue 17 §1): its payment is refunded and its units and
 * coupon use come back; the audit log records it with the customer as the one who did it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const form = await readForm(request);
  const app = getApp(context);
  if (form.get('intent') !== 'cancel') return failureData(failure('invalid', 'Unknown request.'));
  if (form.get('confirm') !== 'yes') {
    return failureData(failure('invalid', 'Tick the box to confirm that you want to cancel the order.'));
  }
  const result = await cancelOrder(
    { db: app.db, razorpay: app.payments.deps.razorpay, logger: app.logger, orderEmails: app.orderEmails },
    user.id,
    form.get('orderId'),
    (tx, { order, from, refund }) =>
      recordAudit(
        tx,
        { id: user.id, email: user.email },
        {
          action: 'order.cancel',
          entityType: 'order',
          entityId: order.id,
          summary: `Order #${shortOrderId(order.id)} ${from} → cancelled by the customer, ${formatPaise(refund!.amountPaise)} refunded`,
          before: { status: from },
          after: { status: 'cancelled', refund },
        },
      ),
  );
  if (!result.ok) return failureData(result);
  return {
    ok: true as const,
    message: `${CANCEL_MESSAGES.cancelled} ${formatPaise(result.refund!.amountPaise)} is being refunded to the account you paid from; banks usually take 5 to 7 working days to show it.`,
  };
}

/** What the page shows of an order (SPEC §2 "Orders"), with its journey so far (issue 17). */
function shown(order: Order, parcels: Shipment[]) {
  return {
    id: order.id,
    cancellable: cancellable(order.status),
    number: orderNumber(order.id),
    timeline: orderTimeline(order, parcels),
    date: formatOrderDate(order.createdAt),
    status: orderStatus(order.status),
    paymentId: order.paymentId,
    totalPaise: order.totalPaise,
    address: formatAddress(order.addressJson),
    items: order.itemsJson,
  };
}
