// Seeds the demo catalog once per database (first boot). A marker row in app_state, not the
// product count, records that it ran, so a store whose staff deleted products is not re-seeded.
import { eq } from 'drizzle-orm';

import { rupeesToPaise } from '../../common/money.ts';
import type { Database } from './client.ts';
import { appState, products, type NewProduct } from './schema.ts';
import { SEED_PRODUCTS, type SeedProduct } from './seed-catalog.ts';

const CATALOG_MARKER = 'catalog_seeded_at';

export function seedProductRow(product: SeedProduct): NewProduct {
  const images = Array.from({ length: product.imageCount }, (_, i) => `/images/products/${product.slug}-${i + 1}`);
  return {
    name: product.name,
    images,
    thumbnail: images[0],
    pricePaise: rupeesToPaise(product.priceRupees),
    availability: 'In Stock',
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

/** Inserts the demo catalog unless this database was seeded before. Returns whether it seeded. */
export async function seedCatalog(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [marker] = await tx.select().from(appState).where(eq(appState.key, CATALOG_MARKER)).for('update');
    if (marker) return false;
    const inserted = await tx
      .insert(appState)
      .values({ key: CATALOG_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    // Another instance seeding at the same moment got there first.
    if (inserted.length === 0) return false;
    await tx.insert(products).values(SEED_PRODUCTS.map(seedProductRow));
    return true;
  });
}
