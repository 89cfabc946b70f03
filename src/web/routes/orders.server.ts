// The server half of the route module orders.tsx (ADR 0019): what runs only on the server.
import { href, redirect } from 'react-router';
import { formatAddress } from '../../common/address.ts';
import { formatOrderDate, orderNumber, orderStatus } from '../../common/orders.ts';
import type { Order, Shipment } from '../../server/db/schema.ts';
import { listOrders } from '../../server/orders/service.ts';
import { shipmentsOf } from '../../server/orders/shipping.ts';
import { orderTimeline } from '../../server/orders/timeline.ts';
import { getApp } from '../app-context.server.ts';
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

/** What the page shows of an order (SPEC §2 "Orders"), with its journey so far (issue 17). */
function shown(order: Order, parcels: Shipment[]) {
  return {
    id: order.id,
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
