// POST /api/webhooks/razorpay: Razorpay's word that a payment was captured or failed. A delivery
// seen before is ignored; a capture completes the checkout through the same step as the
// browser's callback, a failure releases its holds.
import { readWebhook, markHandled, wasHandled } from '../payments/webhook.ts';
import type { Result } from '../errors.ts';
import { completeCheckout, releaseByRazorpayOrder, type CheckoutDeps } from './workflow.ts';

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
  if (payment.type === 'captured') await completeCheckout(deps, payment.razorpayOrderId, payment.paymentId);
  else if (payment.type === 'failed') await releaseByRazorpayOrder(deps.db, payment.razorpayOrderId);
  if (eventId) await markHandled(deps.db, eventId, read.name);
  return { ok: true, message: 'handled' };
}
