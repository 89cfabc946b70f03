// A paid checkout whose verify went unanswered (the connection dropped, the request timed out) or
// that the server could not confirm yet is not a dead end (ADR 0012): the webhook or the
// reconciliation job makes the order, and the checkout page asks for it every 3 s for up to 2
// minutes, then sends the shopper to Your Orders.
import { useCallback, useEffect, useState } from 'react';
import { href, useFetcher } from 'react-router';

import { useFetcherAnswer } from './use-fetcher-answer.ts';
import { withQuery } from '../paths.ts';
import type { PaymentStatusAnswer } from '../routes/api.payments.status.ts';

const POLL_EVERY_MS = 3_000;
const GIVE_UP_AFTER_MS = 2 * 60_000;

/** idle: nothing to confirm; confirming: asking; unconfirmed: asked for 2 minutes without an order. */
export type ConfirmationState = 'idle' | 'confirming' | 'unconfirmed';

export function usePaymentConfirmation({
  onPaid,
  onRefused,
}: {
  onPaid: (paymentId: string) => void;
  onRefused: (message: string) => void;
}) {
  const status = useFetcher<PaymentStatusAnswer>();
  const { load } = status;
  // The Razorpay order being confirmed, and when to stop asking.
  const [watched, setWatched] = useState<{ razorpayOrderId: string; until: number }>();
  const [state, setState] = useState<ConfirmationState>('idle');

  useEffect(() => {
    if (!watched) return;
    const ask = () => {
      if (Date.now() >= watched.until) {
        setWatched(undefined);
        setState('unconfirmed');
      } else void load(withQuery(href('/api/payments/status'), { order: watched.razorpayOrderId }));
    };
    ask();
    const timer = setInterval(ask, POLL_EVERY_MS);
    return () => clearInterval(timer);
  }, [watched, load]);

  /** Starts asking about this Razorpay order (once: asking again keeps the first deadline). */
  const confirm = useCallback((razorpayOrderId: string) => {
    setWatched((current) =>
      current?.razorpayOrderId === razorpayOrderId
        ? current
        : { razorpayOrderId, until: Date.now() + GIVE_UP_AFTER_MS },
    );
    setState('confirming');
  }, []);
  /** The verify answered after all (the order, or a refusal): no need to ask any more. */
  const stop = useCallback(() => {
    setWatched(undefined);
    setState('idle');
  }, []);

  useFetcherAnswer(status.data, (answer) => {
    if (!watched || (answer.ok && answer.status === 'confirming')) return;
    stop();
    if (answer.ok) onPaid(answer.paymentId);
    else onRefused(answer.message);
  });

  return { state, confirm, stop };
}
