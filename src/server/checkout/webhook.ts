// POST /api/webhooks/razorpay: Razorpay's word that a payment was captured, authorised or failed.
// A delivery seen before is ignored; a capture completes the checkout through the same step as
// the browser's callback; an authorisation does too once the store has captured it (when it
// captures, capture.ts). A failed attempt changes nothing but the metrics' count: Razorpay lets the
// shopper retry inside the same order, and the hold ends when the window is closed or it expires.
import { readWebhook, markHandled, wasHandled } from '../payments/webhook.ts';
import type { Result } from '../errors.ts';
import { captureState } from './capture.ts';
import { completeCheckout, type CheckoutDeps } from './workflow.ts';

export async function handleRazorpayWebhook(
  deps: CheckoutDeps & { webhookSecret: string },
  rawBody: string,
  headers: { signature: string | undefined; eventId: string | undefined },
): Promise<Result<{ message: string }>> {
  const read = readWebhook(deps.webhookSecret, rawBody, headers.signature);
  if (!read.ok) return read;
  const eventId = headers.eventId ?? '';
  if (eventId && (await wasHandled(deps.db, eventId))) return { ok: true, message: 'already handled' };

  const { payment } = read;
  if (read.name === 'payment.failed') deps.metrics?.payment('failed');
  if (payment.type === 'captured') await completeCheckout(deps, payment.razorpayOrderId, payment.paymentId);
  else if (
    payment.type === 'authorized' &&
    deps.capturedBy === 'store' &&
    (await captureState(deps, payment.razorpayOrderId, payment.paymentId)) === 'captured'
  ) {
    await completeCheckout(deps, payment.razorpayOrderId, payment.paymentId);
  }
  if (eventId) await markHandled(deps.db, eventId, read.name);
  return { ok: true, message: 'handled' };
}
