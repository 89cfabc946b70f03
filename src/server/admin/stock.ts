// A product's stock page for staff: each size's units available to sell now and those reserved
// (on the shelf, but promised: open checkouts, orders not yet shipped, exchanges), an adjustment
// with a reason, and the size's history of every change (stock_movements, written by
// inventory/stock.ts), newest first. A hold whose checkout became an order reads as that order's
// sale. An adjustment runs under the stock row's lock like a sale (inventory/stock.ts
// `changeCountsByHand`), with its audit entry in the same transaction; a count carries the units
// and the mark of the latest movement the page showed, so sales since are kept and a change by
// hand since (or the same count sent twice) is refused.
import { and, eq, sql, type SQL } from 'drizzle-orm';

import { SIZES } from '../../common/catalog.ts';
import { signedUnits, StockAdjustmentSchema, type StockAdjustment } from '../../common/stock-adjustments.ts';
import { STOCK_MOVEMENT_LABELS, type StockMovementKind } from '../../common/stock-movements.ts';
import type { Database } from '../db/client.ts';
import { checkouts, orders, products, returnRequests, stockMovements } from '../db/schema.ts';
import { failure, refusalsAsFailures, type Result } from '../errors.ts';
import { changeCountsByHand, countsAsSeen, HAND_COUNT_MESSAGES, type HandCount } from '../inventory/stock.ts';
import { waitingBySize } from '../notify/waiting.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { pageWithTotal } from '../shared/paging.ts';
import { newestFirst } from '../shared/newest-first.ts';

/** Changes shown per page of a size's history. */
export const STOCK_HISTORY_PAGE_SIZE = 10;

interface StockHistoryEntry {
  id: string;
  createdAt: Date;
  kind: StockMovementKind;
  change: number;
  quantityAfter: number;
  note: string | null;
  actorEmail: string | null;
  /** The order it belongs to: a hold's, once its checkout became an order (the sale), or its own. */
  orderId: string | null;
  /** A hold whose checkout became an order: the sale itself. */
  sold: boolean;
}

export interface SizeStock {
  size: string;
  /** Units available to sell: the shelf's less those reserved. */
  units: number;
  /** The mark of the size's latest movement when `units` was read (`SeenCount.mark`). */
  mark: string;
  reserved: Reserved;
  /** How many wait to be told the size is back ('Notify me'). */
  waiting: number;
  history: { entries: StockHistoryEntry[]; total: number; page: number; pages: number };
}

/** Units on the shelf but not available to sell, by why. */
export interface Reserved {
  /** Held by checkouts still open (paying, or lapsed and not yet released). */
  checkouts: number;
  /** In orders not yet shipped: awaiting confirmation, pending or processing. */
  orders: number;
  /** Held for size exchanges until the new size ships. */
  exchanges: number;
}

const NONE_RESERVED: Reserved = { checkouts: 0, orders: 0, exchanges: 0 };

/** All of a size's reserved units. */
export const reservedTotal = ({ checkouts, orders, exchanges }: Reserved) => checkouts + orders + exchanges;

/**
 * The units reserved now of the products' sizes, by "productId:size", in one query: taken from
 * product_stock when they were held or ordered, but still on the shelf until they ship. A staff
 * count of the shelf less these is what is available to sell.
 */
export async function reservedUnits(db: Database, productIds: readonly number[]): Promise<Map<string, Reserved>> {
  if (productIds.length === 0) return new Map();
  const ids = sql.join(
    [...new Set(productIds)].map((id) => sql`${id}::integer`),
    sql`, `,
  );
  const lines = (table: typeof checkouts | typeof orders, source: keyof Reserved, status: SQL) =>
    sql`select ${source}::text as source, (item->>'productId')::integer as product_id, item->>'size' as size,
      (item->>'quantity')::integer as quantity
      from ${table}, jsonb_array_elements(${table.itemsJson}) as item
      where ${status} and (item->>'productId')::integer in (${ids})`;
  const result = await db.execute(sql`
    select source, product_id, size, sum(quantity)::integer as units from (
      ${lines(checkouts, 'checkouts', sql`${checkouts.status} = 'open'`)}
      union all
      ${lines(orders, 'orders', sql`${orders.status} in ('awaiting_confirmation', 'pending', 'processing')`)}
      union all
      select 'exchanges', ${returnRequests.productId}, ${returnRequests.exchangeSize}, ${returnRequests.quantity}
      from ${returnRequests}
      where ${returnRequests.kind} = 'exchange' and ${returnRequests.status} in ('requested', 'approved', 'picked_up')
        and ${returnRequests.productId} in (${ids})
    ) as reserved group by source, product_id, size`);
  const rows = (
    result as unknown as { rows: Array<{ source: keyof Reserved; product_id: number; size: string; units: number }> }
  ).rows;
  const reserved = new Map<string, Reserved>();
  for (const row of rows) {
    const key = `${row.product_id}:${row.size}`;
    reserved.set(key, { ...(reserved.get(key) ?? NONE_RESERVED), [row.source]: row.units });
  }
  return reserved;
}

