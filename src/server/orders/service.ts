// A shopper's orders (docs/product.md §2 "Orders", §7): only their own, newest first.
import { and, eq, type SQL } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import type { Database } from '../db/client.ts';
import { orders, type Order } from '../db/schema.ts';
import { newestFirst } from '../shared/newest-first.ts';

export async function listOrders(db: Database, userId: string): Promise<Order[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(newestFirst(orders));
}

/** A payment id as Razorpay (and its sandbox) writes them; anything else names no order (a NUL would make PostgreSQL refuse the query). */
const PAYMENT_ID = /^[A-Za-z0-9_]{1,64}$/;

/** The shopper's order that `which` picks; another shopper's is never found. */
async function orderOfShopper(db: Database, userId: string, which: SQL): Promise<Order | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), which));
  return order;
}

export async function getOrderByPayment(db: Database, userId: string, paymentId: string): Promise<Order | undefined> {
  return PAYMENT_ID.test(paymentId) ? orderOfShopper(db, userId, eq(orders.paymentId, paymentId)) : undefined;
}

/** One of the shopper's orders by its id; another shopper's, or an id that names none, is undefined. */
export async function getOrderOfShopper(db: Database, userId: string, orderId: string): Promise<Order | undefined> {
  return isUuid(orderId) ? orderOfShopper(db, userId, eq(orders.id, orderId)) : undefined;
}
