// Live search by name (docs/product.md §7 "search by name contains text, limit 10", §9).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createProduct } from '../../../tests/support/factories.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { products } from '../db/schema.ts';
import { asc, sql } from 'drizzle-orm';

import {
  containingQuery,
  nameMatches,
  nameRelevance,
  openLiveSearch,
  SEARCH_LIMIT,
  type LiveSearch,
  searchProducts,
  similarQuery,
  withSearchSettings,
} from './search.ts';

const database = useTestDatabase();
// The store's way in: on a server, connections of its own that start with the search's settings.
let search: LiveSearch;
beforeAll(() => {
  search = openLiveSearch(database);
});
// Every test states the whole catalog it searches.
beforeEach(async () => {
  await database.db.delete(products);
});

async function catalog(...names: string[]) {
  for (const name of names) await createProduct(database.db, { name });
}

async function namesFound(text: string): Promise<string[]> {
  const results = await search(text);
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

  it('suggests the same when searches run at once, on several connections of a pool', async () => {
    await catalog('Denim Jacket', 'Jaket Club Tee', 'Zip Hoodie', 'Polo Shirt', 'Pique Polo');
    const texts = ['jaket', 'hodie', 'polo', 'polo shrt', 'jacket', 'zip'];
    const oneAtATime = [];
    for (const text of texts) oneAtATime.push(await namesFound(text));
    const atOnce = await Promise.all([...texts, ...texts].map((text) => namesFound(text)));
    expect(atOnce).toEqual([...oneAtATime, ...oneAtATime]);
    expect(oneAtATime[0]).toEqual(['Jaket Club Tee', 'Denim Jacket']);
  });

  it("suggests the same on the search's own connections as with its settings set in a transaction", async () => {
    await catalog('Denim Jacket', 'Jaket Club Tee', 'Zip Hoodie', 'Polo Shirt', 'Pique Polo', '100% Cotton Tee');
    for (const text of ['jaket', 'hodie', 'polo shrt', 'jacket', 'cotton', '100%']) {
      expect(await search(text)).toEqual(await searchProducts(database.db, text));
    }
    expect(await namesFound('polo shrt')).toEqual(['Polo Shirt', 'Pique Polo']);
  });

  it('cuts very long text instead of failing', async () => {
    await catalog('Comet Tee');
    expect(await searchProducts(database.db, 'x'.repeat(150))).toEqual([]);
    // Only the first 100 characters count: the tail would otherwise make this match nothing.
    const tail = 'abcdefghijklmnopqrstuvwxyz'.repeat(2).slice(0, 50);
    expect(await namesFound(`comet tee${' '.repeat(91)}${tail}`)).toEqual(['Comet Tee']);
  });
});

describe('where the candidates come from', () => {
  /** Adds products with these names in one statement, so their ids and storage follow this order. */
  async function catalogInOrder(names: string[]) {
    await database.db.insert(products).values(
      names.map((name) => ({
        name,
        pricePaise: 99_900,
        sizes: ['M'],
        deliveryInfo: {
          standardDelivery: '3-5 business days',
          expressDelivery: '1-2 business days',
          pincodeDelivery: true,
        },
      })),
    );
  }

  const numbered = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name} ${i + 1}`);

  /** How the step found its candidates, read from its plan. */
  async function wayTaken(step: 'containing' | 'similar', text: string): Promise<'reading' | 'index'> {
    const build = step === 'containing' ? containingQuery : similarQuery;
    const plan = await withSearchSettings(
      database.db,
      (tx) => tx.execute(sql`explain (analyze, costs off) ${build(tx, text).getSQL()}`),
      { preferTrigramIndex: true },
    );
    const lines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']);
    const indexScan = lines.find((line) => line.includes('Bitmap Index Scan on products_name_trgm_idx'));
    return indexScan && !indexScan.includes('never executed') ? 'index' : 'reading';
  }

  // The same matches, once first in the catalog (read from the first products) and once behind
  // 300 names that match nothing (found through the index): the same suggestions either way, the
  // best of the first 100 matches, so the closer names after them are not among them.
  it.each([
    {
      step: 'containing' as const,
      text: 'jack',
      first: numbered('Varsity Jacket', 100),
      after: numbered('Jack Club Tee', 20),
      expected: ['Varsity Jacket 1', 'Varsity Jacket 10', 'Varsity Jacket 100', 'Varsity Jacket 11'],
    },
    {
      step: 'similar' as const,
      text: 'polo shrt',
      first: numbered('Pique Polo', 100),
      after: numbered('Polo Shirt', 20),
      expected: ['Pique Polo 1', 'Pique Polo 10', 'Pique Polo 100', 'Pique Polo 11'],
    },
    {
      step: 'similar' as const,
      text: 'swetshirt',
      first: numbered('Graphic T-Shirt', 100),
      after: numbered('Crewneck Sweatshirt', 20),
      expected: ['Graphic T-Shirt 1', 'Graphic T-Shirt 10', 'Graphic T-Shirt 100', 'Graphic T-Shirt 11'],
    },
  ])(
    '"$text" suggests the same when read from the first products or found through the index',
    async ({ step, text, first, after, expected }) => {
      await catalogInOrder([...first, ...after]);
      expect(await wayTaken(step, text)).toBe('reading');
      const read = await namesFound(text);

      await database.db.delete(products);
      await catalogInOrder([...numbered('Anime Oversized Tee', 300), ...first, ...after]);
      expect(await wayTaken(step, text)).toBe('index');
      const indexed = await namesFound(text);

      expect(indexed).toEqual(read);
      expect(read.slice(0, expected.length)).toEqual(expected);
      expect(read).toHaveLength(SEARCH_LIMIT);
    },
  );
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
