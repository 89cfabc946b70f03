// The payment method settings (COD_*, PREPAID_DISCOUNT), read by config.ts, the only reader of the
// environment; each parser throws the message config.ts shows.
import type { CodRules, PrepaidDiscount } from '../../common/payment-methods.ts';

/** The rules (common/payment-methods.ts) and the fee, the wait for confirmation, the overdue cash. */
export interface CodSettings extends CodRules {
  /** How long an order waits for its shopper's confirmation before it is cancelled. */
  confirmHours: number;
  /** Delivered orders whose cash has not come in after this many days are listed as overdue. */
  cashOverdueDays: number;
}

export interface PaymentSettings {
  cod: CodSettings;
  /** Undefined: no saving for paying online. */
  prepaidDiscount: PrepaidDiscount | undefined;
}

/** '5%' → 5 percent off; '50' → ₹50 off; '' → none. */
export function parsePrepaidDiscount(text: string): PrepaidDiscount | undefined {
  const value = text.trim();
  if (!value) return undefined;
  const percent = /^(\d{1,2})%$/.exec(value);
  if (percent && Number(percent[1]) >= 1) return { kind: 'percent', value: Number(percent[1]) };
  const rupees = /^(\d{1,5})$/.exec(value);
  if (rupees && Number(rupees[1]) >= 1) return { kind: 'flat', paise: Number(rupees[1]) * 100 };
  throw new Error(`"${value}" is neither a percentage from 1% to 99% nor whole rupees from 1 to 99999`);
}

/** '744, 68' → pincodes and their first digits (1 to 6 of them). */
export function parseCodExcludedPincodes(text: string): string[] {
  const codes = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const code of codes) {
    if (!/^\d{1,6}$/.test(code)) throw new Error(`"${code}" is neither a pincode (6 digits) nor its first digits`);
  }
  return codes;
}
