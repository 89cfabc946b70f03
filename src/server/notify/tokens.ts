// The token of a 'Notify me' request's links (confirm, unsubscribe): random, mailed, and kept only
// as its SHA-256, so the database alone cannot confirm or unsubscribe anyone. A new one replaces
// it with each email that carries a link, so an older email's link stops working.
import { createHash, randomBytes } from 'node:crypto';

/** A new token and what the request's row keeps of it. */
export function newNotifyToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: notifyTokenHash(token) };
}

export function notifyTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a value from a link or a form can be a token at all (no lookup for anything else). */
export function isNotifyToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The confirmation link's page: a GET confirms (the link went to the address itself). */
export function notifyConfirmPath(token: string): string {
  return `/notify/confirm?token=${encodeURIComponent(token)}`;
}

/** The unsubscribe link's page: a GET asks, a POST (the page's button, or a mail client's one click) unsubscribes. */
export const NOTIFY_UNSUBSCRIBE_PATH = '/notify/unsubscribe';

export function notifyUnsubscribePath(token: string): string {
  return `${NOTIFY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
