import { useEffect, useRef, useState } from 'react';
import { href, useFetcher } from 'react-router';

import type { BuyNowItem } from '../../buy-now.ts';
import { useFetcherAnswer } from '../../hooks/use-fetcher-answer.ts';

interface CouponVerdict {
  is_valid: boolean;
  message: string;
  discount_amount: number;
  final_amount: number;
}

type CouponAnswer =
  { ok: true; verdict: CouponVerdict; prepaidOnly: boolean } | { ok: false; kind: string; message: string };

/** A valid coupon: its verdict, its code, and whether it is for orders paid online only. */
export interface AppliedCoupon {
  verdict: CouponVerdict;
  code: string;
  prepaidOnly: boolean;
}

/**
 * The coupon of /checkout (docs/product.md §4 "Coupon"): the code is upper-cased as typed, Apply
 * needs a code and an amount, typing clears the message, and the applied code is judged again by
 * the server whenever the subtotal changes. A newer judgement cancels an older one on its way.
 */
export function CouponBox({
  subtotalPaise,
  buyNow,
  onVerdict,
}: {
  subtotalPaise: number;
  /** What is being bought, when it is not the cart: sent with the code, so the server prices it. */
  buyNow: BuyNowItem | undefined;
  /** A valid coupon, or undefined when none applies. */
  onVerdict: (applied: AppliedCoupon | undefined) => void;
}) {
  const fetcher = useFetcher<CouponAnswer>();
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string>();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const judged = useRef('');
  const busy = fetcher.state !== 'idle';

  function judge(candidate: string) {
    judged.current = candidate;
    void fetcher.submit(
      { code: candidate, ...(buyNow ? { buyNow } : {}) },
      { method: 'post', encType: 'application/json', action: href('/api/checkout/coupon') },
    );
  }

  useFetcherAnswer(fetcher.data, (answer) => {
    if (!answer.ok) {
      // Past the limit of checks the shopper is told when to try again; any other failure is the spec's.
      const text = answer.kind === 'too_many_requests' ? answer.message : 'Error validating coupon';
      setMessage({ text, error: true });
      onVerdict(undefined);
      return;
    }
    const { verdict, prepaidOnly } = answer;
    setMessage({ text: verdict.message, error: !verdict.is_valid });
    onVerdict(verdict.is_valid ? { verdict, code: judged.current, prepaidOnly } : undefined);
    setApplied(verdict.is_valid ? judged.current : undefined);
  });

  // The order changed under an applied coupon: ask again.
  const subtotalJudged = useRef(subtotalPaise);
  useEffect(() => {
    if (subtotalJudged.current === subtotalPaise || !applied) return;
    subtotalJudged.current = subtotalPaise;
    const timer = setTimeout(() => judge(applied), 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subtotalPaise]);

  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (code && subtotalPaise > 0) judge(code);
      }}
    >
      <label htmlFor="coupon" className="block text-sm font-semibold">
        Coupon code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="coupon"
          value={code}
          maxLength={40}
          autoComplete="off"
          aria-describedby={message ? 'coupon-message' : undefined}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setMessage(undefined);
          }}
          className="min-w-0 flex-1 rounded-md border border-black/25 bg-white px-3 py-2 uppercase"
        />
        <button
          type="submit"
          disabled={!code || subtotalPaise <= 0 || busy}
          className="rounded-md bg-ink px-4 font-bold text-white disabled:opacity-60"
        >
          Apply
        </button>
      </div>
      <p
        id="coupon-message"
        role="status"
        className={`mt-2 min-h-5 text-sm font-semibold ${message?.error ? 'text-brand-dark' : 'text-green-800'}`}
      >
        {message?.text}
      </p>
    </form>
  );
}
