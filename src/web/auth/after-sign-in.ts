// Where a shopper goes after signing in (SPEC §4): the pending intent is replayed (add to cart,
// then /cart; buy now, then /checkout with the item; checkout, then /checkout) 0.6 s after, and
// with no intent the shopper goes home after 1.2 s. A replay that fails is logged and the shopper
// lands on the product instead.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { postJson } from '../post-json.ts';
import { cartLineOf, takePendingIntent } from './pending-intent.ts';

export const HOME_REDIRECT_MS = 1200;
export const INTENT_REDIRECT_MS = 600;

/** What /checkout receives in navigation state for a buy-now. */
export interface BuyNowItem {
  productId: number;
  size: string;
  quantity: number;
}

/**
 * Starts the move; returns a function that cancels it (for effect clean-up). A new signup waits
 * its own 1.5 s before going home.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (homeDelayMs = HOME_REDIRECT_MS) => {
      let cancelled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const go = (to: string, delay: number, state?: { buyNow: BuyNowItem }) => {
        if (!cancelled) timer = setTimeout(() => void navigate(to, { state }), delay);
      };

      const intent = takePendingIntent();
      if (!intent) go('/', homeDelayMs);
      else if (intent.action === 'checkout') go('/checkout', INTENT_REDIRECT_MS);
      else {
        const line = cartLineOf(intent);
        void postJson('/api/cart', { intent: 'add', ...line }).then((answer) => {
          if (!answer.ok) {
            console.warn(`Could not replay "${intent.action}" after signing in: ${answer.message}`);
            go(`/product/${line.productId}`, INTENT_REDIRECT_MS);
          } else if (intent.action === 'addToCart') go('/cart', INTENT_REDIRECT_MS);
          else go('/checkout', INTENT_REDIRECT_MS, { buyNow: line });
        });
      }
      return () => {
        cancelled = true;
        clearTimeout(timer);
      };
    },
    [navigate],
  );
}
