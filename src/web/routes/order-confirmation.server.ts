// The server half of the route module order-confirmation.tsx (ADR 0017): what runs only on the server.
import { href, redirect } from 'react-router';

import { orderNumber } from '../../common/orders.ts';
import { getOrderByPayment, getOrderOfShopper } from '../../server/orders/service.ts';
import { getApp } from '../app-context.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/order-confirmation';

/**
 * Read from the server by the payment id in the address (an online order), or by the order's id
 * (a cash on delivery order, or one paid wholly with store credit, which have no payment), so a
 * reload still shows the order. Only the signed-in shopper's own. Store credit that paid part of
 * it is shown with what is left: paid online, or to pay in cash (ADR 0050).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { db, config } = getApp(context);
  const query = new URL(request.url).searchParams;
  const paymentId = query.get('payment') ?? '';
  const orderId = query.get('order') ?? '';
  const order = paymentId
    ? await getOrderByPayment(db, user.id, paymentId)
    : orderId
      ? await getOrderOfShopper(db, user.id, orderId)
      : undefined;
  if (!order) return { order: null };
  const amounts = {
    totalPaise: order.totalPaise,
    creditPaise: order.creditPaise,
    toPayPaise: order.totalPaise - order.creditPaise,
  };
  if (order.paymentMethod === 'store_credit') {
    return { order: { paymentMethod: 'store_credit' as const, number: orderNumber(order.id), ...amounts } };
  }
  if (order.paymentMethod === 'cod') {
    return {
      order: {
        paymentMethod: 'cod' as const,
        number: orderNumber(order.id),
        ...amounts,
        // Waiting for the emailed link: an order confirmed since, or closed, says no more of it.
        awaitingConfirmation: order.status === 'awaiting_confirmation',
        confirmHours: config.payments.cod.confirmHours,
      },
    };
  }
  return { order: { paymentMethod: 'online' as const, paymentId: order.paymentId, ...amounts } };
}
