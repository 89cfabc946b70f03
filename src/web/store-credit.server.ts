// A shopper's store credit as the pages show it (ADR 0048): the balance and a page of the history,
// for the profile; the page asked for comes from the query (`?credit=2`).
import { formatCreditDate } from '../common/store-credit.ts';
import type { Database } from '../server/db/client.ts';
import { creditBalance, creditHistory } from '../server/store-credit/ledger.ts';
import type { CreditEntryView } from './components/store-credit-history.tsx';

/** The query parameter naming the page of the history. */
const CREDIT_PAGE_PARAM = 'credit';

/** The page of the history the address asks for: a whole number from 1, clamped (a huge one would overflow the offset). */
export function creditPageOf(request: Request): number {
  const asked = Number.parseInt(new URL(request.url).searchParams.get(CREDIT_PAGE_PARAM) ?? '', 10);
  return Math.min(100_000, Math.max(1, asked || 1));
}

export interface StoreCreditView {
  balancePaise: number;
  /** Entries in all: none means the shopper never had credit, and the profile shows nothing of it. */
  total: number;
  page: number;
  pages: number;
  entries: CreditEntryView[];
}

export async function storeCreditView(db: Database, userId: string, page: number): Promise<StoreCreditView> {
  const [balancePaise, history] = await Promise.all([creditBalance(db, userId), creditHistory(db, userId, page)]);
  return {
    balancePaise,
    total: history.total,
    page: history.page,
    pages: history.pages,
    entries: history.entries.map((entry) => ({
      id: entry.id,
      date: formatCreditDate(entry.createdAt),
      reason: entry.reason,
      amountPaise: entry.amountPaise,
    })),
  };
}
