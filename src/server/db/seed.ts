// Seeds the demo catalog once per database (a demo mode's first boot, or `npm run db:seed`). A
// marker row in app_state, not the product count, records that it ran, so a store whose staff
// deleted products is not re-seeded.
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';

import { SIZES, type CategorySlug } from '../../common/catalog.ts';
import { rupeesToPaise } from '../../common/money.ts';
import type { Database } from './client.ts';
import {
  appState,
  checkouts,
  coupons,
  orders,
  productStock,
  products,
  sizeMeasurements,
  stockMovements,
  type NewCoupon,
  type NewProduct,
} from './schema.ts';
import { SEED_PRODUCTS, type SeedProduct } from './seed-catalog.ts';
import { DEMO_SIZE_CHARTS } from './seed-size-charts.ts';

const CATALOG_MARKER = 'catalog_seeded_at';
const COUPONS_MARKER = 'coupons_seeded_at';
const SIZE_CHARTS_MARKER = 'size_charts_seeded_at';

/** The demo coupons of the README. */
const SEED_COUPONS: NewCoupon[] = [
  { code: 'WELCOME10', kind: 'percent', value: 10, minOrderPaise: 99_900, maxDiscountPaise: 30_000 },
  { code: 'FLAT200', kind: 'flat', value: 20_000, minOrderPaise: 149_900 },
  { code: 'EXPIRED50', kind: 'percent', value: 50, endsAt: new Date('2025-01-01T00:00:00+05:30') },
];

/**
 * Units of each size for the demo: mostly plenty, every ninth product low in its largest size,
 * every thirteenth sold out in its smallest, every seventeenth nearly gone (3 units of one size),
 * so the shop shows each availability.
 */
function seedStock(productIndex: number, sizes: readonly string[]): number[] {
  return sizes.map((_, sizeIndex) => {
    if (productIndex % 17 === 0) return sizeIndex === 1 ? 3 : 0;
    if (productIndex % 13 === 0 && sizeIndex === 0) return 0;
    if (productIndex % 9 === 0 && sizeIndex === sizes.length - 1) return 2 + (productIndex % 3);
    return 12 + ((productIndex * 7 + sizeIndex * 5) % 30);
  });
}

function seedProductRow(product: SeedProduct): NewProduct {
  const images = Array.from({ length: product.imageCount }, (_, i) => `/images/products/${product.slug}-${i + 1}`);
  return {
    name: product.name,
    images,
    thumbnail: images[0],
    pricePaise: rupeesToPaise(product.priceRupees),
    sizes: product.sizes,
    description: product.description,
    fullDescription: product.fullDescription,
    manufactureAndCare: product.manufactureAndCare,
    returnPolicy: product.returnPolicy,
    keyHighlights: product.keyHighlights,
    deliveryInfo: product.deliveryInfo,
    collection: product.collection,
    category: product.category,
  };
}

/** Records that a seed ran; false when it had been recorded before, so the seed must not run again. */
async function setMarker(tx: Pick<Database, 'insert'>, key: string): Promise<boolean> {
  const inserted = await tx
    .insert(appState)
    .values({ key, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}

/** Inserts the demo catalog unless this database was seeded before. Returns whether it seeded. */
export async function seedCatalog(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [marker] = await tx.select().from(appState).where(eq(appState.key, CATALOG_MARKER)).for('update');
    if (marker) return false;
    // Another instance seeding at the same moment may have got there first.
    if (!(await setMarker(tx, CATALOG_MARKER))) return false;
    const seeded = await tx
      .insert(products)
      .values(SEED_PRODUCTS.map(seedProductRow))
      .returning({ id: products.id, sizes: products.sizes });
    const stock = seeded.flatMap((product, index) =>
      seedStock(index + 1, product.sizes).map((quantity, sizeIndex) => ({
        productId: product.id,
        size: product.sizes[sizeIndex]!,
        quantity,
      })),
    );
    await tx.insert(productStock).values(stock);
    // Each size's history starts with the count it was seeded with, so its movements add up to it.
    await tx
      .insert(stockMovements)
      .values(
        stock.map((row) => ({ ...row, kind: 'opening' as const, change: row.quantity, quantityAfter: row.quantity })),
      );
    return true;
  });
}

/**
 * Inserts the demo size charts, one per category, once per database (a store seeded before size
 * charts existed gets them at its next boot); staff may change them afterwards. A category that
 * already has a chart keeps it.
 */
export async function seedSizeCharts(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await setMarker(tx, SIZE_CHARTS_MARKER))) return false;
    const mm = (cm: number) => Math.round(cm * 10);
    const rows = Object.entries(DEMO_SIZE_CHARTS).flatMap(([category, chart]) =>
      SIZES.map((size, index) => ({
        category: category as CategorySlug,
        size,
        chestMm: mm(chart.chest[index]!),
        lengthMm: mm(chart.length[index]!),
        shoulderMm: mm(chart.shoulder[index]!),
        sleeveMm: mm(chart.sleeve[index]!),
      })),
    );
    await tx.insert(sizeMeasurements).values(rows).onConflictDoNothing();
    return true;
  });
}

/** Inserts the demo coupons once per database; staff may change or remove them afterwards. */
export async function seedCoupons(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await setMarker(tx, COUPONS_MARKER))) return false;
    await tx.insert(coupons).values(SEED_COUPONS).onConflictDoNothing();
    return true;
  });
}

/**
 * A real deployment over a database that once ran the demo: the README's public demo coupons stop
 * working. Those no checkout or order refers to are deleted (their codes are unknown again, free
 * for staff to create); the others are switched off. Coupons staff created after the seeding are
 * left alone. Returns the codes it retired.
 */
export async function retireDemoCoupons(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const seeded = and(
      inArray(
        coupons.code,
        SEED_COUPONS.map((coupon) => coupon.code),
      ),
      // The seeding wrote the coupons and its marker in one transaction, at the same now().
      sql`${coupons.createdAt} <= (select ${appState.updatedAt} from ${appState} where ${appState.key} = ${COUPONS_MARKER})`,
    );
    const deleted = await tx
      .delete(coupons)
      .where(
        and(
          seeded,
          notExists(tx.select().from(checkouts).where(eq(checkouts.couponCode, coupons.code))),
          notExists(tx.select().from(orders).where(eq(orders.couponCode, coupons.code))),
        ),
      )
      .returning({ code: coupons.code });
    const switchedOff = await tx
      .update(coupons)
      .set({ active: false })
      .where(and(seeded, eq(coupons.active, true)))
      .returning({ code: coupons.code });
    return [...deleted, ...switchedOff].map((coupon) => coupon.code);
  });
}
