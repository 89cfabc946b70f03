// The GST return reconciles with its month's documents to the paisa, over generated months: orders
// to states in and out of the seller's, at both rate bands, with coupons and cash on delivery fees,
// invoiced, and some of their units credited back in one or more credit notes. Every figure of the
// return (sales to consumers, HSN summary, totals, documents issued) must add up to the documents'
// own totals, invoices less credit notes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { INDIAN_STATES } from '../../common/india.ts';
import type { OrderItem, TaxDocument, TaxDocumentBody } from '../db/schema.ts';
import { gstReturnOf, type TaxSums } from './gst-return.ts';
import { buildCreditNoteBody, buildInvoiceBody, type RateBand } from './tax.ts';

const BANDS: RateBand[] = [
  { upToPaise: 250_000, ratePercent: 5 },
  { upToPaise: null, ratePercent: 18 },
];
const SELLER = { legalName: 'Seller', address: 'Bengaluru', gstin: '29AAACT1234D1ZR', state: 'Karnataka' };
const HSN = ['6109', '6110', '6201', '6105'];

const generatedOrder = fc.record({
  lines: fc.array(
    fc.record({
      // Now and then a piece dear enough that an inter-state order is a large supply (B2CL).
      rupees: fc.oneof(fc.integer({ min: 199, max: 5_999 }), fc.integer({ min: 20_000, max: 60_000 })),
      quantity: fc.integer({ min: 1, max: 5 }),
      hsn: fc.constantFrom(...HSN),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  state: fc.constantFrom(...INDIAN_STATES),
  discountRupees: fc.integer({ min: 0, max: 150 }),
  codFeeRupees: fc.option(fc.integer({ min: 1, max: 99 })),
  // For each line, how many units come back, and in how many credit notes.
  credits: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 }),
  splitCredits: fc.boolean(),
  returnedToOrigin: fc.boolean(),
});

type Issued = Pick<TaxDocument, 'kind' | 'number' | 'body' | 'issuedAt'> & { invoiceTotalPaise?: number };
const ISSUED_AT = new Date('2026-11-15T06:00:00Z');
type GeneratedOrder = typeof generatedOrder extends fc.Arbitrary<infer T> ? T : never;

/** An order's invoice and credit notes, as the store would issue them. */
function documentsOf(order: GeneratedOrder, index: number): Issued[] {
  const itemsJson: OrderItem[] = order.lines.map((line, at) => ({
    productId: at + 1,
    name: `Garment ${at + 1}`,
    size: 'M',
    quantity: line.quantity,
    pricePaise: line.rupees * 100,
  }));
  const subtotal = itemsJson.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0);
  const invoiced = {
    id: `order-${index}`,
    itemsJson,
    discountPaise: Math.min(order.discountRupees * 100, subtotal - 100),
    codFeePaise: (order.codFeeRupees ?? 0) * 100,
    addressJson: { ...TEST_ADDRESS, state: order.state },
  };
  const invoice = buildInvoiceBody({
    order: invoiced,
    orderNumber: `ORDER${index}`,
    seller: SELLER,
    bands: BANDS,
    hsnOf: (productId) => order.lines[productId - 1]!.hsn,
  });
  const documents: Issued[] = [
    {
      kind: 'invoice',
      number: `TTT/2026-27/${String(index + 1).padStart(6, '0')}`,
      body: invoice,
      issuedAt: ISSUED_AT,
    },
  ];
  const credit = (credits: Parameters<typeof buildCreditNoteBody>[0]['credits'], creditFee: boolean) => {
    documents.push({
      kind: 'credit_note',
      number: `TTT/CN/2026-27/${String(index * 10 + documents.length).padStart(6, '0')}`,
      body: buildCreditNoteBody({ order: invoiced, invoice, credits, reason: 'Returned', creditFee }),
      issuedAt: ISSUED_AT,
      invoiceTotalPaise: invoice.totals.totalPaise,
    });
  };
  if (order.returnedToOrigin) {
    credit(
      itemsJson.map((item) => ({ ...item, unitsAlreadyCredited: 0 })),
      true,
    );
    return documents;
  }
  const back = itemsJson.map((item, at) => Math.min(item.quantity, order.credits[at] ?? 0));
  const steps = order.splitCredits ? 2 : 1;
  const done = itemsJson.map(() => 0);
  for (let step = 1; step <= steps; step += 1) {
    const credits = itemsJson.flatMap((item, at) => {
      const upTo = Math.ceil((back[at]! * step) / steps);
      const quantity = upTo - done[at]!;
      if (quantity === 0) return [];
      const credited = { productId: item.productId, size: item.size, quantity, unitsAlreadyCredited: done[at]! };
      done[at] = upTo;
      return [credited];
    });
    if (credits.length > 0) credit(credits, false);
  }
  return documents;
}

