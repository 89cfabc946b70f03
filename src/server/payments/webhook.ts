// POST /api/webhooks/razorpay: Razorpay's word that a payment was captured or failed, signed with
// the webhook secret over the raw body. A delivery seen before (x-razorpay-event-id) is ignored;
// a capture completes the checkout through the same path as the browser's callback.
import { eq } from 'drizzle-orm';

import { webhookEvents } from '../db/schema.ts';
import { completeCheckout, releaseByRazorpayOrder, type PaymentDeps } from './service.ts';
import { isValidWebhookSignature } from './signatures.ts';

interface WebhookPayload {
  event?: string;
  payload?: { payment?: { entity?: { id?: string; order_id?: string } }; order?: { entity?: { id?: string } } };
}

export type WebhookOutcome = { status: 200 | 400; body: { ok: boolean; message: string } };

export async function handleRazorpayWebhook(
  deps: PaymentDeps & { webhookSecret: string },
  rawBody: string,
  headers: { signature: string | undefined; eventId: string | undefined },
): Promise<WebhookOutcome> {
  // No secret configured means no webhook can be trusted (an empty key is anyone's key).
  if (!deps.webhookSecret || !isValidWebhookSignature(rawBody, headers.signature, deps.webhookSecret)) {
    return { status: 400, body: { ok: false, message: 'invalid signature' } };
  }
  let event: WebhookPayload;
  try {
    event = JSON.parse(rawBody) as WebhookPayload;
  } catch {
    return { status: 400, body: { ok: false, message: 'malformed body' } };
  }
  const eventId = headers.eventId ?? '';
  if (eventId) {
    const [seen] = await deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    if (seen) return { status: 200, body: { ok: true, message: 'already handled' } };
  }

  const payment = event.payload?.payment?.entity;
  const orderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment?.id && orderId) {
    await completeCheckout(deps, orderId, payment.id);
  } else if (event.event === 'payment.failed' && orderId) {
    await releaseByRazorpayOrder(deps.db, orderId);
  }
  // Recorded after the work: a delivery that failed half-way is retried by Razorpay and redone.
  if (eventId) {
    await deps.db
      .insert(webhookEvents)
      .values({ id: eventId, event: event.event ?? 'unknown' })
      .onConflictDoNothing();
  }
  return { status: 200, body: { ok: true, message: 'handled' } };
}
