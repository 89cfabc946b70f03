// Staff lists go page by page number: one page of rows in the list's own stable order, and how many
// rows there are in all, for the pager.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

import type { Database } from '../db/client.ts';

/**
 * Page `asked.page` of `list` (a select with its joins) under `where`, in `orderBy` order,
 * `asked.size` rows to a page. The total counts the same joined rows, so a filter on a joined table
 * counts as it pages. A page that is not a whole number above 1 is the first.
 */
export async function pageWithTotal<T extends PgSelect>(
  db: Database,
  list: { $dynamic(): T },
  { where, orderBy }: { where: SQL | undefined; orderBy: SQL[] },
  asked: { page: number; size: number },
): Promise<{ rows: Awaited<T>; total: number; page: number }> {
  const page = Number.isInteger(asked.page) && asked.page > 1 ? asked.page : 1;
  const filtered = list.$dynamic().where(where);
  // The count's subquery is built now, before the order and the page are set on the same builder,
  // which changes in place.
  const counted = db.select({ total: count() }).from(sql`(${filtered.getSQL()}) as listed`);
  const [rows, [totals]] = await Promise.all([
    filtered
      .orderBy(...orderBy)
      .limit(asked.size)
      .offset((page - 1) * asked.size),
    counted,
  ]);
  return { rows, total: totals?.total ?? 0, page };
}
