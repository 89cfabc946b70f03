// Units left per product and size (product_stock), the one table this folder writes: sales take
// units, releases give them back, the admin's product save sets the counts. Availability is
// derived from the units left, never typed, by the one rule in common/stock.ts.
import { and, eq, notInArray, sql } from 'drizzle-orm';

import { availabilityOf, notEnoughStockMessage } from '../../common/stock.ts';
import type { Database } from '../db/client.ts';
import { failure, FailureError } from '../errors.ts';
import { productStock, products } from '../db/schema.ts';

/** Units left of a product, all sizes together, as a column of a query over `products`. */
const unitsLeftSql = sql<number>`coalesce((select sum(${productStock.quantity}) from ${productStock} where ${productStock.productId} = ${products.id}), 0)::int`;

/** The availability text as a column: the query reads the units left, `availabilityOf` words them. */
export const availabilitySql = sql`${unitsLeftSql}`.mapWith((units) => availabilityOf(Number(units)));

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

/** The refusal of asking for more units than are left (thrown, so the transaction rolls back). */
function notEnoughStock(size: string, left: number): FailureError {
  return new FailureError(failure('conflict', notEnoughStockMessage(size, left)));
}

/** Refuses (throws) when `wanted` units of a size are more than are left; takes nothing. */
export async function requireUnits(tx: Database, productId: number, size: string, wanted: number): Promise<void> {
  const left = await unitsLeft(tx, productId, size);
  if (wanted > left) throw notEnoughStock(size, left);
}

/**
 * Stock rows are locked in one order, by product and then size (the lock order of
 * checkout/workflow.ts), so two transactions taking several sizes never wait on each other.
 */
function inStockOrder<T extends { productId: number; size: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
}

type Units = ReadonlyArray<{ productId: number; size: string; quantity: number }>;

/** Takes units of each item, or refuses (throws) when fewer are left: one conditional update each, no oversell. */
export async function takeUnits(tx: Database, items: Units): Promise<void> {
  await moveUnits(tx, { giveBack: [], take: items });
}

/** Gives units back (holds released): one update per size, however many holds gave it back. */
export async function returnUnits(tx: Database, items: Units): Promise<void> {
  await moveUnits(tx, { giveBack: items, take: [] });
}

/**
 * Gives one hold's units back and takes another's in one pass (a shopper's new checkout replacing
 * the previous one): the two are netted per size and each row is updated once, in the lock order,
 * so releasing and taking never lock rows out of order. Refuses (throws) when a size has fewer
 * units than wanted, counting the ones given back; nothing of the pass stays done then.
 */
export async function moveUnits(tx: Database, move: { giveBack: Units; take: Units }): Promise<void> {
  const bySize = new Map<string, { productId: number; size: string; back: number; taken: number }>();
  const add = (items: Units, field: 'back' | 'taken') => {
    for (const { productId, size, quantity } of items) {
      const key = `${productId}:${size}`;
      const row = bySize.get(key) ?? { productId, size, back: 0, taken: 0 };
      row[field] += quantity;
      bySize.set(key, row);
    }
  };
  add(move.giveBack, 'back');
  add(move.take, 'taken');
  for (const { productId, size, back, taken } of inStockOrder([...bySize.values()])) {
    const change = back - taken;
    const row = and(eq(productStock.productId, productId), eq(productStock.size, size));
    const moved = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${change}` })
      .where(change < 0 ? and(row, sql`${productStock.quantity} >= ${-change}`) : row)
      .returning({ left: productStock.quantity });
    if (moved.length === 0 && taken > 0) throw notEnoughStock(size, (await unitsLeft(tx, productId, size)) + back);
  }
}

/** A new product's stock: the same count of every size. */
export async function stockNewProduct(tx: Database, productId: number, sizes: readonly string[], perSize: number) {
  await tx.insert(productStock).values(sizes.map((size) => ({ productId, size, quantity: perSize })));
}

/**
 * The admin's stock edit: the change typed (from the count the form showed, `was`) is applied to
 * the units left now, so sales made while the form was open are not undone; a new size starts at
 * its typed count, and a size no longer offered leaves the stock.
 */
export async function applyStockEdit(
  tx: Database,
  productId: number,
  edit: { sizes: readonly string[]; stock: Partial<Record<string, number>>; stockWas: Partial<Record<string, number>> },
  current: Partial<Record<string, number>>,
): Promise<void> {
  for (const { size } of inStockOrder(edit.sizes.map((size) => ({ productId, size })))) {
    const typed = edit.stock[size] ?? 0;
    const now = current[size];
    const was = edit.stockWas[size] ?? 0;
    if (now !== undefined && typed === was) continue;
    const quantity = now === undefined ? typed : Math.max(0, now + typed - was);
    await tx
      .insert(productStock)
      .values({ productId, size, quantity })
      .onConflictDoUpdate({ target: [productStock.productId, productStock.size], set: { quantity } });
  }
  await tx
    .delete(productStock)
    .where(and(eq(productStock.productId, productId), notInArray(productStock.size, [...edit.sizes])));
}
