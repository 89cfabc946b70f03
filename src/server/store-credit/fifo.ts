// First in, first out (ADR 0048): a debit uses the credit that expires soonest first (with one
// expiry period for all, the oldest), and credit without an expiry last, so what was spent never
// expires again. Pure arithmetic over one shopper's ledger, used by the expiry job, a debit (which
// writes any expiry due before it takes) and the reminders.
//
// Spent credit given back (`spend_returned`: a checkout released unpaid, ADR 0050) undoes its spend
// rather than adding new credit: it is counted off the debits, so the credit it came from keeps the
// expiry it had. Counted as a credit of its own (which never expires), it would let a shopper turn
// expiring credit into lasting credit by opening and closing a payment window.
import type { StoreCreditKind } from '../../common/store-credit.ts';

export interface LedgerLine {
  id: string;
  amountPaise: number;
  expiresAt: Date | null;
  createdAt: Date;
  /** The entry's kind; left out, the entry is an ordinary credit or debit by its sign. */
  kind?: StoreCreditKind;
}

const sum = (lines: readonly LedgerLine[]) => lines.reduce((total, line) => total + line.amountPaise, 0);

/**
 * What every debit so far took, earlier expiries included, less the spent credit given back, as a
 * positive number.
 */
function debitsOf(lines: readonly LedgerLine[]): number {
  return -sum(lines.filter((line) => line.amountPaise < 0 || line.kind === 'spend_returned'));
}

/**
 * The credit to expire now: max(0, credits whose expiry has passed − every debit so far), and never
 * more than the balance, so an expiry can never take the balance below zero.
 */
export function amountToExpire(lines: readonly LedgerLine[], now: Date): number {
  const lapsed = sum(lines.filter((line) => line.amountPaise > 0 && line.expiresAt && line.expiresAt <= now));
  const balance = sum(lines);
  return Math.max(0, Math.min(lapsed - debitsOf(lines), balance));
}

/** Credits that expire, in the order they are used up: soonest expiry first, then oldest. */
function expiringInOrder(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines
    .filter((line) => line.amountPaise > 0 && line.expiresAt)
    .sort(
      (a, b) =>
        a.expiresAt!.getTime() - b.expiresAt!.getTime() ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    );
}

/**
 * What is left unspent of one expiring credit: the debits use up the expiring credits in order, so
 * this one keeps what the debits have not reached (0 when it is all used, or not an expiring credit).
 */
export function unspentOf(lines: readonly LedgerLine[], entryId: string): number {
  const debits = debitsOf(lines);
  let before = 0;
  for (const line of expiringInOrder(lines)) {
    if (line.id === entryId) return Math.max(0, Math.min(line.amountPaise, before + line.amountPaise - debits));
    before += line.amountPaise;
  }
  return 0;
}
