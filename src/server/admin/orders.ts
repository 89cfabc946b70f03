// The admin's orders screens (ADR 0014): every order newest first, one order with its customer and
// refund, and status changes. The moves and their refund are orders/status.ts's; this module
// words the audit entry each move records in its transaction.
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';

import type { OrderStatus } from '../../common/catalog.ts';
import { isUuid } from '../../common/ids.ts';
import { formatPaise } from '../../common/money.ts';
import type { Database } from '../db/client.ts';
import { orders, refunds, users, type Order, type Shipment } from '../db/schema.ts';
import { failedOrderEmails, type OrderEmailFailure } from '../orders/emails.ts';
import { shipmentsOf } from '../orders/shipping.ts';
import {
  allowedMoves,
  changeOrderStatus as moveOrder,
  type OrderMoveDeps,
  type StatusChange,
} from '../orders/status.ts';
import type { Refund } from '../payments/refunds.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { pageWithTotal } from '../shared/paging.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** The short form of an order id the admin pages and the audit log show. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

export interface AdminOrderQuery {
  status?: OrderStatus | undefined;
  page: number;
}

export interface AdminOrderRow {
  id: string;
  paymentId: string | null;
  createdAt: Date;
  status: OrderStatus;
  itemCount: number;
  totalPaise: number;
  customerName: string;
  customerEmail: string;
}

/** One page of the orders, newest first, optionally of one status, and how many there are in all. */
export async function listAdminOrders(
  db: Database,
  query: AdminOrderQuery,
): Promise<{ orders: AdminOrderRow[]; total: number }> {
  const where = query.status ? eq(orders.status, query.status) : undefined;
  const { rows, total } = await pageWithTotal(
    db,
    db
      .select({
        id: orders.id,
        paymentId: orders.paymentId,
        createdAt: orders.createdAt,
        status: orders.status,
        items: orders.itemsJson,
        totalPaise: orders.totalPaise,
        customerName: users.name,
        customerEmail: users.email,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .$dynamic(),
    { table: orders, where },
    query.page,
    ADMIN_ORDERS_PAGE_SIZE,
  );
  return {
    orders: rows.map(({ items, ...row }) => ({
      ...row,
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    })),
    total,
  };
}

export interface AdminOrder extends Order {
  customerName: string;
  customerEmail: string;
  /** The refund of this order's payment, if one was started. */
  refund: Refund | null;
  /** Refunds of other payments made for the same checkout (a second payment is given back). */
  otherRefunds: Refund[];
  /** Emails about this order the store gave up sending (orders/emails.ts), newest first. */
  failedEmails: OrderEmailFailure[];
  /** Its parcels, oldest first. */
  shipments: Shipment[];
  moves: OrderStatus[];
}

/** One order with its customer and its refund; undefined for an unknown or malformed id. */
export async function getAdminOrder(db: Database, id: string): Promise<AdminOrder | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ order: orders, customerName: users.name, customerEmail: users.email, refund: refunds })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(refunds, and(eq(refunds.paymentId, orders.paymentId), isNull(refunds.returnRequestId)))
    .where(eq(orders.id, id));
  if (!row) return undefined;
  const { checkoutId, paymentId } = row.order;
  const otherRefunds = checkoutId
    ? await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.checkoutId, checkoutId), paymentId ? ne(refunds.paymentId, paymentId) : undefined))
        .orderBy(asc(refunds.createdAt))
    : [];
  return {
    ...row.order,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    refund: row.refund,
    otherRefunds,
    failedEmails: await failedOrderEmails(db, row.order.id),
    shipments: (await shipmentsOf(db, [row.order.id])).get(row.order.id) ?? [],
    moves: allowedMoves(row.order.status, row.refund !== null),
  };
}

/**
 * Moves an order to another status (orders/status.ts), with the audit entry of the move in its
 * transaction: who, from and to, and the refund when the order failed.
 */
export async function changeOrderStatus(
  deps: OrderMoveDeps,
  actor: Actor,
  orderId: string,
  to: unknown,
  details: Record<string, unknown> = {},
): Promise<StatusChange> {
  return moveOrder(
    deps,
    orderId,
    to,
    (tx, { order, from, to: status, refund, shipment }) => {
      const refunded = refund ? `, ${formatPaise(refund.amountPaise)} refunded` : '';
      const parcel = shipment && status === 'shipped' ? `, ${shipment.courier} AWB ${shipment.awb}` : '';
      return recordAudit(tx, actor, {
        action: 'order.status',
        entityType: 'order',
        entityId: order.id,
        summary: `Order #${shortOrderId(order.id)} ${from} → ${status}${refunded}${parcel}`,
        before: { status: from },
        after: { status, ...(refund ? { refund } : {}), ...(shipment ? { shipment } : {}) },
      });
    },
    details,
  );
}
