// The figures a seller files in GSTR-1 for a month, from the tax invoices and credit notes the store
// issued in that month in India's time (docs/decisions/0054): every document is read whole, as
// issued, so the figures are exactly the documents' own, to the paisa.
//
// - The store sells to consumers only, none of them registered. An inter-state invoice above
//   ₹1,00,000 is a "large" supply (B2CL, table 5): listed invoice by invoice, and its credit notes
//   as credit notes to unregistered persons (CDNUR, table 9B). Every other sale is a small one
//   (B2CS, table 7), summed by place of supply and rate, net of its credit notes.
// - The HSN summary (table 12), by HSN code and rate, also net of credit notes. A cash on delivery
//   fee is part of the goods' price (a composite supply, ADR 0049): its value counts under the
//   goods' HSN code, but it is not a unit, so it adds nothing to the quantity.
// - The documents issued (table 13): the first and last number of each series (a prefix and
//   financial year), how many, how many cancelled. The store never cancels a number: an order
//   cancelled after its invoice gets a credit note, so 'cancelled' is always 0, and the series have
//   no gaps (numbering.ts).
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { INDIAN_STATES } from '../../common/india.ts';
import { indiaDay, indiaMonth, indiaMonthBounds } from '../../common/india-time.ts';
import type { Database } from '../db/client.ts';
import { taxDocuments, type StateTax, type TaxDocument, type TaxDocumentBody } from '../db/schema.ts';
import { GST_STATE_CODES } from './settings.ts';
import { isSameState, stateTaxOf } from './tax.ts';

/** Taxable value and the three taxes, in paise. */
export interface TaxSums {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  /** SGST, or UTGST for a seller in a Union Territory without a legislature. */
  sgstPaise: number;
}

interface SupplyRow extends TaxSums {
  /** As the GST portal writes it: `27-Maharashtra`. */
  placeOfSupply: string;
  intraState: boolean;
  ratePercent: number;
}

interface HsnRow extends TaxSums {
  hsn: string;
  ratePercent: number;
  /** Units (pieces: the portal's UQC `NOS`), net of units credited. */
  quantity: number;
  /** What buyers paid, tax included, net of credits. */
  valuePaise: number;
}

/** An inter-state invoice above B2CL_ABOVE_PAISE, or a credit note against one, at one rate. */
interface LargeSupplyRow extends TaxSums {
  number: string;
  /** The document's day in India, `YYYY-MM-DD`. */
  day: string;
  /** The whole document's value, tax included. */
  valuePaise: number;
  placeOfSupply: string;
  ratePercent: number;
}

interface DocumentRange {
  nature: 'Invoices for outward supply' | 'Credit Note';
  first: string | null;
  last: string | null;
  count: number;
  cancelled: number;
}

export interface GstReturn {
  month: string;
  /** The state tax's name on the seller's documents. */
  stateTax: StateTax;
  supplies: SupplyRow[];
  /** B2CL: large inter-state invoices, and CDNUR: the credit notes against them. */
  largeInvoices: LargeSupplyRow[];
  largeCredits: LargeSupplyRow[];
  hsn: HsnRow[];
  documents: DocumentRange[];
  totals: {
    invoices: TaxSums & { valuePaise: number };
    creditNotes: TaxSums & { valuePaise: number };
    net: TaxSums & { valuePaise: number };
  };
}

/** `27-Maharashtra`; a state the list does not know is the portal's 'Other Territory'. */
export function placeOfSupplyCode(state: string): string {
  const known = INDIAN_STATES.find((name) => isSameState(name, state));
  return known ? `${GST_STATE_CODES[known]}-${known}` : '97-Other Territory';
}

const noTax = (): TaxSums => ({ taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });
const zero = (): TaxSums & { valuePaise: number } => ({ ...noTax(), valuePaise: 0 });

function addTo(sums: TaxSums & { valuePaise?: number }, line: TaxDocumentBody['lines'][number], sign: 1 | -1) {
  sums.taxablePaise += sign * line.taxablePaise;
  sums.igstPaise += sign * line.igstPaise;
  sums.cgstPaise += sign * line.cgstPaise;
  sums.sgstPaise += sign * line.sgstPaise;
  if (sums.valuePaise !== undefined) sums.valuePaise += sign * line.amountPaise;
}

/**
 * GSTR-1's line between a small and a large supply to an unregistered buyer in another state: an
 * invoice above ₹1,00,000 (since 1 August 2024; ₹2,50,000 before) is listed on its own.
 */
const B2CL_ABOVE_PAISE = 1_00_000_00;

/** A document as issued; a credit note also with the value of the invoice it is against. */
type IssuedDocument = Pick<TaxDocument, 'kind' | 'number' | 'body' | 'issuedAt'> & {
  invoiceTotalPaise?: number | null;
};

/** Whether a document is (or credits) a large inter-state supply, listed on its own. */
function isLarge({ kind, body, invoiceTotalPaise }: IssuedDocument): boolean {
  const invoiceValue = kind === 'invoice' ? body.totals.totalPaise : (invoiceTotalPaise ?? 0);
  return !body.intraState && invoiceValue > B2CL_ABOVE_PAISE;
}

