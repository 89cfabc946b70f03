// Units left per product and size (product_stock) and the history of every change to them
// (stock_movements), the two tables this folder writes: sales take units, releases give them back,
// the admin's product save and staff's adjustments and uploads set the counts. Each change writes
// its movement row in the same transaction, under the stock row's lock, with the count it left.
// Availability is derived from the units left, never typed, by the one rule in common/stock.ts.
import { and, asc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';

import { availabilityOf, notEnoughStockMessage } from '../../common/stock.ts';
import { STOCK_QUANTITY_MAX, type StockMovementKind } from '../../common/stock-movements.ts';
import type { Database } from '../db/client.ts';
import { failure, FailureError } from '../errors.ts';
import { productStock, products, stockMovements } from '../db/schema.ts';
import type { Actor } from '../shared/audit.ts';

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

/** A size's units as a page showed them, with the mark of its latest movement then. */
export interface SeenCount {
  units: number;
  /**
   * When the size's latest movement was written, in microseconds since 1970 ('0': none yet). A
   * change by hand checks it again under the row's lock (`HandCount.since`): its history is
   * written in the order the row's lock was taken, so anything later was not seen.
   */
  mark: string;
}

/** Each size's units and the mark of its latest movement, read together (one statement, one snapshot). */
export async function countsAsSeen(
  db: Database,
  sizes: ReadonlyArray<{ productId: number; size: string }>,
): Promise<Map<string, SeenCount>> {
  if (sizes.length === 0) return new Map();
  const pairs = sql.join(
    sizes.map(({ productId, size }) => sql`(${productId}::integer, ${size}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select v.product_id, v.size, coalesce(${productStock.quantity}, 0)::int as units,
      coalesce((select (extract(epoch from m.created_at) * 1000000)::bigint::text from ${stockMovements} as m
        where m.product_id = v.product_id and m.size = v.size order by m.created_at desc limit 1), '0') as mark
    from (values ${pairs}) as v(product_id, size)
    left join ${productStock} on ${productStock.productId} = v.product_id and ${productStock.size} = v.size`);
  const rows = (result as unknown as { rows: Array<{ product_id: number; size: string; units: number; mark: string }> })
    .rows;
  return new Map(rows.map((row) => [`${row.product_id}:${row.size}`, { units: row.units, mark: row.mark }]));
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

/**
 * Before any stock row, a key-share lock on the products' rows, in id order: writing a movement
 * row checks its product's key, which takes that lock anyway, and taking it after a stock row
 * would wait in a circle with a product save (which locks the product, then its stock). A key
 * share does not wait on the catalog's ordinary updates of a product, only on its save or delete.
 */
async function lockProductKeys(tx: Database, productIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

type Units = ReadonlyArray<{ productId: number; size: string; quantity: number }>;

/** What a change of units is, written with it in its movement row. */
export interface MovementOf {
  kind: StockMovementKind;
  /** The checkout a hold or release belongs to. */
  checkoutId?: string | null;
  /** The order a cancellation, return or exchange belongs to. */
  orderId?: string | null;
  /** Staff who made the change (an adjustment, an upload, a product save). */
  actor?: Actor | null;
  note?: string | null;
}

/** Units of several sizes that move for one reason: a checkout's hold, an order's lines. */
export interface UnitsMove extends MovementOf {
  items: Units;
}

type MovementRow = Omit<typeof stockMovements.$inferInsert, 'id' | 'createdAt'>;

function movementRow(
  of: MovementOf,
  at: { productId: number; size: string; change: number; quantityAfter: number },
): MovementRow {
  return {
    ...at,
    kind: of.kind,
    checkoutId: of.checkoutId ?? null,
    orderId: of.orderId ?? null,
    actorId: of.actor?.id ?? null,
    actorEmail: of.actor?.email ?? null,
    note: of.note ?? null,
  };
}

/**
 * Writes movement rows, in the transaction that changed the counts and while their stock rows are
 * locked. Each is timed when it is written, after the size's latest movement: a size's history
 * reads in the order its row's lock was taken, whichever transaction began first.
 */
async function recordMovements(tx: Database, rows: readonly MovementRow[]): Promise<void> {
  if (rows.length === 0) return;
  const written = new Map<string, number>();
  await tx.insert(stockMovements).values(
    rows.map((row) => {
      const key = `${row.productId}:${row.size}`;
      const nth = (written.get(key) ?? 0) + 1;
      written.set(key, nth);
      const latest = sql`(select max(${stockMovements.createdAt}) from ${stockMovements} where ${stockMovements.productId} = ${row.productId} and ${stockMovements.size} = ${row.size})`;
      return {
        ...row,
        createdAt: sql`greatest(clock_timestamp(), ${latest}) + interval '${sql.raw(String(nth))} microseconds'`,
      };
    }),
  );
}

/** Takes units of each item, or refuses (throws) when fewer are left: one conditional update each, no oversell. */
export async function takeUnits(tx: Database, items: Units, of: MovementOf): Promise<void> {
  await moveUnits(tx, { giveBack: [], take: [{ ...of, items }] });
}

/** Gives units back (a hold released, an order cancelled, a unit returned). */
export async function returnUnits(tx: Database, items: Units, of: MovementOf): Promise<void> {
  await moveUnits(tx, { giveBack: [{ ...of, items }], take: [] });
}

/**
 * Gives units back and takes others in one pass (a shopper's new checkout replacing the previous
 * one; every expired hold at once): the moves are netted per size and each row is updated once,
 * in the lock order, so releasing and taking never lock rows out of order. Each move still gets a
 * movement row of its own per size, the ones given back first. Refuses (throws) when a size has
 * fewer units than wanted, counting the ones given back; nothing of the pass stays done then.
 */
export async function moveUnits(
  tx: Database,
  move: { giveBack: readonly UnitsMove[]; take: readonly UnitsMove[] },
): Promise<void> {
  interface Size {
    productId: number;
    size: string;
    back: number;
    taken: number;
    steps: Array<{ of: UnitsMove; change: number }>;
  }
  const bySize = new Map<string, Size>();
  const add = (moves: readonly UnitsMove[], sign: 1 | -1) => {
    for (const of of moves) {
      for (const { productId, size, quantity } of of.items) {
        if (quantity === 0) continue;
        const key = `${productId}:${size}`;
        const row = bySize.get(key) ?? { productId, size, back: 0, taken: 0, steps: [] };
        if (sign > 0) row.back += quantity;
        else row.taken += quantity;
        const step = row.steps.find((s) => s.of === of);
        if (step) step.change += sign * quantity;
        else row.steps.push({ of, change: sign * quantity });
        bySize.set(key, row);
      }
    }
  };
  add(move.giveBack, 1);
  add(move.take, -1);
  const sizes = inStockOrder([...bySize.values()]);
  await lockProductKeys(
    tx,
    sizes.map(({ productId }) => productId),
  );
  const movements: MovementRow[] = [];
  for (const { productId, size, back, taken, steps } of sizes) {
    const change = back - taken;
    const row = and(eq(productStock.productId, productId), eq(productStock.size, size));
    const [moved] = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${change}` })
      .where(change < 0 ? and(row, sql`${productStock.quantity} >= ${-change}`) : row)
      .returning({ left: productStock.quantity });
    if (!moved) {
      if (taken > 0) throw notEnoughStock(size, (await unitsLeft(tx, productId, size)) + back);
      // A size no longer stocked (dropped from the product): nothing to give back to.
      continue;
    }
    // The count before this pass, then each move's step in turn: the last one leaves the row's count.
    let count = moved.left - change;
    for (const step of steps) {
      count += step.change;
      movements.push(movementRow(step.of, { productId, size, change: step.change, quantityAfter: count }));
    }
  }
  await recordMovements(tx, movements);
}

/** A new product's stock: the same count of every size. */
export async function stockNewProduct(
  tx: Database,
  productId: number,
  sizes: readonly string[],
  perSize: number,
  actor: Actor,
) {
  await tx.insert(productStock).values(sizes.map((size) => ({ productId, size, quantity: perSize })));
  if (perSize === 0) return;
  await recordMovements(
    tx,
    inStockOrder(sizes.map((size) => ({ productId, size }))).map(({ size }) =>
      movementRow({ kind: 'product_edit', actor }, { productId, size, change: perSize, quantityAfter: perSize }),
    ),
  );
}

/**
 * The admin's stock edit, with the product's row already locked: the change typed (from the count
 * the form showed, `was`) is applied to the units left now, read under the stock row's lock, so
 * sales made while the form was open are not undone; a new size starts at its typed count, and a
 * size no longer offered leaves the stock. A count that would go past STOCK_QUANTITY_MAX refuses
 * the save (throws).
 */
export async function applyStockEdit(
  tx: Database,
  productId: number,
  edit: { sizes: readonly string[]; stock: Partial<Record<string, number>>; stockWas: Partial<Record<string, number>> },
  current: Partial<Record<string, number>>,
  actor: Actor,
): Promise<void> {
  const movements: MovementRow[] = [];
  const edited = (at: { size: string; change: number; quantityAfter: number }) => {
    if (at.change !== 0) movements.push(movementRow({ kind: 'product_edit', actor }, { productId, ...at }));
  };
  for (const { size } of inStockOrder(edit.sizes.map((size) => ({ productId, size })))) {
    const typed = edit.stock[size] ?? 0;
    const was = edit.stockWas[size] ?? 0;
    if (current[size] !== undefined && typed === was) continue;
    const row = and(eq(productStock.productId, productId), eq(productStock.size, size));
    const [locked] = await tx.select({ quantity: productStock.quantity }).from(productStock).where(row).for('update');
    if (!locked) {
      await tx.insert(productStock).values({ productId, size, quantity: typed });
      edited({ size, change: typed, quantityAfter: typed });
      continue;
    }
    const quantity = Math.max(0, locked.quantity + typed - was);
    // Units received since the form was opened, plus the typed change, may go past what a size holds.
    if (quantity > STOCK_QUANTITY_MAX) {
      const message = HAND_COUNT_MESSAGES.aboveMax(size, quantity);
      throw new FailureError(failure('conflict', message, { fieldErrors: { [`stock-${size}`]: message } }));
    }
    await tx.update(productStock).set({ quantity }).where(row);
    edited({ size, change: quantity - locked.quantity, quantityAfter: quantity });
  }
  const dropped = await tx
    .delete(productStock)
    .where(and(eq(productStock.productId, productId), notInArray(productStock.size, [...edit.sizes])))
    .returning({ size: productStock.size, quantity: productStock.quantity });
  for (const { size, quantity } of inStockOrder(dropped.map((row) => ({ ...row, productId })))) {
    edited({ size, change: -quantity, quantityAfter: 0 });
  }
  await recordMovements(tx, movements);
}

/** A count staff set or change by hand: an adjustment on a product's stock page, or a row of an upload. */
export interface HandCount {
  productId: number;
  size: string;
  kind: 'received' | 'damaged' | 'counted' | 'other' | 'upload';
  /** Units to add (below zero: to take away); refused when it would leave fewer than none. */
  add?: number;
  /** The count to set. */
  set?: number;
  /**
   * With `set`: the count staff saw when they chose it (the stock page's, an upload's preview).
   * The change from it is applied to the units left now, so sales made since are not undone, as
   * the product save does.
   */
  was?: number;
  /**
   * With `was`: the mark of the latest movement staff saw (`SeenCount.mark`). A change by hand
   * written since (an adjustment, an upload, a product save, or this very change sent twice)
   * refuses the count as stale: its difference would count twice, or undo what the other typed.
   * Sales, holds and releases since are carried forward by `was`.
   */
  since?: string;
  note?: string | null;
}

/** A size's count before and after a change by hand. */
export interface HandCountResult {
  productId: number;
  size: string;
  before: number;
  after: number;
}

/** The movements staff make by hand; any of them since a count was seen makes the count stale. */
const BY_HAND: readonly StockMovementKind[] = ['received', 'damaged', 'counted', 'other', 'upload', 'product_edit'];

export const HAND_COUNT_MESSAGES = {
  productGone: 'This product no longer exists.',
  notOffered: (size: string) => `Size ${size} is not offered for this product.`,
  stale: (size: string) =>
    `Size ${size} was changed by hand since this page was shown: see its history, then enter the count again.`,
  belowZero: (size: string, left: number, taken: number) =>
    `Size ${size} has ${left} ${left === 1 ? 'unit' : 'units'} left: an adjustment cannot take away ${taken}.`,
  aboveMax: (size: string, count: number) =>
    `Size ${size} would have ${count.toLocaleString('en-IN')} units: a size holds at most ${STOCK_QUANTITY_MAX.toLocaleString('en-IN')}.`,
} as const;

/** Why one count was refused before anything was changed. */
export interface HandCountProblem {
  count: HandCount;
  why: 'productGone' | 'notOffered' | 'stale';
}

/**
 * The counts refused under the locks (thrown, so the transaction rolls back): every one, so a
 * caller changing many (the upload) can name each by its own words; the message names the first.
 */
export class HandCountsRefused extends FailureError {
  readonly problems: readonly HandCountProblem[];

  constructor(problems: readonly HandCountProblem[]) {
    const [{ count, why }] = problems as [HandCountProblem];
    const message = why === 'productGone' ? HAND_COUNT_MESSAGES.productGone : HAND_COUNT_MESSAGES[why](count.size);
    super(failure('conflict', message));
    this.name = 'HandCountsRefused';
    this.problems = problems;
  }
}

/** Splits a mark into whole seconds and microseconds: each is exact as the database's double and integer. */
function markTime(mark: string) {
  const micros = BigInt(mark);
  return sql`to_timestamp(${Number(micros / 1_000_000n)}::bigint) + ${Number(micros % 1_000_000n)}::bigint * interval '1 microsecond'`;
}

/** The counts, of those with `since`, whose size was changed by hand after that mark. */
async function staleCounts(tx: Database, counts: readonly HandCount[]): Promise<HandCount[]> {
  const watched = counts.filter((count) => count.since !== undefined);
  if (watched.length === 0) return [];
  const changed = await tx
    .selectDistinct({ productId: stockMovements.productId, size: stockMovements.size })
    .from(stockMovements)
    .where(
      and(
        inArray(stockMovements.kind, [...BY_HAND]),
        or(
          ...watched.map((count) =>
            and(
              eq(stockMovements.productId, count.productId),
              eq(stockMovements.size, count.size),
              gt(stockMovements.createdAt, markTime(count.since!)),
            ),
          ),
        ),
      ),
    );
  const keys = new Set(changed.map((row) => `${row.productId}:${row.size}`));
  return watched.filter((count) => keys.has(`${count.productId}:${count.size}`));
}

/**
 * Staff's changes of counts, in the caller's transaction and like a sale, under each stock row's
 * lock: the products' keys, then the rows in the lock order. A size offered but never stocked
 * starts at 0. Refuses (throws `HandCountsRefused`, so nothing of the transaction stays) a product
 * gone, a size no longer offered since the form was read, or a count changed by hand since it was
 * seen; and (a `FailureError`) a count that would go below 0 or above STOCK_QUANTITY_MAX. An
 * unchanged count writes no movement, except staff's own count, which the history keeps as checked.
 */
export async function changeCountsByHand(
  tx: Database,
  actor: Actor,
  counts: readonly HandCount[],
): Promise<HandCountResult[]> {
  const present = await lockProductKeys(
    tx,
    counts.map(({ productId }) => productId),
  );
  const ids = [...present];
  const offered = new Map(
    (ids.length
      ? await tx.select({ id: products.id, sizes: products.sizes }).from(products).where(inArray(products.id, ids))
      : []
    ).map((product) => [product.id, product.sizes]),
  );
  const problems: HandCountProblem[] = [];
  for (const count of counts) {
    if (!present.has(count.productId)) problems.push({ count, why: 'productGone' });
    else if (!offered.get(count.productId)?.includes(count.size)) problems.push({ count, why: 'notOffered' });
  }
  if (problems.length > 0) throw new HandCountsRefused(problems);
  // A size offered but without a row yet; nobody else can lock a row that is not there. Inserted
  // in the lock order: two counts inserting the same new sizes in other orders would wait on each other.
  await tx
    .insert(productStock)
    .values(inStockOrder(counts).map(({ productId, size }) => ({ productId, size, quantity: 0 })))
    .onConflictDoNothing();
  const pairs = sql.join(
    counts.map(({ productId, size }) => sql`(${productId}::integer, ${size}::text)`),
    sql`, `,
  );
  const locked = await tx
    .select()
    .from(productStock)
    .where(sql`(${productStock.productId}, ${productStock.size}) in (${pairs})`)
    .orderBy(asc(productStock.productId), asc(productStock.size))
    .for('update');
  const stale = await staleCounts(tx, counts);
  if (stale.length > 0) throw new HandCountsRefused(stale.map((count) => ({ count, why: 'stale' as const })));
  const now = new Map(locked.map((row) => [`${row.productId}:${row.size}`, row.quantity]));

  const results: HandCountResult[] = [];
  const movements: MovementRow[] = [];
  for (const count of inStockOrder(counts)) {
    const before = now.get(`${count.productId}:${count.size}`) ?? 0;
    let after: number;
    if (count.add !== undefined) after = before + count.add;
    else if (count.was !== undefined) after = Math.max(0, before + count.set! - count.was);
    else after = count.set!;
    if (after < 0) {
      throw new FailureError(failure('conflict', HAND_COUNT_MESSAGES.belowZero(count.size, before, -count.add!)));
    }
    if (after > STOCK_QUANTITY_MAX)
      throw new FailureError(failure('conflict', HAND_COUNT_MESSAGES.aboveMax(count.size, after)));
    results.push({ productId: count.productId, size: count.size, before, after });
    if (after === before && count.kind !== 'counted') continue;
    movements.push(
      movementRow(
        { kind: count.kind, actor, note: count.note ?? null },
        { productId: count.productId, size: count.size, change: after - before, quantityAfter: after },
      ),
    );
  }
  const changed = results.filter(({ before, after }) => before !== after);
  if (changed.length > 0) {
    const values = sql.join(
      changed.map(({ productId, size, after }) => sql`(${productId}::integer, ${size}::text, ${after}::integer)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${productStock} set quantity = v.quantity from (values ${values}) as v(product_id, size, quantity)
          where ${productStock.productId} = v.product_id and ${productStock.size} = v.size`,
    );
  }
  await recordMovements(tx, movements);
  return results;
}
