// The token of a cash on delivery order's confirmation link (ADR 0047): random, emailed once, and
// kept only as its SHA-256, so the database alone cannot confirm anyone's order.
import { createHash, randomBytes } from 'node:crypto';

/** A new token and what the order row keeps of it. */
export function newCodConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: codConfirmTokenHash(token) };
}

export function codConfirmTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where the confirmation email's link leads: a page with a button (a GET confirms nothing). */
export function codConfirmPath(orderId: string, token: string): string {
  return `/orders/${orderId}/confirm?token=${encodeURIComponent(token)}`;
}
