import { useEffect, useRef } from 'react';

/**
 * Calls `onAnswer` once for each answer a fetcher's request gets, as soon as it arrives (before
 * React Router has finished reloading the page's data after an action): a toast, a form closing,
 * the next step of a payment.
 */
export function useFetcherAnswer<T>(data: T | undefined, onAnswer: (answer: T) => void) {
  const handled = useRef<T>(undefined);
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => {
    if (data === undefined || data === handled.current) return;
    handled.current = data;
    latest.current(data);
  }, [data]);
}
