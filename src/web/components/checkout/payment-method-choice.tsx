import type { ReactNode } from 'react';

import { formatPaise } from '../../../common/money.ts';
import { prepaidSavingMessage, type CodVerdict, type PaymentChoice } from '../../../common/payment-methods.ts';

const OPTION = 'flex items-start gap-3 rounded-md border border-black/15 p-3 has-checked:border-ink';
const RADIO = 'mt-1 h-5 w-5 shrink-0 accent-ink';

/**
 * One way to pay: its radio button and name, and a note under it; greyed, with the reason as the
 * note, while it may not be used.
 */
function PaymentOption({
  value,
  label,
  method,
  onChange,
  unavailable,
  children,
}: {
  value: PaymentChoice;
  label: string;
  method: PaymentChoice;
  onChange: (method: PaymentChoice) => void;
  /** Why it may not be used for this order, if it may not. */
  unavailable?: string | undefined;
  children: ReactNode;
}) {
  const id = `payment-${value}`;
  return (
    <div className={unavailable ? `${OPTION} bg-black/5` : OPTION}>
      <input
        type="radio"
        id={id}
        name="payment-method"
        value={value}
        className={RADIO}
        checked={method === value}
        disabled={Boolean(unavailable)}
        onChange={() => onChange(value)}
        aria-describedby={`${id}-note`}
      />
      <div>
        <label htmlFor={id} className={`block font-semibold ${unavailable ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
          {label}
        </label>
        <p id={`${id}-note`} className={`text-sm ${unavailable ? 'font-semibold text-brand-dark' : 'text-muted'}`}>
          {unavailable ?? children}
        </p>
      </div>
    </div>
  );
}

/**
 * The payment step of /checkout (ADR 0047): 'Pay online' or 'Cash on delivery', native radio
 * buttons in a fieldset. Cash on delivery stays in view when it may not be used, disabled, with
 * the reason beside it; the saving for paying online is named under its option.
 */
export function PaymentMethodChoice({
  method,
  onChange,
  cod,
  codFeePaise,
  savingPaise,
}: {
  method: PaymentChoice;
  onChange: (method: PaymentChoice) => void;
  /** Whether cash on delivery may be used for this order, or why not (common/payment-methods.ts). */
  cod: CodVerdict;
  codFeePaise: number;
  /** The saving for paying online; 0 for none. */
  savingPaise: number;
}) {
  const reason = cod.allowed ? undefined : cod.reason;
  return (
    <fieldset className="mt-4 border-t border-black/10 pt-4">
      <legend className="text-sm font-semibold">Payment method</legend>
      <div className="mt-2 space-y-2">
        <PaymentOption value="online" label="Pay online" method={method} onChange={onChange}>
          UPI, cards, net banking and wallets.
          {savingPaise > 0 ? (
            <span className="block font-semibold text-green-800">{prepaidSavingMessage(savingPaise)}</span>
          ) : null}
        </PaymentOption>
        <PaymentOption value="cod" label="Cash on delivery" method={method} onChange={onChange} unavailable={reason}>
          {codFeePaise > 0
            ? `Pay in cash when it arrives. A fee of ${formatPaise(codFeePaise)} applies.`
            : 'Pay in cash when it arrives.'}
        </PaymentOption>
      </div>
    </fieldset>
  );
}
