// Units left per product and size (product_stock). Availability is derived from them, never typed.
import { and, eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { productStock, products } from '../db/schema.ts';

/** Units left of a product, all sizes together, as a column of a query over `products`. */
export const unitsLeftSql = sql<number>`coalesce((select sum(${productStock.quantity}) from ${productStock} where ${productStock.productId} = ${products.id}), 0)::int`;

/** SPEC availability text from the units left, computed in the query (see common/stock.ts). */
export const availabilitySql = sql<string>`case when ${unitsLeftSql} <= 0 then 'Out of Stock' when ${unitsLeftSql} <= 5 then 'Only ' || ${unitsLeftSql} || ' left' else 'In Stock' end`;

export async function stockBySize(db: Database, productId: number): Promise<Record<string, number>> {
  const rows = await db.select().from(productStock).where(eq(productStock.productId, productId));
  return Object.fromEntries(rows.map((row) => [row.size, row.quantity]));
}

export async function unitsLeft(db: Database, productId: number, size: string): Promise<number> {
  const [row] = await db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  return row?.quantity ?? 0;
}