/** A large document's rows, one per rate, as B2CL and CDNUR list them. */
function largeRows(document: IssuedDocument): LargeSupplyRow[] {
  const byRateOf = new Map<number, TaxSums>();
  for (const line of document.body.lines) {
    const sums = byRateOf.get(line.ratePercent) ?? noTax();
    addTo(sums, line, 1);
    byRateOf.set(line.ratePercent, sums);
  }
  return [...byRateOf]
    .sort(([a], [b]) => a - b)
    .map(([ratePercent, sums]) => ({
      number: document.number,
      day: indiaDay(document.issuedAt),
      valuePaise: document.body.totals.totalPaise,
      placeOfSupply: placeOfSupplyCode(document.body.placeOfSupply),
      ratePercent,
      ...sums,
    }));
}

/** A series of document numbers: the number without its running count (`TTT/2026-27/`). */
const seriesOf = (number: string) => number.replace(/\d+$/, '');

const byRate =
  <T extends { ratePercent: number }>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b)) || a.ratePercent - b.ratePercent;

/** The month's figures from its documents (in number order), the pure arithmetic of `gstReturnFor`. */
export function gstReturnOf(month: string, documents: readonly IssuedDocument[], stateTax: StateTax): GstReturn {
  const supplies = new Map<string, SupplyRow>();
  const hsn = new Map<string, HsnRow>();
  const totals = { invoices: zero(), creditNotes: zero(), net: zero() };
  const largeInvoices: LargeSupplyRow[] = [];
  const largeCredits: LargeSupplyRow[] = [];
  for (const document of documents) {
    const { kind, body } = document;
    const sign = kind === 'invoice' ? 1 : -1;
    const placeOfSupply = placeOfSupplyCode(body.placeOfSupply);
    const large = isLarge(document);
    if (large) (kind === 'invoice' ? largeInvoices : largeCredits).push(...largeRows(document));
    for (const line of body.lines) {
      addTo(kind === 'invoice' ? totals.invoices : totals.creditNotes, line, 1);
      addTo(totals.net, line, sign);
      const hsnKey = `${line.hsn}|${line.ratePercent}`;
      const row = hsn.get(hsnKey) ?? { hsn: line.hsn, ratePercent: line.ratePercent, quantity: 0, ...zero() };
      addTo(row, line, sign);
      if (!line.codFee) row.quantity += sign * line.quantity;
      hsn.set(hsnKey, row);
      if (large) continue;
      const supplyKey = `${placeOfSupply}|${line.ratePercent}`;
      const supply = supplies.get(supplyKey) ?? {
        placeOfSupply,
        intraState: body.intraState,
        ratePercent: line.ratePercent,
        ...noTax(),
      };
      addTo(supply, line, sign);
      supplies.set(supplyKey, supply);
    }
  }
  // One row per series; a kind with no document this month still has its row, empty.
  const ranges = (kind: IssuedDocument['kind'], nature: DocumentRange['nature']): DocumentRange[] => {
    const series = new Map<string, string[]>();
    for (const document of documents.filter((issued) => issued.kind === kind)) {
      series.set(seriesOf(document.number), [...(series.get(seriesOf(document.number)) ?? []), document.number]);
    }
    if (series.size === 0) return [{ nature, first: null, last: null, count: 0, cancelled: 0 }];
    return [...series.values()].map((numbers) => ({
      nature,
      first: numbers[0]!,
      last: numbers.at(-1)!,
      count: numbers.length,
      cancelled: 0,
    }));
  };
  return {
    month,
    stateTax,
    supplies: [...supplies.values()].sort(byRate((row) => row.placeOfSupply)),
    largeInvoices,
    largeCredits,
    hsn: [...hsn.values()].sort(byRate((row) => row.hsn)),
    documents: [...ranges('invoice', 'Invoices for outward supply'), ...ranges('credit_note', 'Credit Note')],
    totals,
  };
}

const creditedInvoices = alias(taxDocuments, 'credited_invoices');

/** The figures of a month (`YYYY-MM`, India's time) from the documents issued in it, or null for a month that is not one. */
export async function gstReturnFor(db: Database, month: string, sellerState: string): Promise<GstReturn | null> {
  const bounds = indiaMonthBounds(month);
  if (!bounds) return null;
  const documents = await db
    .select({
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      body: taxDocuments.body,
      issuedAt: taxDocuments.issuedAt,
      invoiceTotalPaise: creditedInvoices.totalPaise,
    })
    .from(taxDocuments)
    .leftJoin(creditedInvoices, eq(creditedInvoices.id, taxDocuments.invoiceId))
    .where(and(gte(taxDocuments.issuedAt, bounds.from), lt(taxDocuments.issuedAt, bounds.to)))
    // Numbers of a series sort as issued: one fixed-width series per financial year, and a month
    // lies within one financial year.
    .orderBy(asc(taxDocuments.number));
  return gstReturnOf(month, documents, stateTaxOf(sellerState));
}

/** GST began on 1 July 2017: no return is for an earlier month. */
const FIRST_GST_MONTH = '2017-07';

export const GST_MONTH_REFUSED = 'Choose a month from July 2017 to this month, as YYYY-MM.';

/**
 * The month a request asks for: none asked is last month in India (the return staff file next),
 * a month from July 2017 to this one is itself, anything else is refused.
 */
export function gstMonthAsked(asked: string | null, now: Date): { month: string } | { refused: string } {
  const thisMonth = indiaMonth(now);
  if (asked === null || asked === '') {
    const [year, month] = thisMonth.split('-').map(Number) as [number, number];
    return { month: month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}` };
  }
  if (!indiaMonthBounds(asked) || asked < FIRST_GST_MONTH || asked > thisMonth) return { refused: GST_MONTH_REFUSED };
  return { month: asked };
}
