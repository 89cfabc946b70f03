// The order of the store's histories and lists of things made over time.
import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Newest first; rows made in the same instant by id, so the order never changes between reads. */
export function newestFirst(table: { createdAt: AnyColumn; id: AnyColumn }): SQL {
  return sql.join([desc(table.createdAt), desc(table.id)], sql`, `);
}
