// Staff lists go page by page number: one page of rows in the list's own stable order, and how many
// rows there are in all, for the pager.
import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from '../db/client.ts';

/**
 * Page `asked` of `rows` (a dynamic select, filtered by `where` and ordered), `size` rows to a page,
 * and the count of `table`'s rows under `where`. A page that is not a whole number above 1 is the first.
 */
export async function pageWithTotal<T extends PgSelect>(
  db: Database,
  rows: T,
  counted: { table: PgTable; where: SQL | undefined },
  asked: number,
  size: number,
): Promise<{ rows: Awaited<T>; total: number; page: number }> {
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const [found, [totals]] = await Promise.all([
    rows.limit(size).offset((page - 1) * size),
    db.select({ total: count() }).from(counted.table).where(counted.where),
  ]);
  return { rows: found, total: totals?.total ?? 0, page };
}
