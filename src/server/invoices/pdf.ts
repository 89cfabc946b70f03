// A tax invoice or credit note as a PDF (pdfkit), drawn from the document as it was issued and
// stored, never recomputed (ADR 0024). The standard PDF fonts cannot draw '₹', so amounts are
// plain numbers under headings that say INR; text in an Indian script is drawn in that script's
// font (fonts.ts, ADR 0038).
import PDFDocument from 'pdfkit';

import { formatPaiseAmount } from '../../common/money.ts';
import type { PaymentMethod } from '../../common/catalog.ts';
import type { TaxDocument, TaxDocumentBody, TaxLine } from '../db/schema.ts';
import { runsOf, SCRIPT_FONTS } from './fonts.ts';

/** What the PDF shows: the stored document, and the number of the invoice a credit note is against. */
export type PrintedDocument = Pick<TaxDocument, 'kind' | 'number' | 'issuedAt' | 'body'> & {
  invoiceNumber: string | null;
};

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

const TITLES = { invoice: 'Tax Invoice', credit_note: 'Credit Note' } as const;

/** How the order is paid, as the document says it (ADR 0049). */
const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  online: 'Paid online',
  cod: 'Cash on delivery',
  store_credit: 'Paid with store credit',
};

/** The file name a download suggests: the number with '/' as '-' (`TTT-2026-27-000123.pdf`). */
export function documentFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`;
}

/**
 * The standard fonts write WinAnsi (Latin-1 and a little more); anything else that no script font
 * draws (an emoji, Urdu) would come out as garbage, so it is shown as '?'.
 */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF\u2018\u2019\u201C\u201D\u2013\u2014\u2022\u2026]/gu, '?');
}

const issuedOn = (moment: Date) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(moment);

/** The tax charged with CGST, as the document was issued (before it was recorded, SGST). */
const stateTaxName = (body: TaxDocumentBody) => body.stateTax ?? 'SGST';

interface Column {
  heading: string;
  width: number;
  align: 'left' | 'right';
  value: (line: TaxLine, index: number) => string;
}

/** The lines' columns: CGST and SGST (or UTGST) within the seller's state, IGST across states. */
function columnsFor(body: TaxDocumentBody): Column[] {
  const amount = (pick: (line: TaxLine) => number) => (line: TaxLine) => formatPaiseAmount(pick(line));
  const tax: Column[] = body.intraState
    ? [
        { heading: 'CGST (INR)', width: 58, align: 'right', value: amount((l) => l.cgstPaise) },
        { heading: `${stateTaxName(body)} (INR)`, width: 58, align: 'right', value: amount((l) => l.sgstPaise) },
      ]
    : [{ heading: 'IGST (INR)', width: 62, align: 'right', value: amount((l) => l.igstPaise) }];
  const fixed: Column[] = [
    { heading: '#', width: 18, align: 'left', value: (_line, index) => String(index + 1) },
    { heading: 'HSN', width: 38, align: 'left', value: (line) => line.hsn },
    { heading: 'Qty', width: 26, align: 'right', value: (line) => String(line.quantity) },
    { heading: 'Taxable value (INR)', width: 70, align: 'right', value: amount((l) => l.taxablePaise) },
    { heading: 'Rate', width: 32, align: 'right', value: (line) => `${line.ratePercent}%` },
    ...tax,
    { heading: 'Amount (INR)', width: 68, align: 'right', value: amount((l) => l.amountPaise) },
  ];
  const description: Column = {
    heading: 'Description',
    width: CONTENT_WIDTH - fixed.reduce((sum, column) => sum + column.width, 0),
    align: 'left',
    // The cash on delivery fee's line has no size.
    value: (line) => (line.codFee ? line.description : `${line.description} (Size ${line.size})`),
  };
  return [fixed[0]!, description, ...fixed.slice(1)];
}

/** A cash on delivery invoice is issued when the parcel leaves, before the cash is paid. */
function totalLabel(kind: TaxDocument['kind'], body: TaxDocumentBody): string {
  if (kind === 'credit_note') return 'Total credited (INR)';
  // Paid partly with store credit, the rows under the total say what each way of paying takes.
  if (body.creditPaise && body.paymentMethod !== 'store_credit') return 'Total (INR)';
  return body.paymentMethod === 'cod' ? 'Total to pay on delivery (INR)' : 'Total paid (INR)';
}

/** The total's row among the totals: after the taxable value and one or two taxes. */
const TOTAL_ROW = (body: TaxDocumentBody) => (body.intraState ? 3 : 2);

/** Whether fontkit lays `run` out in the current font with all of the script's features. */
function laysOut(pdf: PDFKit.PDFDocument, run: string): boolean {
  try {
    pdf.widthOfString(run);
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * Writes `value` as `pdf.text` would, in `font`, except that its runs in an Indian script are drawn
 * in that script's font, which pdfkit embeds (only the glyphs used) and shapes. Each such run is
 * marked with its text as ActualText, so that a reader copies the characters in their order rather
 * than in the order the glyphs are drawn (a vowel sign drawn before its consonant, a reph after).
 *
 * fontkit throws on a mark-positioning anchor that the font leaves empty, which OpenType allows and
 * the Noto fonts have (Gurmukhi ਗੁਰੂ, Malayalam റോഡ്). Text with such a run is drawn without above-
 * and below-base mark positioning, its marks where the font puts them by default, rather than not
 * at all. The features hold for the whole text: pdfkit measures continued text with the first
 * call's.
 */
function write(
  pdf: PDFKit.PDFDocument,
  value: string,
  font: string,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {},
): void {
  const { x, y, ...textOptions } = options;
  const runs = runsOf(value.normalize('NFC'));
  const features = runs.every((run) => !run.font || laysOut(pdf.font(run.font.name), run.text))
    ? undefined
    : // fontkit takes the features to turn off as an object, which pdfkit passes on but its types omit.
      ({ abvm: false, blwm: false } as unknown as PDFKit.Mixins.TextOptions['features']);
  // The scripts' vowel signs reach further above and below the line than Latin letters do (points, at 8.5 to 10 pt).
  const lineGap = runs.some((run) => run.font) ? 4 : 0;
  if (x !== undefined) pdf.x = x;
  if (y !== undefined) pdf.y = y;
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    if (run.font) pdf.font(run.font.name).markContent('Span', { actual: run.text });
    else pdf.font(font);
    const shown = run.font ? run.text : printable(run.text);
    pdf.text(shown, index === 0 ? { lineGap, ...textOptions, features, continued } : { continued });
    if (run.font) pdf.endMarkedContent();
  });
  pdf.font(font);
}

/** Renders the document into a PDF file's bytes. */
export function renderTaxDocumentPdf(document: PrintedDocument): Promise<Buffer> {
  const { body } = document;
  const title = TITLES[document.kind];
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // The date in the file is the issue date, so the same document always gives the same PDF's content.
    info: { Title: `${title} ${document.number}`, Author: body.seller.legalName, CreationDate: document.issuedAt },
    lang: 'en-IN',
    displayTitle: true,
    tagged: true,
  });
  for (const font of SCRIPT_FONTS) pdf.registerFont(font.name, font.file);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => write(pdf, value, FONT, options);

  pdf.font(BOLD).fontSize(18);
  text(title);
  pdf.font(FONT).fontSize(10).moveDown(0.3);
  text(`${document.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${document.number}`);
  text(`Date: ${issuedOn(document.issuedAt)}`);
  text(`Order number: #${body.orderNumber}`);
  if (document.invoiceNumber) text(`Against tax invoice: ${document.invoiceNumber}`);
  if (body.reason) text(`Reason: ${body.reason}`);
  if (body.paymentMethod) text(`Payment: ${PAYMENT_METHOD_NAMES[body.paymentMethod]}`);

  const top = pdf.y + 14;
  const half = (CONTENT_WIDTH - 20) / 2;
  pdf.font(BOLD).text('Seller', MARGIN, top, { width: half });
  pdf.font(FONT);
  text(body.seller.legalName, { width: half });
  text(body.seller.address, { width: half });
  text(`GSTIN: ${body.seller.gstin}`, { width: half });
  text(`State: ${body.seller.state}`, { width: half });
  const sellerBottom = pdf.y;
  pdf.font(BOLD).text('Buyer', MARGIN + half + 20, top, { width: half });
  pdf.font(FONT);
  text(body.buyer.name, { width: half });
  text(body.buyer.address, { width: half });
  text(`Place of supply: ${body.placeOfSupply}`, { width: half });
  pdf.y = Math.max(sellerBottom, pdf.y) + 16;

  const columns = columnsFor(body);
  const row = (values: string[], font: string) => {
    pdf.font(font).fontSize(8.5);
    // Measured in the standard font, which only comes close for a run in a script font: the rule
    // under the row goes below the text as drawn if that turns out taller.
    const heights = values.map((value, i) => pdf.heightOfString(printable(value), { width: columns[i]!.width - 4 }));
    let height = Math.max(...heights) + 6;
    if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    values.forEach((value, i) => {
      const column = columns[i]!;
      write(pdf, value, font, { x: x + 2, y: y + 3, width: column.width - 4, align: column.align });
      height = Math.max(height, pdf.y - y + 3);
      x += column.width;
    });
    pdf
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + CONTENT_WIDTH, y + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    pdf.x = MARGIN;
    pdf.y = y + height;
  };
  row(
    columns.map((column) => column.heading),
    BOLD,
  );
  body.lines.forEach((line, index) =>
    row(
      columns.map((column) => column.value(line, index)),
      FONT,
    ),
  );

  pdf.moveDown(1).fontSize(10);
  const totals: Array<[string, number]> = [
    ['Taxable value (INR)', body.totals.taxablePaise],
    ...(body.intraState
      ? ([
          ['CGST (INR)', body.totals.cgstPaise],
          [`${stateTaxName(body)} (INR)`, body.totals.sgstPaise],
        ] as Array<[string, number]>)
      : ([['IGST (INR)', body.totals.igstPaise]] as Array<[string, number]>)),
    [totalLabel(document.kind, body), body.totals.totalPaise],
    // Credit paid part of it: the rest is what the other way of paying took or will take.
    ...(document.kind === 'invoice' && body.creditPaise && body.paymentMethod !== 'store_credit'
      ? ([
          ['Paid with store credit (INR)', body.creditPaise],
          [
            body.paymentMethod === 'cod' ? 'Left to pay on delivery (INR)' : 'Paid online (INR)',
            body.totals.totalPaise - body.creditPaise,
          ],
        ] as Array<[string, number]>)
      : []),
  ];
  totals.forEach(([label, paise], index) => {
    const y = pdf.y;
    pdf.font(index === TOTAL_ROW(body) ? BOLD : FONT);
    pdf.text(label, MARGIN, y, { width: CONTENT_WIDTH - 110, align: 'right' });
    pdf.text(formatPaiseAmount(paise), MARGIN + CONTENT_WIDTH - 100, y, { width: 100, align: 'right' });
  });
  pdf.font(FONT).fontSize(8);
  pdf.text(
    'Prices include GST. Amounts in Indian rupees (INR). This is a computer-generated document.',
    MARGIN,
    pdf.y + 24,
    { width: CONTENT_WIDTH },
  );
  pdf.end();
  return done;
}
