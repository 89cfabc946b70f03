// The reconciliation job, every minute in the running store (store-jobs.ts), in three passes
// that cannot starve one another (ADR 0012):
//   1. every hold expired by now is released, in one pass by expiry time, whatever the backlog;
//   2. checkouts whose browser never came back (open, or released within the last hour, since a
//      payment may land late) are asked about at Razorpay, each backing off (next_check_at,
//      check_attempts), and completed when their payment is captured (capturing an authorised one
//      when the store captures);
//   3. late payments' refunds Razorpay has not confirmed are asked for again (payments/refunds.ts).
import { and, asc, eq, gt, isNotNull, lt, lte, or, sql } from 'drizzle-orm';

import { checkouts } from '../db/schema.ts';
import { RazorpayError } from '../payments/razorpay.ts';
import { ensureCaptured } from './capture.ts';
import { releaseExpiredHolds } from './upkeep.ts';
import { completeCheckout, type CheckoutDeps } from './workflow.ts';

/** How long after a release a late payment is still looked for. */
const LATE_PAYMENT_WINDOW_MS = 60 * 60_000;
/** Checkouts asked about per run; the backoff moves each one asked behind the others. */
const CHECK_BATCH = 200;

/** The wait after the n-th question about a checkout: 1, 2, 4, 8 minutes, then every 15. */
function checkDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

/**
 * Releases the expired holds, then asks Razorpay about the checkouts due a check (open for longer
 * than `graceMs`, or released within the last hour) and completes the paid ones. When Razorpay
 * cannot be reached, the rest wait for the next run.
 */
export async function reconcileCheckouts(deps: CheckoutDeps, now = new Date(), graceMs = 2 * 60_000) {
  const released = await releaseExpiredHolds(deps.db, now);
  const due = await deps.db
    .select({ id: checkouts.id, razorpayOrderId: checkouts.razorpayOrderId, checkAttempts: checkouts.checkAttempts })
    .from(checkouts)
    .where(
      and(
        isNotNull(checkouts.razorpayOrderId),
        lte(checkouts.nextCheckAt, now),
        or(
          and(eq(checkouts.status, 'open'), lt(checkouts.createdAt, new Date(now.getTime() - graceMs))),
          and(
            eq(checkouts.status, 'released'),
            gt(checkouts.updatedAt, new Date(now.getTime() - LATE_PAYMENT_WINDOW_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(checkouts.nextCheckAt), asc(checkouts.id))
    .limit(CHECK_BATCH);
  let completed = 0;
  for (const checkout of due) {
    const razorpayOrderId = checkout.razorpayOrderId!;
    await deps.db
      .update(checkouts)
      .set({
        checkAttempts: sql`${checkouts.checkAttempts} + 1`,
        nextCheckAt: new Date(now.getTime() + checkDelayMs(checkout.checkAttempts + 1)),
      })
      .where(eq(checkouts.id, checkout.id));
    let payments;
    try {
      payments = await deps.razorpay.fetchOrderPayments(razorpayOrderId);
    } catch (error) {
      deps.logger.warn({ err: error, checkoutId: checkout.id }, 'reconciliation: Razorpay could not be asked');
      // Unreachable or failing: the others wait for the next run rather than for every timeout.
      if (!(error instanceof RazorpayError) || error.status >= 500) break;
      continue;
    }
    const payment = payments.find((p) => p.status === 'captured') ?? payments.find((p) => p.status === 'authorized');
    if (!payment || (await ensureCaptured(deps, payment)) !== 'captured') continue;
    const done = await completeCheckout(deps, razorpayOrderId, payment.id, now);
    if (done.ok && done.created) completed += 1;
  }
  return { completed, released };
}
