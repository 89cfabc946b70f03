// Where a shopper goes after signing in (docs/product.md §4): the pending intent is replayed (add
// to cart, then /cart; buy now, then /checkout with the item; checkout, then /checkout) 0.6 s
// after, and with no intent the shopper goes home after 1.2 s. An add to cart that fails is logged
// and the shopper lands on the product instead. Buy now skips the cart (ADR 0011): the item
// travels in the checkout's address, so paying for it leaves no line behind in the cart.
import { useCallback, useEffect, useState } from 'react';
import { href, useFetcher, useNavigate } from 'react-router';

import { useFetcherAnswer } from '../hooks/use-fetcher-answer.ts';
import { productPath } from '../paths.ts';
import type { CartAnswer } from '../routes/api.cart.ts';
import { replayOf, takePendingIntent, type CartLine } from './pending-intent.ts';

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
  // The line of the add to cart being replayed.
  const [replayed, setReplayed] = useState<CartLine>();
  const [next, setNext] = useState<string>();

  useFetcherAnswer(replay.data, (answer) => {
    if (!replayed) return;
    if (!answer.ok) {
      console.warn(`Could not replay "addToCart" after signing in: ${answer.message}`);
      setNext(productPath(replayed.productId));
    } else setNext(href('/cart'));
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
      const replay = intent && replayOf(intent);
      if (!replay) go(href('/'), homeDelayMs);
      else if (replay.kind === 'go') go(replay.to, INTENT_REDIRECT_MS);
      else {
        setReplayed(replay.line);
        void submit(
          { intent: 'add', ...replay.line },
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
