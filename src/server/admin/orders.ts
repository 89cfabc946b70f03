// The admin's orders screens (ADR 0014): every order newest first, one order with its customer and
// refund, and status changes. The moves and their refund are orders/status.ts's; this module
// words the audit entry each move records in its transaction. The list is searched and filtered
// (order-filters.ts) and exported for accounting (orders-export.ts). Cash on delivery (ADR 0049):
// the list marks those orders and finds the delivered ones whose cash is overdue; staff confirm an
// order after a call and record the cash the courier remitted (orders/cod.ts).
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';

import type { OrderStatus, PaymentMethod } from '../../common/catalog.ts';
import { isUuid } from '../../common/ids.ts';
import { formatPaise } from '../../common/money.ts';
import { codHistory } from '../checkout/cash-on-delivery.ts';
import type { Database } from '../db/client.ts';
import { orders, refunds, returnRequests, users, type Order, type ReturnRequest, type Shipment } from '../db/schema.ts';
import { recordCashReceived, type CashReceived } from '../orders/cod.ts';
import { failedOrderEmails, type OrderEmailFailure } from '../orders/emails.ts';
import { forwardParcelState, shipmentsOf } from '../orders/shipping.ts';
import {
  allowedMoves,
  changeOrderStatus as moveOrder,
  type OrderMoveDeps,
  type StatusChange,
} from '../orders/status.ts';
import type { Refund } from '../payments/refunds.ts';
import type { Result } from '../errors.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { pageWithTotal } from '../shared/paging.ts';
import { ordersWhere, type OrderQuery } from './order-filters.ts';
import { newestFirst } from '../shared/newest-first.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** The short form of an order id the admin pages and the audit log show. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

export interface AdminOrderQuery extends OrderQuery {
  page: number;
}

export interface AdminOrderRow {
  id: string;
  paymentId: string | null;
  paymentMethod: PaymentMethod;
  createdAt: Date;
  status: OrderStatus;
  itemCount: number;
  totalPaise: number;
  customerName: string;
  customerEmail: string;
}

/** One page of the orders the search and filters find (order-filters.ts), newest first, and how many match. */
export async function listAdminOrders(
  db: Database,
  query: AdminOrderQuery,
): Promise<{ orders: AdminOrderRow[]; total: number }> {
  const where = ordersWhere(db, query);
  const { rows, total } = await pageWithTotal(
    db,
    db
      .select({
        id: orders.id,
        paymentId: orders.paymentId,
        paymentMethod: orders.paymentMethod,
        createdAt: orders.createdAt,
        status: orders.status,
        items: orders.itemsJson,
        totalPaise: orders.totalPaise,
        customerName: users.name,
        customerEmail: users.email,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId)),
    { where, orderBy: [newestFirst(orders)] },
    { page: query.page, size: ADMIN_ORDERS_PAGE_SIZE },
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
  /** The whole refund of this order (to its payment or as store credit), if one was started. */
  refund: Refund | null;
  /** Refunds of other payments made for the same checkout (a second payment is given back). */
  otherRefunds: Refund[];
  /** Its returns' refunds, oldest first, each with its request (where it goes: ADR 0051). */
  returnRefunds: Array<{ refund: Refund; request: ReturnRequest }>;
  /** Emails about this order the store gave up sending (orders/emails.ts), newest first. */
  failedEmails: OrderEmailFailure[];
  /** Its parcels, oldest first. */
  shipments: Shipment[];
  moves: OrderStatus[];
  /** How many of the customer's orders came back undelivered (none stored: counted, ADR 0047). */
  returnedToOriginCount: number;
}

/** One order with its customer and its refund; undefined for an unknown or malformed id. */
export async function getAdminOrder(db: Database, id: string): Promise<AdminOrder | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ order: orders, customerName: users.name, customerEmail: users.email, refund: refunds })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    // The order's whole refund, wherever it went: one given as store credit has no payment id.
    .leftJoin(refunds, and(eq(refunds.orderId, orders.id), isNull(refunds.returnRequestId)))
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
    returnRefunds: await db
      .select({ refund: refunds, request: returnRequests })
      .from(refunds)
      .innerJoin(returnRequests, eq(returnRequests.id, refunds.returnRequestId))
      .where(and(eq(refunds.orderId, row.order.id), isNotNull(refunds.returnRequestId)))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    failedEmails: await failedOrderEmails(db, row.order.id),
    shipments: (await shipmentsOf(db, [row.order.id])).get(row.order.id) ?? [],
    moves: allowedMoves(
      row.order.status,
      row.refund !== null,
      row.order.paymentMethod,
      (await forwardParcelState(db, row.order.id)) === 'returned_to_origin',
    ),
    returnedToOriginCount: (await codHistory(db, row.order.userId)).returnedToOrigin,
  };
}

