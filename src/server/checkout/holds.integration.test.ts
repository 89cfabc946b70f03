// Stock cannot be held hostage (ADR 0012): one open checkout per shopper, at most
// MAX_CHECKOUT_UNITS units in one, Continue to Payment rate-limited per shopper, and an expired
// hold no longer makes a limited coupon look used up.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { paymentDeps, shopperWithCart, started, useSandbox } from '../../../tests/support/payments.ts';
import { checkouts, coupons, orders, refunds } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { purgeReleasedCheckouts } from './upkeep.ts';
import { CHECKOUT_HOLD_MS, MAX_CHECKOUT_UNITS, startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;

beforeAll(() => {
  deps = paymentDeps(database.db, sandbox);
});

const openOf = (userId: string) =>
  database.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));

describe('holding stock', () => {
  it('a new Continue to Payment releases the shopper’s previous hold', async () => {
    const shirt = await createProduct(database.db, { sizes: ['M'], pricePaise: 50_000 }, { M: 3 });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: shirt.id, size: 'M', quantity: 3 }]);
    const first = started(await startPayment(deps, userId, { addressId }));
    expect(await unitsLeft(database.db, shirt.id, 'M')).toBe(0);
    // All three units are the previous hold's: they come back before the new hold takes them.
    const second = started(await startPayment(deps, userId, { addressId }));
    expect(await unitsLeft(database.db, shirt.id, 'M')).toBe(0);
    const open = await openOf(userId);
    expect(open.map((checkout) => checkout.razorpayOrderId)).toEqual([second.razorpayOrderId]);
    const [previous] = await database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.razorpayOrderId, first.razorpayOrderId));
    expect(previous!.status).toBe('released');
  });

  it('a refused Continue to Payment leaves the previous hold as it was', async () => {
    await database.db.insert(coupons).values({ code: 'ONCEEACH', kind: 'flat', value: 5_000, perUserLimit: 1 });
    const shirt = await createProduct(database.db, { sizes: ['M'], pricePaise: 50_000 }, { M: 3 });
    const scarce = await createProduct(database.db, { sizes: ['S'], pricePaise: 50_000 }, { S: 1 });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: shirt.id, size: 'M', quantity: 2 }]);
    const first = started(await startPayment(deps, userId, { addressId, couponCode: 'ONCEEACH' }));
    const heldBefore = await openOf(userId);

    expect(await startPayment(deps, userId, { addressId, couponCode: 'NOSUCHCODE' })).toMatchObject({
      ok: false,
      message: 'Invalid coupon code.',
    });
    expect(
      await startPayment(deps, userId, { addressId, buyNow: { productId: scarce.id, size: 'S', quantity: 2 } }),
    ).toMatchObject({ ok: false, kind: 'conflict' });
    expect(await openOf(userId)).toEqual(heldBefore);
    expect(await unitsLeft(database.db, shirt.id, 'M')).toBe(1);
    expect(await unitsLeft(database.db, scarce.id, 'S')).toBe(1);

    // The previous hold's own coupon use does not count against the checkout replacing it.
    const second = started(await startPayment(deps, userId, { addressId, couponCode: 'ONCEEACH' }));
    expect(second.razorpayOrderId).not.toBe(first.razorpayOrderId);
    expect(await openOf(userId)).toMatchObject([{ razorpayOrderId: second.razorpayOrderId, discountPaise: 5_000 }]);
    expect(await unitsLeft(database.db, shirt.id, 'M')).toBe(1);
  });

  it(`refuses more than ${MAX_CHECKOUT_UNITS} units in one checkout, holding nothing`, async () => {
    const tee = await createProduct(database.db, { sizes: ['M', 'L'], pricePaise: 20_000 }, { M: 50, L: 50 });
    const { userId, addressId } = await shopperWithCart(database.db, [
      { productId: tee.id, size: 'M', quantity: 6 },
      { productId: tee.id, size: 'L', quantity: 5 },
    ]);
    expect(await startPayment(deps, userId, { addressId })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'You can buy at most 10 items in one order. Please remove some to continue.',
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(50);
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(50);
    expect(await database.db.select().from(checkouts).where(eq(checkouts.userId, userId))).toEqual([]);
    // Ten in all is allowed, and a buy-now item of ten too.
    expect(
      (await startPayment(deps, userId, { addressId, buyNow: { productId: tee.id, size: 'M', quantity: 10 } })).ok,
    ).toBe(true);
  });

  it('rate-limits Continue to Payment per shopper, by the configured rule', async () => {
    const tee = await createProduct(database.db, { sizes: ['M'], pricePaise: 20_000 }, { M: 50 });
    const limited = { ...deps, paymentStartLimit: { max: 3, windowMs: 15 * 60_000 } };
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const other = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const t0 = new Date();
    for (let i = 0; i < 3; i += 1) expect((await startPayment(limited, userId, { addressId }, t0)).ok).toBe(true);
    const refused = await startPayment(limited, userId, { addressId }, t0);
    expect(refused).toMatchObject({
      ok: false,
      kind: 'too_many_requests',
      message: 'Too many attempts. Please try again in 15 minutes.',
      retryAfterSeconds: 900,
    });
    // Refused before anything was held: the third checkout is still the open one.
    expect(await openOf(userId)).toHaveLength(1);
    expect((await startPayment(limited, other.userId, { addressId: other.addressId }, t0)).ok).toBe(true);
    expect((await startPayment(limited, userId, { addressId }, new Date(t0.getTime() + 15 * 60_000))).ok).toBe(true);
  });
});

