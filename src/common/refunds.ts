// Where a refund goes (ADR 0051): back to the original payment through Razorpay, to the shopper's
// store credit, or paid out by staff to a UPI ID or bank account the shopper gives (an order paid
// in cash has no payment to go back to). The words shoppers and staff read, and the one check of
// what a shopper types, shared by the forms and the server; schema.ts derives its checks from the
// lists.
import { z } from 'zod';

import { formatPaise } from './money.ts';
import { hasControlCharacters } from './validation.ts';

export const REFUND_DESTINATIONS = ['original', 'store_credit', 'payout'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

export const PAYOUT_METHODS = ['upi', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * Where a return's refund may go. An order paid online is refunded to its payment or as credit; one
 * paid in cash, as credit or paid out. One paid with store credit, wholly or in part, is refunded as
 * credit: neither Razorpay nor staff may give back more money than came in, and credit never turns
 * into cash (ADR 0052).
 */
export function refundDestinationsFor(order: { paymentId: string | null; creditPaise: number }): RefundDestination[] {
  if (order.creditPaise > 0) return ['store_credit'];
  return order.paymentId !== null ? ['original', 'store_credit'] : ['store_credit', 'payout'];
}

/** The refusal of a destination `refundDestinationsFor` does not offer for the order. */
export function destinationRefusal(order: { paymentId: string | null; creditPaise: number }): string {
  if (order.creditPaise > 0) return REFUND_MESSAGES.creditOnly;
  return order.paymentId !== null ? REFUND_MESSAGES.onlineOnly : REFUND_MESSAGES.cashOnly;
}

/** The bonus percentage for taking a refund as credit: none for an order paid with credit. */
export function creditBonusFor(order: { creditPaise: number }, bonusPercent: number): number {
  return order.creditPaise > 0 ? 0 : bonusPercent;
}

/** Each choice as the shopper's forms offer it. */
export const REFUND_CHOICE_LABELS: Record<RefundDestination, string> = {
  original: 'Refund to the original payment',
  store_credit: 'Refund as store credit',
  payout: 'Refund to my UPI ID or bank account',
};

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = { upi: 'UPI ID', bank: 'Bank account' };

/** The longest payout reference (a bank's UTR, a UPI transaction id) staff record. */
export const MAX_PAYOUT_REFERENCE_LENGTH = 100;

export const REFUND_MESSAGES = {
  choose: 'Choose where your refund goes.',
  onlineOnly: 'An order paid online is refunded to the original payment or as store credit.',
  cashOnly: 'An order paid in cash is refunded as store credit or to your UPI ID or bank account.',
  creditOnly: 'An order paid with store credit is refunded as store credit.',
  unpaid: 'This order was not paid for, so there is nothing to refund.',
  exchange: 'An exchange has no refund, so there is nowhere to send one.',
  wholeStarted:
    'A refund to your original payment was already started for this order. Choose that refund to finish cancelling.',
  payoutMethod: 'Choose a UPI ID or a bank account.',
  upiId: 'Enter a UPI ID such as name@bank.',
  accountHolder: "Enter the account holder's name, as the bank has it.",
  accountNumber: 'Enter an account number of 9 to 18 digits.',
  ifsc: 'Enter the 11-character IFSC, such as HDFC0001234.',
} as const;

export const PAYOUT_MESSAGES = {
  reference: 'Enter the payout reference (the UTR or transaction id).',
  referenceTooLong: `The payout reference must be at most ${MAX_PAYOUT_REFERENCE_LENGTH} characters.`,
  date: 'Enter the date the refund was paid out.',
  dateInFuture: 'The payout date cannot be in the future.',
  dateBeforeRefund: 'The payout date cannot be before the refund was recorded.',
  notDue: 'This request has no refund waiting to be paid out.',
  already: 'The payout of this refund has already been recorded.',
} as const;

/** Where a payout goes: a UPI ID, or a bank account (its holder, number and branch code). */
type PayoutDestination =
  { method: 'upi'; upiId: string } | { method: 'bank'; accountHolder: string; accountNumber: string; ifsc: string };

/** The shopper's choice, checked: a payout carries where it goes. */
export type RefundChoice = { to: 'original' } | { to: 'store_credit' } | { to: 'payout'; payout: PayoutDestination };

/** A UPI ID: a handle, '@', the bank's or app's name ('ravi.k@okaxis'); stored in lower case. */
const UPI_ID = /^[a-z0-9][a-z0-9._-]{1,99}@[a-z][a-z0-9]{1,63}$/;
/** An Indian bank's branch code: four letters, a zero, six letters or digits. */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A name as a bank holds it: letters, with spaces, dots, apostrophes and hyphens between. */
const HOLDER = /^\p{L}[\p{L}\p{M} .'-]*$/u;

const text = (message: string) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string({ error: message }));

const PayoutSchema = z.discriminatedUnion(
  'payoutMethod',
  [
    z.object({
      payoutMethod: z.literal('upi'),
      upiId: text(REFUND_MESSAGES.upiId)
        .transform((value) => value.toLowerCase())
        .refine((value) => UPI_ID.test(value), REFUND_MESSAGES.upiId),
    }),
    z.object({
      payoutMethod: z.literal('bank'),
      accountHolder: text(REFUND_MESSAGES.accountHolder)
        .transform((value) => value.replace(/\s+/g, ' '))
        .refine(
          (value) =>
            [...value].length >= 2 && [...value].length <= 100 && !hasControlCharacters(value) && HOLDER.test(value),
          REFUND_MESSAGES.accountHolder,
        ),
      // Typed as the passbook prints it, often in groups: the spaces are not part of the number.
      accountNumber: text(REFUND_MESSAGES.accountNumber)
        .transform((value) => value.replace(/[\s-]/g, ''))
        .refine((value) => /^\d{9,18}$/.test(value), REFUND_MESSAGES.accountNumber),
      ifsc: text(REFUND_MESSAGES.ifsc)
        .transform((value) => value.toUpperCase())
        .refine((value) => IFSC.test(value), REFUND_MESSAGES.ifsc),
    }),
  ],
  { error: REFUND_MESSAGES.payoutMethod },
);

/** A refusal of the refund's fields: the message, and the field it is about. */
export interface RefundChoiceError {
  field: string;
  message: string;
}

/**
 * The refund's fields of a form (`refundTo`, and for a payout `payoutMethod` with `upiId`, or
 * `accountHolder`, `accountNumber` and `ifsc`), checked against the destinations offered; the
 * first thing wrong otherwise. Only the chosen method's details are kept.
 */
export function parseRefundChoice(
  input: Record<string, unknown>,
  offered: readonly RefundDestination[],
): { ok: true; choice: RefundChoice } | ({ ok: false } & RefundChoiceError) {
  const to = REFUND_DESTINATIONS.find((destination) => destination === input.refundTo);
  if (!to) return { ok: false, field: 'refundTo', message: REFUND_MESSAGES.choose };
  if (!offered.includes(to)) {
    const message =
      offered.length === 1
        ? REFUND_MESSAGES.creditOnly
        : offered.includes('original')
          ? REFUND_MESSAGES.onlineOnly
          : REFUND_MESSAGES.cashOnly;
    return { ok: false, field: 'refundTo', message };
  }
  if (to !== 'payout') return { ok: true, choice: { to } };
  const parsed = PayoutSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] === undefined ? 'payoutMethod' : String(issue.path[0]);
    return { ok: false, field, message: issue.message };
  }
  const payout: PayoutDestination =
    parsed.data.payoutMethod === 'upi'
      ? { method: 'upi', upiId: parsed.data.upiId }
      : {
          method: 'bank',
          accountHolder: parsed.data.accountHolder,
          accountNumber: parsed.data.accountNumber,
          ifsc: parsed.data.ifsc,
        };
  return { ok: true, choice: { to, payout } };
}

