// Razorpay's two signatures, checked in constant time: the payment callback's
// HMAC_SHA256(order_id + "|" + payment_id, key_secret) and the webhook's HMAC of the raw body with
// the webhook secret, both hex.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function isValidPaymentSignature(orderId: string, paymentId: string, signature: unknown, keySecret: string) {
  return typeof signature === 'string' && sameText(paymentSignature(orderId, paymentId, keySecret), signature);
}

export function isValidWebhookSignature(rawBody: string, signature: unknown, webhookSecret: string) {
  return typeof signature === 'string' && sameText(hmacHex(webhookSecret, rawBody), signature);
}

/** Constant-time comparison of two strings (signatures, hashes). */
export function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
