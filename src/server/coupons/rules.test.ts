import { describe, expect, it } from 'vitest';

import { couponOf } from '../../../tests/support/factories.ts';
import type { Coupon } from '../db/schema.ts';
import { judgeCoupon } from './rules.ts';

const now = new Date('2026-11-23T12:00:00Z');
const unused = { inAll: 0, byShopper: 0 };
const coupon = (overrides: Partial<Coupon>) => couponOf({ createdAt: now, ...overrides });
const WELCOME10 = coupon({
  code: 'WELCOME10',
  kind: 'percent',
  value: 10,
  minOrderPaise: 99_900,
  maxDiscountPaise: 30_000,
});
const FLAT200 = coupon({ code: 'FLAT200', value: 20_000, minOrderPaise: 149_900 });
/** A coupon refused with `message`: nothing off an order of `subtotalPaise`. */
const refusal = (message: string, subtotalPaise: number) => ({
  is_valid: false,
  message,
  discount_amount: 0,
  final_amount: subtotalPaise,
});

describe('judgeCoupon', () => {
  it('takes 10% off with WELCOME10, at most ₹300', () => {
    expect(judgeCoupon(WELCOME10, 159_800, unused, now)).toEqual({
      is_valid: true,
      message: 'Coupon applied! You save ₹159.80.',
      discount_amount: 15_980,
      final_amount: 143_820,
    });
    expect(judgeCoupon(WELCOME10, 500_000, unused, now)).toMatchObject({
      discount_amount: 30_000,
      final_amount: 470_000,
    });
  });

  it('rounds a percentage down to the paisa', () => {
    expect(judgeCoupon(WELCOME10, 99_999, unused, now).discount_amount).toBe(9_999);
  });

  it('takes ₹200 off with FLAT200 from ₹1,499, never more than the order', () => {
    expect(judgeCoupon(FLAT200, 149_900, unused, now)).toMatchObject({ is_valid: true, discount_amount: 20_000 });
    expect(judgeCoupon(coupon({ value: 50_000 }), 30_000, unused, now)).toMatchObject({
      discount_amount: 30_000,
      final_amount: 0,
    });
  });

  it('names the minimum in rupees', () => {
    expect(judgeCoupon(FLAT200, 149_899, unused, now)).toEqual(
      refusal('This coupon needs an order of ₹1,499.00 or more.', 149_899),
    );
  });

  it.each([
    ['unknown', undefined, unused, 'Invalid coupon code.'],
    ['inactive', coupon({ active: false }), unused, 'This coupon is no longer active.'],
    ['not started', coupon({ startsAt: new Date('2026-12-01T00:00:00Z') }), unused, 'This coupon is not active yet.'],
    ['expired', coupon({ endsAt: new Date('2026-11-23T12:00:00Z') }), unused, 'This coupon has expired.'],
    ['used up', coupon({ usageLimit: 5 }), { inAll: 5, byShopper: 0 }, 'This coupon has reached its usage limit.'],
    [
      'used by this shopper',
      coupon({ perUserLimit: 1 }),
      { inAll: 1, byShopper: 1 },
      'You have already used this coupon.',
    ],
  ])('refuses a coupon that is %s', (_, judged, usage, message) => {
    expect(judgeCoupon(judged, 200_000, usage, now)).toEqual(refusal(message, 200_000));
  });

  it('refuses an empty order', () => {
    expect(judgeCoupon(coupon({}), 0, unused, now)).toMatchObject({ is_valid: false, final_amount: 0 });
  });
});
