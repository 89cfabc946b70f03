// Two instances of the store over one PostgreSQL database, each with its own cache of visitor pages
// (ADR 0032): a change made through one drops the page the other kept, and an instance that stops
// hearing of changes stops answering from its cache until it hears again.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, createTestApp } from '../../../tests/support/app.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { formatPaise } from '../../common/money.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { products, type Product } from '../db/schema.ts';

const database = useTestDatabase();
let second: DatabaseHandle;
let one: Awaited<ReturnType<typeof createTestApp>>;
let other: Awaited<ReturnType<typeof createTestApp>>;
let product: Product;
let page = '';

beforeAll(async () => {
  second = await openDatabase({ url: database.url });
  one = await createTestApp(database, { PUBLIC_URL: ORIGIN });
  other = await createTestApp(second, { PUBLIC_URL: ORIGIN });
  product = await createProduct(database.db, { name: 'Twice Kept Tee', pricePaise: 119_900 });
  page = `/product/${product.id}`;
});

afterAll(() => second?.close());

const visit = (instance: typeof one) => instance.app.request(`${ORIGIN}${page}`);

/** Asks until `check` holds: the other instance hears of a change when the server tells it. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('visitor pages kept by two instances', () => {
  it("drops the other instance's kept page when one instance's database writes", async () => {
    await eventually(async () => (await visit(other)).headers.get('X-Cache') === 'HIT');
    await database.db.update(products).set({ pricePaise: 139_900 }).where(eq(products.id, product.id));

    await eventually(async () => (await visit(other)).headers.get('X-Cache') === 'MISS');
    expect(await (await visit(other)).text()).toContain(formatPaise(139_900));
    // The instance that wrote reads its own write at once.
    expect(await (await visit(one)).text()).toContain(formatPaise(139_900));
  });

  it('answers from its cache only while it hears of changes, and again once it hears again', async () => {
    await eventually(async () => (await visit(other)).headers.get('X-Cache') === 'HIT');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // Cut every connection that listens (the two instances'), as a restart of the server would.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      );
    } finally {
      await admin.end();
    }
    // A change while it is deaf goes unheard: losing the connection drops what it kept.
    await database.db.update(products).set({ pricePaise: 159_900 }).where(eq(products.id, product.id));
    await eventually(async () => {
      const res = await visit(other);
      return res.headers.get('X-Cache') === 'HIT' && (await res.text()).includes(formatPaise(159_900));
    });
  });
});
