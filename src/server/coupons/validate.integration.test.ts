import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { loadConfig } from '../config.ts';
import { seedCoupons } from '../db/seed.ts';
import { checkCouponForShopper, validateCoupon } from './validate.ts';

const database = useTestDatabase();
let userId: string;
beforeAll(async () => {
  expect(await seedCoupons(database.db)).toBe(true);
  expect(await seedCoupons(database.db)).toBe(false);
  userId = (await createUser(database.db)).id;
});

describe('validateCoupon with the demo coupons', () => {
  it('WELCOME10: 10% off from ₹999, at most ₹300, whatever case is typed', async () => {
    expect(await validateCoupon(database.db, { code: ' welcome10 ', subtotalPaise: 159_800, userId })).toMatchObject({
      is_valid: true,
      discount_amount: 15_980,
      final_amount: 143_820,
    });
    expect(await validateCoupon(database.db, { code: 'WELCOME10', subtotalPaise: 99_800, userId })).toMatchObject({
      is_valid: false,
      message: 'This coupon needs an order of ₹999.00 or more.',
    });
  });

  it('FLAT200: ₹200 off from ₹1,499', async () => {
    expect(await validateCoupon(database.db, { code: 'FLAT200', subtotalPaise: 149_900, userId })).toMatchObject({
      is_valid: true,
      discount_amount: 20_000,
      final_amount: 129_900,
    });
  });

  it('EXPIRED50 has expired, and an unknown code is invalid', async () => {
    expect(await validateCoupon(database.db, { code: 'EXPIRED50', subtotalPaise: 500_000, userId })).toMatchObject({
      is_valid: false,
      message: 'This coupon has expired.',
    });
    expect(await validateCoupon(database.db, { code: 'NOPE', subtotalPaise: 500_000, userId })).toMatchObject({
      is_valid: false,
      message: 'Invalid coupon code.',
      final_amount: 500_000,
    });
    expect(await validateCoupon(database.db, { code: 42, subtotalPaise: 500_000, userId })).toMatchObject({
      is_valid: false,
    });
  });
});

describe('coupon checks at checkout', () => {
  it('are limited per shopper (a setting), then tell the shopper when to try again', async () => {
    const { couponCheckPerShopper: limit } = loadConfig({
      RATE_LIMIT_COUPON_CHECKS_PER_SHOPPER_PER_15_MIN: '3',
    }).rateLimits;
    const guesser = (await createUser(database.db)).id;
    const t0 = new Date();
    const check = (code: string, shopper: string, now: Date) =>
      checkCouponForShopper({ db: database.db, limit }, { code, subtotalPaise: 500_000, userId: shopper }, now);
    for (const code of ['STAFF50', 'VIP100', 'FRIENDS25']) {
      expect(await check(code, guesser, t0)).toMatchObject({ ok: true, verdict: { message: 'Invalid coupon code.' } });
    }
    // Past the limit even a real code is not judged: the answer says nothing about it.
    expect(await check('WELCOME10', guesser, t0)).toEqual({
      ok: false,
      kind: 'too_many_requests',
      message: 'Too many attempts. Please try again in 15 minutes.',
      retryAfterSeconds: 900,
    });
    // Another shopper is not held back, and the guesser may try again in the next window.
    expect(await check('WELCOME10', userId, t0)).toMatchObject({ ok: true, verdict: { is_valid: true } });
    const later = new Date(t0.getTime() + 15 * 60_000 + 1000);
    expect(await check('WELCOME10', guesser, later)).toMatchObject({ ok: true, verdict: { is_valid: true } });
  });
});
