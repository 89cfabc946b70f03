import { describe, expect, it } from 'vitest';

import type { OrderItem, TaxDocumentBody } from '../db/schema.ts';
import { FailureError } from '../errors.ts';
import {
  buildCreditNoteBody,
  buildInvoiceBody,
  isSameState,
  paidForUnits,
  paidPerLine,
  rateFor,
  splitLine,
  type InvoicedOrder,
  type RateBand,
} from './tax.ts';

const BANDS: RateBand[] = [
  { upToPaise: 250_000, ratePercent: 5 },
  { upToPaise: null, ratePercent: 18 },
];
const item = (productId: number, pricePaise: number, quantity: number, size = 'M'): OrderItem => ({
  productId,
  name: `Tee ${productId}`,
  size,
  quantity,
  pricePaise,
});
const seller = {
  legalName: 'Demo Apparel Private Limited',
  address: '12 Demo Road, Bengaluru, Karnataka - 560001',
  gstin: '29AABCD1234E1Z5',
  state: 'Karnataka',
};
/** The jacket (product 1) is HSN 6201, every other product a tee, 6109. */
const jacketOrTee = (productId: number): string => (productId === 1 ? '6201' : '6109');
/** The invoice of `order` from the Karnataka seller, or from `by`. */
const invoiceOf = (order: InvoicedOrder, hsnOf = jacketOrTee, by = seller) =>
  buildInvoiceBody({ order, orderNumber: '3F2A9C1D', seller: by, bands: BANDS, hsnOf });
/** The credit note of a return of one unit of `productId` in `size`, the first of its line credited. */
const oneUnitReturned = (order: InvoicedOrder, invoice: TaxDocumentBody, productId: number, size: string) =>
  buildCreditNoteBody({
    order,
    invoice,
    credits: [{ productId, size, quantity: 1, unitsAlreadyCredited: 0 }],
    reason: 'Returned',
  });
const address = (state: string) => ({
  name: 'Asha Rao',
  phone: '9876543210',
  house: '4B',
  street: 'MG Road',
  city: 'Pune',
  state,
  pincode: '411001',
  country: 'India',
});

describe('paidPerLine', () => {
  it('spreads the discount in proportion to each line and adds up to subtotal − discount', () => {
    // Lines of ₹600 and ₹400: a ₹100 discount takes ₹60 and ₹40.
    expect(paidPerLine([item(1, 60_000, 1), item(2, 20_000, 2)], 10_000)).toEqual([54_000, 36_000]);
  });

  it('gives the odd paise to the largest remainders, ties to the earlier line', () => {
    // Three equal lines, 100 paise of discount: 33.33… each, the spare paisa to the first.
    expect(paidPerLine([item(1, 1_000, 1), item(2, 1_000, 1), item(3, 1_000, 1)], 100)).toEqual([966, 967, 967]);
    // 2 paise over lines of 1 and 3: exact shares 0.5 and 1.5, both remainders half: the first wins.
    expect(paidPerLine([item(1, 100, 1), item(2, 300, 1)], 2)).toEqual([99, 299]);
  });

  it('leaves lines alone without a discount, and refuses a discount larger than the order', () => {
    expect(paidPerLine([item(1, 59_900, 3)], 0)).toEqual([179_700]);
    expect(() => paidPerLine([item(1, 100, 1)], 101)).toThrow();
    expect(() => paidPerLine([item(1, 100, 1)], -1)).toThrow();
  });
});

describe('paidForUnits', () => {
  const order = { itemsJson: [item(1, 33_300, 3), item(2, 10_000, 1, 'L')], discountPaise: 10_000 };

  it('credits a line in cumulative shares that add up to what it paid', () => {
    const linePaid = paidPerLine(order.itemsJson, order.discountPaise)[0]!;
    const first = paidForUnits(order, { productId: 1, size: 'M' }, 1, 0);
    const rest = paidForUnits(order, { productId: 1, size: 'M' }, 2, 1);
    expect(first + rest).toBe(linePaid);
    expect(paidForUnits(order, { productId: 1, size: 'M' }, 3, 0)).toBe(linePaid);
    expect(first).toBe(Math.floor(linePaid / 3));
  });

  it('refuses a line the order does not have and more units than the line', () => {
    expect(() => paidForUnits(order, { productId: 1, size: 'L' }, 1, 0)).toThrow(FailureError);
    expect(() => paidForUnits(order, { productId: 1, size: 'M' }, 2, 2)).toThrow(FailureError);
    expect(() => paidForUnits(order, { productId: 1, size: 'M' }, 0, 0)).toThrow(FailureError);
  });
});

