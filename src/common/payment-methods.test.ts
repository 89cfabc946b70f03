import { describe, expect, it } from 'vitest';

import {
  cashToPayLine,
  creditCoversWholly,
  judgeCashOnDelivery,
  partCreditPaise,
  prepaidSavingMessage,
  prepaidSavingPaise,
  useCreditLabel,
  type CodOrder,
  type CodRules,
} from './payment-methods.ts';

const RULES: CodRules = {
  enabled: true,
  minOrderPaise: 29_900,
  maxOrderPaise: 1_000_000,
  excludedPincodes: ['744', '682551'],
  maxOpenOrders: 2,
  maxReturnedToOrigin: 2,
  feePaise: 0,
};

const ORDER: CodOrder = {
  totalPaise: 129_900,
  pincode: '560001',
  courierCollectsCash: true,
  prepaidOnlyCoupon: undefined,
  history: { onTheWay: 0, returnedToOrigin: 0 },
};

const judge = (order: Partial<CodOrder>, rules: Partial<CodRules> = {}) =>
  judgeCashOnDelivery({ ...ORDER, ...order }, { ...RULES, ...rules });

describe('judgeCashOnDelivery', () => {
  it('allows an order within every rule, up to the limits themselves', () => {
    expect(judge({})).toEqual({ allowed: true });
    expect(judge({ totalPaise: 1_000_000 })).toEqual({ allowed: true });
    expect(judge({ totalPaise: 29_900 })).toEqual({ allowed: true });
    expect(judge({ history: { onTheWay: 1, returnedToOrigin: 1 } })).toEqual({ allowed: true });
    expect(judge({ pincode: '682552' })).toEqual({ allowed: true });
  });

  it('says why not, in words, amounts without paise when whole', () => {
    expect(judge({ totalPaise: 1_000_001 })).toEqual({
      allowed: false,
      reason: 'Cash on delivery is not available for orders above ₹10,000.',
    });
    expect(judge({ totalPaise: 29_899 })).toEqual({
      allowed: false,
      reason: 'Cash on delivery is available for orders of ₹299 or more.',
    });
    expect(judge({ totalPaise: 10_000 }, { minOrderPaise: 29_950 })).toEqual({
      allowed: false,
      reason: 'Cash on delivery is available for orders of ₹299.50 or more.',
    });
    expect(judge({ pincode: '744101' })).toEqual({
      allowed: false,
      reason: 'Cash on delivery is not available for this pincode.',
    });
    expect(judge({ pincode: '682551' })).toEqual({
      allowed: false,
      reason: 'Cash on delivery is not available for this pincode.',
    });
    // The store takes cash there, but no courier collects it (the courier's or the zone table's answer).
    expect(judge({ pincode: '560001', courierCollectsCash: false })).toEqual({
      allowed: false,
      reason: 'Cash on delivery is not available for this pincode.',
    });
    expect(judge({ prepaidOnlyCoupon: 'PREPAID15' })).toEqual({
      allowed: false,
      reason: 'The coupon PREPAID15 is for orders paid online only.',
    });
    expect(judge({ history: { onTheWay: 2, returnedToOrigin: 0 } })).toEqual({
      allowed: false,
      reason:
        'You already have 2 cash on delivery orders on their way. Please pay online, or wait until one is delivered.',
    });
    expect(judge({ history: { onTheWay: 0, returnedToOrigin: 2 } })).toEqual({
      allowed: false,
      reason:
        'Cash on delivery is not available on your account because earlier cash on delivery parcels were not accepted. Please pay online.',
    });
  });

  it('names the cap from the settings', () => {
    expect(judge({ history: { onTheWay: 5, returnedToOrigin: 0 } }, { maxOpenOrders: 5 })).toMatchObject({
      reason:
        'You already have 5 cash on delivery orders on their way. Please pay online, or wait until one is delivered.',
    });
  });

  it('gives the first reason: the amount, the pincode, the coupon, then the account', () => {
    const everything = {
      totalPaise: 2_000_000,
      pincode: '744101',
      prepaidOnlyCoupon: 'PREPAID15',
      history: { onTheWay: 9, returnedToOrigin: 9 },
    };
    expect(judge(everything)).toMatchObject({ reason: 'Cash on delivery is not available for orders above ₹10,000.' });
    expect(judge({ ...everything, totalPaise: ORDER.totalPaise })).toMatchObject({
      reason: 'Cash on delivery is not available for this pincode.',
    });
    expect(
      judge({ ...everything, totalPaise: ORDER.totalPaise, pincode: '560001', courierCollectsCash: false }),
    ).toMatchObject({ reason: 'Cash on delivery is not available for this pincode.' });
    expect(judge({ ...everything, totalPaise: ORDER.totalPaise, pincode: '560001' })).toMatchObject({
      reason: 'The coupon PREPAID15 is for orders paid online only.',
    });
  });

  it('offers nothing when the store has it switched off', () => {
    expect(judge({}, { enabled: false })).toEqual({ allowed: false, reason: 'Cash on delivery is not available.' });
  });
});