describe('a limited coupon', () => {
  it('is not used up by a hold that has expired, and the expired hold’s late payment is refunded', async () => {
    await database.db.insert(coupons).values({ code: 'LASTONE', kind: 'flat', value: 5_000, usageLimit: 1 });
    const tee = await createProduct(database.db, { sizes: ['M'], pricePaise: 40_000 }, { M: 10 });
    const first = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const second = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const t0 = new Date();
    const held = started(
      await startPayment(deps, first.userId, { addressId: first.addressId, couponCode: 'LASTONE' }, t0),
    );
    // While the hold lasts, the one use is taken.
    expect(
      await startPayment(deps, second.userId, { addressId: second.addressId, couponCode: 'LASTONE' }, t0),
    ).toMatchObject({ ok: false, message: 'This coupon has reached its usage limit.' });

    // Expired, though not yet released by the job: the use is free again.
    const later = new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000);
    const taken = started(
      await startPayment(deps, second.userId, { addressId: second.addressId, couponCode: 'LASTONE' }, later),
    );
    expect((await verifyPayment(deps, second.userId, await sandbox.pay(taken.razorpayOrderId), later)).ok).toBe(true);

    // The first shopper pays the expired checkout after all: the coupon is gone, so it is refunded.
    const late = await sandbox.pay(held.razorpayOrderId);
    expect(await verifyPayment(deps, first.userId, late, later)).toMatchObject({ ok: false, kind: 'conflict' });
    expect(await database.db.select().from(orders).where(eq(orders.userId, first.userId))).toEqual([]);
    expect(
      await database.db.select().from(refunds).where(eq(refunds.paymentId, late.razorpay_payment_id)),
    ).toHaveLength(1);
    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, 'LASTONE'));
    expect(coupon!.timesUsed).toBe(1);
  });
});

describe('released checkouts', () => {
  it('are deleted 30 days after their release; open, paid and recent ones are kept', async () => {
    const tee = await createProduct(database.db, { sizes: ['M'], pricePaise: 40_000 }, { M: 10 });
    const old = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const recent = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const t0 = new Date();
    const first = started(await startPayment(deps, old.userId, { addressId: old.addressId }, t0));
    started(await startPayment(deps, old.userId, { addressId: old.addressId }, t0)); // releases the first
    started(await startPayment(deps, recent.userId, { addressId: recent.addressId }, t0));
    const day = 24 * 60 * 60_000;

    const released = () => database.db.select().from(checkouts).where(eq(checkouts.status, 'released'));
    // A released checkout with a refund (a late payment given back) is kept with it.
    const withRefund = started(await startPayment(deps, recent.userId, { addressId: recent.addressId }, t0));
    await startPayment(deps, recent.userId, { addressId: recent.addressId }, t0);
    const refunded = (await released()).find((checkout) => checkout.razorpayOrderId === withRefund.razorpayOrderId)!;
    await database.db
      .insert(refunds)
      .values({ checkoutId: refunded.id, paymentId: `pay_kept${Date.now()}`, amountPaise: 40_000, reason: 'late' });
    const before = (await released()).length;
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await purgeReleasedCheckouts(database.db, new Date(t0.getTime() + 29 * day))).toBe(0);
    // Every checkout released by this file's tests is older than 30 days by then.
    expect(await purgeReleasedCheckouts(database.db, new Date(t0.getTime() + 31 * day))).toBe(before - 1);
    expect((await released()).map((checkout) => checkout.id)).toEqual([refunded.id]);
    const left = await database.db.select().from(checkouts).where(eq(checkouts.userId, old.userId));
    expect(left.map((checkout) => checkout.status)).toEqual(['open']);
    expect(left[0]!.razorpayOrderId).not.toBe(first.razorpayOrderId);
    expect(await openOf(recent.userId)).toHaveLength(1);
  });
});
