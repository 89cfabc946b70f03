// The invoice arithmetic over a thousand generated orders with coupons (ADR 0024): every invoice
// adds up to what was paid, to the paisa, and returning every unit, in any steps, credits exactly
// what each line paid. An order paid cash on delivery may carry a fee (ADR 0049): its invoice adds
// up to the order's total with the fee, and the credit note of its return to origin gives back
// every line of it, the fee's too, to the paisa.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { couponOf } from '../../../tests/support/factories.ts';
import { judgeCoupon } from '../coupons/rules.ts';
import type { OrderItem, TaxLine } from '../db/schema.ts';
import { buildCreditNoteBody, buildInvoiceBody, paidForUnits, type RateBand } from './tax.ts';

const BANDS: RateBand[] = [
  { upToPaise: 250_000, ratePercent: 5 },
  { upToPaise: null, ratePercent: 18 },
];
const SELLER = { legalName: 'Seller', address: 'Somewhere', gstin: '29AAACT1234D1ZR', state: 'Karnataka' };
const NOW = new Date('2026-11-26T12:00:00Z');

const line = fc.record({
  rupees: fc.integer({ min: 199, max: 4_999 }),
  quantity: fc.integer({ min: 1, max: 10 }),
  size: fc.constantFrom('S', 'M', 'L', 'XL'),
});
const coupon = fc.oneof(
  fc.record({ kind: fc.constant('flat' as const), value: fc.integer({ min: 1, max: 2_000 }).map((r) => r * 100) }),
  fc.record({
    kind: fc.constant('percent' as const),
    value: fc.integer({ min: 1, max: 90 }),
    maxDiscountPaise: fc.option(fc.integer({ min: 1, max: 1_000 }).map((r) => r * 100)),
  }),
);
const order = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  coupon: fc.option(coupon),
  intraState: fc.boolean(),
  // Cash on delivery with a fee of ₹1 to ₹200, or paid online.
  codFeePaise: fc.option(fc.integer({ min: 1, max: 200 }).map((r) => r * 100)),
  // How each line's units come back: chunk sizes, taken in turn until none are left.
  returns: fc.array(fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 10 }), {
    minLength: 6,
    maxLength: 6,
  }),
});

const taxOf = (taxLine: TaxLine) => taxLine.cgstPaise + taxLine.sgstPaise + taxLine.igstPaise;

describe('the invoice arithmetic', () => {
  it('holds for 1000 generated orders with coupons and COD fees, intra- and inter-state', () => {
    fc.assert(
      fc.property(order, (generated) => {
        const itemsJson: OrderItem[] = generated.lines.map((l, index) => ({
          productId: index + 1,
          name: `Tee ${index + 1}`,
          size: l.size,
          quantity: l.quantity,
          pricePaise: l.rupees * 100,
        }));
        const subtotalPaise = itemsJson.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0);
        const judged = generated.coupon
          ? judgeCoupon(couponOf({ ...generated.coupon }), subtotalPaise, { inAll: 0, byShopper: 0 }, NOW)
          : undefined;
        const discountPaise = judged?.is_valid ? judged.discount_amount : 0;
        const codFeePaise = generated.codFeePaise ?? 0;
        const paidPaise = subtotalPaise - discountPaise + codFeePaise;
        const invoiced = {
          id: 'generated',
          itemsJson,
          discountPaise,
          codFeePaise,
          paymentMethod: generated.codFeePaise === null ? ('online' as const) : ('cod' as const),
          addressJson: { ...TEST_ADDRESS, state: generated.intraState ? 'Karnataka' : 'Kerala' },
        };
        const invoice = buildInvoiceBody({
          order: invoiced,
          orderNumber: 'GENERATE',
          seller: SELLER,
          bands: BANDS,
          hsnOf: () => '6109',
        });

        expect(invoice.totals.totalPaise).toBe(paidPaise);
        expect(invoice.lines.reduce((sum, l) => sum + l.amountPaise, 0)).toBe(paidPaise);
        expect(
          invoice.totals.taxablePaise + invoice.totals.cgstPaise + invoice.totals.sgstPaise + invoice.totals.igstPaise,
        ).toBe(paidPaise);
        for (const l of invoice.lines) {
          expect(l.taxablePaise + taxOf(l)).toBe(l.amountPaise);
          expect(l.taxablePaise).toBeGreaterThanOrEqual(0);
          if (generated.intraState) {
            expect(l.igstPaise).toBe(0);
            expect(l.cgstPaise - l.sgstPaise).toBeGreaterThanOrEqual(0);
            expect(l.cgstPaise - l.sgstPaise).toBeLessThanOrEqual(1);
          } else {
            expect(l.cgstPaise + l.sgstPaise).toBe(0);
          }
        }

        const feeLines = invoice.lines.filter((l) => l.codFee);
        expect(feeLines.map((l) => l.amountPaise)).toEqual(codFeePaise > 0 ? [codFeePaise] : []);
        expect(feeLines.every((l) => l.ratePercent === Math.max(...invoice.lines.map((x) => x.ratePercent)))).toBe(
          true,
        );

        // Returned to origin: every unit and the fee in one credit note, which is the invoice again.
        const returnedToOrigin = buildCreditNoteBody({
          order: invoiced,
          invoice,
          credits: itemsJson.map((item) => ({ ...item, unitsAlreadyCredited: 0 })),
          reason: 'Returned to origin',
          creditFee: true,
        });
        expect(returnedToOrigin.totals).toEqual(invoice.totals);
        expect(returnedToOrigin.lines).toEqual(invoice.lines);
        expect(returnedToOrigin.totals.totalPaise).toBe(paidPaise);

        // Every unit returned, line by line in chunks: the credits add up to each invoice line.
        itemsJson.forEach((item, index) => {
          const chunks = generated.returns[index]!;
          const credited = { amountPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
          let already = 0;
          for (let step = 0; already < item.quantity; step += 1) {
            const quantity =
              step < chunks.length ? Math.min(chunks[step]!, item.quantity - already) : item.quantity - already;
            const unitLine = { productId: item.productId, size: item.size };
            const note = buildCreditNoteBody({
              order: invoiced,
              invoice,
              credits: [{ ...unitLine, quantity, unitsAlreadyCredited: already }],
              reason: 'Returned',
            });
            const creditLine = note.lines[0]!;
            expect(creditLine.amountPaise).toBe(paidForUnits(invoiced, unitLine, quantity, already));
            expect(creditLine.taxablePaise + taxOf(creditLine)).toBe(creditLine.amountPaise);
            for (const key of Object.keys(credited) as Array<keyof typeof credited>) {
              expect(creditLine[key]).toBeGreaterThanOrEqual(0);
              credited[key] += creditLine[key];
            }
            already += quantity;
          }
          const invoiceLine = invoice.lines[index]!;
          expect(credited).toEqual({
            amountPaise: invoiceLine.amountPaise,
            taxablePaise: invoiceLine.taxablePaise,
            cgstPaise: invoiceLine.cgstPaise,
            sgstPaise: invoiceLine.sgstPaise,
            igstPaise: invoiceLine.igstPaise,
          });
        });
      }),
      { numRuns: 1000 },
    );
  });
});