describe('rateFor', () => {
  it('decides by the taxable value per piece at the band’s own rate', () => {
    // ₹2,625.00 with 5% is ₹2,500.00 taxable: the 5% band. One paisa more is above it: 18%.
    expect(rateFor(262_500, 1, BANDS)).toBe(5);
    expect(rateFor(262_501, 1, BANDS)).toBe(18);
    // Per piece: two pieces for ₹5,250.00 are ₹2,625.00 each.
    expect(rateFor(525_000, 2, BANDS)).toBe(5);
    expect(rateFor(525_002, 2, BANDS)).toBe(18);
  });

  it('takes the last band when no ceiling fits', () => {
    expect(rateFor(900_000, 1, [{ upToPaise: 100_000, ratePercent: 5 }])).toBe(5);
  });
});

describe('splitLine', () => {
  it('rounds the taxable value once, half up, and splits intra-state tax CGST first', () => {
    // ₹1,049.00 at 5%: taxable 99,904.76… → 99,905, tax 4,995 → CGST 2,498, SGST 2,497.
    expect(splitLine(104_900, 1, BANDS, true)).toEqual({
      taxablePaise: 99_905,
      ratePercent: 5,
      cgstPaise: 2_498,
      sgstPaise: 2_497,
      igstPaise: 0,
    });
    expect(splitLine(104_900, 1, BANDS, false)).toEqual({
      taxablePaise: 99_905,
      ratePercent: 5,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 4_995,
    });
    // ₹1,050.00 at 5% is ₹1,000.00 taxable exactly.
    expect(splitLine(105_000, 1, BANDS, false).taxablePaise).toBe(100_000);
    // ₹4,999.00 at 18%: 423,644.06… → 423,644.
    expect(splitLine(499_900, 1, BANDS, true)).toMatchObject({ taxablePaise: 423_644, ratePercent: 18 });
  });
});

describe('isSameState', () => {
  it('ignores case and spacing', () => {
    expect(isSameState('Tamil  nadu ', 'Tamil Nadu')).toBe(true);
    expect(isSameState('Karnataka', 'Kerala')).toBe(false);
  });
});

describe('buildInvoiceBody and buildCreditNoteBody', () => {
  const order = {
    id: '3f2a9c1d-0000-4000-8000-000000000000',
    itemsJson: [item(1, 299_900, 1), item(2, 79_900, 2, 'L')],
    discountPaise: 20_000,
    addressJson: address('karnataka'),
  };
  const invoice = invoiceOf(order);

  it('invoices each line after its share of the discount, adding up to what was paid', () => {
    expect(invoice.intraState).toBe(true);
    expect(invoice.placeOfSupply).toBe('karnataka');
    expect(invoice.buyer).toEqual({
      name: 'Asha Rao',
      address: '4B, MG Road, Pune, karnataka - 411001, India',
      state: 'karnataka',
    });
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.size, line.quantity])).toEqual([
      ['Tee 1', '6201', 'M', 1],
      ['Tee 2', '6109', 'L', 2],
    ]);
    expect(invoice.lines.map((line) => line.ratePercent)).toEqual([18, 5]);
    expect(invoice.totals.totalPaise).toBe(299_900 + 159_800 - 20_000);
    const { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = invoice.totals;
    expect(taxablePaise + cgstPaise + sgstPaise + igstPaise).toBe(totalPaise);
    expect(igstPaise).toBe(0);
  });

  it('credits units at the invoice’s rates, and every unit together gives back the invoice', () => {
    const first = oneUnitReturned(order, invoice, 2, 'L');
    expect(first.totals.totalPaise).toBe(paidForUnits(order, { productId: 2, size: 'L' }, 1, 0));
    expect(first.lines[0]!.ratePercent).toBe(5);
    expect(first.reason).toBe('Returned');
    const rest = buildCreditNoteBody({
      order,
      invoice,
      credits: [
        { productId: 1, size: 'M', quantity: 1, unitsAlreadyCredited: 0 },
        { productId: 2, size: 'L', quantity: 1, unitsAlreadyCredited: 1 },
      ],
      reason: 'Order cancelled by the customer',
    });
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const) {
      expect(first.totals[key] + rest.totals[key]).toBe(invoice.totals[key]);
    }
  });
});

