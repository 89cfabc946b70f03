// The figures a seller files in GSTR-1 for a month, from the tax invoices and credit notes the store
// issued in that month in India's time (docs/decisions/0054): every document is read whole, as
// issued, so the figures are exactly the documents' own, to the paisa.
//
// - Sales to consumers (GSTR-1's B2C small supplies, table 7) by place of supply and rate, net of
//   the month's credit notes: the store sells to consumers only, none of them registered, and every
//   order is far below the value that would make an inter-state invoice a "large" one.
// - The HSN summary (table 12), by HSN code and rate, also net of credit notes. A cash on delivery
//   fee is part of the goods' price (a composite supply, ADR 0049): its value counts under the
//   goods' HSN code, but it is not a unit, so it adds nothing to the quantity.
// - The documents issued (table 13): the first and last number of each series, how many, how many
//   cancelled. The store never cancels a number: an order cancelled after its invoice gets a credit
//   note, so 'cancelled' is always 0, and the series have no gaps (numbering.ts).
import { and, asc, gte, lt } from 'drizzle-orm';

import { INDIAN_STATES } from '../../common/india.ts';
import { indiaMonth, indiaMonthBounds } from '../../common/india-time.ts';
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

interface DocumentRange {
  nature: 'Invoices for outward supply' | 'Credit notes';
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

type IssuedDocument = Pick<TaxDocument, 'kind' | 'number' | 'body'>;

const byRate =
  <T extends { ratePercent: number }>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b)) || a.ratePercent - b.ratePercent;

/** The month's figures from its documents (in number order), the pure arithmetic of `gstReturnFor`. */
export function gstReturnOf(month: string, documents: readonly IssuedDocument[], stateTax: StateTax): GstReturn {
  const supplies = new Map<string, SupplyRow>();
  const hsn = new Map<string, HsnRow>();
  const totals = { invoices: zero(), creditNotes: zero(), net: zero() };
  for (const { kind, body } of documents) {
    const sign = kind === 'invoice' ? 1 : -1;
    const placeOfSupply = placeOfSupplyCode(body.placeOfSupply);
    for (const line of body.lines) {
      addTo(kind === 'invoice' ? totals.invoices : totals.creditNotes, line, 1);
      addTo(totals.net, line, sign);
      const supplyKey = `${placeOfSupply}|${line.ratePercent}`;
      const supply = supplies.get(supplyKey) ?? {
        placeOfSupply,
        intraState: body.intraState,
        ratePercent: line.ratePercent,
        ...noTax(),
      };
      addTo(supply, line, sign);
      supplies.set(supplyKey, supply);
      const hsnKey = `${line.hsn}|${line.ratePercent}`;
      const row = hsn.get(hsnKey) ?? { hsn: line.hsn, ratePercent: line.ratePercent, quantity: 0, ...zero() };
      addTo(row, line, sign);
      if (!line.codFee) row.quantity += sign * line.quantity;
      hsn.set(hsnKey, row);
    }
  }
  const range = (kind: IssuedDocument['kind'], nature: DocumentRange['nature']): DocumentRange => {
    const numbers = documents.filter((document) => document.kind === kind).map((document) => document.number);
    return { nature, first: numbers[0] ?? null, last: numbers.at(-1) ?? null, count: numbers.length, cancelled: 0 };
  };
  return {
    month,
    stateTax,
    supplies: [...supplies.values()].sort(byRate((row) => row.placeOfSupply)),
    hsn: [...hsn.values()].sort(byRate((row) => row.hsn)),
    documents: [range('invoice', 'Invoices for outward supply'), range('credit_note', 'Credit notes')],
    totals,
  };
}

/** The figures of a month (`YYYY-MM`, India's time) from the documents issued in it, or null for a month that is not one. */
export async function gstReturnFor(db: Database, month: string, sellerState: string): Promise<GstReturn | null> {
  const bounds = indiaMonthBounds(month);
  if (!bounds) return null;
  const documents = await db
    .select({ kind: taxDocuments.kind, number: taxDocuments.number, body: taxDocuments.body })
    .from(taxDocuments)
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
