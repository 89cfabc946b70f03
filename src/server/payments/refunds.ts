// Money given back through Razorpay, and the refunds table that records it: one refund per
// payment, whoever asks (a late payment's refund, the admin failing an order) and however often,
// since the request carries the payment's idempotency key (`refundKey`). A request Razorpay does
// not confirm is counted with its error and asked again later, backing off; after
// REFUND_ATTEMPT_LIMIT of them the refund needs attention (the admin's order page shows it).
//
// A refund may go elsewhere than the payment (ADR 0051): to the shopper's store credit, made in the
// transaction that records it, or paid out by staff to a UPI ID or bank account, recorded with its
// reference once paid. Neither has a payment id, and neither is ever sent to Razorpay
// (`requestRefund` refuses them, the retry job never takes them).
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';

import type { RefundDestination } from '../../common/refunds.ts';
import type { Database } from '../db/client.ts';
import { refunds } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { RazorpayError, refundKey, type RazorpayClient } from './razorpay.ts';

export type Refund = typeof refunds.$inferSelect;

/** Failed requests after which the job stops asking and staff must look (needs_attention). */
export const REFUND_ATTEMPT_LIMIT = 8;
/** Refunds taken per query of a retry run. */
const RETRY_BATCH = 50;
/** A retry run stops taking new batches after this long; the rest are next run's. */
const RETRY_RUN_BUDGET_MS = 30_000;

/** The wait after the n-th failed request: 1, 2, 4 … minutes, at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

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
    .onConflictDoNothing({ target: refunds.paymentId, where: isNull(refunds.returnRequestId) })
    .returning();
  if (inserted) return { refund: inserted, created: true };
  return { refund: (await refundOfPayment(tx, values.paymentId))!, created: false };
}

/**
 * Records the whole refund of an order given as store credit: no payment, nothing for Razorpay; the
 * caller adds the credit in the same transaction, under the order's lock, having found no whole
 * refund of the order before (one per order: refunds_whole_order_key).
 */
export async function recordCreditRefund(
  tx: Database,
  values: { orderId: string; amountPaise: number; reason: string },
): Promise<Refund> {
  const [refund] = await tx
    .insert(refunds)
    .values({ ...values, destination: 'store_credit' })
    .returning();
  return refund!;
}

/**
 * Records the refund of a return (part of an order's payment), or finds the one recorded before:
 * one per return, whoever asks and however often (a unique column). It goes where the return
 * request says (the database holds the two equal): the original payment with its id, or store
 * credit or a payout without one.
 */
export async function recordReturnRefund(
  tx: Database,
  values: {
    orderId: string;
    paymentId: string | null;
    returnRequestId: string;
    amountPaise: number;
    reason: string;
    destination: RefundDestination;
  },
): Promise<Refund> {
  await tx.insert(refunds).values(values).onConflictDoNothing({ target: refunds.returnRequestId });
  const [refund] = await tx.select().from(refunds).where(eq(refunds.returnRequestId, values.returnRequestId));
  return refund!;
}

/** The refund of a return, if one was recorded. */
export async function refundOfReturn(db: Database, returnRequestId: string): Promise<Refund | undefined> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.returnRequestId, returnRequestId));
  return refund;
}

/** The refunds of these return requests, by request id (Your Orders, an order's admin page). */
export async function refundsOfReturns(db: Database, returnRequestIds: string[]): Promise<Map<string, Refund>> {
  if (returnRequestIds.length === 0) return new Map();
  const rows = await db.select().from(refunds).where(inArray(refunds.returnRequestId, returnRequestIds));
  return new Map(rows.map((refund) => [refund.returnRequestId!, refund]));
}

/** The whole refund (not a return's, which is of part of the payment) that `matches`, if one was started. */
async function wholeRefund(db: Database, matches: SQL): Promise<Refund | undefined> {
  const [refund] = await db
    .select()
    .from(refunds)
    .where(and(matches, isNull(refunds.returnRequestId)));
  return refund;
}

/** The whole refund of an order (not a return's), wherever it went, if one was started. */
export function refundOfOrder(db: Database, orderId: string): Promise<Refund | undefined> {
  return wholeRefund(db, eq(refunds.orderId, orderId));
}

/**
 * A payout staff have made, recorded once: its reference and the day. The row is updated only
 * while it has none, so a second record changes nothing; returns whether this one recorded it.
 */
