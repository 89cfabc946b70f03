import { formatPaise } from '../../../common/money.ts';
import { prepaidSavingMessage, type CodVerdict, type PaymentChoice } from '../../../common/payment-methods.ts';

const OPTION = 'flex items-start gap-3 rounded-md border border-black/15 p-3 has-checked:border-ink';
const RADIO = 'mt-1 h-5 w-5 shrink-0 accent-ink';

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
        <div className={OPTION}>
          <input
            type="radio"
            id="payment-online"
            name="payment-method"
            value="online"
            className={RADIO}
            checked={method === 'online'}
            onChange={() => onChange('online')}
            aria-describedby="payment-online-note"
          />
          <div>
            <label htmlFor="payment-online" className="block cursor-pointer font-semibold">
              Pay online
            </label>
            <p id="payment-online-note" className="text-sm text-muted">
              UPI, cards, net banking and wallets.
              {savingPaise > 0 ? (
                <span className="block font-semibold text-green-800">{prepaidSavingMessage(savingPaise)}</span>
              ) : null}
            </p>
          </div>
        </div>
        <div className={`${OPTION} ${reason ? 'bg-black/5' : ''}`}>
          <input
            type="radio"
            id="payment-cod"
            name="payment-method"
            value="cod"
            className={RADIO}
            checked={method === 'cod'}
            disabled={Boolean(reason)}
            onChange={() => onChange('cod')}
            aria-describedby="payment-cod-note"
          />
          <div>
            <label
              htmlFor="payment-cod"
              className={`block font-semibold ${reason ? 'cursor-not-allowed' : 'cursor-pointer'}`}
            >
              Cash on delivery
            </label>
            <p id="payment-cod-note" className={`text-sm ${reason ? 'font-semibold text-brand-dark' : 'text-muted'}`}>
              {reason ??
                (codFeePaise > 0
                  ? `Pay in cash when it arrives. A fee of ${formatPaise(codFeePaise)} applies.`
                  : 'Pay in cash when it arrives.')}
            </p>
          </div>
        </div>
      </div>
    </fieldset>
  );
}