describe('CGST with UTGST in a Union Territory without a legislature', () => {
  const inTerritory = (sellerState: string, deliveryState: string) =>
    invoiceOf(
      { id: 'o', itemsJson: [item(1, 104_900, 1)], discountPaise: 0, addressJson: address(deliveryState) },
      () => '6109',
      { ...seller, state: sellerState },
    );
  const taxOf = (body: ReturnType<typeof inTerritory>) => {
    const { cgstPaise, sgstPaise, igstPaise } = body.lines[0]!;
    return { intraState: body.intraState, stateTax: body.stateTax, cgstPaise, sgstPaise, igstPaise };
  };

  it('charges a Chandigarh seller’s sale into Chandigarh CGST + UTGST, in the same halves as SGST', () => {
    expect(taxOf(inTerritory('Chandigarh', 'Chandigarh'))).toEqual({
      intraState: true,
      stateTax: 'UTGST',
      cgstPaise: 2_498,
      sgstPaise: 2_497,
      igstPaise: 0,
    });
    const credit = oneUnitReturned(
      { id: 'o', itemsJson: [item(1, 104_900, 1)], discountPaise: 0, addressJson: address('Chandigarh') },
      inTerritory('Chandigarh', 'Chandigarh'),
      1,
      'M',
    );
    expect(credit.stateTax).toBe('UTGST');
  });

  it('charges IGST on a Chandigarh seller’s sale into Punjab', () => {
    expect(taxOf(inTerritory('Chandigarh', 'Punjab'))).toMatchObject({ intraState: false, igstPaise: 4_995 });
  });

  it.each(['Ladakh', 'Lakshadweep', 'Andaman and Nicobar Islands', 'Dadra and Nagar Haveli and Daman and Diu'])(
    'charges UTGST within %s',
    (territory) => {
      expect(taxOf(inTerritory(territory, territory)).stateTax).toBe('UTGST');
    },
  );

  it.each(['Delhi', 'Puducherry', 'Jammu and Kashmir', 'Karnataka'])(
    'charges SGST within %s, which has a legislature',
    (state) => {
      expect(taxOf(inTerritory(state, state))).toMatchObject({ intraState: true, stateTax: 'SGST', sgstPaise: 2_497 });
    },
  );
});

describe('a cash on delivery fee (ADR 0049)', () => {
  const order = {
    id: '3f2a9c1d-0000-4000-8000-000000000000',
    itemsJson: [item(2, 79_900, 2, 'L'), item(1, 299_900, 1)],
    discountPaise: 20_000,
    addressJson: address('Karnataka'),
    codFeePaise: 4_900,
    paymentMethod: 'cod' as const,
  };
  const invoice = invoiceOf(order);

  it('is a line of its own after the items, at the rate and HSN of the highest-rate line', () => {
    expect(invoice.paymentMethod).toBe('cod');
    expect(invoice.lines.map((line) => [line.description, line.ratePercent, line.codFee ?? false])).toEqual([
      ['Tee 2', 5, false],
      ['Tee 1', 18, false],
      ['Cash on delivery fee', 18, true],
    ]);
    // ₹49.00 with 18% in it: taxable round(4900 × 100 / 118) = 4153, tax 747 as CGST 374 + SGST 373.
    expect(invoice.lines[2]).toEqual({
      description: 'Cash on delivery fee',
      hsn: '6201',
      size: '',
      quantity: 1,
      amountPaise: 4_900,
      taxablePaise: 4_153,
      ratePercent: 18,
      cgstPaise: 374,
      sgstPaise: 373,
      igstPaise: 0,
      codFee: true,
    });
    expect(invoice.totals.totalPaise).toBe(79_900 * 2 + 299_900 - 20_000 + 4_900);
  });

  it('is credited whole with every unit when the parcel returns to origin, giving back the invoice', () => {
    const note = buildCreditNoteBody({
      order,
      invoice,
      credits: order.itemsJson.map((line) => ({ ...line, unitsAlreadyCredited: 0 })),
      reason: 'Returned to origin',
      creditFee: true,
    });
    expect(note.lines).toEqual(invoice.lines);
    expect(note.totals).toEqual(invoice.totals);
    expect(note.paymentMethod).toBe('cod');
  });

  it('stays on the invoice when only units are credited', () => {
    const note = oneUnitReturned(order, invoice, 1, 'M');
    expect(note.lines.map((line) => line.description)).toEqual(['Tee 1']);
    expect(note.totals.totalPaise).toBe(paidForUnits(order, { productId: 1, size: 'M' }, 1, 0));
  });

  it('takes the earlier line on a tie, and IGST across states', () => {
    const across = invoiceOf(
      { ...order, itemsJson: [item(1, 79_900, 1), item(2, 59_900, 1)], addressJson: address('Kerala') },
      (productId) => (productId === 1 ? '6109' : '6105'),
    );
    expect(across.lines.at(-1)).toMatchObject({ hsn: '6109', ratePercent: 5, cgstPaise: 0, sgstPaise: 0 });
    expect(across.lines.at(-1)!.taxablePaise + across.lines.at(-1)!.igstPaise).toBe(4_900);
  });
});
