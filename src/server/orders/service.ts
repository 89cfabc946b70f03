// A shopper's orders (docs/product.md §2 "Orders", §7): only their own, newest first.
import { and, desc, eq } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import type { Database } from '../db/client.ts';
import { orders, type Order } from '../db/schema.ts';

export async function listOrders(db: Database, userId: string): Promise<Order[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

/** A payment id as Razorpay (and its sandbox) writes them; anything else names no order (a NUL would make PostgreSQL refuse the query). */
const PAYMENT_ID = /^[A-Za-z0-9_]{1,64}$/;

export async function getOrderByPayment(db: Database, userId: string, paymentId: string): Promise<Order | undefined> {
  if (!PAYMENT_ID.test(paymentId)) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentId, paymentId)));
  return order;
}

/** One of the shopper's orders by its id; another shopper's, or an id that names none, is undefined. */
export async function getOrderOfShopper(db: Database, userId: string, orderId: string): Promise<Order | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.id, orderId)));
  return order;
}
