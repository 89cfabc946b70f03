import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { documentFileName, renderTaxDocumentPdf, type PrintedDocument } from './pdf.ts';
import { buildCreditNoteBody, buildInvoiceBody } from './tax.ts';

const order = {
  id: '3f2a9c1d-0000-4000-8000-000000000000',
  itemsJson: [
    { productId: 1, name: 'Night Rider Jacket', size: 'M', quantity: 1, pricePaise: 299_900 },
    { productId: 2, name: 'Astro Tee', size: 'L', quantity: 2, pricePaise: 79_900 },
  ],
  discountPaise: 20_000,
  addressJson: {
    name: 'Riya Kapoor ✨',
    phone: '9876543210',
    house: 'Flat 4B',
    street: 'MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    country: 'India',
  },
};
const seller = {
  legalName: 'Trap the Trend Retail Private Limited',
  address: '7 Linking Road, Mumbai, Maharashtra - 400050',
  gstin: '27AAACT1234D1ZV',
  state: 'Maharashtra',
};
const bands = [
  { upToPaise: 250_000, ratePercent: 5 },
  { upToPaise: null, ratePercent: 18 },
];
const invoiceBody = buildInvoiceBody({ order, orderNumber: '3F2A9C1D', seller, bands, hsnOf: () => '6109' });

async function textOf(document: PrintedDocument): Promise<string> {
  const pdf = await renderTaxDocumentPdf(document);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe('renderTaxDocumentPdf', () => {
  it('draws an invoice from its stored body: parties, lines with IGST, totals', async () => {
    const text = await textOf({
      kind: 'invoice',
      number: 'TTT/2026-27/000123',
      issuedAt: new Date('2026-11-26T06:00:00Z'),
      body: invoiceBody,
      invoiceNumber: null,
    });
    for (const expected of [
      'Tax Invoice',
      'Invoice number: TTT/2026-27/000123',
      'Date: 26 November 2026',
      'Order number: #3F2A9C1D',
      'GSTIN: 27AAACT1234D1ZV',
      'State: Maharashtra',
      // Characters the standard fonts cannot draw are replaced, never garbled.
      'Riya Kapoor ?',
      'Place of supply: Karnataka',
      'Night Rider Jacket (Size M)',
      'IGST (INR)',
      '2,868.52',
      'Total paid (INR)',
      '4,397.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');
  });

  it('draws a credit note with the invoice it is against and its reason', async () => {
    const body = buildCreditNoteBody({
      order,
      invoice: { ...invoiceBody, intraState: true },
      credits: [{ productId: 2, size: 'L', quantity: 1, unitsAlreadyCredited: 0 }],
      reason: 'Items returned by the customer',
    });
    const text = await textOf({
      kind: 'credit_note',
      number: 'TTT/CN/2026-27/000004',
      issuedAt: new Date('2026-11-27T06:00:00Z'),
      body,
      invoiceNumber: 'TTT/2026-27/000123',
    });
    for (const expected of [
      'Credit Note',
      'Credit note number: TTT/CN/2026-27/000004',
      'Against tax invoice: TTT/2026-27/000123',
      'Reason: Items returned by the customer',
      'CGST (INR)',
      'SGST (INR)',
      'Total credited (INR)',
      '764.24',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('documentFileName', () => {
  it('is the number with dashes for slashes', () => {
    expect(documentFileName('TTT/CN/2026-27/000004')).toBe('TTT-CN-2026-27-000004.pdf');
  });
});
