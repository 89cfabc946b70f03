// Drops as staff schedule them (admin/drops.ts writes them in the store): tests write the row and
// point its products at it.
import { inArray } from 'drizzle-orm';

import type { Database } from '../../src/server/db/client.ts';
import { drops, products } from '../../src/server/db/schema.ts';

/** A drop going live at `goesLiveAt` for these products, with the limits and visibility the test says. */
export async function createDrop(
  db: Database,
  productIds: readonly number[],
  values: Partial<typeof drops.$inferInsert> & { goesLiveAt: Date },
) {
  const [drop] = await db
    .insert(drops)
    .values({ name: 'Test drop', ...values })
    .returning();
  if (productIds.length > 0) {
    await db
      .update(products)
      .set({ dropId: drop!.id })
      .where(inArray(products.id, [...productIds]));
  }
  return drop!;
}
