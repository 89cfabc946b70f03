// The server half of the route module orders.tsx (ADR 0019): what runs only on the server.
import { href, redirect } from 'react-router';
import { formatAddress } from '../../common/address.ts';
import { formatOrderDate, orderStatus } from '../../common/orders.ts';
import type { Order } from '../../server/db/schema.ts';
import { listOrders } from '../../server/orders/service.ts';
import { getApp } from '../app-context.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  // Streamed: the page shows 'Loading orders...' until they arrive.
  return { orders: listOrders(getApp(context).db, user.id).then((orders) => orders.map(shown)) };
}

/** What the page shows of an order (SPEC §2 "Orders"). */
function shown(order: Order) {
  return {
    id: order.id,
    date: formatOrderDate(order.createdAt),
    status: orderStatus(order.status),
    paymentId: order.paymentId,
    totalPaise: order.totalPaise,
    address: formatAddress(order.addressJson),
    items: order.itemsJson,
  };
}
