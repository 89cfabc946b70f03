// A drop's two rules, judged on the server whatever the browser sends (docs/drops.md): nothing of a
// drop is put in a cart, bought now or held before it goes live, and no shopper has more of it than
// its limits allow, their orders and the hold being taken together. The drops table is staff's
// (admin/drops.ts); this folder only reads it.
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';

import { dropsOnMessage, overDropLimitMessage } from '../../common/drops.ts';
import type { Database } from '../db/client.ts';
import { cartItems, checkouts, drops, orders, products } from '../db/schema.ts';
import { failure, FailureError } from '../errors.ts';

type Units = ReadonlyArray<{ productId: number; size: string; quantity: number }>;

/**
 * Orders whose units went back unsold: they do not count against a shopper's limit. A failed
 * order's units do (orders/status.ts gives them no way back to stock).
 */
const UNSOLD_ORDER_STATUSES = ['cancelled', 'returned_to_origin'];

/** The moment the next drop goes live after `now`, if one is scheduled. */
export async function nextDropAfter(db: Database, now: Date): Promise<Date | undefined> {
  const [next] = await db
    .select({ goesLiveAt: drops.goesLiveAt })
    .from(drops)
    .where(gt(drops.goesLiveAt, now))
    .orderBy(asc(drops.goesLiveAt))
    .limit(1);
  return next?.goesLiveAt;
}

/**
 * Where a shopper's units of a drop are counted besides the ones being asked for: their orders and
 * open checkout (a hold being taken, or a late payment completing), or their orders and cart (a
 * cart line being added or changed; its checkout is then judged again when it is held).
 */
export type LimitCounting = 'orders-and-holds' | 'orders-and-cart';

/**
 * Refuses (throws, rolling the transaction back) what a drop does not allow: with `onSaleBy`, a
 * product whose drop goes live after that moment; and `wanted` giving the shopper more of a limited
 * drop than it allows, of a size or in all, with how many they may still take. The drops of the
 * wanted products are read once for both. Run it in the transaction that takes the hold, under the
 * shopper's checkout lock (checkout/workflow.ts, lock 0): a shopper's holds are taken one at a time,
 * so the count cannot change under it, whatever tabs and checkouts race.
 */
export async function requireDropRules(
  tx: Database,
  userId: string,
  wanted: Units,
  counting: LimitCounting,
  onSaleBy?: Date,
): Promise<void> {
  const productIds = [...new Set(wanted.map((item) => item.productId))];
  if (productIds.length === 0) return;
  const ofDrops = await tx
    .select({
      productId: products.id,
      dropId: drops.id,
      goesLiveAt: drops.goesLiveAt,
      perSize: drops.limitPerSize,
      total: drops.limitTotal,
    })
    .from(products)
    .innerJoin(drops, eq(drops.id, products.dropId))
    .where(inArray(products.id, productIds));
  if (onSaleBy) {
    const [upcoming] = ofDrops
      .filter((drop) => drop.goesLiveAt > onSaleBy)
      .sort((a, b) => a.goesLiveAt.getTime() - b.goesLiveAt.getTime());
    if (upcoming) throw new FailureError(failure('conflict', dropsOnMessage(upcoming.goesLiveAt)));
  }
  const limited = ofDrops.filter((drop) => drop.perSize !== null || drop.total !== null);
  if (limited.length === 0) return;
  const dropIds = [...new Set(limited.map((row) => row.dropId))];
  // What the shopper has of every product of those drops, not only of the ones asked for: a limit
  // in all counts the drop's other products too.
  const held = await unitsOfDrops(tx, userId, dropIds, counting);
  const dropOf = new Map(limited.map((row) => [row.productId, row.dropId]));

  // Every unit the shopper would have of each limited drop: what they have plus what they ask for.
  const bySize = new Map<string, { dropId: number; size: string; units: number }>();
  const byDrop = new Map<number, number>();
  const add = (dropId: number, productId: number, size: string, units: number) => {
    const key = `${dropId}:${productId}:${size}`;
    const row = bySize.get(key) ?? { dropId, size, units: 0 };
    row.units += units;
    bySize.set(key, row);
    byDrop.set(dropId, (byDrop.get(dropId) ?? 0) + units);
  };
  for (const row of held) add(row.dropId, row.productId, row.size, row.units);
  const had = new Map(bySize);
  const hadByDrop = new Map(byDrop);
  for (const item of wanted) {
    const dropId = dropOf.get(item.productId);
    if (dropId !== undefined) add(dropId, item.productId, item.size, item.quantity);
  }

  for (const [key, row] of bySize) {
    const { perSize } = limited.find((drop) => drop.dropId === row.dropId)!;
    if (perSize !== null && row.units > perSize) {
      const before = had.get(key)?.units ?? 0;
      throw overLimit(overDropLimitMessage({ perSize, size: row.size }, Math.max(0, perSize - before)));
    }
  }
  for (const [dropId, units] of byDrop) {
    const { total } = limited.find((drop) => drop.dropId === dropId)!;
    if (total !== null && units > total) {
      throw overLimit(overDropLimitMessage({ total }, Math.max(0, total - (hadByDrop.get(dropId) ?? 0))));
    }
  }
}

