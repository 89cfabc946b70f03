import { formatPaiseAmount } from '../../common/money.ts';
import { inflateSync } from 'node:zlib';

import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { documentFileName, renderTaxDocumentPdf, type PrintedDocument } from './pdf.ts';
import { buildCreditNoteBody, buildInvoiceBody, type InvoicedOrder } from './tax.ts';

const order = {
  id: '3f2a9c1d-0000-4000-8000-000000000000',
  itemsJson: [
    { productId: 1, name: 'Night Rider Jacket', size: 'M', quantity: 1, pricePaise: 299_900 },
    { productId: 2, name: 'Astro Tee', size: 'L', quantity: 2, pricePaise: 79_900 },
  ],
  discountPaise: 20_000,
  addressJson: { ...TEST_ADDRESS, name: 'Riya Kapoor ✨' },
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
/** The invoice body of the order with `changes`, from `by` (the Maharashtra seller unless given). */
const invoiceBodyOf = (changes: Partial<InvoicedOrder> = {}, by = seller) =>
  buildInvoiceBody({
    order: { ...order, ...changes },
    orderNumber: '3F2A9C1D',
    seller: by,
    bands,
    hsnOf: () => '6109',
  });
const invoiceBody = invoiceBodyOf();

/** An invoice, numbered `number`, issued on 26 November 2026. */
const invoiceDocument = (number: string, body: typeof invoiceBody): PrintedDocument => ({
  kind: 'invoice',
  number,
  issuedAt: new Date('2026-11-26T06:00:00Z'),
  body,
  invoiceNumber: null,
});

async function textOf(document: PrintedDocument): Promise<string> {
  const pdf = await renderTaxDocumentPdf(document);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return textOfPdf(pdf);
}

async function textOfPdf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** The fonts a PDF embeds, by name without the subset tag: `NotoSansDevanagari-Regular`. */
function embeddedFonts(pdf: Buffer): string[] {
  // Each is named twice: by its Type0 font and by the CID font under it.
  return [
    ...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]!)),
  ];
}

/**
 * The ActualText of each marked run (pdf.js, which unpdf is, reads the glyphs in the order they
 * are drawn and ignores it; copying in Acrobat or poppler gives it). pdfkit writes it as a literal
 * UTF-16BE string in the deflated content streams.
 */
function actualTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)].flatMap((match) => {
    try {
      return [inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1')];
    } catch {
      return [];
    }
  });
  return streams.flatMap((stream) =>
    [...stream.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/g)].map((match) => {
      const bytes = Buffer.from(
        match[1]!.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[c] ?? c),
        'latin1',
      );
      return bytes.subarray(2).swap16().toString('utf16le');
    }),
  );
}

const invoiceFor = (name: string, street = order.addressJson.street) =>
  invoiceDocument('TTT/2026-27/000123', invoiceBodyOf({ addressJson: { ...order.addressJson, name, street } }));

/** Checks that a document's text has each of `expected`. */
function expectToContainEach(text: string, expected: string[]) {
  for (const part of expected) expect(text).toContain(part);
}

describe('renderTaxDocumentPdf', () => {
  it('draws an invoice from its stored body: parties, lines with IGST, totals', async () => {
    const text = await textOf(invoiceDocument('TTT/2026-27/000123', invoiceBody));
    expectToContainEach(text, [
      'Tax Invoice',
      'Invoice number: TTT/2026-27/000123',
      'Date: 26 November 2026',
      'Order number: #3F2A9C1D',
      'GSTIN: 27AAACT1234D1ZV',
      'State: Maharashtra',
      // Characters no font of the document can draw are replaced, never garbled.
      'Riya Kapoor ?',
      'Place of supply: Karnataka',
      'Night Rider Jacket (Size M)',
      'IGST (INR)',
      '2,868.52',
      'Total paid (INR)',
      '4,397.00',
    ]);
    expect(text).not.toContain('CGST');
    // Issued before the payment method was recorded: it says nothing of it.
    expect(text).not.toContain('Payment:');
  });

  it('names the payment method, and draws a cash on delivery fee as its own line without a size', async () => {
    const body = invoiceBodyOf({ codFeePaise: 4_900, paymentMethod: 'cod' });
    const text = await textOf(invoiceDocument('TTT/2026-27/000124', body));
    expectToContainEach(text, [
      'Payment: Cash on delivery',
      'Cash on delivery fee',
      'Total to pay on delivery (INR)',
      '4,446.00',
    ]);
    expect(text).not.toContain('Cash on delivery fee (Size');
    const online = await textOf(invoiceDocument('TTT/2026-27/000125', { ...invoiceBody, paymentMethod: 'online' }));
    expect(online).toContain('Payment: Paid online');
    expect(online).toContain('Total paid (INR)');
  });

  it('shows what store credit paid under the full total, which credit does not lower', async () => {
    const document = (body: typeof invoiceBody) =>
      textOf({ kind: 'invoice', number: 'TTT/2026-27/000126', issuedAt: new Date(), body, invoiceNumber: null });
    const total = invoiceBody.totals.totalPaise;
    const partOnline = await document({ ...invoiceBody, paymentMethod: 'online', creditPaise: 50_000 });
    expectToContainEach(partOnline, ['Total (INR)', 'Paid with store credit (INR)', '500.00', 'Paid online (INR)']);
    expect(partOnline).toContain(formatPaiseAmount(total - 50_000));
    expect(partOnline).toContain(formatPaiseAmount(total));
    const partCash = await document({ ...invoiceBody, paymentMethod: 'cod', creditPaise: 50_000 });
    expect(partCash).toContain('Left to pay on delivery (INR)');
    const whole = await document({ ...invoiceBody, paymentMethod: 'store_credit', creditPaise: total });
    expect(whole).toContain('Payment: Paid with store credit');
    expect(whole).toContain('Total paid (INR)');
    expect(whole).not.toContain('Paid with store credit (INR)');
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
    expectToContainEach(text, [
      'Credit Note',
      'Credit note number: TTT/CN/2026-27/000004',
      'Against tax invoice: TTT/2026-27/000123',
      'Reason: Items returned by the customer',
      'CGST (INR)',
      'SGST (INR)',
      'Total credited (INR)',
      '764.24',
    ]);
  });
});

