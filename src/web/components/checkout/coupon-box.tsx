import { useEffect, useRef, useState } from 'react';

import { postJson } from '../../post-json.ts';

export interface CouponVerdict {
  is_valid: boolean;
  message: string;
  discount_amount: number;
  final_amount: number;
}

/**
 * The coupon of /checkout (SPEC §4 "Coupon"): the code is upper-cased as typed, Apply needs a code
 * and an amount, typing clears the message, and the applied code is judged again by the server
 * whenever the subtotal changes.
 */
export function CouponBox({
  subtotalPaise,
  judgeUrl,
  extraBody,
  onVerdict,
}: {
  subtotalPaise: number;
  judgeUrl: string;
  /** Sent with the code: what is being bought (a buy-now item), so the server prices it. */
  extraBody: Record<string, unknown>;
  /** A valid coupon's verdict and code, or undefined when none applies. */
  onVerdict: (applied: { verdict: CouponVerdict; code: string } | undefined) => void;
}) {
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string>();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);

  async function judge(candidate: string) {
    const request = ++latest.current;
    setBusy(true);
    const answer = await postJson<{ verdict: CouponVerdict }>(judgeUrl, {
      intent: 'coupon',
      code: candidate,
      ...extraBody,
    });
    if (request !== latest.current) return;
    setBusy(false);
    if (!answer.ok) {
      setMessage({ text: 'Error validating coupon', error: true });
      onVerdict(undefined);
      return;
    }
    const { verdict } = answer;
    setMessage({ text: verdict.message, error: !verdict.is_valid });
    onVerdict(verdict.is_valid ? { verdict, code: candidate } : undefined);
    setApplied(verdict.is_valid ? candidate : undefined);
  }

  // The order changed under an applied coupon: ask again.
  const judged = useRef(subtotalPaise);
  useEffect(() => {
    if (judged.current === subtotalPaise || !applied) return;
    judged.current = subtotalPaise;
    const timer = setTimeout(() => void judge(applied), 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subtotalPaise]);

  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (code && subtotalPaise > 0) void judge(code);
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
