// Races, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): many shoppers at once for the
// last units, and for a coupon's last uses; one shopper pressing Continue to Payment many times at
// once; the expiry pass and a late payment crossing.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { paymentDeps, shopperWithCart, useSandbox } from '../../../tests/support/payments.ts';
import { checkouts, coupons, orders } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { releaseExpiredHolds } from './upkeep.ts';
import { CHECKOUT_HOLD_MS, startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;

beforeAll(() => {
  deps = paymentDeps(database.db, sandbox);
});

function shoppers(count: number, productId: number, size: string) {
  return Promise.all(
    Array.from({ length: count }, () => shopperWithCart(database.db, [{ productId, size, quantity: 1 }])),
  );
}

async function payAll(starts: Array<{ userId: string; result: Awaited<ReturnType<typeof startPayment>> }>) {
  await Promise.all(
    starts.map(async ({ userId, result }) => {
      if (!result.ok || !('razorpayOrderId' in result)) return;
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

  it('one shopper pressing Continue to Payment 8 times at once ends with one open checkout and one hold', async () => {
    const product = await createProduct(database.db, { sizes: ['M'], pricePaise: 49_900 }, { M: 20 });
    const [{ userId, addressId }] = (await shoppers(1, product.id, 'M')) as [{ userId: string; addressId: string }];
    const starts = await Promise.all(Array.from({ length: 8 }, () => startPayment(deps, userId, { addressId })));
    expect(starts.some((result) => result.ok)).toBe(true);
    for (const result of starts.filter((result) => !result.ok)) expect(result).toMatchObject({ kind: 'conflict' });
    const open = await database.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
    expect(open).toHaveLength(1);
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(19);
  });

  it('shoppers swapping their holds across the same sizes at once all succeed, with exact stock', async () => {
    // Half move a hold from M to L and half from L to M: releasing one size and taking the other
    // in one transaction must lock the rows in one order, or two of them wait on each other.
    const product = await createProduct(database.db, { sizes: ['L', 'M'], pricePaise: 49_900 }, { L: 20, M: 20 });
    const movers = await shoppers(10, product.id, 'M');
    const sizes = movers.map((_, index) => (index % 2 === 0 ? ['M', 'L'] : ['L', 'M']) as [string, string]);
    const buyNow = (size: string) => ({ productId: product.id, size, quantity: 1 });
    await Promise.all(
      movers.map(async ({ userId, addressId }, index) => {
        expect((await startPayment(deps, userId, { addressId, buyNow: buyNow(sizes[index]![0]) })).ok).toBe(true);
      }),
    );
    const swaps = await Promise.all(
      movers.map(({ userId, addressId }, index) =>
        startPayment(deps, userId, { addressId, buyNow: buyNow(sizes[index]![1]) }),
      ),
    );
    expect(swaps.every((result) => result.ok)).toBe(true);
    expect(await unitsLeft(database.db, product.id, 'L')).toBe(15);
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(15);
  });

  it('the expiry pass and late payments crossing give back exactly what is not sold', async () => {
    const product = await createProduct(database.db, { sizes: ['S'], pricePaise: 59_900 }, { S: 10 });
    const crowd = await shoppers(10, product.id, 'S');
    const t0 = new Date();
    const starts = await Promise.all(
      crowd.map(async ({ userId, addressId }) => ({
        userId,
        result: await startPayment(deps, userId, { addressId }, t0),
      })),
    );
    const expired = new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000);
    // Half of them pay just as the pass releases every expired hold.
    const paying = starts.slice(0, 5);
    const paid = await Promise.all(
      paying.map(async ({ result }) =>
        result.ok && 'razorpayOrderId' in result ? sandbox.pay(result.razorpayOrderId) : undefined,
      ),
    );
    await Promise.all([
      releaseExpiredHolds(database.db, expired),
      ...paying.map(({ userId }, i) => verifyPayment(deps, userId, paid[i]!, expired)),
    ]);
    await releaseExpiredHolds(database.db, expired);
    const sold = (await database.db.select().from(orders)).filter((order) =>
      order.itemsJson.some((item) => item.productId === product.id),
    );
    expect(sold).toHaveLength(5);
    expect(await unitsLeft(database.db, product.id, 'S')).toBe(5);
  });
});
