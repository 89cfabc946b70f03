// The server half of the route module orders.tsx (ADR 0017): what runs only on the server.
import { ORDER_STATUSES } from '../../../common/catalog.ts';
import { formatOrderDate, orderStatus } from '../../../common/orders.ts';
import { ADMIN_ORDERS_PAGE_SIZE, listAdminOrders, shortOrderId } from '../../../server/admin/orders.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const status = ORDER_STATUSES.find((value) => value === params.get('status'));
  // Cash on delivery orders delivered more than COD_CASH_OVERDUE_DAYS ago whose cash has not come in.
  const cash = params.get('cash') === 'overdue' ? ('overdue' as const) : '';
  // Clamped: a huge page number would overflow the offset.
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1));
  const { db, config } = getApp(context);
  const cashDeliveredBefore = cash
    ? new Date(Date.now() - config.payments.cod.cashOverdueDays * 24 * 3_600_000)
    : undefined;
  const { orders, total } = await listAdminOrders(db, { status, cashDeliveredBefore, page });
  return {
    orders: orders.map((order) => ({
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
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)),
    status: status ?? '',
    cash,
    cashOverdueDays: config.payments.cod.cashOverdueDays,
  };
}
