import { asc, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from '../db/client.ts';

/** The rows of `table` that belong to these orders, oldest first by `age`, by order id. */
export async function rowsOfOrders<Row extends { orderId: string }>(
  db: Database,
  table: PgTable & { orderId: PgColumn; $inferSelect: Row },
  age: PgColumn,
  orderIds: string[],
): Promise<Map<string, Row[]>> {
  const byOrder = new Map<string, Row[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = (await db.select().from(table).where(inArray(table.orderId, orderIds)).orderBy(asc(age))) as Row[];
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}
