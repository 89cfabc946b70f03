// Where a shopper goes after signing in (SPEC §4): the pending intent is replayed (add to cart,
// then /cart; buy now, then /checkout with the item; checkout, then /checkout) 0.6 s after, and
// with no intent the shopper goes home after 1.2 s. A replay that fails is logged and the shopper
// lands on the product instead.
import { useCallback, useEffect, useState } from 'react';
import { href, useFetcher, useNavigate } from 'react-router';

import { buyNowHref } from '../buy-now.ts';
import { useFetcherAnswer } from '../hooks/use-fetcher-answer.ts';
import { productPath } from '../paths.ts';
import type { CartAnswer } from '../routes/api.cart.ts';
import { cartLineOf, takePendingIntent, type PendingIntent } from './pending-intent.ts';

const HOME_REDIRECT_MS = 1200;
const INTENT_REDIRECT_MS = 600;

/**
 * Starts the move; returns a function that cancels it (for effect clean-up). A new signup waits
 * its own 1.5 s before going home.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const replay = useFetcher<CartAnswer>();
  const { submit } = replay;
  // The add-to-cart or buy-now being replayed, and where its answer leads.
  const [replayed, setReplayed] = useState<Extract<PendingIntent, { action: 'addToCart' | 'buyNow' }>>();
  const [next, setNext] = useState<string>();

  useFetcherAnswer(replay.data, (answer) => {
    if (!replayed) return;
    const line = cartLineOf(replayed);
    if (!answer.ok) {
      console.warn(`Could not replay "${replayed.action}" after signing in: ${answer.message}`);
      setNext(productPath(line.productId));
    } else setNext(replayed.action === 'addToCart' ? href('/cart') : buyNowHref(line));
  });
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => void navigate(next), INTENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  return useCallback(
    (homeDelayMs = HOME_REDIRECT_MS) => {
      let cancelled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const go = (to: string, delay: number) => {
        if (!cancelled) timer = setTimeout(() => void navigate(to), delay);
      };

      const intent = takePendingIntent();
      if (!intent) go(href('/'), homeDelayMs);
      else if (intent.action === 'checkout') go(href('/checkout'), INTENT_REDIRECT_MS);
      else {
        setReplayed(intent);
        void submit(
          { intent: 'add', ...cartLineOf(intent) },
          { method: 'post', encType: 'application/json', action: href('/api/cart') },
        );
      }
      return () => {
        cancelled = true;
        clearTimeout(timer);
        setReplayed(undefined);
        setNext(undefined);
      };
    },
    [navigate, submit],
  );
}
