// Payments (ARCHITECTURE "Payments"): the server prices the order, holds its stock and coupon use
// for 15 minutes in one transaction, and creates the Razorpay order; a verified payment (the
// browser's callback, the webhook or the reconciliation job, whichever comes first) turns the
// checkout into exactly one order. A payment that finds its stock gone is refunded.
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';

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
import type { RazorpayClient } from './razorpay.ts';
import { isValidPaymentSignature } from './signatures.ts';

export const CHECKOUT_HOLD_MS = 15 * 60_000;

export const PAYMENT_MESSAGES = {
  unavailable: 'Payment is temporarily unavailable. Please try again later.',
  noAddress: 'Please select a delivery address.',
  empty: 'There is nothing to pay for: your order has no items.',
  zeroTotal: 'The order total must be more than ₹0.00.',
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
      for (const item of priced.items) await takeStock(tx, item.productId, item.size, item.quantity);
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
  const outcome = await deps.db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.razorpayOrderId, razorpayOrderId))
      .for('update');
    if (!checkout) return { kind: 'missing' as const };
    if (checkout.status === 'paid') {
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
      // A second, different payment for an order already paid is given back.
      return checkout.paymentId === paymentId
        ? { kind: 'done' as const, orderId: order!.id }
        : { kind: 'refund' as const, checkout };
    }
    if (checkout.status === 'refunded') return { kind: 'refund' as const, checkout };
    if (checkout.status === 'released') {
      try {
        for (const item of checkout.itemsJson) await takeStock(tx, item.productId, item.size, item.quantity);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        return { kind: 'refund' as const, checkout };
      }
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
    await tx.update(checkouts).set({ status: 'paid', paymentId, updatedAt: now }).where(eq(checkouts.id, checkout.id));
    return { kind: 'created' as const, orderId: order!.id };
  });

  if (outcome.kind === 'missing') return { ok: false, status: 404, message: PAYMENT_MESSAGES.notFound };
  if (outcome.kind === 'refund') {
    await refundPayment(deps, outcome.checkout, paymentId);
    return { ok: false, status: 409, message: PAYMENT_MESSAGES.refunded };
  }
  if (outcome.kind === 'created' && deps.onOrderPlaced) {
    await deps
      .onOrderPlaced(outcome.orderId)
      .catch((error: unknown) =>
        deps.logger.error({ err: error, orderId: outcome.orderId }, 'payments: the confirmation email failed'),
      );
  }
  return { ok: true, orderId: outcome.orderId, created: outcome.kind === 'created' };
}

/** Gives the stock of an open checkout back (payment failed, window long closed, or hold expired). */
export async function releaseCheckout(db: Database, checkoutId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (!checkout || checkout.status !== 'open') return false;
    for (const item of checkout.itemsJson) {
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
 * paid (a closed tab, a lost webhook) and complete them; release the ones whose hold expired.
 */
export async function reconcileCheckouts(deps: PaymentDeps, now = new Date(), graceMs = 2 * 60_000) {
  const open = await deps.db
    .select({ id: checkouts.id, razorpayOrderId: checkouts.razorpayOrderId, expiresAt: checkouts.expiresAt })
    .from(checkouts)
    .where(and(eq(checkouts.status, 'open'), lt(checkouts.createdAt, new Date(now.getTime() - graceMs))))
    .limit(100);
  let completed = 0;
  let released = 0;
  for (const checkout of open) {
    const captured = checkout.razorpayOrderId
      ? (await deps.razorpay.fetchOrderPayments(checkout.razorpayOrderId).catch(() => [])).find(
          (payment) => payment.status === 'captured',
        )
      : undefined;
    if (captured && checkout.razorpayOrderId) {
      if ((await completeCheckout(deps, checkout.razorpayOrderId, captured.id, now)).ok) completed += 1;
    } else if (checkout.expiresAt <= now && (await releaseCheckout(deps.db, checkout.id))) {
      released += 1;
    }
  }
  return { completed, released };
}

async function refundPayment(deps: PaymentDeps, checkout: Checkout, paymentId: string) {
  const inserted = await deps.db
    .insert(refunds)
    .values({
      checkoutId: checkout.id,
      paymentId,
      amountPaise: checkout.totalPaise,
      reason: 'stock gone before payment',
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  if (checkout.status === 'released') {
    await deps.db
      .update(checkouts)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(eq(checkouts.id, checkout.id));
  }
  try {
    const refund = await deps.razorpay.refundPayment(paymentId, checkout.totalPaise, `refund-${paymentId}`);
    if (inserted[0])
      await deps.db.update(refunds).set({ razorpayRefundId: refund.id }).where(eq(refunds.id, inserted[0].id));
  } catch (error) {
    // The reconciliation of refunds (the admin work) retries with the same idempotency key.
    deps.logger.error({ err: error, paymentId }, 'payments: the refund request failed');
  }
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
  const held = and(eq(checkouts.couponCode, code), eq(checkouts.status, 'open'), gt(checkouts.expiresAt, now));
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
