// The GST return's arithmetic on hand-computed documents: a Karnataka seller's month with an
// intra-state invoice (with a cash on delivery fee), an inter-state one at two rates, and a credit
// note for one returned unit.
import { describe, expect, it } from 'vitest';

import type { TaxDocumentBody, TaxLine } from '../db/schema.ts';
import { gstFile } from './gst-files.ts';
import { GST_MONTH_REFUSED, gstMonthAsked, gstReturnOf, placeOfSupplyCode } from './gst-return.ts';

const SELLER = { legalName: 'Seller', address: 'Bengaluru', gstin: '29AAACT1234D1ZR', state: 'Karnataka' };

function body(placeOfSupply: string, intraState: boolean, lines: TaxLine[]): TaxDocumentBody {
  const sum = (pick: (line: TaxLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    orderNumber: 'ORDER',
    seller: SELLER,
    buyer: { name: 'Buyer', address: 'Somewhere', state: placeOfSupply },
    placeOfSupply,
    intraState,
    stateTax: 'SGST',
    lines,
    totals: {
      taxablePaise: sum((line) => line.taxablePaise),
      cgstPaise: sum((line) => line.cgstPaise),
      sgstPaise: sum((line) => line.sgstPaise),
      igstPaise: sum((line) => line.igstPaise),
      totalPaise: sum((line) => line.amountPaise),
    },
  };
}

const line = (
  hsn: string,
  ratePercent: number,
  quantity: number,
  taxablePaise: number,
  tax: [number, number, number],
) => ({
  description: 'Garment',
  hsn,
  size: 'M',
  quantity,
  ratePercent,
  taxablePaise,
  cgstPaise: tax[0],
  sgstPaise: tax[1],
  igstPaise: tax[2],
  amountPaise: taxablePaise + tax[0] + tax[1] + tax[2],
});

// ₹1,049.00 of tees at 5% in Karnataka (taxable 999.05, tax 49.95 as 24.98 + 24.97), with a ₹50 fee
// at the same rate (taxable 47.62, tax 2.38 as 1.19 + 1.19).
const intra = body('Karnataka', true, [
  line('6109', 5, 2, 99_905, [2_498, 2_497, 0]),
  { ...line('6109', 5, 1, 4_762, [119, 119, 0]), codFee: true as const },
]);
// To Kerala: a tee at 5% (₹799: 760.95 + 38.05 IGST) and a jacket at 18% (₹2,999: 2,541.53 + 457.47).
const inter = body('Kerala', false, [
  line('6109', 5, 1, 76_095, [0, 0, 3_805]),
  line('6201', 18, 1, 254_153, [0, 0, 45_747]),
]);
// One of the Karnataka tees back: 499.52 taxable, 12.49 + 12.49.
const credit = body('Karnataka', true, [line('6109', 5, 1, 49_952, [1_249, 1_249, 0])]);

const on = (day: string) => new Date(`${day}T06:00:00Z`);
const documents = [
  { kind: 'invoice' as const, number: 'TTT/2026-27/000007', body: intra, issuedAt: on('2026-11-03') },
  { kind: 'invoice' as const, number: 'TTT/2026-27/000008', body: inter, issuedAt: on('2026-11-04') },
  { kind: 'credit_note' as const, number: 'TTT/CN/2026-27/000002', body: credit, issuedAt: on('2026-11-20') },
];

describe("a month's GST return", () => {
  const figures = gstReturnOf('2026-11', documents, 'SGST');

  it('sums sales to consumers by place of supply and rate, credit notes taken off', () => {
    expect(figures.supplies).toEqual([
      {
        placeOfSupply: '29-Karnataka',
        intraState: true,
        ratePercent: 5,
        taxablePaise: 54_715,
        igstPaise: 0,
        cgstPaise: 1_368,
        sgstPaise: 1_367,
      },
      {
        placeOfSupply: '32-Kerala',
        intraState: false,
        ratePercent: 5,
        taxablePaise: 76_095,
        igstPaise: 3_805,
        cgstPaise: 0,
        sgstPaise: 0,
      },
      {
        placeOfSupply: '32-Kerala',
        intraState: false,
        ratePercent: 18,
        taxablePaise: 254_153,
        igstPaise: 45_747,
        cgstPaise: 0,
        sgstPaise: 0,
      },
    ]);
  });

  it('sums the HSN summary by code and rate; the fee adds value but no units', () => {
    expect(figures.hsn).toEqual([
      {
        hsn: '6109',
        ratePercent: 5,
        quantity: 2,
        valuePaise: 137_350,
        taxablePaise: 130_810,
        igstPaise: 3_805,
        cgstPaise: 1_368,
        sgstPaise: 1_367,
      },
      {
        hsn: '6201',
        ratePercent: 18,
        quantity: 1,
        valuePaise: 299_900,
        taxablePaise: 254_153,
        igstPaise: 45_747,
        cgstPaise: 0,
        sgstPaise: 0,
      },
    ]);
  });

  it('gives the totals of invoices, credit notes and the net', () => {
    expect(figures.totals).toEqual({
      invoices: { taxablePaise: 434_915, igstPaise: 49_552, cgstPaise: 2_617, sgstPaise: 2_616, valuePaise: 489_700 },
      creditNotes: { taxablePaise: 49_952, igstPaise: 0, cgstPaise: 1_249, sgstPaise: 1_249, valuePaise: 52_450 },
      net: { taxablePaise: 384_963, igstPaise: 49_552, cgstPaise: 1_368, sgstPaise: 1_367, valuePaise: 437_250 },
    });
  });

  it('names the documents issued: first, last, how many, none cancelled', () => {
    expect(figures.documents).toEqual([
      {
        nature: 'Invoices for outward supply',
        first: 'TTT/2026-27/000007',
        last: 'TTT/2026-27/000008',
        count: 2,
        cancelled: 0,
      },
      { nature: 'Credit Note', first: 'TTT/CN/2026-27/000002', last: 'TTT/CN/2026-27/000002', count: 1, cancelled: 0 },
    ]);
    expect(gstReturnOf('2026-12', [], 'UTGST').documents).toEqual([
      { nature: 'Invoices for outward supply', first: null, last: null, count: 0, cancelled: 0 },
      { nature: 'Credit Note', first: null, last: null, count: 0, cancelled: 0 },
    ]);
  });

  it('writes each table as the offline tool heads it, in rupees', () => {
    expect(gstFile(figures, 'b2cs.csv').split('\r\n')).toEqual([
      '\uFEFFType,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount',
      'OE,29-Karnataka,5,,547.15,0.00,,0.00,13.68,13.67',
      'OE,32-Kerala,5,,760.95,0.00,,38.05,0.00,0.00',
      'OE,32-Kerala,18,,2541.53,0.00,,457.47,0.00,0.00',
      '',
    ]);
    expect(gstFile(figures, 'hsn.csv').split('\r\n')).toEqual([
      '\uFEFFHSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      '6109,,NOS-NUMBERS,2,1373.50,5,1308.10,38.05,13.68,13.67,0.00',
      '6201,,NOS-NUMBERS,1,2999.00,18,2541.53,457.47,0.00,0.00,0.00',
      '',
    ]);
    expect(gstFile(figures, 'docs.csv').split('\r\n')).toEqual([
      '\uFEFFNature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      'Invoices for outward supply,TTT/2026-27/000007,TTT/2026-27/000008,2,0',
      'Credit Note,TTT/CN/2026-27/000002,TTT/CN/2026-27/000002,1,0',
      '',
    ]);
  });
});

describe('a large inter-state sale', () => {
  // Ten jackets to Kerala: ₹1,20,000.00 at 18% (1,01,694.92 + 18,305.08 IGST), above ₹1,00,000.
  const jackets = body('Kerala', false, [line('6201', 18, 10, 10_169_492, [0, 0, 1_830_508])]);
  // Two of them back.
  const two = body('Kerala', false, [line('6201', 18, 2, 2_033_898, [0, 0, 366_102])]);
  // A Karnataka sale of the same value is within the state: a small supply whatever its value.
  const local = body('Karnataka', true, [line('6201', 18, 10, 10_169_492, [915_254, 915_254, 0])]);
  const figures = gstReturnOf(
    '2026-11',
    [
      { kind: 'invoice', number: 'TTT/2026-27/000009', body: jackets, issuedAt: on('2026-11-05') },
      { kind: 'invoice', number: 'TTT/2026-27/000010', body: local, issuedAt: on('2026-11-06') },
      {
        kind: 'credit_note',
        number: 'TTT/CN/2026-27/000003',
        body: two,
        issuedAt: on('2026-11-21'),
        invoiceTotalPaise: 12_000_000,
      },
    ],
    'SGST',
  );

  it('is listed invoice by invoice (B2CL), and its credit note as a credit note to an unregistered buyer (CDNUR)', () => {
    expect(figures.largeInvoices).toEqual([
      {
        number: 'TTT/2026-27/000009',
        day: '2026-11-05',
        valuePaise: 12_000_000,
        placeOfSupply: '32-Kerala',
        ratePercent: 18,
        taxablePaise: 10_169_492,
        igstPaise: 1_830_508,
        cgstPaise: 0,
        sgstPaise: 0,
      },
    ]);
    expect(figures.largeCredits).toEqual([
      {
        number: 'TTT/CN/2026-27/000003',
        day: '2026-11-21',
        valuePaise: 2_400_000,
        placeOfSupply: '32-Kerala',
        ratePercent: 18,
        taxablePaise: 2_033_898,
        igstPaise: 366_102,
        cgstPaise: 0,
        sgstPaise: 0,
      },
    ]);
    expect(gstFile(figures, 'b2cl.csv').split('\r\n')).toEqual([
      '\uFEFFInvoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN,Integrated Tax Amount',
      'TTT/2026-27/000009,05-Nov-2026,120000.00,32-Kerala,,18,101694.92,0.00,,18305.08',
      '',
    ]);
    expect(gstFile(figures, 'cdnur.csv').split('\r\n')).toEqual([
      '\uFEFFUR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,Integrated Tax Amount',
      'B2CL,TTT/CN/2026-27/000003,21-Nov-2026,C,32-Kerala,24000.00,,18,20338.98,0.00,3661.02',
      '',
    ]);
  });

  it('stays out of the small supplies but in the HSN summary and the totals', () => {
    expect(figures.supplies.map((row) => row.placeOfSupply)).toEqual(['29-Karnataka']);
    expect(figures.hsn).toEqual([
      {
        hsn: '6201',
        ratePercent: 18,
        quantity: 18,
        valuePaise: 12_000_000 * 2 - 2_400_000,
        taxablePaise: 10_169_492 * 2 - 2_033_898,
        igstPaise: 1_830_508 - 366_102,
        cgstPaise: 915_254,
        sgstPaise: 915_254,
      },
    ]);
  });
});

describe('the documents issued', () => {
  it('gives each series its own row: a new prefix within the month starts another', () => {
    const issued = (number: string) => ({ kind: 'invoice' as const, number, body: intra, issuedAt: on('2026-11-10') });
    const figures = gstReturnOf(
      '2026-11',
      [issued('ABC/2026-27/000041'), issued('ABC/2026-27/000042'), issued('TTT/2026-27/000001')],
      'SGST',
    );
    expect(figures.documents).toEqual([
      {
        nature: 'Invoices for outward supply',
        first: 'ABC/2026-27/000041',
        last: 'ABC/2026-27/000042',
        count: 2,
        cancelled: 0,
      },
      {
        nature: 'Invoices for outward supply',
        first: 'TTT/2026-27/000001',
        last: 'TTT/2026-27/000001',
        count: 1,
        cancelled: 0,
      },
      { nature: 'Credit Note', first: null, last: null, count: 0, cancelled: 0 },
    ]);
  });
});

describe('the place of supply', () => {
  it("is the state's GST code and name, whatever its spacing or case", () => {
    const codes = {
      Maharashtra: '27-Maharashtra',
      'tamil  nadu': '33-Tamil Nadu',
      Ladakh: '38-Ladakh',
      Atlantis: '97-Other Territory',
    };
    for (const [state, code] of Object.entries(codes)) expect(placeOfSupplyCode(state), state).toBe(code);
  });
});

describe('the month asked for', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('is last month in India when none is asked', () => {
    expect(gstMonthAsked(null, now)).toEqual({ month: '2026-10' });
    expect(gstMonthAsked('', new Date('2026-12-31T18:30:00Z'))).toEqual({ month: '2026-12' });
    expect(gstMonthAsked(null, new Date('2027-01-15T00:00:00Z'))).toEqual({ month: '2026-12' });
  });

  it('is any month from July 2017 to this one, and nothing else', () => {
    expect(gstMonthAsked('2017-07', now)).toEqual({ month: '2017-07' });
    expect(gstMonthAsked('2026-11', now)).toEqual({ month: '2026-11' });
    for (const bad of ['2017-06', '2026-12', '2099-01', '2026-13', '2026-1', 'November', '2026-11-01']) {
      expect(gstMonthAsked(bad, now)).toEqual({ refused: GST_MONTH_REFUSED });
    }
  });
});
