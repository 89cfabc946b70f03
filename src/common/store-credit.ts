// Store credit (ADR 0048): the kinds of ledger entries and the words shoppers and staff read. The
// schema derives its checks from these lists; the server's services and the pages share the words.
import { formatPaise } from './money.ts';

/** Entries that add credit: their amount is above zero. */
export const STORE_CREDIT_CREDITS = ['refund', 'refund_bonus', 'spend_returned', 'staff_grant'] as const;
/** Entries that take credit away: their amount is below zero. */
const STORE_CREDIT_DEBITS = ['spent', 'staff_revoke', 'expired'] as const;
export const STORE_CREDIT_KINDS = [...STORE_CREDIT_CREDITS, ...STORE_CREDIT_DEBITS] as const;

export type StoreCreditCreditKind = (typeof STORE_CREDIT_CREDITS)[number];
export type StoreCreditDebitKind = (typeof STORE_CREDIT_DEBITS)[number];
export type StoreCreditKind = (typeof STORE_CREDIT_KINDS)[number];

/** What each kind of entry is, as staff's ledger names it. */
export const STORE_CREDIT_KIND_LABELS: Record<StoreCreditKind, string> = {
  refund: 'Refund',
  refund_bonus: 'Refund bonus',
  spend_returned: 'Spent credit returned',
  staff_grant: 'Granted by staff',
  spent: 'Spent',
  staff_revoke: 'Taken back by staff',
  expired: 'Expired',
};

/** An entry's amount with its sign, for the histories: '+₹500.00', '−₹120.50' (a minus sign). */
export function signedCredit(amountPaise: number): string {
  return `${amountPaise > 0 ? '+' : '−'}${formatPaise(Math.abs(amountPaise))}`;
}

/** A reason is one line for the history: 1 to 200 characters (a check on the table too). */
export const STORE_CREDIT_REASON_MAX = 200;

/** The most staff may grant or take back in one entry: a typo of a few zeros is refused, not paid. */
export const STAFF_CREDIT_MAX_PAISE = 1_00_000_00;

export const STORE_CREDIT_MESSAGES = {
  notEnough: 'You do not have enough store credit.',
  amountNeeded: 'Enter an amount in rupees, such as 500 or 499.50.',
  amountPositive: 'The amount must be more than ₹0.00.',
  amountPaise: 'An amount has at most two digits after the point (paise), such as 499.50.',
  amountTooLarge: 'The amount can be at most ₹1,00,000.00 at a time.',
  reasonNeeded: 'Enter a reason: the customer sees it in their store credit history.',
  reasonTooLong: `The reason can be at most ${STORE_CREDIT_REASON_MAX} characters.`,
  customerNotFound: 'Customer not found',
  accountDeleted: 'This account was deleted: its store credit can no longer change.',
} as const;

/** The store's own words for what it writes (the staff's entries carry the reason they typed). */
export const STORE_CREDIT_REASONS = {
  expired: 'Store credit expired',
  spent: 'Used at checkout',
  checkoutReleased: 'Returned from a checkout that was not paid',
} as const;

const creditDay = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/** A ledger entry's day or a credit's expiry, in India's time: '5 December 2026'. */
export function formatCreditDate(date: Date): string {
  return creditDay.format(date);
}
