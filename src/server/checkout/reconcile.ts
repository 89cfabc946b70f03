// The reconciliation job: checkouts whose browser never came back are completed from Razorpay's
// records, or released once their hold expired; refunds Razorpay has not confirmed are asked for
// again. Runs every minute in the running store (main.ts, dev.ts).
import { and, asc, eq, gt, lt, or } from 'drizzle-orm';

import { checkouts } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { retryUnconfirmedRefunds } from '../payments/refunds.ts';
import type { Payments } from './runtime.ts';
import { completeCheckout, releaseCheckout, type CheckoutDeps } from './workflow.ts';

/** How long after a release a late payment is still looked for. */
const LATE_PAYMENT_WINDOW_MS = 60 * 60_000;
const RECONCILE_EVERY_MS = 60_000;

/**
 * For checkouts still open after `graceMs`, asks Razorpay whether they were paid (a closed tab, a
 * lost webhook) and completes them, and releases the ones whose hold expired unpaid; checkouts
 * released within the last hour are asked too, since a payment may land late. When Razorpay
 * cannot be asked, nothing is released.
 */
export async function reconcileCheckouts(deps: CheckoutDeps, now = new Date(), graceMs = 2 * 60_000) {
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

/** Runs the reconciliation every minute, one run at a time; returns the function that stops it. */
export function startReconciliation(payments: Payments, logger: Logger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileCheckouts(payments.deps)
      .then(() => retryUnconfirmedRefunds(payments.deps))
      .catch((error: unknown) => logger.error({ err: error }, 'reconciliation failed'))
      .finally(() => {
        running = false;
      });
  }, RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
