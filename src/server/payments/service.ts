// Payments (ARCHITECTURE "Payments"): the server prices the order, holds its stock and coupon use
// for 15 minutes in one transaction, and creates the Razorpay order; a verified payment (the
// browser's callback, the webhook or the reconciliation job, whichever comes first) turns the
// checkout into exactly one order. A payment that finds its stock gone is refunded.
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

import { notEnoughStockMessage } from '../../common/stock.ts';
import { deliveryAddress } from '../addresses/service.ts';
import { quoteBuyNow, quoteCart, type Quote } from '../checkout/quote.ts';
import { judgeCoupon } from '../coupons/rules.ts';
import { normaliseCouponCode } from '../coupons/validate.ts';
import type { Database } from '../db/client.ts';
import {
  cartItems,
  checkouts,
  coupons,
  orders,
  productStock,
  refunds,
  type Checkout,
  type OrderItem,
} from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { refundKey, type RazorpayClient } from './razorpay.ts';
import { isValidPaymentSignature } from './signatures.ts';

export const CHECKOUT_HOLD_MS = 15 * 60_000;
/** Razorpay takes payments of ₹1.00 or more. */
const MIN_PAYMENT_PAISE = 100;
/** How long after a release a late payment is still looked for. */
const LATE_PAYMENT_WINDOW_MS = 60 * 60_000;

export const PAYMENT_MESSAGES = {
  unavailable: 'Payment is temporarily unavailable. Please try again later.',
  noAddress: 'Please select a delivery address.',
  empty: 'There is nothing to pay for: your order has no items.',
  zeroTotal: 'The order total must be more than ₹0.00.',
  belowMinimum: 'The order total must be at least ₹1.00 to pay online.',
  notVerified: 'We could not verify this payment. Please contact support if money left your account.',
  notFound: 'This payment does not belong to an order of yours.',
  refunded: 'Sorry, the last units sold out before your payment arrived. Your money is being refunded.',
} as const;

export interface PaymentDeps {
  db: Database;
  razorpay: RazorpayClient;
  keySecret: string;
  logger: Logger;
  /** Called once for each new order (the confirmation email). */
  onOrderPlaced?: (orderId: string) => Promise<void>;
}

export type PaymentFailure = { ok: false; status: 400 | 404 | 409 | 502; message: string };

export interface PaymentStart {
  ok: true;
  checkoutId: string;
  razorpayOrderId: string;
  amount: number;
  currency: 'INR';
  keyId: string;
  prefill: { name: string; contact: string };
  addressNote: string;
}

/** A refusal inside a transaction: rolled back, then shown to the shopper. */
class Refused extends Error {
  readonly status: 400 | 409;

  constructor(message: string, status: 400 | 409 = 409) {
    super(message);
    this.status = status;
  }
}

