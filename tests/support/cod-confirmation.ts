// What the database holds once a cash on delivery order is confirmed, by its shopper or by staff.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Database } from '../../src/server/db/client.ts';
import { auditLog, orders, type Order } from '../../src/server/db/schema.ts';

/** Expects the order pending, its confirmation time set, and its first audit entry `actorId`'s confirmation with `summary`; gives the order's row. */
export async function expectConfirmedBy(
  db: Database,
  orderId: string,
  actorId: string,
  summary: string,
): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  expect(row!.status).toBe('pending');
  expect(row!.codConfirmedAt).toBeInstanceOf(Date);
  const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
  expect(entry).toMatchObject({ actorId, action: 'order.confirm' });
  expect(entry!.summary).toBe(summary);
  return row!;
}
