// A product's stock movements as the tests compare them: by size, then in the order written.
import { asc, eq } from 'drizzle-orm';

import type { Database } from '../../src/server/db/client.ts';
import { stockMovements } from '../../src/server/db/schema.ts';

export async function movementsBySize(db: Database, productId: number) {
  const rows = await db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.size), asc(stockMovements.createdAt));
  return rows.map(({ size, kind, change, quantityAfter, actorEmail }) => ({
    size,
    kind,
    change,
    quantityAfter,
    actorEmail,
  }));
}