/** 'Continue to Payment': price, hold the stock and the coupon use, and open a Razorpay order. */
export async function startPayment(
  deps: PaymentDeps,
  userId: string,
  input: { addressId?: unknown; couponCode?: unknown; buyNow?: unknown },
  now = new Date(),
): Promise<PaymentStart | PaymentFailure> {
  const { db } = deps;
  const priced = input.buyNow
    ? await quoteBuyNow(db, input.buyNow)
    : { ok: true as const, ...(await quoteCart(db, userId)) };
  if (!priced.ok) return priced;
  if (priced.items.length === 0) return { ok: false, status: 400, message: PAYMENT_MESSAGES.empty };
  const delivery = await deliveryAddress(db, userId, input.addressId);
  if (!delivery) return { ok: false, status: 400, message: PAYMENT_MESSAGES.noAddress };
  const code = normaliseCouponCode(input.couponCode);

  let checkout: Checkout;
  try {
    checkout = await db.transaction(async (tx) => {
      const discountPaise = code ? await holdCoupon(tx, code, userId, priced.subtotalPaise, now) : 0;
      const totalPaise = priced.subtotalPaise - discountPaise;
      if (totalPaise <= 0) throw new Refused(PAYMENT_MESSAGES.zeroTotal, 400);
      if (totalPaise < MIN_PAYMENT_PAISE) throw new Refused(PAYMENT_MESSAGES.belowMinimum, 400);
      for (const item of sortedItems(priced.items)) await takeStock(tx, item.productId, item.size, item.quantity);
      const [created] = await tx
        .insert(checkouts)
        .values({
          userId,
          fromCart: !input.buyNow,
          itemsJson: orderItems(priced),
          addressId: delivery.addressId,
          addressJson: delivery.address,
          subtotalPaise: priced.subtotalPaise,
          discountPaise,
          totalPaise,
          couponCode: code || null,
          expiresAt: new Date(now.getTime() + CHECKOUT_HOLD_MS),
        })
        .returning();
      return created!;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, status: error.status, message: error.message };
    throw error;
  }

  try {
    const order = await deps.razorpay.createOrder({
      amount: checkout.totalPaise,
      currency: 'INR',
      receipt: checkout.id,
      notes: { checkout_id: checkout.id },
    });
    await db
      .update(checkouts)
      .set({ razorpayOrderId: order.id, updatedAt: new Date() })
      .where(eq(checkouts.id, checkout.id));
    const address = checkout.addressJson;
    return {
      ok: true,
      checkoutId: checkout.id,
      razorpayOrderId: order.id,
      amount: checkout.totalPaise,
      currency: 'INR',
      keyId: deps.razorpay.keyId,
      prefill: { name: address.name, contact: address.phone },
      addressNote: `${address.house}, ${address.street}, ${address.city}, ${address.state} - ${address.pincode}`,
    };
  } catch (error) {
    deps.logger.error({ err: error, checkoutId: checkout.id }, 'payments: creating the Razorpay order failed');
    await releaseCheckout(db, checkout.id);
    return { ok: false, status: 502, message: PAYMENT_MESSAGES.unavailable };
  }
}

/** The browser's success callback: the signature must be Razorpay's for this shopper's order. */
export async function verifyPayment(
  deps: PaymentDeps,
  userId: string,
  input: { razorpay_order_id?: unknown; razorpay_payment_id?: unknown; razorpay_signature?: unknown },
  now = new Date(),
): Promise<{ ok: true; orderId: string; paymentId: string } | PaymentFailure> {
  const orderId = typeof input.razorpay_order_id === 'string' ? input.razorpay_order_id : '';
  const paymentId = typeof input.razorpay_payment_id === 'string' ? input.razorpay_payment_id : '';
  if (!orderId || !paymentId) return { ok: false, status: 400, message: PAYMENT_MESSAGES.notVerified };
  const [checkout] = await deps.db
    .select({ userId: checkouts.userId })
    .from(checkouts)
    .where(eq(checkouts.razorpayOrderId, orderId));
  if (!checkout || checkout.userId !== userId) return { ok: false, status: 404, message: PAYMENT_MESSAGES.notFound };
  if (!isValidPaymentSignature(orderId, paymentId, input.razorpay_signature, deps.keySecret)) {
    return { ok: false, status: 400, message: PAYMENT_MESSAGES.notVerified };
  }
  const completed = await completeCheckout(deps, orderId, paymentId, now);
  return completed.ok ? { ok: true, orderId: completed.orderId, paymentId } : completed;
}

/**
 * Turns a paid checkout into its order, once: whoever comes second (callback, webhook, job) finds
 * the order made. A payment for a checkout whose hold expired takes the stock again if it is
 * there, and is refunded if it is not.
 */
export async function completeCheckout(
  deps: PaymentDeps,
  razorpayOrderId: string,
  paymentId: string,
  now = new Date(),
): Promise<{ ok: true; orderId: string; created: boolean } | PaymentFailure> {
  let outcome:
    { kind: 'missing' } | { kind: 'done' | 'created'; orderId: string } | { kind: 'refund'; checkoutId: string };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [checkout] = await tx
        .select()
        .from(checkouts)
        .where(eq(checkouts.razorpayOrderId, razorpayOrderId))
        .for('update');
      if (!checkout) return { kind: 'missing' as const };
      if (checkout.status === 'paid' && checkout.paymentId === paymentId) {
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
        return { kind: 'done' as const, orderId: order!.id };
      }
      // Paid by another payment already, or refunded: this payment is given back.
      if (checkout.status !== 'open' && checkout.status !== 'released') {
        return { kind: 'refund' as const, checkoutId: checkout.id };
      }
      if (checkout.status === 'released') {
        // The hold had lapsed: the coupon and the stock must still be there, taken in the same
        // order as a new checkout takes them (coupon, then stock) so the two never deadlock.
        if (checkout.couponCode) {
          await holdCoupon(tx, checkout.couponCode, checkout.userId, checkout.subtotalPaise, now);
        }
        for (const item of sortedItems(checkout.itemsJson))
          await takeStock(tx, item.productId, item.size, item.quantity);
      }
      const [order] = await tx
        .insert(orders)
        .values({
          userId: checkout.userId,
          addressId: checkout.addressId,
          addressJson: checkout.addressJson,
          itemsJson: checkout.itemsJson,
          subtotalPaise: checkout.subtotalPaise,
          discountPaise: checkout.discountPaise,
          totalPaise: checkout.totalPaise,
          couponCode: checkout.couponCode,
          paymentId,
          checkoutId: checkout.id,
          status: 'pending',
        })
        .returning({ id: orders.id });
      if (checkout.fromCart) {
        for (const item of checkout.itemsJson) {
          await tx
            .delete(cartItems)
            .where(
              and(
                eq(cartItems.userId, checkout.userId),
                eq(cartItems.productId, item.productId),
                eq(cartItems.size, item.size),
              ),
            );
        }
      }
      if (checkout.couponCode) {
        await tx
          .update(coupons)
          .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
          .where(eq(coupons.code, checkout.couponCode));
      }
      await tx
        .update(checkouts)
        .set({ status: 'paid', paymentId, updatedAt: now })
        .where(eq(checkouts.id, checkout.id));
      return { kind: 'created' as const, orderId: order!.id };
    });
  } catch (error) {
    // Nothing of a refused late payment stays taken: the whole transaction rolled back.
    if (!(error instanceof Refused)) throw error;
    const [checkout] = await deps.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.razorpayOrderId, razorpayOrderId));
    outcome = { kind: 'refund', checkoutId: checkout!.id };
  }

  if (outcome.kind === 'missing') return { ok: false, status: 404, message: PAYMENT_MESSAGES.notFound };
  if (outcome.kind === 'refund') {
    const refunded = await refundPayment(deps, outcome.checkoutId, paymentId);
    if (refunded.kind === 'paid') return { ok: true, orderId: refunded.orderId, created: false };
    return { ok: false, status: 409, message: PAYMENT_MESSAGES.refunded };
  }
  if (outcome.kind === 'created' && deps.onOrderPlaced) {
    const orderId = outcome.orderId;
    // In the background: a slow mail server must not hold up the webhook's or the shopper's answer.
    void deps
      .onOrderPlaced(orderId)
      .catch((error: unknown) => deps.logger.error({ err: error, orderId }, 'payments: the confirmation email failed'));
  }
  return { ok: true, orderId: outcome.orderId, created: outcome.kind === 'created' };
}

