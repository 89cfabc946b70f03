// The GST return's page and downloads through the app, from invoices and credit notes the store
// issued: documents fall in the month they were issued in India's time, the figures reconcile with
// those documents to the paisa, and a month that is not one is refused with a message.
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../../../tests/support/app.ts';
import { createOrder } from '../../../../tests/support/factories.ts';
import { bodyOf } from '../../../../tests/support/html.ts';
import { SELLER_SETTINGS, TEST_INVOICE_SETTINGS } from '../../../../tests/support/seller.ts';
import { refunds, type TaxDocument } from '../../../server/db/schema.ts';
import { issueCreditNote, issueInvoice } from '../../../server/invoices/issue.ts';

const { database, get, signIn } = useTestApp(SELLER_SETTINGS);
let admin: { cookie: string };
// Issued at 23:59:59 on 31 October in India, and one second later (1 November).
let october: TaxDocument;
let november: TaxDocument;
let creditNote: TaxDocument;

const moneyCell = (paise: number) => (paise / 100).toFixed(2);

/** A CSV download's lines, after checking it starts with UTF-8's byte-order mark (which text() drops). */
async function csvLines(res: Response): Promise<string[]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes).split('\r\n');
}

beforeAll(async () => {
  admin = await signIn({ role: 'admin', twoFactorEnabled: true });
  const first = await createOrder(database.db, {
    itemsJson: [{ productId: 1, name: 'Astro Tee', size: 'M', quantity: 2, pricePaise: 79_900 }],
  });
  const second = await createOrder(database.db, {
    itemsJson: [
      { productId: 1, name: 'Astro Tee', size: 'L', quantity: 1, pricePaise: 79_900 },
      { productId: 2, name: 'Night Rider Jacket', size: 'M', quantity: 1, pricePaise: 299_900 },
    ],
  });
  october = await database.db.transaction((tx) =>
    issueInvoice(tx, TEST_INVOICE_SETTINGS, first.id, new Date('2026-10-31T18:29:59Z')),
  );
  november = await database.db.transaction((tx) =>
    issueInvoice(tx, TEST_INVOICE_SETTINGS, second.id, new Date('2026-10-31T18:30:00Z')),
  );
  // The second order's tee comes back in November.
  const teeLine = november.body.lines[0]!;
  const [refund] = await database.db
    .insert(refunds)
    .values({
      orderId: second.id,
      paymentId: second.paymentId,
      amountPaise: teeLine.amountPaise,
      reason: 'Returned',
    })
    .returning();
  creditNote = (await database.db.transaction((tx) =>
    issueCreditNote(
      tx,
      TEST_INVOICE_SETTINGS,
      {
        orderId: second.id,
        refund: { id: refund!.id, amountPaise: teeLine.amountPaise, reason: 'Returned' },
        units: { productId: 1, size: 'L', quantity: 1 },
      },
      new Date('2026-11-15T06:00:00Z'),
    ),
  ))!;
});

describe('/admin/gst', () => {
  it("shows a month's documents issued in it in India's time, with its totals", async () => {
    const html = await bodyOf(await get('/admin/gst?month=2026-10', admin.cookie));
    expect(html).toContain('October 2026, India time');
    expect(html).toContain(october.number);
    expect(html).not.toContain(november.number);
    expect(html).toContain('href="/admin/gst/2026-10/hsn.csv"');
  });

  it('refuses a month that is not one, or is before GST or after this month', async () => {
    for (const month of ['2026-13', '2017-06', '2999-01', 'last']) {
      const res = await get(`/admin/gst?month=${month}`, admin.cookie);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Choose a month from July 2017 to this month, as YYYY-MM.');
    }
  });

  it('is the ordinary 404 for a shopper and a visitor', async () => {
    const shopper = await signIn();
    for (const cookie of [shopper.cookie, '']) {
      expect((await get('/admin/gst?month=2026-11', cookie)).status).toBe(404);
      expect((await get('/admin/gst/2026-11/hsn.csv', cookie)).status).toBe(404);
    }
  });
});

describe('/admin/gst/:month/:file', () => {
  it('gives the sales to consumers net of the credit note, in rupees', async () => {
    const res = await get('/admin/gst/2026-11/b2cs.csv', admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gstr1-2026-11-b2cs.csv"');
    const [header, ...rows] = await csvLines(res);
    expect(header).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount',
    );
    // The test address is in Karnataka and the seller in Maharashtra: IGST only. The jacket is
    // above the 5% band's ceiling; the tee came back, so its rate's row is zero.
    const [tee, jacket] = november.body.lines;
    const returned = creditNote.body.lines[0]!;
    expect(rows).toEqual([
      `OE,29-Karnataka,5,,${moneyCell(tee!.taxablePaise - returned.taxablePaise)},0.00,,${moneyCell(tee!.igstPaise - returned.igstPaise)},0.00,0.00`,
      `OE,29-Karnataka,18,,${moneyCell(jacket!.taxablePaise)},0.00,,${moneyCell(jacket!.igstPaise)},0.00,0.00`,
      '',
    ]);
    expect(tee!.taxablePaise - returned.taxablePaise).toBe(0);
    expect(jacket!.ratePercent).toBe(18);
  });

  it('reconciles the HSN summary and documents issued with the month’s documents', async () => {
    const hsn = (await csvLines(await get('/admin/gst/2026-11/hsn.csv', admin.cookie))).slice(1, -1);
    const taxable = hsn.reduce((sum, row) => sum + Math.round(Number(row.split(',')[6]) * 100), 0);
    expect(taxable).toBe(november.body.totals.taxablePaise - creditNote.body.totals.taxablePaise);
    const units = hsn.reduce((sum, row) => sum + Number(row.split(',')[3]), 0);
    expect(units).toBe(1);

    expect(await csvLines(await get('/admin/gst/2026-11/docs.csv', admin.cookie))).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      `Invoices for outward supply,${november.number},${november.number},1,0`,
      `Credit Note,${creditNote.number},${creditNote.number},1,0`,
      '',
    ]);
  });

  it('refuses a bad month with a message and an unknown file with a 404', async () => {
    const bad = await get('/admin/gst/2026-13/hsn.csv', admin.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Choose a month from July 2017 to this month, as YYYY-MM.');
    expect((await get('/admin/gst/2026-11/b2b.csv', admin.cookie)).status).toBe(404);
  });
});
