// /checkout and its requests through the real app: prices and coupons are the server's, addresses
// are the shopper's own.
import { beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { expectShows } from '../../../tests/support/html.ts';
import { addAddress } from '../../server/addresses/service.ts';
import { RATE_RULES } from '../../server/shared/rate-limit.ts';
import { seedCoupons } from '../../server/db/seed.ts';
import type { Product } from '../../server/db/schema.ts';

const { database, app, signIn } = useTestApp();
let cookie: string;
let otherUserId: string;
let hoodie: Product;

beforeAll(async () => {
  ({ cookie } = await signIn());
  otherUserId = (await createUser(database.db)).id;
  hoodie = await createProduct(database.db, { name: 'Zip Hoodie', sizes: ['M'], pricePaise: 179_900 });
  await seedCoupons(database.db);
});

async function post(path: string, body: unknown, method = 'POST') {
  const res = await app.request(`${ORIGIN}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('/checkout and its requests', () => {
  it('prices a buy-now item from the database, whatever price the browser sends', async () => {
    const res = await app.request(`${ORIGIN}/checkout?buy=${hoodie.id}&size=M&qty=2&price=1`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expectShows(html, ['Zip Hoodie', '₹1,799.00', '₹3,598.00'], ['₹0.01']);
  });

  it('judges a coupon against the server-priced buy-now item', async () => {
    const { body } = await post('/api/checkout/coupon', {
      code: 'welcome10',
      buyNow: { productId: hoodie.id, size: 'M', quantity: 1 },
    });
    expect(body).toEqual({
      ok: true,
      verdict: {
        is_valid: true,
        message: 'Coupon applied! You save ₹179.90.',
        discount_amount: 17_990,
        final_amount: 161_910,
      },
      prepaidOnly: false,
    });
    const empty = await post('/api/checkout/coupon', { code: 'WELCOME10' });
    expect(empty.body).toMatchObject({ ok: true, verdict: { is_valid: false, final_amount: 0 } });
  });

  it('tells a shopper who checks code after code to try again later (429, Retry-After)', async () => {
    const guesser = await signIn();
    const check = (code: string) =>
      app.request(`${ORIGIN}/api/checkout/coupon`, {
        method: 'POST',
        body: JSON.stringify({ code, buyNow: { productId: hoodie.id, size: 'M', quantity: 1 } }),
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie: guesser.cookie },
      });
    for (let i = 0; i < RATE_RULES.couponCheckPerShopper.max; i += 1)
      expect((await check(`GUESS${i}`)).status).toBe(200);
    const refused = await check('WELCOME10');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(800);
    expect(await refused.json()).toMatchObject({ message: 'Too many attempts. Please try again in 15 minutes.' });
  });

  it("refuses another user's address, and a bad one, changing nothing", async () => {
    const theirs = await addAddress(database.db, otherUserId, TEST_ADDRESS);
    if (!theirs.ok) throw new Error('adding failed');
    const { status } = await post(`/api/addresses/${theirs.address.id}`, undefined, 'DELETE');
    expect(status).toBe(404);
    const bad = await post('/api/addresses', { address: { name: 'A' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, fieldErrors: { name: 'Name must be at least 2 characters.' } });
  });

  it('answers an empty request with 400, and a visitor with 401', async () => {
    expect((await post('/api/payments', undefined)).status).toBe(400);
    const visitor = await app.request(`${ORIGIN}/api/payments`, {
      method: 'POST',
      body: JSON.stringify({}),
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
    });
    expect(visitor.status).toBe(401);
  });
});

describe('/api/pincode', () => {
  it("fills city (the district) and state from India Post's directory", async () => {
    const res = await app.request(`${ORIGIN}/api/pincode?code=560034`);
    expect(await res.json()).toEqual({ ok: true, city: 'Bangalore', state: 'Karnataka' });
    expect((await app.request(`${ORIGIN}/api/pincode?code=12`)).status).toBe(400);
    expect((await app.request(`${ORIGIN}/api/pincode?code=999999`)).status).toBe(404);
  });
});
