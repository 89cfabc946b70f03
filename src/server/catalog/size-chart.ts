// A product's size chart, and fit advice from it (ADR 0030). A product's chart is its
// category's, size by size, except where staff gave the product measurements of its own. The
// advice compares a chest measurement (given, or inferred from the size the shopper last bought)
// with the chart, by the one rule of common/size-chart.ts; a size the shopper kept of the product
// itself is advised as it is.
import { and, desc, eq, inArray, or } from 'drizzle-orm';

import { SIZES, type CategorySlug, type OrderStatus } from '../../common/catalog.ts';
import {
  bodyChestFromPurchase,
  CATEGORY_GARMENTS,
  suggestSize,
  type FitSuggestion,
  type SizeChartRow,
} from '../../common/size-chart.ts';
import type { Database } from '../db/client.ts';
import { orders, products, returnRequests, sizeMeasurements, type Product } from '../db/schema.ts';

type ChartOwner = Pick<Product, 'id' | 'category' | 'sizes'>;

/** Orders that reached the shopper: what they did not send back, they kept. */
const DELIVERED_STATUSES: readonly OrderStatus[] = ['delivered', 'completed'];

/** The charts of these products, by product id: each offered size's row, in size order. */
async function sizeChartsOf(db: Database, owners: readonly ChartOwner[]): Promise<Map<number, SizeChartRow[]>> {
  const charts = new Map<number, SizeChartRow[]>();
  if (owners.length === 0) return charts;
  const categories = [...new Set(owners.map((owner) => owner.category).filter((c): c is string => c !== null))];
  const rows = await db
    .select()
    .from(sizeMeasurements)
    .where(
      or(
        inArray(
          sizeMeasurements.productId,
          owners.map((owner) => owner.id),
        ),
        categories.length > 0 ? inArray(sizeMeasurements.category, categories) : undefined,
      ),
    );
  for (const owner of owners) {
    const chart: SizeChartRow[] = [];
    for (const size of SIZES.filter((candidate) => owner.sizes.includes(candidate))) {
      const own = rows.find((row) => row.productId === owner.id && row.size === size);
      const shared = rows.find((row) => row.category !== null && row.category === owner.category && row.size === size);
      const row = own ?? shared;
      if (row)
        chart.push({
          size,
          chestMm: row.chestMm,
          lengthMm: row.lengthMm,
          shoulderMm: row.shoulderMm,
          sleeveMm: row.sleeveMm,
          own: Boolean(own),
        });
    }
    charts.set(owner.id, chart);
  }
  return charts;
}

export async function sizeChartOf(db: Database, product: ChartOwner): Promise<SizeChartRow[]> {
  return (await sizeChartsOf(db, [product])).get(product.id) ?? [];
}

/** A category's own chart (the admin's category screen), size by size. */
export async function categoryChart(db: Database, category: CategorySlug) {
  return db.select().from(sizeMeasurements).where(eq(sizeMeasurements.category, category));
}

/** A product's own rows only (the admin's product screen), size by size. */
export async function productOwnChart(db: Database, productId: number) {
  return db.select().from(sizeMeasurements).where(eq(sizeMeasurements.productId, productId));
}

export interface PastPurchase {
  /** "You bought M in Regular Fit Tees". */
  text: string;
  size: string;
  category: string | null;
  /** The size suggested for the product asked about, from the size bought. */
  suggestion: FitSuggestion | undefined;
}

/** Orders whose items the shopper kept or is about to: paid, not failed, cancelled or returned in full. */
const KEPT_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'completed'] as const;

/**
 * What the shopper last bought that tells their size, and the size it suggests for `product`. A
 * size of `product` itself that the shopper kept (delivered, and not sent back) is the best
 * evidence there is, and is advised as it is, still made, whatever other purchases suggest.
 * Otherwise: the latest purchase of the same category if there is one, else the latest of any
 * category with a chart. An item exchanged for another size counts as that size; an item sent
 * back for a refund does not count. Undefined when nothing bought tells.
 */
export async function fitFromPurchases(
  db: Database,
  userId: string,
  product: ChartOwner,
): Promise<PastPurchase | undefined> {
  const bought = await db
    .select({ id: orders.id, status: orders.status, items: orders.itemsJson })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...KEPT_STATUSES])))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  if (bought.length === 0) return undefined;
  const requests = await db
    .select()
    .from(returnRequests)
    .where(
      and(
        inArray(
          returnRequests.orderId,
          bought.map((order) => order.id),
        ),
        inArray(returnRequests.status, ['refunded', 'exchanged']),
      ),
    );
  // Each purchase as it ended up: exchanged lines in their new size, refunded lines left out.
  const lines = bought.flatMap((order) =>
    order.items.flatMap((item) => {
      const ended = requests.filter(
        (request) => request.orderId === order.id && request.productId === item.productId && request.size === item.size,
      );
      const refunded = ended.filter((r) => r.status === 'refunded').reduce((sum, r) => sum + r.quantity, 0);
      if (refunded >= item.quantity) return [];
      const exchanged = ended.find((r) => r.status === 'exchanged' && r.exchangeSize);
      const delivered = DELIVERED_STATUSES.includes(order.status);
      return [{ productId: item.productId, size: exchanged?.exchangeSize ?? item.size, delivered }];
    }),
  );
  const kept = lines.find(
    (line) => line.productId === product.id && line.delivered && product.sizes.includes(line.size),
  );
  if (kept) {
    return {
      text: `You bought ${kept.size} of this product and kept it`,
      size: kept.size,
      category: product.category,
      suggestion: { size: kept.size, fits: 'well' },
    };
  }
  const others = lines.filter((line) => line.productId !== product.id);
  if (others.length === 0) return undefined;
  const boughtProducts = await db
    .select({ id: products.id, category: products.category, sizes: products.sizes })
    .from(products)
    .where(inArray(products.id, [...new Set(others.map((line) => line.productId))]));
  const charts = await sizeChartsOf(db, [...boughtProducts, product]);
  const candidates = others
    .map((line) => {
      const owner = boughtProducts.find((candidate) => candidate.id === line.productId);
      const row = charts.get(line.productId)?.find((candidate) => candidate.size === line.size);
      return owner && row ? { line, category: owner.category, row } : undefined;
    })
    .filter((candidate) => candidate !== undefined);
  const chosen = candidates.find((candidate) => candidate.category === product.category) ?? candidates[0];
  if (!chosen) return undefined;
  const garment = chosen.category ? CATEGORY_GARMENTS[chosen.category as CategorySlug] : 'our tees';
  return {
    text: `You bought ${chosen.line.size} in ${garment}`,
    size: chosen.line.size,
    category: chosen.category,
    suggestion: suggestSize(
      charts.get(product.id) ?? [],
      bodyChestFromPurchase(chosen.row, chosen.category),
      product.category,
    ),
  };
}
