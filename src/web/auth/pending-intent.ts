// The pending intent (docs/product.md §3, §4): what a signed-out shopper was doing when sent to log
// in, kept in this browser and replayed once after signing in; after 30 minutes it is ignored.
import { href } from 'react-router';

import { buyNowHref } from '../buy-now.ts';
import { safeLocalPath } from '../safe-path.ts';

const PENDING_INTENT_KEY = 'ttt.pendingIntent.v1';
const PENDING_INTENT_TTL_MS = 30 * 60_000;

interface IntentProduct {
  id: number;
  name: string;
}

export type PendingIntent =
  | {
      action: 'addToCart' | 'buyNow';
      payload: { product_id: number; quantity: number; size: string; product: IntentProduct };
      createdAt: number;
    }
  | { action: 'checkout'; payload: Record<string, never>; createdAt: number }
  /** A page that needs the shopper signed in (a cash on delivery order's confirmation link): back to it. */
  | { action: 'visit'; payload: { to: string }; createdAt: number };

export function savePendingIntent(intent: Omit<PendingIntent, 'createdAt'>) {
  try {
    localStorage.setItem(PENDING_INTENT_KEY, JSON.stringify({ ...intent, createdAt: Date.now() }));
  } catch {
    // Storage may be full or blocked; the shopper simply signs in without the replay.
  }
}

/** The stored intent, if fresh; it is cleared either way. */
export function takePendingIntent(now = Date.now()): PendingIntent | undefined {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PENDING_INTENT_KEY);
    localStorage.removeItem(PENDING_INTENT_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const intent = JSON.parse(raw) as PendingIntent;
    if (typeof intent.createdAt !== 'number' || now - intent.createdAt > PENDING_INTENT_TTL_MS) return undefined;
    if (intent.action === 'checkout') return intent;
    if (intent.action === 'visit') return typeof intent.payload?.to === 'string' ? intent : undefined;
    if ((intent.action === 'addToCart' || intent.action === 'buyNow') && Number.isInteger(intent.payload?.product_id)) {
      return intent;
    }
  } catch {
    // A damaged entry is no intent.
  }
  return undefined;
}

/** The line an add-to-cart or buy-now intent names (the server checks it like any other). */
export interface CartLine {
  productId: number;
  size: string;
  quantity: number;
}

function cartLineOf(intent: Extract<PendingIntent, { action: 'addToCart' | 'buyNow' }>): CartLine {
  return { productId: intent.payload.product_id, size: intent.payload.size, quantity: intent.payload.quantity || 1 };
}

/**
 * What replaying an intent does: an add to cart asks the server to add the line first; buy now
 * and checkout only go to the checkout, a visit back to its page. Buy now never touches the cart: its item travels in the
 * checkout's address, so paying for it leaves no line behind (ADR 0011).
 */
export function replayOf(intent: PendingIntent): { kind: 'addToCart'; line: CartLine } | { kind: 'go'; to: string } {
  switch (intent.action) {
    case 'addToCart':
      return { kind: 'addToCart', line: cartLineOf(intent) };
    case 'buyNow':
      return { kind: 'go', to: buyNowHref(cartLineOf(intent)) };
    case 'checkout':
      return { kind: 'go', to: href('/checkout') };
    case 'visit':
      // Only a page of this site, whatever the browser's storage was made to say.
      return { kind: 'go', to: safeLocalPath(intent.payload.to) };
  }
}
