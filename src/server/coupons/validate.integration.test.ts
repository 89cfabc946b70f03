import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { seedCoupons } from '../db/seed.ts';
import { validateCoupon } from './validate.ts';

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
