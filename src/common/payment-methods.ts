// How an order may be paid (ADR 0047): whether cash on delivery may be used for it, and the saving
// for paying online. Pure, so the checkout page shows the option and its reason from the same rules
// the server judges the order by when it is placed (checkout/cash-on-delivery.ts).
import type { OrderStatus } from './catalog.ts';
import { formatPaise, formatPaiseShort } from './money.ts';

/** What the shopper chooses at checkout; paying wholly with store credit is the server's call, not a choice. */
export type PaymentChoice = 'online' | 'cod';

/** An amount off for paying online: a percentage of what is left after the coupon, or flat paise. */
export type PrepaidDiscount = { kind: 'percent'; value: number } | { kind: 'flat'; paise: number };

/** The settings the rules read (the server's COD_* settings, `config.payments.cod`). */
export interface CodRules {
  enabled: boolean;
  /** The order totals (after discounts, with the fee) cash on delivery may be used for. */
  minOrderPaise: number;
  maxOrderPaise: number;
  /** Pincodes, or their first digits, cash on delivery is refused for. */
  excludedPincodes: readonly string[];
  /** A shopper's cash on delivery orders on their way, at most. */
  maxOpenOrders: number;
  /** A shopper with this many orders returned to origin pays online only. */
  maxReturnedToOrigin: number;
  feePaise: number;
}

/**
 * A shopper's cash on delivery orders still on their way, and their orders returned to origin: the
 * two counts the rules weigh, read by the server under the shopper's checkout lock when placing.
 */
export interface CodHistory {
  onTheWay: number;
  returnedToOrigin: number;
}

/** The statuses of an order on its way: placed and not yet delivered, cancelled or returned. */
export const ON_THE_WAY_STATUSES = [
  'awaiting_confirmation',
  'pending',
  'processing',
  'shipped',
] as const satisfies readonly OrderStatus[];

export const COD_MESSAGES = {
  unavailable: 'Cash on delivery is not available.',
  aboveMax: (maxPaise: number) => `Cash on delivery is not available for orders above ${formatPaiseShort(maxPaise)}.`,
  belowMin: (minPaise: number) => `Cash on delivery is available for orders of ${formatPaiseShort(minPaise)} or more.`,
  pincode: 'Cash on delivery is not available for this pincode.',
  prepaidCoupon: (code: string) => `The coupon ${code} is for orders paid online only.`,
  tooManyOnTheWay: (cap: number) =>
    `You already have ${cap} cash on delivery orders on their way. Please pay online, or wait until one is delivered.`,
  returnedToOrigin:
    'Cash on delivery is not available on your account because earlier cash on delivery parcels were not accepted. Please pay online.',
} as const;

export type CodVerdict = { allowed: true } | { allowed: false; reason: string };

export interface CodOrder {
  /** The order's total with cash on delivery: after the coupon, with the fee. */
  totalPaise: number;
  /** The delivery address's pincode. */
  pincode: string;
  /** Whether a courier collects cash at that pincode (the courier's answer, or the zone table's). */
  courierCollectsCash: boolean;
  /** The applied coupon's code, when that coupon is for orders paid online only. */
  prepaidOnlyCoupon: string | undefined;
  history: CodHistory;
}

/**
 * Whether cash on delivery may be used for this order, or the first reason it may not: the order's
 * amount, then its pincode (the store's exclusions, or no courier there collecting cash) and
 * coupon, then the shopper's account.
 */
export function judgeCashOnDelivery(order: CodOrder, rules: CodRules): CodVerdict {
  const refuse = (reason: string): CodVerdict => ({ allowed: false, reason });
  if (!rules.enabled) return refuse(COD_MESSAGES.unavailable);
  if (order.totalPaise > rules.maxOrderPaise) return refuse(COD_MESSAGES.aboveMax(rules.maxOrderPaise));
  if (order.totalPaise < rules.minOrderPaise) return refuse(COD_MESSAGES.belowMin(rules.minOrderPaise));
  if (rules.excludedPincodes.some((prefix) => order.pincode.startsWith(prefix)) || !order.courierCollectsCash) {
    return refuse(COD_MESSAGES.pincode);
  }
  if (order.prepaidOnlyCoupon) return refuse(COD_MESSAGES.prepaidCoupon(order.prepaidOnlyCoupon));
  if (order.history.onTheWay >= rules.maxOpenOrders) return refuse(COD_MESSAGES.tooManyOnTheWay(rules.maxOpenOrders));
  if (order.history.returnedToOrigin >= rules.maxReturnedToOrigin) return refuse(COD_MESSAGES.returnedToOrigin);
  return { allowed: true };
}

/** The smallest total an order paid online may have: Razorpay takes ₹1.00 or more. */
export const MIN_ONLINE_PAYMENT_PAISE = 100;

/**
 * The saving for paying online on an order costing `afterCouponPaise` after its coupon: never so
 * much that the total falls below ₹1 (none at all for an order that is already below).
 */
export function prepaidSavingPaise(afterCouponPaise: number, discount: PrepaidDiscount | undefined): number {
  if (!discount) return 0;
  const saving = discount.kind === 'percent' ? Math.floor((afterCouponPaise * discount.value) / 100) : discount.paise;
  return Math.max(0, Math.min(saving, afterCouponPaise - MIN_ONLINE_PAYMENT_PAISE));
}

/** The summary lines of the checkout page and the confirmation email. */
export const COD_FEE_LABEL = 'Cash on delivery fee';
export const PREPAID_SAVING_LABEL = 'Online payment saving';

/** 'Save ₹50 by paying online' */
export function prepaidSavingMessage(savingPaise: number): string {
  return `Save ${formatPaiseShort(savingPaise)} by paying online`;
}

/** 'Cash on delivery: ₹1,349.00 to pay when it arrives' */
export function cashToPayLine(totalPaise: number): string {
  return `Cash on delivery: ${formatPaise(totalPaise)} to pay when it arrives`;
}

/**
 * Store credit at checkout (ADR 0050): whether the shopper's credit pays for all of an order whose
 * total when paid in advance (after the coupon and the saving for paying online, no fee) is
 * `prepaidTotalPaise`. Then no other way to pay is asked for.
 */
export function creditCoversWholly(availablePaise: number, prepaidTotalPaise: number): boolean {
  return prepaidTotalPaise > 0 && availablePaise >= prepaidTotalPaise;
}

/**
 * The store credit that pays part of an order of `totalPaise` paid online or in cash: all the
 * shopper has, below the total. Online, what is left for Razorpay is never under ₹1.00, its
 * minimum: the credit used is less by as much.
 */
export function partCreditPaise(totalPaise: number, availablePaise: number, method: PaymentChoice): number {
  const credit = Math.max(0, Math.min(availablePaise, totalPaise));
  const left = totalPaise - credit;
  if (method === 'online' && left < MIN_ONLINE_PAYMENT_PAISE) {
    return Math.max(0, totalPaise - MIN_ONLINE_PAYMENT_PAISE);
  }
  return credit;
}

/** The checkout's box and the summary's lines for store credit. */
export const STORE_CREDIT_LABEL = 'Store credit';
export const TO_PAY_LABEL = 'To pay';

/** 'Use my store credit (₹500.00 available)' */
export function useCreditLabel(availablePaise: number): string {
  return `Use my store credit (${formatPaise(availablePaise)} available)`;
}
