// The admin's view of the orders (issue 8): every order newest first, one order with its customer
// and refund, and status changes. A move to `failed` gives the payment back through Razorpay's
// refund API first, with the same idempotency key as payments/service.ts, so a retried refund is
// the same refund; the order changes only once Razorpay has accepted it.
import { and, count, desc, eq, isNull } from 'drizzle-orm';

import { ORDER_STATUSES, type OrderStatus } from '../../common/catalog.ts';
import { isUuid } from '../../common/ids.ts';
import { formatPaise } from '../../common/money.ts';
import type { Database } from '../db/client.ts';
import { orders, refunds, users, type Order } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderStatusMail } from '../mail/templates.ts';
import { RazorpayError, refundKey, type RazorpayClient } from '../payments/razorpay.ts';
import { recordAudit, type Actor } from './audit.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 50;
export const FAILED_ORDER_REFUND_REASON = 'Order marked failed by the store';
export const ORDER_NOT_FOUND = 'Order not found';

/** Where each status may go next; completed and failed are final. */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'failed'],
  processing: ['completed', 'failed'],
  completed: [],
  failed: [],
};

export type Refund = typeof refunds.$inferSelect;

/** The short form of an order id the admin pages and the audit log show. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

function statusOf(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'pending';
}

/**
 * The statuses an order may move to. Once a refund of its payment has been started (and not yet
 * confirmed: the order is not failed yet) the only way on is to finish it, so money given back is
 * never followed by a shipped order.
 */
export function allowedMoves(status: string, refundStarted: boolean): OrderStatus[] {
  const from = statusOf(status);
  if (refundStarted) return from === 'failed' || from === 'completed' ? [] : ['failed'];
  return [...MOVES[from]];
}

export interface AdminOrderQuery {
  status?: OrderStatus | undefined;
  page: number;
}

export interface AdminOrderRow {
  id: string;
  paymentId: string;
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
  const page = Number.isInteger(query.page) && query.page > 1 ? query.page : 1;
  const [rows, [totals]] = await Promise.all([
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
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return {
    orders: rows.map(({ items, status, ...row }) => ({
      ...row,
      status: statusOf(status),
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    })),
    total: totals?.total ?? 0,
  };
}

export interface AdminOrder extends Order {
  customerName: string;
  customerEmail: string;
  /** The refund of this order's payment, if one was started. */
  refund: Refund | null;
  moves: OrderStatus[];
}

/** One order with its customer and its refund; undefined for an unknown or malformed id. */
export async function getAdminOrder(db: Database, id: string): Promise<AdminOrder | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ order: orders, customerName: users.name, customerEmail: users.email, refund: refunds })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(refunds, eq(refunds.paymentId, orders.paymentId))
    .where(eq(orders.id, id));
  if (!row) return undefined;
  return {
    ...row.order,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    refund: row.refund,
    moves: allowedMoves(row.order.status, row.refund !== null),
  };
}

export interface OrderAdminDeps {
  db: Database;
  razorpay: Pick<RazorpayClient, 'refundPayment'>;
  mailer: Mailer;
  logger: Logger;
  storeName: string;
}

export type StatusChange =
  | {
      ok: true;
      order: Order;
      from: OrderStatus;
      to: OrderStatus;
      /** Whether the customer's email went out; a failure is logged, the change stands. */
      mailed: boolean;
      refund?: { amountPaise: number; razorpayRefundId: string };
    }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

type Refusal = Extract<StatusChange, { ok: false }>;

const notFound: Refusal = { ok: false, status: 404, message: ORDER_NOT_FOUND };

/**
 * Moves an order to another status, under its row lock so two admins cannot both move it. Every
 * change is audited in its transaction and emailed to the customer after the commit.
 */
export async function changeOrderStatus(
  deps: OrderAdminDeps,
  actor: Actor,
  orderId: string,
  to: unknown,
): Promise<StatusChange> {
  if (!isUuid(orderId)) return notFound;
  const target = ORDER_STATUSES.find((status) => status === to);
  if (!target) return { ok: false, status: 400, message: 'Choose a status to move the order to.' };
  if (target === 'failed') return failOrder(deps, actor, orderId);

  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return notFound;
    const refusal = await refusalOf(tx, order, target);
    if (refusal) return refusal;
    const [updated] = await tx.update(orders).set({ status: target }).where(eq(orders.id, order.id)).returning();
    const from = statusOf(order.status);
    await recordAudit(tx, actor, {
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      summary: `Order #${shortOrderId(order.id)} ${from} → ${target}`,
      before: { status: from },
      after: { status: target },
    });
    return { ok: true as const, order: updated!, from };
  });
  if (!outcome.ok) return outcome;
  const mailed = await mailCustomer(deps, outcome.order, target);
  return { ...outcome, to: target, mailed };
}