describe('renderTaxDocumentPdf in the scripts of India', () => {
  // Names whose glyphs are drawn in the order of their letters, so that pdf.js reads them back;
  // each has conjuncts, which the font's shaping draws as one glyph.
  it.each([
    ['Devanagari', 'अनुष्का गुप्ता', 'NotoSansDevanagari-Regular'],
    ['Tamil', 'கார்த்திக் சுப்ரமணியன்', 'NotoSansTamil-Regular'],
    ['Bengali', 'অনন্যা দত্ত', 'NotoSansBengali-Regular'],
  ])('prints a buyer named in %s, embedding that script font only', async (_script, name, font) => {
    const pdf = await renderTaxDocumentPdf(invoiceFor(name));
    expect(await textOfPdf(pdf)).toContain(name);
    expect(embeddedFonts(pdf)).toEqual([font]);
    // Only the glyphs used: the whole font files are 19 KB (Tamil) to 68 KB (Devanagari) as WOFF.
    expect(pdf.length).toBeLessThan(12_000);
  });

  it('shapes conjuncts and vowel signs, and keeps the letters in their order for copying', async () => {
    const name = 'प्रिया शर्मा';
    const pdf = await renderTaxDocumentPdf(invoiceFor(name, 'ਗੁਰੂ ਨਾਨਕ ਮਾਰਗ'));
    // 'ि' is drawn before 'प्र', and the reph of 'र्मा' over its end: read back as drawn.
    expect(await textOfPdf(pdf)).toContain('िप्रया शमार्');
    expect(actualTexts(pdf)).toEqual(expect.arrayContaining(['प्रिया', 'शर्मा', 'ਗੁਰੂ', 'ਮਾਰਗ']));
    expect(embeddedFonts(pdf).sort()).toEqual(['NotoSansDevanagari-Regular', 'NotoSansGurmukhi-Regular']);
  });

  it('embeds no font for a document in Latin script', async () => {
    expect(embeddedFonts(await renderTaxDocumentPdf(invoiceFor('Riya Kapoor')))).toEqual([]);
  });
});

describe('renderTaxDocumentPdf in a Union Territory without a legislature', () => {
  it('names the tax charged with CGST UTGST, for a Chandigarh seller selling into Chandigarh', async () => {
    const body = invoiceBodyOf(
      { addressJson: { ...order.addressJson, city: 'Chandigarh', state: 'Chandigarh' } },
      { ...seller, address: 'SCO 12, Sector 17, Chandigarh - 160017', gstin: '04AAACT1234D1ZZ', state: 'Chandigarh' },
    );
    const text = await textOf(invoiceDocument('TTT/2026-27/000124', body));
    expect(text).toContain('CGST (INR)');
    expect(text).toContain('UTGST (INR)');
    expect(text).not.toContain('SGST');
    expect(text).not.toContain('IGST');
  });
});

describe('documentFileName', () => {
  it('is the number with dashes for slashes', () => {
    expect(documentFileName('TTT/CN/2026-27/000004')).toBe('TTT-CN-2026-27-000004.pdf');
  });
});
