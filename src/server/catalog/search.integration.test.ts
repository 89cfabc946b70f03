// Live search by name (docs/product.md §7 "search by name contains text, limit 10", §9).
import { beforeEach, describe, expect, it } from 'vitest';

import { createProduct } from '../../../tests/support/factories.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { products } from '../db/schema.ts';
import { asc } from 'drizzle-orm';

import { nameMatches, nameRelevance, SEARCH_LIMIT, searchProducts, withSearchSettings } from './search.ts';

const database = useTestDatabase();
// Every test states the whole catalog it searches.
beforeEach(async () => {
  await database.db.delete(products);
});

async function catalog(...names: string[]) {
  for (const name of names) await createProduct(database.db, { name });
}

async function namesFound(text: string): Promise<string[]> {
  const results = await searchProducts(database.db, text);
  return results.map((result) => result.name);
}

describe('searchProducts', () => {
  it('finds names containing the text, whatever the case, with the fields a suggestion shows', async () => {
    await catalog('Saturday Cartoons Bomber Jacket', 'Trap Lord Oversized Tee', 'Garba Night Polo');
    const product = await createProduct(
      database.db,
      {
        name: 'Neon Trap Hoodie',
        images: ['/images/products/neon-trap-hoodie-1', '/images/products/neon-trap-hoodie-2'],
        pricePaise: 189_900,
        sizes: ['M', 'L'],
      },
      { M: 2, L: 1 },
    );

    expect(await namesFound('trap')).toEqual(['Neon Trap Hoodie', 'Trap Lord Oversized Tee']);
    expect(await namesFound('LORD')).toEqual(['Trap Lord Oversized Tee']);
    expect(await namesFound('  oon  ')).toEqual(['Saturday Cartoons Bomber Jacket']);

    const [suggestion] = await searchProducts(database.db, 'neon');
    expect(suggestion).toEqual({
      id: product.id,
      name: 'Neon Trap Hoodie',
      images: ['/images/products/neon-trap-hoodie-1', '/images/products/neon-trap-hoodie-2'],
      pricePaise: 189_900,
      // Derived from the units left (3 in all).
      availability: 'Only 3 left',
      sizes: ['M', 'L'],
    });
  });

  it('tolerates typos: "jaket" finds jackets and "hodie" finds hoodies', async () => {
    await catalog('Saturday Cartoons Bomber Jacket', 'Denim Trucker Jacket', 'Zip Hoodie', 'Garba Night Polo');
    expect((await namesFound('jaket')).sort()).toEqual(['Denim Trucker Jacket', 'Saturday Cartoons Bomber Jacket']);
    expect(await namesFound('hodie')).toEqual(['Zip Hoodie']);
    expect(await namesFound('Hodie')).toEqual(['Zip Hoodie']);
  });

  it('ranks names containing the text before close spellings', async () => {
    await catalog('Denim Jacket', 'Jaket Club Tee', 'Varsity Jacket');
    const found = await namesFound('jaket');
    expect(found[0]).toBe('Jaket Club Tee');
    expect(found.slice(1).sort()).toEqual(['Denim Jacket', 'Varsity Jacket']);
  });

  it(`returns at most ${SEARCH_LIMIT} suggestions`, async () => {
    for (let n = 1; n <= 15; n += 1) await createProduct(database.db, { name: `Comet Tee ${n}` });
    expect(await searchProducts(database.db, 'comet')).toHaveLength(SEARCH_LIMIT);
  });

  it('ignores blank and whitespace-only text', async () => {
    await catalog('Comet Tee');
    expect(await searchProducts(database.db, '')).toEqual([]);
    expect(await searchProducts(database.db, '   \t\n ')).toEqual([]);
  });

  it('matches %, _ and \\ literally', async () => {
    await catalog(
      '100% Cotton Tee',
      'Plain Cotton Tee',
      'Drop 1_2 Tee',
      'Drop 1x2 Tee',
      'Back\\Slash Tee',
      'Backslash Tee',
    );
    expect(await namesFound('100%')).toEqual(['100% Cotton Tee']);
    expect(await namesFound('%')).toEqual(['100% Cotton Tee']);
    expect(await namesFound('1_2')).toEqual(['Drop 1_2 Tee']);
    expect(await namesFound('_')).toEqual(['Drop 1_2 Tee']);
    expect(await namesFound('k\\s')).toEqual(['Back\\Slash Tee']);
  });

  it('cuts very long text instead of failing', async () => {
    await catalog('Comet Tee');
    expect(await searchProducts(database.db, 'x'.repeat(150))).toEqual([]);
    // Only the first 100 characters count: the tail would otherwise make this match nothing.
    const tail = 'abcdefghijklmnopqrstuvwxyz'.repeat(2).slice(0, 50);
    expect(await namesFound(`comet tee${' '.repeat(91)}${tail}`)).toEqual(['Comet Tee']);
  });
});

describe('nameMatches and nameRelevance (the products page)', () => {
  it('match and order like the live search inside withSearchSettings', async () => {
    await catalog('Denim Jacket', 'Jaket Club Tee', 'Zip Hoodie');
    const found = await withSearchSettings(database.db, (tx) =>
      tx
        .select({ name: products.name })
        .from(products)
        .where(nameMatches('jaket'))
        .orderBy(...nameRelevance('jaket'), asc(products.id)),
    );
    expect(found.map((row) => row.name)).toEqual(['Jaket Club Tee', 'Denim Jacket']);
  });
});
