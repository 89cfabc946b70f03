// Tax document numbers (ADR 0024): one gap-free series per kind and financial year,
// `TTT/2026-27/000123` for invoices and `TTT/CN/2026-27/000004` for credit notes.
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { documentSequences, type TAX_DOCUMENT_KINDS } from '../db/schema.ts';

export type DocumentSeries = (typeof TAX_DOCUMENT_KINDS)[number];

/** India's financial year (April to March, in India's calendar) of a moment: `2026-27`. */
export function financialYear(moment: Date): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
  })
    .format(moment)
    .split('-')
    .map(Number);
  const starts = month! >= 4 ? year! : year! - 1;
  return `${starts}-${String((starts + 1) % 100).padStart(2, '0')}`;
}

/**
 * The next number of a series in the caller's transaction: the sequence row is created or moved on
 * under its row lock, held until the transaction ends, so numbers are taken one transaction at a
 * time and one that rolls back gives its number back. The row is the last lock a transaction takes
 * (THE LOCK ORDER, checkout/workflow.ts): every order placed waits on it, for as short as possible.
 */
export async function takeNextNumber(tx: Database, series: DocumentSeries, year: string): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ series, financialYear: year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.series, documentSequences.financialYear],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  return row!.lastNumber;
}

/** `TTT/2026-27/000123`, or `TTT/CN/2026-27/000004` for a credit note. */
export function documentNumber(prefix: string, series: DocumentSeries, year: string, number: number): string {
  const parts = series === 'credit_note' ? [prefix, 'CN', year] : [prefix, year];
  return [...parts, String(number).padStart(6, '0')].join('/');
}
