// Razorpay's webhook deliveries (POST /api/webhooks/razorpay): the signature over the raw body with
// the webhook secret, what the event says of a payment, and which deliveries were handled before
// (x-razorpay-event-id, the webhook_events table). What a payment event does to a checkout is
// checkout/webhook.ts's.
import { eq } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { webhookEvents } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import { isValidWebhookSignature } from './signatures.ts';

interface WebhookPayload {
  event?: string;
  payload?: { payment?: { entity?: { id?: string; order_id?: string } }; order?: { entity?: { id?: string } } };
}

/** What a delivery says of a payment: captured, authorised (not captured yet), or nothing the store acts on. */
export type PaymentEvent =
  { type: 'captured' | 'authorized'; razorpayOrderId: string; paymentId: string } | { type: 'other' };

/** A delivery whose signature is the webhook secret's, read; a forged or malformed one is refused. */
export function readWebhook(
  webhookSecret: string,
  rawBody: string,
  signature: string | undefined,
): Result<{ name: string; payment: PaymentEvent }> {
  // No secret configured means no webhook can be trusted (an empty key is anyone's key).
  if (!webhookSecret || !isValidWebhookSignature(rawBody, signature, webhookSecret)) {
    return failure('invalid', 'invalid signature');
  }
  let event: WebhookPayload;
  try {
    event = JSON.parse(rawBody) as WebhookPayload;
  } catch {
    return failure('invalid', 'malformed body');
  }
  const name = event.event ?? 'unknown';
  const payment = event.payload?.payment?.entity;
  const razorpayOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  if ((name === 'payment.captured' || name === 'order.paid') && payment?.id && razorpayOrderId) {
    return { ok: true, name, payment: { type: 'captured', razorpayOrderId, paymentId: payment.id } };
  }
  if (name === 'payment.authorized' && payment?.id && razorpayOrderId) {
    return { ok: true, name, payment: { type: 'authorized', razorpayOrderId, paymentId: payment.id } };
  }
  // payment.failed included: a failed attempt leaves the order open for another (ADR 0012).
  return { ok: true, name, payment: { type: 'other' } };
}

export async function wasHandled(db: Database, eventId: string): Promise<boolean> {
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, eventId));
  return Boolean(seen);
}

/** Recorded after the work: a delivery that failed half-way is retried by Razorpay and redone. */
export async function markHandled(db: Database, eventId: string, name: string): Promise<void> {
  await db.insert(webhookEvents).values({ id: eventId, event: name }).onConflictDoNothing();
}