/** Gives the stock of an open checkout back (payment failed, window long closed, or hold expired). */
export async function releaseCheckout(db: Database, checkoutId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (!checkout || checkout.status !== 'open') return false;
    for (const item of sortedItems(checkout.itemsJson)) {
      await tx
        .update(productStock)
        .set({ quantity: sql`${productStock.quantity} + ${item.quantity}` })
        .where(and(eq(productStock.productId, item.productId), eq(productStock.size, item.size)));
    }
    await tx.update(checkouts).set({ status: 'released', updatedAt: new Date() }).where(eq(checkouts.id, checkout.id));
    return true;
  });
}

/** The shopper closed the payment window: their own open checkout gives its stock back. */
export async function cancelPayment(db: Database, userId: string, razorpayOrderId: unknown): Promise<boolean> {
  if (typeof razorpayOrderId !== 'string') return false;
  const [checkout] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.razorpayOrderId, razorpayOrderId), eq(checkouts.userId, userId)));
  return checkout ? releaseCheckout(db, checkout.id) : false;
}

export async function releaseByRazorpayOrder(db: Database, razorpayOrderId: string): Promise<boolean> {
  const [checkout] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(eq(checkouts.razorpayOrderId, razorpayOrderId));
  return checkout ? releaseCheckout(db, checkout.id) : false;
}

