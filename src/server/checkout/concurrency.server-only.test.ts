// Races, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): many shoppers at once for the
// last units, and for a coupon's last uses.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { paymentDeps, startSandbox, type Sandbox } from '../../../tests/support/payments.ts';
import { addAddress } from '../addresses/service.ts';
import { addToCart } from '../cart/service.ts';
import { coupons, orders } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
let sandbox: Sandbox;
let deps: ReturnType<typeof paymentDeps>;

beforeAll(async () => {
  sandbox = await startSandbox();
  deps = paymentDeps(database.db, sandbox);
});
afterAll(() => sandbox.close());

async function shoppers(count: number, productId: number, size: string) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const user = await createUser(database.db);
      expect((await addToCart(database.db, user.id, { productId, size, quantity: 1 })).ok).toBe(true);
      const address = await addAddress(database.db, user.id, {
        name: 'Race Shopper',
        phone: '9876543210',
        house: '1',
        street: 'Fast Lane',
        city: 'Pune',
        pincode: '411001',
        state: 'Maharashtra',
        country: 'India',
      });
      if (!address.ok) throw new Error('address');
      return { userId: user.id, addressId: address.address.id };
    }),
  );
}

async function payAll(starts: Array<{ userId: string; result: Awaited<ReturnType<typeof startPayment>> }>) {
  await Promise.all(
    starts.map(async ({ userId, result }) => {
      if (!result.ok) return;
      const verified = await verifyPayment(deps, userId, await sandbox.pay(result.razorpayOrderId));
      expect(verified.ok).toBe(true);
    }),
  );
}

describe('at the same moment', () => {
  it('20 checkouts for a size with 5 left end with exactly 5 orders and no stock', async () => {
    const product = await createProduct(database.db, { sizes: ['M'], pricePaise: 99_900 }, { M: 5 });
    const crowd = await shoppers(20, product.id, 'M');
    const starts = await Promise.all(
      crowd.map(async ({ userId, addressId }) => ({ userId, result: await startPayment(deps, userId, { addressId }) })),
    );
    expect(starts.filter(({ result }) => result.ok)).toHaveLength(5);
    for (const { result } of starts.filter(({ result }) => !result.ok)) {
      expect(result).toMatchObject({ ok: false, kind: 'conflict', message: 'Size M is sold out.' });
    }
    await payAll(starts);
    const made = await database.db.select().from(orders);
    expect(made.filter((order) => order.itemsJson.some((item) => item.productId === product.id))).toHaveLength(5);
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(0);
  });

  it('a coupon with a usage limit of 5 taken by 20 shoppers at once is used exactly 5 times', async () => {
    await database.db.insert(coupons).values({ code: 'FIRST5', kind: 'flat', value: 10_000, usageLimit: 5 });
    const product = await createProduct(database.db, { sizes: ['L'], pricePaise: 99_900 }, { L: 100 });
    const crowd = await shoppers(20, product.id, 'L');
    const starts = await Promise.all(
      crowd.map(async ({ userId, addressId }) => ({
        userId,
        result: await startPayment(deps, userId, { addressId, couponCode: 'FIRST5' }),
      })),
    );
    expect(starts.filter(({ result }) => result.ok)).toHaveLength(5);
    for (const { result } of starts.filter(({ result }) => !result.ok)) {
      expect(result).toMatchObject({ ok: false, message: 'This coupon has reached its usage limit.' });
    }
    await payAll(starts);
    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, 'FIRST5'));
    expect(coupon!.timesUsed).toBe(5);
    expect(await database.db.select().from(orders).where(eq(orders.couponCode, 'FIRST5'))).toHaveLength(5);
    expect(await unitsLeft(database.db, product.id, 'L')).toBe(95);
  });
});
