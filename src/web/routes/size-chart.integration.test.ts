// Size charts and fit advice through the app (ADR 0030): the product page's button and the
// chart it opens (nothing personal in the page), the fit advice endpoint for a visitor's chest and
// a shopper's past purchase, and staff's chart screens (404 to anyone else).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../../tests/support/app.ts';
import { createOrder, createProduct } from '../../../tests/support/factories.ts';
import { seedSizeCharts } from '../../server/db/seed.ts';
import { auditLog, sizeMeasurements, type Product } from '../../server/db/schema.ts';
import type { FitAdvice } from './api.fit-advice.server.ts';

const { database, get, postForm, signIn } = useTestApp();
let tee: Product;

beforeAll(async () => {
  await seedSizeCharts(database.db);
  tee = await createProduct(database.db, { name: 'Fit Tee', category: 'regular-fit', sizes: ['S', 'M', 'L', 'XL'] });
});

const advice = async (query: string, cookie = '') => {
  const res = await get(`/api/fit-advice?${query}`, cookie);
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: (await res.json()) as FitAdvice };
};

describe('the product page', () => {
  it('offers the Size Chart beside the sizes, with the chart in the page and nothing personal', async () => {
    const shopper = await signIn();
    await createOrder(database.db, {
      userId: shopper.id,
      status: 'delivered',
      itemsJson: [{ productId: tee.id, name: 'Fit Tee', size: 'M', quantity: 1, pricePaise: 99_900 }],
    });
    const html = await (await get(`/product/${tee.id}`)).text();
    expect(html).toContain('>Size Chart</button>');
    // The chart's data travels with the page (public), the shopper's sizes never do.
    expect(html).toContain('\\"chestMm\\"');
    expect(html).not.toContain('You bought');
    const signedIn = await (await get(`/product/${tee.id}`, shopper.cookie)).text();
    expect(signedIn).not.toContain('You bought');
  });

  it('shows no Size Chart button for a product whose category has no chart', async () => {
    const bare = await createProduct(database.db, { name: 'No Chart Tee', category: null, sizes: ['M'] });
    expect(await (await get(`/product/${bare.id}`)).text()).not.toContain('>Size Chart</button>');
  });
});

describe('GET /api/fit-advice', () => {
  it('suggests a size from a chest in centimetres or inches, for anyone, never cached for others', async () => {
    expect(await advice(`productId=${tee.id}&chest=100`)).toEqual({
      status: 200,
      cacheControl: 'private, no-store',
      body: { ok: true, purchase: null, fromChest: { size: 'M', fits: 'well' } },
    });
    // 41 inches is 104.1 cm: 110.1 cm needed, an L.
    expect((await advice(`productId=${tee.id}&chest=41&unit=in`)).body).toMatchObject({ fromChest: { size: 'L' } });
    expect((await advice(`productId=${tee.id}&chest=140`)).body).toMatchObject({
      fromChest: { size: 'XL', fits: 'snug' },
    });
  });

  it('refuses a chest that is not a measurement, and an unknown product', async () => {
    for (const chest of ['abc', '20', '500', '-96', '96cm']) {
      expect(await advice(`productId=${tee.id}&chest=${chest}`)).toMatchObject({
        status: 400,
        body: { ok: false, message: 'Enter your chest: 60 to 180 cm, or 24 to 70 inches.' },
      });
    }
    expect((await advice('productId=999999')).status).toBe(404);
    expect((await advice('productId=x')).status).toBe(404);
  });

  it('tells a signed-in shopper the size they bought, and only theirs', async () => {
    const shopper = await signIn();
    const bought = await createProduct(database.db, { name: 'Bought Tee', category: 'regular-fit', sizes: ['L'] });
    await createOrder(database.db, {
      userId: shopper.id,
      status: 'delivered',
      itemsJson: [{ productId: bought.id, name: 'Bought Tee', size: 'L', quantity: 1, pricePaise: 99_900 }],
    });
    expect((await advice(`productId=${tee.id}`, shopper.cookie)).body).toEqual({
      ok: true,
      purchase: { text: 'You bought L in Regular Fit Tees', suggestion: { size: 'L', fits: 'well' } },
      fromChest: null,
    });
    expect((await advice(`productId=${tee.id}`, (await signIn()).cookie)).body).toMatchObject({ purchase: null });
    expect((await advice(`productId=${tee.id}`)).body).toMatchObject({ purchase: null });
  });
});

describe('staff’s size chart screens', () => {
  it('lists the categories and saves one’s chart', async () => {
    const admin = await signIn({ role: 'admin' });
    expect(await (await get('/admin/categories', admin.cookie)).text()).toContain('Size chart: 6 of 6 sizes');
    const page = await (await get('/admin/categories/polos', admin.cookie)).text();
    expect(page).toContain('Polos: size chart');
    expect(page).toContain('aria-label="Chest of size M, in centimetres"');

    const rows = await database.db.select().from(sizeMeasurements).where(eq(sizeMeasurements.category, 'polos'));
    const form = Object.fromEntries(
      rows.flatMap((row) =>
        (['chestMm', 'lengthMm', 'shoulderMm', 'sleeveMm'] as const).map((key) => [
          `${key}-${row.size}`,
          String(row[key] / 10),
        ]),
      ),
    );
    const saved = await postForm('/admin/categories/polos', { ...form, 'chestMm-M': '109' }, admin.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('The size chart was saved.');
    const refused = await postForm('/admin/categories/polos', { ...form, 'chestMm-M': '' }, admin.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Give all four measurements of size M, or leave them all empty.');
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, 'polos'));
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'category' });
  });

  it('is the ordinary 404 to a visitor and a customer, whose posts change nothing', async () => {
    const customer = await signIn();
    const before = await database.db.select().from(sizeMeasurements);
    for (const cookie of ['', customer.cookie]) {
      expect((await get('/admin/categories', cookie)).status).toBe(404);
      expect((await get('/admin/categories/polos', cookie)).status).toBe(404);
      expect((await postForm('/admin/categories/polos', {}, cookie)).status).toBe(404);
    }
    expect(await database.db.select().from(sizeMeasurements)).toEqual(before);
  });
});
