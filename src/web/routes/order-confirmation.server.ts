// The server half of the route module order-confirmation.tsx (ADR 0017): what runs only on the server.
import { href, redirect } from 'react-router';
import { getOrderByPayment } from '../../server/orders/service.ts';
import { getApp } from '../app-context.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/order-confirmation';

/** Read from the server by the payment id in the address, so a reload still shows the order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const paymentId = new URL(request.url).searchParams.get('payment') ?? '';
  const order = paymentId ? await getOrderByPayment(getApp(context).db, user.id, paymentId) : undefined;
  return { order: order ? { paymentId: order.paymentId, totalPaise: order.totalPaise } : null };
}