describe('prepaidSavingPaise', () => {
  it('is a percentage of the amount after the coupon, rounded down, or a flat amount', () => {
    expect(prepaidSavingPaise(129_900, { kind: 'percent', value: 5 })).toBe(6_495);
    expect(prepaidSavingPaise(99_999, { kind: 'percent', value: 5 })).toBe(4_999);
    expect(prepaidSavingPaise(129_900, { kind: 'flat', paise: 5_000 })).toBe(5_000);
    expect(prepaidSavingPaise(129_900, undefined)).toBe(0);
  });

  it('never takes the total below ₹1', () => {
    expect(prepaidSavingPaise(4_000, { kind: 'flat', paise: 5_000 })).toBe(3_900);
    expect(prepaidSavingPaise(100, { kind: 'percent', value: 50 })).toBe(0);
    expect(prepaidSavingPaise(50, { kind: 'flat', paise: 5_000 })).toBe(0);
  });
});

describe('the sentences', () => {
  it('reads the amounts without paise when whole', () => {
    expect(prepaidSavingMessage(5_000)).toBe('Save ₹50 by paying online');
    expect(prepaidSavingMessage(6_495)).toBe('Save ₹64.95 by paying online');
    expect(cashToPayLine(134_900)).toBe('Cash on delivery: ₹1,349.00 to pay when it arrives');
  });
});

describe('store credit at checkout', () => {
  it('covers an order wholly when it is at least the total paid in advance', () => {
    expect(creditCoversWholly(79_900, 79_900)).toBe(true);
    expect(creditCoversWholly(100_000, 79_900)).toBe(true);
    expect(creditCoversWholly(79_899, 79_900)).toBe(false);
    expect(creditCoversWholly(500, 0)).toBe(false);
  });

  it('pays part: all the credit there is, below the total', () => {
    expect(partCreditPaise(79_900, 50_000, 'online')).toBe(50_000);
    expect(partCreditPaise(79_900, 50_000, 'cod')).toBe(50_000);
    expect(partCreditPaise(79_900, 0, 'online')).toBe(0);
  });

  it('leaves Razorpay ₹1.00 at least: ₹0.01 to ₹0.99 left means less credit', () => {
    expect(partCreditPaise(79_900, 79_899, 'online')).toBe(79_800);
    expect(partCreditPaise(79_900, 79_801, 'online')).toBe(79_800);
    expect(partCreditPaise(79_900, 79_800, 'online')).toBe(79_800);
    // ₹1.00 left is Razorpay's minimum, and a total of ₹1.00 leaves no room for credit.
    expect(partCreditPaise(100, 99, 'online')).toBe(0);
    // In cash, any amount may be left.
    expect(partCreditPaise(79_900, 79_899, 'cod')).toBe(79_899);
  });

  it('names the box with the credit available', () => {
    expect(useCreditLabel(50_000)).toBe('Use my store credit (₹500.00 available)');
    expect(useCreditLabel(1_23_456_78)).toBe('Use my store credit (₹1,23,456.78 available)');
  });
});