/**
 * Marks an order failed and refunds its payment: the refund row is recorded (or found) and
 * committed, Razorpay is asked with the payment's idempotency key, and only then does the order
 * change. When Razorpay cannot be reached or refuses, the order keeps its status and a retry
 * sends the same key.
 */
async function failOrder(deps: OrderAdminDeps, actor: Actor, orderId: string): Promise<StatusChange> {
  const started = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return notFound;
    const refusal = await refusalOf(tx, order, 'failed');
    if (refusal) return refusal;
    await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: order.paymentId,
        amountPaise: order.totalPaise,
        reason: FAILED_ORDER_REFUND_REASON,
      })
      .onConflictDoNothing({ target: refunds.paymentId });
    const [refund] = await tx.select().from(refunds).where(eq(refunds.paymentId, order.paymentId));
    return { ok: true as const, order, refund: refund! };
  });
  if (!started.ok) return started;

  const { order, refund } = started;
  let razorpayRefundId: string;
  try {
    razorpayRefundId = (
      await deps.razorpay.refundPayment(order.paymentId, refund.amountPaise, refundKey(order.paymentId))
    ).id;
  } catch (error) {
    deps.logger.error({ err: error, orderId, paymentId: order.paymentId }, 'admin orders: the refund request failed');
    const reason = error instanceof RazorpayError ? error.message : 'Razorpay could not be reached';
    // A definite refusal (not "busy" or "too many requests") made no refund: the pending row goes,
    // so the order is not held to "failed" by a refund that will never happen.
    if (
      error instanceof RazorpayError &&
      error.status >= 400 &&
      error.status < 500 &&
      ![409, 429].includes(error.status)
    ) {
      await deps.db
        .delete(refunds)
        .where(and(eq(refunds.id, refund.id), eq(refunds.orderId, order.id), isNull(refunds.razorpayRefundId)));
    }
    return {
      ok: false,
      status: 502,
      message: `The refund could not be made (${reason}). The order was not changed; try again.`,
    };
  }

  const outcome = await deps.db.transaction(
    async (tx): Promise<Refusal | { ok: true; order: Order; from: OrderStatus }> => {
      const current = await lockOrder(tx, orderId);
      await tx.update(refunds).set({ razorpayRefundId }).where(eq(refunds.id, refund.id));
      // Another admin finished the same refund meanwhile: Razorpay made it once, the order is failed.
      if (current!.status === 'failed') {
        return { ok: false, status: 409, message: 'This order is already failed; its payment was refunded.' };
      }
      const from = statusOf(current!.status);
      const [updated] = await tx.update(orders).set({ status: 'failed' }).where(eq(orders.id, orderId)).returning();
      await recordAudit(tx, actor, {
        action: 'order.status',
        entityType: 'order',
        entityId: orderId,
        summary: `Order #${shortOrderId(orderId)} ${from} → failed, ${formatPaise(refund.amountPaise)} refunded`,
        before: { status: from },
        after: {
          status: 'failed',
          refund: { id: refund.id, amountPaise: refund.amountPaise, razorpayRefundId },
        },
      });
      return { ok: true, order: updated!, from };
    },
  );
  if (!outcome.ok) return outcome;
  const mailed = await mailCustomer(deps, outcome.order, 'failed', refund.amountPaise);
  return {
    ...outcome,
    to: 'failed',
    mailed,
    refund: { amountPaise: refund.amountPaise, razorpayRefundId },
  };
}

async function lockOrder(tx: Database, orderId: string): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/** Why the locked order cannot move to `to`, if it cannot. */
async function refusalOf(tx: Database, order: Order, to: OrderStatus): Promise<Refusal | undefined> {
  const from = statusOf(order.status);
  if (from === to) return { ok: false, status: 409, message: `This order is already ${from}.` };
  if (!MOVES[from].includes(to)) {
    return { ok: false, status: 409, message: `This order is ${from}; it cannot move to ${to}.` };
  }
  if (to !== 'failed') {
    const [refund] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, order.paymentId));
    if (refund) {
      return {
        ok: false,
        status: 409,
        message: "A refund of this order's payment was started; mark the order as failed to finish it.",
      };
    }
  }
  return undefined;
}

/** Tells the customer; a mail that cannot be sent is logged and does not undo the change. */
async function mailCustomer(
  deps: OrderAdminDeps,
  order: Order,
  status: OrderStatus,
  refundedPaise?: number,
): Promise<boolean> {
  try {
    const [customer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
    if (!customer) return false;
    await deps.mailer.send({
      to: customer.email,
      ...orderStatusMail({
        storeName: deps.storeName,
        status,
        order: { paymentId: order.paymentId, items: order.itemsJson, totalPaise: order.totalPaise },
        refundedPaise,
      }),
    });
    return true;
  } catch (error) {
    deps.logger.error({ err: error, orderId: order.id, status }, 'admin orders: the status email failed');
    return false;
  }
}