/**
 * The reconciliation job: for checkouts still open after `graceMs`, ask Razorpay whether they were
 * paid (a closed tab, a lost webhook) and complete them, and release the ones whose hold expired
 * unpaid; checkouts released within the last hour are asked too, since a payment may land late.
 * When Razorpay cannot be asked, nothing is released.
 */
export async function reconcileCheckouts(deps: PaymentDeps, now = new Date(), graceMs = 2 * 60_000) {
  const candidates = await deps.db
    .select({
      id: checkouts.id,
      status: checkouts.status,
      razorpayOrderId: checkouts.razorpayOrderId,
      expiresAt: checkouts.expiresAt,
    })
    .from(checkouts)
    .where(
      or(
        and(eq(checkouts.status, 'open'), lt(checkouts.createdAt, new Date(now.getTime() - graceMs))),
        and(
          eq(checkouts.status, 'released'),
          gt(checkouts.updatedAt, new Date(now.getTime() - LATE_PAYMENT_WINDOW_MS)),
        ),
      ),
    )
    .orderBy(asc(checkouts.createdAt))
    .limit(200);
  let completed = 0;
  let released = 0;
  for (const checkout of candidates) {
    let captured: string | undefined;
    if (checkout.razorpayOrderId) {
      try {
        const payments = await deps.razorpay.fetchOrderPayments(checkout.razorpayOrderId);
        captured = payments.find((payment) => payment.status === 'captured')?.id;
      } catch (error) {
        deps.logger.warn({ err: error, checkoutId: checkout.id }, 'reconciliation: Razorpay could not be asked');
        continue;
      }
    }
    if (captured && checkout.razorpayOrderId) {
      const done = await completeCheckout(deps, checkout.razorpayOrderId, captured, now);
      if (done.ok && done.created) completed += 1;
    } else if (
      checkout.status === 'open' &&
      checkout.expiresAt <= now &&
      (await releaseCheckout(deps.db, checkout.id))
    ) {
      released += 1;
    }
  }
  return { completed, released };
}

/**
 * Gives a payment back, deciding under the checkout's lock: if this very payment completed the
 * checkout meanwhile (the callback and the webhook crossing), there is nothing to refund.
 */
async function refundPayment(
  deps: PaymentDeps,
  checkoutId: string,
  paymentId: string,
): Promise<{ kind: 'paid'; orderId: string } | { kind: 'refunded' }> {
  const decision = await deps.db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (checkout!.status === 'paid' && checkout!.paymentId === paymentId) {
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
      return { kind: 'paid' as const, orderId: order!.id };
    }
    if (checkout!.status === 'released') {
      await tx.update(checkouts).set({ status: 'refunded', updatedAt: new Date() }).where(eq(checkouts.id, checkoutId));
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        checkoutId,
        paymentId,
        amountPaise: checkout!.totalPaise,
        reason: 'stock or coupon gone before payment',
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id, amountPaise: refunds.amountPaise });
    return { kind: 'refunded' as const, refund };
  });
  if (decision.kind === 'paid') return decision;
  if (decision.refund) {
    try {
      const refund = await deps.razorpay.refundPayment(paymentId, decision.refund.amountPaise, refundKey(paymentId));
      await deps.db.update(refunds).set({ razorpayRefundId: refund.id }).where(eq(refunds.id, decision.refund.id));
    } catch (error) {
      // Kept without a Razorpay id; retryUnconfirmedRefunds asks again with the same key.
      deps.logger.error({ err: error, paymentId }, 'payments: the refund request failed');
    }
  }
  return { kind: 'refunded' };
}