/** How an order is paid, for the page's action to ask before it acts; undefined for an unknown order. */
export async function paymentMethodOf(db: Database, orderId: string): Promise<PaymentMethod | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [row] = await db.select({ paymentMethod: orders.paymentMethod }).from(orders).where(eq(orders.id, orderId));
  return row?.paymentMethod;
}

/**
 * Moves an order to another status (orders/status.ts), with the audit entry of the move in its
 * transaction: who, from and to, the refund when the order failed, the parcel when it shipped,
 * the tax document a cash on delivery order's move issued and whether its units went back on sale.
 * A cash on delivery order moved on from awaiting confirmation was confirmed by staff after a call:
 * its entry says so, with who.
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
    (tx, { order, from, to: status, refund, shipment, document, restocked }) => {
      if (from === 'awaiting_confirmation') {
        return recordAudit(tx, actor, {
          action: 'order.confirm',
          entityType: 'order',
          entityId: order.id,
          summary: `Order #${shortOrderId(order.id)} confirmed by staff after a call: ${from} → ${status}`,
          before: { status: from },
          after: { status, codConfirmedAt: order.codConfirmedAt },
        });
      }
      const refunded = refund ? `, ${formatPaise(refund.amountPaise)} refunded` : '';
      const parcel = shipment && status === 'shipped' ? `, ${shipment.courier} AWB ${shipment.awb}` : '';
      const issued = document ? `, ${document.kind === 'invoice' ? 'invoice' : 'credit note'} ${document.number}` : '';
      const units = restocked === undefined ? '' : restocked ? ', units back on sale' : ', units not back on sale';
      return recordAudit(tx, actor, {
        action: 'order.status',
        entityType: 'order',
        entityId: order.id,
        summary: `Order #${shortOrderId(order.id)} ${from} → ${status}${refunded}${parcel}${issued}${units}`,
        before: { status: from },
        after: {
          status,
          ...(refund ? { refund } : {}),
          ...(shipment ? { shipment } : {}),
          ...(document ? { document } : {}),
          ...(restocked === undefined ? {} : { restocked }),
        },
      });
    },
    details,
  );
}

/**
 * Staff record the cash the courier remitted for a delivered cash on delivery order, once
 * (orders/cod.ts), with the audit entry in its transaction: who, the amount, the reference and the day.
 */
export async function recordCash(
  db: Database,
  actor: Actor,
  orderId: string,
  input: { reference?: unknown; remittedOn?: unknown },
): Promise<Result<CashReceived>> {
  return recordCashReceived(db, orderId, input, (tx, { order, reference, remittedOn }) =>
    recordAudit(tx, actor, {
      action: 'order.cash',
      entityType: 'order',
      entityId: order.id,
      summary: `Order #${shortOrderId(order.id)} cash of ${formatPaise(order.totalPaise)} received: reference ${reference}, remitted on ${remittedOn}`,
      before: { cashReceivedAt: null },
      after: { cashReceivedAt: order.cashReceivedAt, cashReference: reference, cashRemittedOn: remittedOn },
    }),
  );
}
