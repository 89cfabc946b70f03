// Catalog reads for the storefront. Plain functions of the database (STYLE "Thin edges, thick middle").
import { count, isNotNull } from 'drizzle-orm';

import type { CategorySlug } from '../../common/catalog.ts';
import type { Database } from '../db/client.ts';
import { products } from '../db/schema.ts';

/** How many products each category holds, for the home page's "Shop by Category". */
export async function countProductsByCategory(db: Database): Promise<Partial<Record<CategorySlug, number>>> {
  const rows = await db
    .select({ category: products.category, total: count() })
    .from(products)
    .where(isNotNull(products.category))
    .groupBy(products.category);
  return Object.fromEntries(rows.map((row) => [row.category, row.total]));
}