export async function recordPayout(
  tx: Database,
  refundId: string,
  payout: { reference: string; paidOutOn: string },
): Promise<boolean> {
  const updated = await tx
    .update(refunds)
    .set({ payoutReference: payout.reference, paidOutOn: payout.paidOutOn })
    .where(and(eq(refunds.id, refundId), eq(refunds.destination, 'payout'), isNull(refunds.payoutReference)))
    .returning({ id: refunds.id });
  return updated.length === 1;
}

/** The refund of the whole payment, if one was started (a return's refund is of part of it). */
export function refundOfPayment(db: Database, paymentId: string): Promise<Refund | undefined> {
  return wholeRefund(db, eq(refunds.paymentId, paymentId));
}

/**
 * Asks Razorpay for the recorded refund, with its idempotency key (the payment's for a whole
 * refund, the return's for part of it); returns Razorpay's refund id. Throws when refused or
 * unreachable.
 */
export async function requestRefund(razorpay: RefundDeps['razorpay'], refund: Refund): Promise<string> {
  // Store credit and payouts are the store's own: asking Razorpay for them would pay twice.
  if (refund.destination !== 'original' || refund.paymentId === null) {
    throw new Error(`Refund ${refund.id} goes to ${refund.destination}: only a refund to the payment is Razorpay's.`);
  }
  const key = refundKey({ paymentId: refund.paymentId, returnRequestId: refund.returnRequestId });
  return (await razorpay.refundPayment(refund.paymentId, refund.amountPaise, key)).id;
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

/**
 * Counts a request Razorpay did not confirm: its error, and when to ask next; past the limit the
 * refund needs attention and is not asked again automatically.
 */
export async function noteRefundFailure(db: Database, refund: Refund, error: unknown, now = new Date()) {
  const attempts = refund.attempts + 1;
  const needsAttention = attempts >= REFUND_ATTEMPT_LIMIT;
  await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      needsAttention,
    })
    .where(eq(refunds.id, refund.id));
  return { needsAttention };
}

/** Asks Razorpay for a recorded refund now; one it does not confirm is counted, and retried by the job. */
export async function refundNow(deps: RefundDeps, refund: Refund, now = new Date()): Promise<boolean> {
  try {
    await confirmRefund(deps.db, refund.id, await requestRefund(deps.razorpay, refund));
    return true;
  } catch (error) {
    // Kept without a Razorpay id; retryUnconfirmedRefunds asks again with the same key.
    const { needsAttention } = await noteRefundFailure(deps.db, refund, error, now);
    deps.logger.error(
      { err: error, paymentId: refund.paymentId, attempts: refund.attempts + 1, needsAttention },
      needsAttention ? 'payments: a refund keeps failing and needs attention' : 'payments: the refund request failed',
    );
    return false;
  }
}

/**
 * Late payments' refunds that Razorpay has not confirmed (it could not be reached, or its answer
 * was lost) are asked for again with the same idempotency key, so each is made exactly once.
 * Every refund due by `now` is asked once, in batches by next attempt time; a failure moves the
 * refund behind the others (backing off), so refunds that keep failing never block newer ones,
 * and after REFUND_ATTEMPT_LIMIT failures it needs attention instead. An order's refund is the
 * admin's to retry (orders/status.ts). Returns how many were confirmed.
 */
export async function retryUnconfirmedRefunds(deps: RefundDeps, now = new Date()): Promise<number> {
  const due = and(
    isNull(refunds.razorpayRefundId),
    // Store credit is given and payouts are paid by the store itself, never through Razorpay.
    eq(refunds.destination, 'original'),
    isNotNull(refunds.checkoutId),
    eq(refunds.needsAttention, false),
    lte(refunds.nextAttemptAt, now),
  );
  const startedAt = Date.now();
  let confirmed = 0;
  while (Date.now() - startedAt < RETRY_RUN_BUDGET_MS) {
    const batch = await deps.db
      .select()
      .from(refunds)
      .where(due)
      .orderBy(asc(refunds.nextAttemptAt), asc(refunds.id))
      .limit(RETRY_BATCH);
    if (batch.length === 0) break;
    // Each one asked leaves the due set (confirmed, or its next attempt after `now`).
    for (const refund of batch) if (await refundNow(deps, refund, now)) confirmed += 1;
  }
  return confirmed;
}