/** Where a payout goes as the shopper reads it: 'UPI ravi@okaxis', or 'account ending 4321'. */
export function payoutLabel(payout: { upiId: string | null; accountNumber: string | null }): string {
  if (payout.upiId) return `UPI ${payout.upiId}`;
  return `account ending ${(payout.accountNumber ?? '').slice(-4)}`;
}

/** Where a refund goes, after 'Refund to': 'the original payment', 'store credit', 'UPI ravi@okaxis'. */
export function refundDestinationLabel(
  destination: RefundDestination,
  payout: { upiId: string | null; accountNumber: string | null },
): string {
  if (destination === 'original') return 'the original payment';
  if (destination === 'store_credit') return 'store credit';
  return payoutLabel(payout);
}

/** The offer of store credit with a bonus: 'Get ₹1,062.22 as store credit (₹96.56 extra)'; none without one. */
export function storeCreditOffer(refundPaise: number, bonusPaise: number): string | undefined {
  if (bonusPaise <= 0) return undefined;
  return `Get ${formatPaise(refundPaise + bonusPaise)} as store credit (${formatPaise(bonusPaise)} extra)`;
}

/** What the shopper is told once credit is added: '₹1,062.22 was added to your store credit.' */
export function creditAddedLine(refundPaise: number, bonusPaise: number): string {
  const extra = bonusPaise > 0 ? ` That includes ${formatPaise(bonusPaise)} extra for choosing store credit.` : '';
  return `${formatPaise(refundPaise + bonusPaise)} was added to your store credit.${extra}`;
}
