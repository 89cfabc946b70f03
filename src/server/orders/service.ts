// A shopper's orders (SPEC §2 "Orders", §7): only their own, newest first, and the confirmation
// email of a new one.
import { and, desc, eq } from 'drizzle-orm';

import { formatAddress } from '../../common/address.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { orders, users, type Order } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderConfirmationMail } from '../mail/templates.ts';

export async function listOrders(db: Database, userId: string): Promise<Order[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function getOrderByPayment(db: Database, userId: string, paymentId: string): Promise<Order | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentId, paymentId)));
  return order;
}

export async function sendOrderConfirmation(deps: { db: Database; mailer: Mailer; config: Config }, orderId: string) {
  const [row] = await deps.db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const { order, email } = row;
  await deps.mailer.send({
    to: email,
    ...orderConfirmationMail({
      storeName: deps.config.store.name,
      order: {
        paymentId: order.paymentId,
        items: order.itemsJson,
        subtotalPaise: order.subtotalPaise,
        discountPaise: order.discountPaise,
        totalPaise: order.totalPaise,
        address: formatAddress(order.addressJson),
      },
    }),
  });
}