function overLimit(message: string): FailureError {
  return new FailureError(failure('conflict', message));
}

/** A shopper's units of each size of the drops' products, in orders (less unsold ones) and holds or cart. */
async function unitsOfDrops(
  tx: Database,
  userId: string,
  dropIds: readonly number[],
  counting: LimitCounting,
): Promise<Array<{ dropId: number; productId: number; size: string; units: number }>> {
  const ofDrops = sql`(select ${products.id} from ${products} where ${inArray(products.dropId, [...dropIds])})`;
  const second =
    counting === 'orders-and-holds'
      ? sql`select ${checkouts.itemsJson} as items from ${checkouts}
          where ${checkouts.userId} = ${userId} and ${checkouts.status} = 'open'`
      : sql`select jsonb_build_array(jsonb_build_object('productId', ${cartItems.productId}, 'size', ${cartItems.size},
            'quantity', ${cartItems.quantity})) as items from ${cartItems}
          where ${cartItems.userId} = ${userId} and ${cartItems.productId} in ${ofDrops}`;
  // One statement, so one snapshot: an order completing meanwhile is counted once, as the order.
  const result = await tx.execute(sql`
    select ${products.dropId} as drop_id, ${products.id} as product_id, item ->> 'size' as size,
      sum((item ->> 'quantity')::int)::int as units
    from (
      select ${orders.itemsJson} as items from ${orders}
        where ${orders.userId} = ${userId} and ${orders.status} not in (${sql.join(
          UNSOLD_ORDER_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
      union all ${second}
    ) as taken
    cross join jsonb_array_elements(taken.items) as item
    join ${products} on ${products.id} = (item ->> 'productId')::int
    where ${inArray(products.dropId, [...dropIds])}
    group by 1, 2, 3`);
  const rows = (
    result as unknown as { rows: Array<{ drop_id: number; product_id: number; size: string; units: number }> }
  ).rows;
  return rows.map((row) => ({ dropId: row.drop_id, productId: row.product_id, size: row.size, units: row.units }));
}

/**
 * Whether a product shows in the listing, search, related products and the sitemap now: not while
 * its drop is still to come and set to stay hidden until then (its page is reached by link only).
 */
export const listedNow = sql`(${products.dropId} is null or not exists (select 1 from ${drops}
  where ${drops.id} = ${products.dropId} and ${drops.hiddenUntilLive} and ${drops.goesLiveAt} > now()))`;

/** As a column of a query over products: when its drop goes live (ISO), while that is still to come. */
export const upcomingDropSql = sql<string | null>`(select ${drops.goesLiveAt} from ${drops}
  where ${drops.id} = ${products.dropId} and ${drops.goesLiveAt} > now())`.mapWith((value: unknown) =>
  value === null ? null : new Date(value as string | Date).toISOString(),
);

/** A product's drop as its page shows it: when it goes live and its limits; undefined for none. */
export async function dropOfProduct(
  db: Database,
  dropId: number | null,
): Promise<{ goesLiveAt: string; limits: { perSize?: number; total?: number } } | undefined> {
  if (dropId === null) return undefined;
  const [drop] = await db.select().from(drops).where(eq(drops.id, dropId));
  if (!drop) return undefined;
  return {
    goesLiveAt: drop.goesLiveAt.toISOString(),
    limits: {
      ...(drop.limitPerSize ? { perSize: drop.limitPerSize } : {}),
      ...(drop.limitTotal ? { total: drop.limitTotal } : {}),
    },
  };
}
