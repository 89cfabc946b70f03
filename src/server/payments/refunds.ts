// Money given back through Razorpay, and the refunds table that records it: one refund per
// payment, whoever asks (a late payment's refund, the admin failing an order) and however often,
// since the request carries the payment's idempotency key (`refundKey`).
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { refunds } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { RazorpayError, refundKey, type RazorpayClient } from './razorpay.ts';

export type Refund = typeof refunds.$inferSelect;

/** Who gives the money back, and where a refund Razorpay has not confirmed is logged. */
export interface RefundDeps {
  db: Database;
  razorpay: Pick<RazorpayClient, 'refundPayment'>;
  logger: Logger;
}

/**
 * Records the refund of a payment (of a checkout or of an order), or finds the one recorded
 * before; `created` says which. Razorpay is asked only after this commits (`requestRefund`).
 */
export async function recordRefund(
  tx: Database,
  values: { checkoutId?: string; orderId?: string; paymentId: string; amountPaise: number; reason: string },
): Promise<{ refund: Refund; created: boolean }> {
  const [inserted] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.paymentId })
    .returning();
  if (inserted) return { refund: inserted, created: true };
  const [existing] = await tx.select().from(refunds).where(eq(refunds.paymentId, values.paymentId));
  return { refund: existing!, created: false };
}

export async function refundOfPayment(db: Database, paymentId: string): Promise<Refund | undefined> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  return refund;
}

/** Asks Razorpay for the recorded refund, with the payment's key; returns Razorpay's refund id. Throws when refused or unreachable. */
export async function requestRefund(razorpay: RefundDeps['razorpay'], refund: Refund): Promise<string> {
  return (await razorpay.refundPayment(refund.paymentId, refund.amountPaise, refundKey(refund.paymentId))).id;
}

export async function confirmRefund(db: Database, refundId: string, razorpayRefundId: string): Promise<void> {
  await db.update(refunds).set({ razorpayRefundId }).where(eq(refunds.id, refundId));
}

/**
 * A definite refusal (a 4xx other than "busy" or "too many requests") made no refund: the pending
 * row goes, so an order is not held to "failed" by a refund that will never happen. Returns
 * whether it went.
 */
export async function dropRefusedRefund(db: Database, refund: Refund, error: unknown): Promise<boolean> {
  const definite =
    error instanceof RazorpayError && error.status >= 400 && error.status < 500 && ![409, 429].includes(error.status);
  if (!definite) return false;
  await db.delete(refunds).where(and(eq(refunds.id, refund.id), isNull(refunds.razorpayRefundId)));
  return true;
}

/** Asks Razorpay for a recorded refund now; one it does not confirm is logged, and retried by the job. */
export async function refundNow(deps: RefundDeps, refund: Refund): Promise<void> {
  try {
    await confirmRefund(deps.db, refund.id, await requestRefund(deps.razorpay, refund));
  } catch (error) {
    // Kept without a Razorpay id; retryUnconfirmedRefunds asks again with the same key.
    deps.logger.error({ err: error, paymentId: refund.paymentId }, 'payments: the refund request failed');
  }
}

/**
 * Late payments' refunds that Razorpay has not confirmed (it could not be reached, or its answer
 * was lost) are asked for again with the same idempotency key, so each is made exactly once.
 * An order's refund is the admin's to retry (orders/status.ts). Returns how many were confirmed.
 */
export async function retryUnconfirmedRefunds(deps: RefundDeps): Promise<number> {
  const pending = await deps.db
    .select()
    .from(refunds)
    .where(and(isNull(refunds.razorpayRefundId), isNotNull(refunds.checkoutId)))
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  let confirmed = 0;
  for (const refund of pending) {
    try {
      await confirmRefund(deps.db, refund.id, await requestRefund(deps.razorpay, refund));
      confirmed += 1;
    } catch (error) {
      deps.logger.warn({ err: error, paymentId: refund.paymentId }, 'payments: a refund is still unconfirmed');
    }
  }
  return confirmed;
}
