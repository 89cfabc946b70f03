// How many wait to hear of a drop or a size (docs/drops.md), for staff: the confirmed requests
// not yet emailed. Unconfirmed visitors' are not counted: they are not emailed until they confirm.
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { notifyRequests } from '../db/schema.ts';

const waiting = and(isNotNull(notifyRequests.confirmedAt), isNull(notifyRequests.notifiedAt));

/** How many wait for each of the drops to go live (drops nobody waits for are left out). */
export async function waitingByDrop(db: Database, dropIds: readonly number[]): Promise<Map<number, number>> {
  if (dropIds.length === 0) return new Map();
  const rows = await db
    .select({ dropId: notifyRequests.dropId, waiting: count() })
    .from(notifyRequests)
    .where(and(inArray(notifyRequests.dropId, [...dropIds]), waiting))
    .groupBy(notifyRequests.dropId);
  return new Map(rows.map((row) => [row.dropId!, row.waiting]));
}

/** How many wait for each size of a product to be back (sizes nobody waits for are left out). */
export async function waitingBySize(db: Database, productId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ size: notifyRequests.size, waiting: count() })
    .from(notifyRequests)
    .where(and(eq(notifyRequests.productId, productId), waiting))
    .groupBy(notifyRequests.size);
  return new Map(rows.map((row) => [row.size!, row.waiting]));
}