const sumOf = (bodies: readonly TaxDocumentBody[], pick: (totals: TaxDocumentBody['totals']) => number) =>
  bodies.reduce((total, body) => total + pick(body.totals), 0);

describe('the GST return of generated months', () => {
  it('adds up to its invoices less its credit notes, in every table, to the paisa', () => {
    fc.assert(
      fc.property(fc.array(generatedOrder, { minLength: 0, maxLength: 25 }), (orders) => {
        const documents = orders.flatMap(documentsOf);
        const figures = gstReturnOf('2026-11', documents, 'SGST');
        const invoices = documents.filter((document) => document.kind === 'invoice').map((document) => document.body);
        const credits = documents
          .filter((document) => document.kind === 'credit_note')
          .map((document) => document.body);
        const net = (pick: (totals: TaxDocumentBody['totals']) => number) =>
          sumOf(invoices, pick) - sumOf(credits, pick);
        const expected: TaxSums = {
          taxablePaise: net((totals) => totals.taxablePaise),
          igstPaise: net((totals) => totals.igstPaise),
          cgstPaise: net((totals) => totals.cgstPaise),
          sgstPaise: net((totals) => totals.sgstPaise),
        };
        const added = (rows: readonly TaxSums[]): TaxSums => ({
          taxablePaise: rows.reduce((sum, row) => sum + row.taxablePaise, 0),
          igstPaise: rows.reduce((sum, row) => sum + row.igstPaise, 0),
          cgstPaise: rows.reduce((sum, row) => sum + row.cgstPaise, 0),
          sgstPaise: rows.reduce((sum, row) => sum + row.sgstPaise, 0),
        });

        // Small supplies and large invoices, less the credit notes of large ones, are the net.
        const large = added(figures.largeInvoices);
        const largeCredited = added(figures.largeCredits);
        expect(added([...figures.supplies, large])).toEqual({
          taxablePaise: expected.taxablePaise + largeCredited.taxablePaise,
          igstPaise: expected.igstPaise + largeCredited.igstPaise,
          cgstPaise: expected.cgstPaise + largeCredited.cgstPaise,
          sgstPaise: expected.sgstPaise + largeCredited.sgstPaise,
        });
        // A large supply is inter-state, above ₹1,00,000, and only IGST.
        for (const row of [...figures.largeInvoices, ...figures.largeCredits]) {
          expect(row.cgstPaise + row.sgstPaise).toBe(0);
          expect(row.placeOfSupply).not.toBe('29-Karnataka');
        }
        for (const row of figures.largeInvoices) expect(row.valuePaise).toBeGreaterThan(1_00_000_00);
        expect(new Set(figures.largeInvoices.map((row) => row.number)).size).toBe(
          invoices.filter((body) => !body.intraState && body.totals.totalPaise > 1_00_000_00).length,
        );
        expect(added(figures.hsn)).toEqual(expected);
        expect({ ...figures.totals.net, valuePaise: undefined }).toEqual({ ...expected, valuePaise: undefined });
        expect(figures.totals.net.valuePaise).toBe(net((totals) => totals.totalPaise));
        expect(figures.hsn.reduce((sum, row) => sum + row.valuePaise, 0)).toBe(net((totals) => totals.totalPaise));
        expect(figures.totals.invoices.valuePaise).toBe(sumOf(invoices, (totals) => totals.totalPaise));
        expect(figures.totals.creditNotes.valuePaise).toBe(sumOf(credits, (totals) => totals.totalPaise));

        // Units: the items sold less the items credited; a fee is never a unit.
        const units = (bodies: readonly TaxDocumentBody[]) =>
          bodies.flatMap((body) => body.lines).reduce((sum, line) => sum + (line.codFee ? 0 : line.quantity), 0);
        expect(figures.hsn.reduce((sum, row) => sum + row.quantity, 0)).toBe(units(invoices) - units(credits));

        // Within the seller's state only CGST and SGST, outside it only IGST.
        for (const row of figures.supplies) {
          if (row.intraState) expect(row.igstPaise).toBe(0);
          else expect(row.cgstPaise + row.sgstPaise).toBe(0);
          expect(row.placeOfSupply === '29-Karnataka').toBe(row.intraState);
        }

        // One series a kind: its row counts every document of the kind.
        expect(figures.documents.map((range) => [range.nature, range.count])).toEqual([
          ['Invoices for outward supply', invoices.length],
          ['Credit Note', credits.length],
        ]);
        expect(figures.documents.every((range) => range.cancelled === 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