/** A size's history, one page, newest first (the order its stock row's lock was taken). */
async function sizeHistory(db: Database, productId: number, size: string, page: number) {
  const where = and(eq(stockMovements.productId, productId), eq(stockMovements.size, size));
  const rows = db
    .select({
      id: stockMovements.id,
      createdAt: stockMovements.createdAt,
      kind: stockMovements.kind,
      change: stockMovements.change,
      quantityAfter: stockMovements.quantityAfter,
      note: stockMovements.note,
      actorEmail: stockMovements.actorEmail,
      orderId: sql<string | null>`coalesce(${stockMovements.orderId}, ${orders.id})`,
      sold: sql<boolean>`${orders.id} is not null`,
    })
    .from(stockMovements)
    .leftJoin(
      orders,
      and(
        eq(stockMovements.kind, 'held'),
        eq(orders.checkoutId, stockMovements.checkoutId),
        // A hold released before its late payment took the units again is not the sale: the later hold is.
        sql`not exists (select 1 from ${stockMovements} as later where later.checkout_id = ${stockMovements.checkoutId}
          and later.product_id = ${stockMovements.productId} and later.size = ${stockMovements.size}
          and later.kind = 'released' and later.created_at > ${stockMovements.createdAt})`,
      ),
    );
  const found = await pageWithTotal(
    db,
    rows,
    { where, orderBy: [newestFirst(stockMovements)] },
    { page, size: STOCK_HISTORY_PAGE_SIZE },
  );
  return {
    entries: found.rows,
    total: found.total,
    page: found.page,
    pages: Math.max(1, Math.ceil(found.total / STOCK_HISTORY_PAGE_SIZE)),
  };
}

/** The product's name and sizes with their units and history; `pages` names each size's page of history. */
export async function getProductStock(
  db: Database,
  productId: number,
  pages: Partial<Record<string, number>>,
): Promise<{ product: { id: number; name: string }; sizes: SizeStock[] } | undefined> {
  const [product] = await db
    .select({ id: products.id, name: products.name, sizes: products.sizes })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return undefined;
  const offered = SIZES.filter((size) => product.sizes.includes(size));
  const [seen, reserved, waiting] = await Promise.all([
    countsAsSeen(
      db,
      offered.map((size) => ({ productId, size })),
    ),
    reservedUnits(db, [productId]),
    waitingBySize(db, productId),
  ]);
  const sizes = await Promise.all(
    offered.map(async (size) => ({
      size,
      ...(seen.get(`${productId}:${size}`) ?? { units: 0, mark: '0' }),
      reserved: reserved.get(`${productId}:${size}`) ?? NONE_RESERVED,
      waiting: waiting.get(size) ?? 0,
      history: await sizeHistory(db, productId, size, pages[size] ?? 1),
    })),
  );
  return { product: { id: product.id, name: product.name }, sizes };
}

/** What an adjustment does to the count: add (or take away) units, or set the count. */
function handCount(productId: number, adjustment: StockAdjustment): HandCount {
  const { size, reason, units, note, seen } = adjustment;
  const common = { productId, size, kind: reason, note };
  if (reason === 'counted') return { ...common, set: units, was: seen!.was, since: seen!.mark };
  return { ...common, add: reason === 'damaged' ? -units : units };
}

export interface Adjusted {
  size: string;
  reason: StockAdjustment['reason'];
  before: number;
  after: number;
}

/** "Size M now has 17 units (received, +5)." */
export function adjustedMessage({ size, reason, before, after }: Adjusted): string {
  const label = STOCK_MOVEMENT_LABELS[reason].toLowerCase();
  return `Size ${size} now has ${after.toLocaleString('en-IN')} ${after === 1 ? 'unit' : 'units'} (${label}, ${signedUnits(after - before)}).`;
}

/**
 * Staff adjust one size's stock with a reason and an optional note. Refused with a message (and
 * nothing written): a field that does not fit its reason, a size the product does not offer, a
 * count that would go below 0 (naming the units left) or above the most a size holds.
 */
export async function adjustStock(
  db: Database,
  actor: Actor,
  productId: number,
  input: Record<string, unknown>,
): Promise<Result<{ adjusted: Adjusted }>> {
  const parsed = StockAdjustmentSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return failure('invalid', parsed.error.issues[0]!.message, { fieldErrors });
  }
  const adjustment = parsed.data;
  const [product] = await db
    .select({ name: products.name, sizes: products.sizes })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return failure('not_found', HAND_COUNT_MESSAGES.productGone);
  if (!product.sizes.includes(adjustment.size)) {
    const message = HAND_COUNT_MESSAGES.notOffered(adjustment.size);
    return failure('invalid', message, { fieldErrors: { size: message } });
  }
  return refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      const [counted] = await changeCountsByHand(tx, actor, [handCount(productId, adjustment)]);
      const adjusted: Adjusted = {
        size: adjustment.size,
        reason: adjustment.reason,
        before: counted!.before,
        after: counted!.after,
      };
      const { before, after } = adjusted;
      await recordAudit(tx, actor, {
        action: 'stock.adjust',
        entityType: 'product',
        entityId: productId,
        summary: `Stock of "${product.name}" size ${adjustment.size}: ${STOCK_MOVEMENT_LABELS[adjustment.reason].toLowerCase()} ${signedUnits(after - before)} (${before} → ${after})${adjustment.note ? `: ${adjustment.note}` : ''}`,
        before: { size: adjustment.size, units: before },
        after: { size: adjustment.size, units: after, reason: adjustment.reason, note: adjustment.note },
      });
      return { ok: true as const, adjusted };
    }),
  );
}
