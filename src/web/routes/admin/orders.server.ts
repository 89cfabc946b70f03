// The server half of the route module orders.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { COURIER_STATE_LABELS } from '../../../common/courier-shipments.ts';
import { NO_ORDER_FILTERS, orderFilterQuery, parseOrderFilters } from '../../../common/order-filters.ts';
import { formatOrderDate, orderStatus } from '../../../common/orders.ts';
import { orderQueryOf } from '../../../server/admin/order-filters.ts';
import { ADMIN_ORDERS_PAGE_SIZE, listAdminOrders, shortOrderId } from '../../../server/admin/orders.ts';
import { ORDERS_EXPORT_MAX } from '../../../server/admin/orders-export.ts';
import { offeredToShip } from '../../../server/courier/booking.ts';
import { courierParcelsOf } from '../../../server/courier/views.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { readyToShip, shipsWithCourier } from '../../courier.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  // A filter that is wrong is named, and the whole list shown: never a guess at what was meant.
  const { filters, problems } = parseOrderFilters(params);
  const applied = problems.length > 0 ? NO_ORDER_FILTERS : filters;
  // Clamped: a huge page number would overflow the offset.
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1));
  const { db, config } = getApp(context);
  const query = orderQueryOf(applied, config.payments.cod.cashOverdueDays);
  const { orders, total } = await listAdminOrders(db, { ...query, page });
  const courier = shipsWithCourier(context);
  const parcels = await courierParcelsOf(db, courier ? orders.map((order) => order.id) : []);
  return data(
    {
      /** With a courier provider, orders that may ship are ticked and booked with 'Ready to ship'. */
      courier,
      orders: orders.map((order) => {
        const live = (parcels.get(order.id) ?? []).find(
          (parcel) => parcel.direction === 'forward' && parcel.state !== 'cancelled',
        );
        return {
          id: order.id,
          shortId: shortOrderId(order.id),
          paymentId: order.paymentId,
          cod: order.paymentMethod === 'cod',
          date: formatOrderDate(order.createdAt),
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          itemCount: order.itemCount,
          totalPaise: order.totalPaise,
          status: orderStatus(order.status),
          /** Offered for 'Ready to ship' (the press judges each order again). */
          shippable: courier && offeredToShip(order.status, live !== undefined),
          /** Where its courier parcel is, if it has one. */
          parcel: live ? COURIER_STATE_LABELS[live.state] : null,
        };
      }),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)),
      /** What the form shows: each filter as sent, the wrong ones empty. */
      filters,
      /** The filters the list holds, as the pager's and the export's query. */
      applied: orderFilterQuery(applied),
      problems,
      exportMax: ORDERS_EXPORT_MAX,
      cashOverdueDays: config.payments.cod.cashOverdueDays,
    },
    { status: problems.length > 0 ? 400 : 200 },
  );
}

/** 'Ready to ship' for the ticked orders: their parcels booked, one PDF of their labels and manifest. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const answer = await readyToShip(context, { id: admin.id, email: admin.email }, form.getAll('orderId'));
  if ('ok' in answer) {
    return data(
      { alerts: [{ tone: 'error' as const, text: answer.message }], pdfPath: null },
      { status: statusOf(answer) },
    );
  }
  return answer;
}