/**
 * Late payments' refunds that Razorpay has not confirmed (it could not be reached, or its answer
 * was lost) are asked for again with the same idempotency key, so each is made exactly once.
 * An order's refund is the admin's to retry (admin/orders.ts). Returns how many were confirmed.
 */
export async function retryUnconfirmedRefunds(deps: PaymentDeps): Promise<number> {
  const pending = await deps.db
    .select()
    .from(refunds)
    .where(and(isNull(refunds.razorpayRefundId), isNotNull(refunds.checkoutId)))
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  let confirmed = 0;
  for (const refund of pending) {
    try {
      const made = await deps.razorpay.refundPayment(refund.paymentId, refund.amountPaise, refundKey(refund.paymentId));
      await deps.db.update(refunds).set({ razorpayRefundId: made.id }).where(eq(refunds.id, refund.id));
      confirmed += 1;
    } catch (error) {
      deps.logger.warn({ err: error, paymentId: refund.paymentId }, 'payments: a refund is still unconfirmed');
    }
  }
  return confirmed;
}

/** Holds one use of the coupon for this checkout, or refuses with the coupon's own message. */
async function holdCoupon(
  tx: Database,
  code: string,
  userId: string,
  subtotalPaise: number,
  now: Date,
): Promise<number> {
  // The row lock makes concurrent checkouts with this coupon count one after another.
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  // Every open checkout holds its use until it is released, expired or not.
  const held = and(eq(checkouts.couponCode, code), eq(checkouts.status, 'open'));
  const [{ open } = { open: 0 }] = await tx.select({ open: count() }).from(checkouts).where(held);
  const [{ mineOpen } = { mineOpen: 0 }] = await tx
    .select({ mineOpen: count() })
    .from(checkouts)
    .where(and(held, eq(checkouts.userId, userId)));
  const [{ mineUsed } = { mineUsed: 0 }] = await tx
    .select({ mineUsed: count() })
    .from(orders)
    .where(and(eq(orders.couponCode, code), eq(orders.userId, userId)));
  const verdict = judgeCoupon(
    coupon,
    subtotalPaise,
    { inAll: (coupon?.timesUsed ?? 0) + open, byShopper: mineUsed + mineOpen },
    now,
  );
  if (!verdict.is_valid) throw new Refused(verdict.message, 400);
  return verdict.discount_amount;
}

/** Takes units of a size, or refuses when fewer are left: one conditional update, no oversell. */
async function takeStock(tx: Database, productId: number, size: string, quantity: number) {
  const taken = await tx
    .update(productStock)
    .set({ quantity: sql`${productStock.quantity} - ${quantity}` })
    .where(
      and(
        eq(productStock.productId, productId),
        eq(productStock.size, size),
        sql`${productStock.quantity} >= ${quantity}`,
      ),
    )
    .returning({ left: productStock.quantity });
  if (taken.length === 0) {
    const [row] = await tx
      .select({ left: productStock.quantity })
      .from(productStock)
      .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
    throw new Refused(notEnoughStockMessage(size, row?.left ?? 0));
  }
}

/** Stock rows are always locked in one order (product, then size), so checkouts never deadlock. */
function sortedItems<T extends { productId: number; size: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
}

/** Order items keep whole-rupee prices (SPEC §3 "order item"), stored in paise. */
function orderItems(quote: Quote): OrderItem[] {
  return quote.items.map((item) => ({
    productId: item.productId,
    name: item.name,
    size: item.size,
    quantity: item.quantity,
    pricePaise: Math.round(item.pricePaise / 100) * 100,
  }));
}
