// An order is made from a paid checkout, once (checkout/workflow.ts "complete"): the checkout's
// items, prices and address copy, the payment that paid for them, and the account's email as it is
// then (the order is tracked by it).
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { orders, users, type Checkout } from '../db/schema.ts';

export async function placeOrder(tx: Database, checkout: Checkout, paymentId: string): Promise<string> {
  const [order] = await tx
    .insert(orders)
    .values({
      userId: checkout.userId,
      email: sql`(select ${users.email} from ${users} where ${users.id} = ${checkout.userId})`,
      addressId: checkout.addressId,
      addressJson: checkout.addressJson,
      itemsJson: checkout.itemsJson,
      subtotalPaise: checkout.subtotalPaise,
      discountPaise: checkout.discountPaise,
      totalPaise: checkout.totalPaise,
      couponCode: checkout.couponCode,
      paymentId,
      checkoutId: checkout.id,
      status: 'pending',
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** The id of the order a checkout became (one order per checkout: a unique column). */
export async function orderOfCheckout(db: Database, checkoutId: string): Promise<string | undefined> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
  return order?.id;
}
