// First in, first out (ADR 0048): a debit uses the credit that expires soonest first (with one
// expiry period for all, the oldest), and credit without an expiry last, so what was spent never
// expires again. Pure arithmetic over one shopper's ledger, used by the expiry job, a debit (which
// writes any expiry due before it takes) and the reminders.

export interface LedgerLine {
  id: string;
  amountPaise: number;
  expiresAt: Date | null;
  createdAt: Date;
}

const sum = (lines: readonly LedgerLine[]) => lines.reduce((total, line) => total + line.amountPaise, 0);

/** What every debit so far took, earlier expiries included, as a positive number. */
function debitsOf(lines: readonly LedgerLine[]): number {
  return -sum(lines.filter((line) => line.amountPaise < 0));
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
