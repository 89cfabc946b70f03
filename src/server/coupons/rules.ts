// How a coupon is judged against an order (docs/product.md §3 "coupon validation result"): pure
// rules, so they are tested on their own; validate.ts and hold.ts feed them from the database.
import { formatPaise } from '../../common/money.ts';
import type { Coupon } from '../db/schema.ts';

export interface CouponVerdict {
  is_valid: boolean;
  message: string;
  /** Paise. */
  discount_amount: number;
  /** Paise: the subtotal less the discount. */
  final_amount: number;
}

export interface CouponUsage {
  /** Uses counted so far in all (sales, and checkouts holding a use). */
  inAll: number;
  /** Uses by this shopper. */
  byShopper: number;
}

export const COUPON_MESSAGES = {
  unknown: 'Invalid coupon code.',
  inactive: 'This coupon is no longer active.',
  notStarted: 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has reached its usage limit.',
  usedByShopper: 'You have already used this coupon.',
  noAmount: 'Add items to your order to use a coupon.',
} as const;

function belowMinimumMessage(minOrderPaise: number): string {
  return `This coupon needs an order of ${formatPaise(minOrderPaise)} or more.`;
}

/** Whether a coupon can be used at `now` at all, before any order is judged against it. */
export type CouponState = 'usable' | 'inactive' | 'notStarted' | 'expired';

/** Switched off first, then the dates: the order in which `judgeCoupon` refuses, and the admin's list reads. */
export function couponState(coupon: Pick<Coupon, 'active' | 'startsAt' | 'endsAt'>, now: Date): CouponState {
  if (!coupon.active) return 'inactive';
  if (coupon.startsAt && coupon.startsAt > now) return 'notStarted';
  if (coupon.endsAt && coupon.endsAt <= now) return 'expired';
  return 'usable';
}

export function judgeCoupon(
  coupon: Coupon | undefined,
  subtotalPaise: number,
  usage: CouponUsage,
  now: Date,
): CouponVerdict {
  const refuse = (message: string): CouponVerdict => ({
    is_valid: false,
    message,
    discount_amount: 0,
    final_amount: subtotalPaise,
  });
  if (!coupon) return refuse(COUPON_MESSAGES.unknown);
  const state = couponState(coupon, now);
  if (state !== 'usable') return refuse(COUPON_MESSAGES[state]);
  if (subtotalPaise <= 0) return refuse(COUPON_MESSAGES.noAmount);
  if (subtotalPaise < coupon.minOrderPaise) return refuse(belowMinimumMessage(coupon.minOrderPaise));
  if (coupon.usageLimit !== null && usage.inAll >= coupon.usageLimit) return refuse(COUPON_MESSAGES.usedUp);
  if (coupon.perUserLimit !== null && usage.byShopper >= coupon.perUserLimit)
    return refuse(COUPON_MESSAGES.usedByShopper);

  const raw = coupon.kind === 'percent' ? Math.floor((subtotalPaise * coupon.value) / 100) : coupon.value;
  const capped = coupon.maxDiscountPaise === null ? raw : Math.min(raw, coupon.maxDiscountPaise);
  const discount = Math.min(capped, subtotalPaise);
  return {
    is_valid: true,
    message: `Coupon applied! You save ${formatPaise(discount)}.`,
    discount_amount: discount,
    final_amount: subtotalPaise - discount,
  };
}
