// Tax documents through the app (ADR 0024): Your Orders lists an order's invoice and credit
// notes; the PDF goes to the order's shopper and to staff, and everyone else (a visitor, another
// shopper, an unknown or malformed address) gets the same 404.
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../../tests/support/app.ts';
import { createOrder } from '../../../tests/support/factories.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import type { Order, TaxDocument } from '../../server/db/schema.ts';
import { issueInvoice } from '../../server/invoices/issue.ts';

const { database, get, signIn } = useTestApp();
let shopper: { id: string; cookie: string };
let order: Order;
let invoice: TaxDocument;

beforeAll(async () => {
  shopper = await signIn();
  order = await createOrder(database.db, { userId: shopper.id });
  invoice = await database.db.transaction((tx) => issueInvoice(tx, TEST_INVOICE_SETTINGS, order.id));
});

const NOT_FOUND_STATUS = 404;

async function pdfText(res: Response): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), {
    mergePages: true,
  });
  return text;
}

describe('/orders', () => {
  it('lists the order’s tax invoice, linked to its download', async () => {
    const html = await (await get('/orders', shopper.cookie)).text();
    expect(html).toContain(`Tax invoice ${invoice.number}`);
    expect(html).toContain(`href="/orders/documents/${invoice.id}"`);
  });
});

describe('/orders/documents/:id', () => {
  it('gives the shopper their invoice as a PDF named after its number', async () => {
    const res = await get(`/orders/documents/${invoice.id}`, shopper.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(res);
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain(`GSTIN: ${TEST_INVOICE_SETTINGS.seller.gstin}`);
  });

  it('is the same 404 for a visitor, another shopper, an unknown and a malformed address', async () => {
    const other = await signIn();
    const answers = await Promise.all([
      get(`/orders/documents/${invoice.id}`),
      get(`/orders/documents/${invoice.id}`, other.cookie),
      get('/orders/documents/00000000-0000-4000-8000-000000000000', shopper.cookie),
      get('/orders/documents/not-a-document', shopper.cookie),
    ]);
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(answers.map((res) => res.status)).toEqual(Array(4).fill(NOT_FOUND_STATUS));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toContain('%PDF');
  });
});

describe('/admin/documents/:id', () => {
  it('gives staff any document, and lists them on the order page', async () => {
    const admin = await signIn({ role: 'admin', twoFactorEnabled: true });
    const res = await get(`/admin/documents/${invoice.id}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(res)).toContain(`Invoice number: ${invoice.number}`);
    const page = await (await get(`/admin/orders/${order.id}`, admin.cookie)).text();
    expect(page).toContain(`href="/admin/documents/${invoice.id}"`);
    expect(page).toContain(`Tax invoice ${invoice.number}`);
  });

  it('is the ordinary 404 to a shopper, even the order’s own', async () => {
    expect((await get(`/admin/documents/${invoice.id}`, shopper.cookie)).status).toBe(NOT_FOUND_STATUS);
    expect((await get(`/admin/documents/${invoice.id}`)).status).toBe(NOT_FOUND_STATUS);
  });
});
