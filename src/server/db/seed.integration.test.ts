import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { CATEGORY_SLUGS, COLLECTION_SLUGS, IMAGE_WIDTHS, SIZES } from '../../common/catalog.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { listProducts } from '../catalog/service.ts';
import { productStock, products, stockMovements } from './schema.ts';
import { seedCatalog } from './seed.ts';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../public');

const database = useTestDatabase();

describe('seedCatalog', () => {
  it('seeds a full catalog once, and never again', async () => {
    expect(await seedCatalog(database.db)).toBe(true);
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);

    expect(await seedCatalog(database.db)).toBe(false);
    expect(await database.db.$count(products)).toBe(rows.length);
  });

  it('covers every category and collection with realistic prices and complete texts', async () => {
    const rows = await database.db.select().from(products);
    for (const slug of CATEGORY_SLUGS)
      expect(rows.filter((p) => p.category === slug).length, slug).toBeGreaterThanOrEqual(8);
    for (const slug of COLLECTION_SLUGS)
      expect(rows.filter((p) => p.collection === slug).length, slug).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
    for (const product of rows) {
      expect(product.pricePaise, product.name).toBeGreaterThanOrEqual(49_900);
      expect(product.pricePaise, product.name).toBeLessThanOrEqual(299_900);
      expect(product.sizes.length, product.name).toBeGreaterThan(0);
      for (const size of product.sizes) expect(SIZES).toContain(size);
      for (const text of [
        product.description,
        product.fullDescription,
        product.manufactureAndCare,
        product.returnPolicy,
      ]) {
        expect(text.trim().length, product.name).toBeGreaterThan(10);
      }
      for (const key of ['design', 'fit', 'neck', 'occasion', 'sleeveStyle', 'washCare']) {
        expect(product.keyHighlights[key], `${product.name} ${key}`).toBeTruthy();
      }
      expect(product.deliveryInfo.standardDelivery).toBeTruthy();
      expect(product.deliveryInfo.expressDelivery).toBeTruthy();
      expect(typeof product.deliveryInfo.pincodeDelivery).toBe('boolean');
      expect(product.images.length, product.name).toBeGreaterThanOrEqual(3);
      expect(product.thumbnail).toBe(product.images[0]);
    }
  });

  it('stocks every offered size, some low and some sold out', async () => {
    const rows = await database.db.select().from(products);
    const stock = await database.db.select().from(productStock);
    expect(stock).toHaveLength(rows.reduce((sum, product) => sum + product.sizes.length, 0));
    expect(stock.some((row) => row.quantity === 0)).toBe(true);
    expect(stock.some((row) => row.quantity > 0 && row.quantity <= 5)).toBe(true);
    const { products: listed } = await listProducts(database.db, { page: 50 });
    expect(listed.some((product) => /^Only \d left$/.test(product.availability))).toBe(true);
    expect(listed.filter((product) => product.availability === 'In Stock').length).toBeGreaterThan(40);
  });

  it("starts each size's history with its opening count", async () => {
    const stock = await database.db.select().from(productStock);
    const movements = await database.db.select().from(stockMovements);
    const opened = (row: { productId: number; size: string; quantity: number }) => ({
      productId: row.productId,
      size: row.size,
      kind: 'opening',
      change: row.quantity,
      quantityAfter: row.quantity,
    });
    const bySize = (a: { productId: number; size: string }, b: { productId: number; size: string }) =>
      a.productId - b.productId || a.size.localeCompare(b.size);
    expect(
      movements
        .map(({ productId, size, kind, change, quantityAfter }) => ({ productId, size, kind, change, quantityAfter }))
        .sort(bySize),
    ).toEqual(stock.map(opened).sort(bySize));
  });

  it('has every image variant on disk', async () => {
    const rows = await database.db.select({ images: products.images }).from(products);
    for (const base of rows.flatMap((p) => p.images)) {
      for (const width of IMAGE_WIDTHS) {
        const file = path.join(PUBLIC_DIR, `${base}-${width}.webp`);
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size, file).toBeLessThan(120_000);
      }
    }
  });
});
