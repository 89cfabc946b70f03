import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { productLikes, products } from '../db/schema.ts';
import { countLikes, listProducts, listRelatedProducts } from './service.ts';

let database: TestDatabase;
beforeEach(async () => {
  // Listing counts depend on every row: each test starts from an empty catalog.
  database ??= await createTestDatabase();
  await database.db.delete(products);
});
afterAll(() => database.destroy());

async function createMany(count: number, overrides: Parameters<typeof createProduct>[1] = {}) {
  for (let i = 0; i < count; i += 1) await createProduct(database.db, overrides);
}

describe('listProducts', () => {
  it('pages by 12 in id order, each page adding to the last', async () => {
    await createMany(30);
    const first = await listProducts(database.db, { page: 1 });
    expect(first.products).toHaveLength(12);
    expect(first.total).toBe(30);
    expect(first.hasMore).toBe(true);
    const ids = first.products.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const second = await listProducts(database.db, { page: 2 });
    expect(second.products).toHaveLength(24);
    expect(second.products.slice(0, 12)).toEqual(first.products);
    expect(second.hasMore).toBe(true);

    const third = await listProducts(database.db, { page: 3 });
    expect(third.products).toHaveLength(30);
    expect(third.hasMore).toBe(false);
  });

  it('offers a further page only when the last page was full (docs/product.md §4)', async () => {
    await createMany(12);
    expect((await listProducts(database.db, { page: 1 })).hasMore).toBe(true);
    const second = await listProducts(database.db, { page: 2 });
    expect(second.products).toHaveLength(12);
    expect(second.hasMore).toBe(false);
  });

  it('filters by collection and by category, counting the matches', async () => {
    await createMany(3, { collection: 'trap-themed', category: 'jackets' });
    await createMany(2, { collection: 'other-designs', category: 'jackets' });
    await createMany(4, { collection: 'other-designs', category: 'polos' });
    expect((await listProducts(database.db, { page: 1, collection: 'other-designs' })).total).toBe(6);
    expect((await listProducts(database.db, { page: 1, category: 'jackets' })).total).toBe(5);
    const both = await listProducts(database.db, { page: 1, collection: 'other-designs', category: 'polos' });
    expect(both.total).toBe(4);
    expect(both.products.every((p) => p.collection === 'other-designs')).toBe(true);
    expect(both.hasMore).toBe(false);
  });

  it('searches names, containing matches first, typos tolerated', async () => {
    await createProduct(database.db, { name: 'Midnight Bomber Jacket' });
    await createProduct(database.db, { name: 'Retro Denim Jacket' });
    await createProduct(database.db, { name: 'Sunset Polo' });
    const exact = await listProducts(database.db, { page: 1, search: 'jacket' });
    expect(exact.products.map((p) => p.name).sort()).toEqual(['Midnight Bomber Jacket', 'Retro Denim Jacket']);
    expect(exact.total).toBe(2);
    const typo = await listProducts(database.db, { page: 1, search: 'jaket' });
    expect(typo.products.map((p) => p.name)).toContain('Retro Denim Jacket');
    expect((await listProducts(database.db, { page: 1, search: 'zzzz' })).products).toEqual([]);
  });
});

describe('product detail reads', () => {
  it('counts likes and suggests other products of the same category', async () => {
    const { db } = database;
    const tee = await createProduct(db, { category: 'oversized' });
    const sameCategory = await createProduct(db, { category: 'oversized' });
    await createProduct(db, { category: 'polos' });
    const [a, b] = [await createUser(db), await createUser(db)];
    await db.insert(productLikes).values([
      { userId: a.id, productId: tee.id },
      { userId: b.id, productId: tee.id },
    ]);
    expect(await countLikes(db, tee.id)).toBe(2);
    expect(await countLikes(db, sameCategory.id)).toBe(0);
    const related = await listRelatedProducts(db, tee);
    expect(related.map((p) => p.id)).toEqual([sameCategory.id]);
  });
});
