// The stock pages through the app: a product's stock page shows each size's units and history and
// takes an adjustment (a refusal answers 4xx with its message and changes nothing); the upload
// previews a file and applies it when sent back. Nobody but an admin may look or post.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { signedInUser } from '../../../../tests/support/accounts.ts';
import { ORIGIN, useTestApp } from '../../../../tests/support/app.ts';
import { createProduct } from '../../../../tests/support/factories.ts';
import { stockMovements, type Product } from '../../../server/db/schema.ts';
import { stockBySize } from '../../../server/inventory/stock.ts';

const { database, app, auth, get, postForm } = useTestApp();
let admin: string;
let customer: string;
let tee: Product;

beforeAll(async () => {
  admin = (await signedInUser(auth, database.db, { role: 'admin', email: 'stock-admin@example.test' })).cookie;
  customer = (await signedInUser(auth, database.db)).cookie;
  tee = await createProduct(database.db, { name: 'Stock Page Tee', sizes: ['M', 'L'] }, { M: 4, L: 0 });
});

/** A page's HTML without React's markers between neighbouring texts. */
const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '').replaceAll('&quot;', '"');

function postUpload(fields: Record<string, string | File>, cookie = admin) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return app.request(`${ORIGIN}/admin/products/stock-upload`, {
    method: 'POST',
    body: form,
    headers: { Origin: ORIGIN, cookie },
  });
}

describe('/admin/products/:id/stock', () => {
  it("shows each size's units, adjusts one with a note, and the history shows who did what", async () => {
    const page = await text(await get(`/admin/products/${tee.id}/stock`, admin));
    expect(page).toContain('Stock of Stock Page Tee');
    expect(page).toContain('Size M: 4 units available to sell');
    expect(page).toContain('Size L: 0 units available to sell');
    expect(page).toContain('Reserved now: none (no open checkout, unshipped order or exchange holds this size).');
    expect(page).toContain('No changes yet.');

    const res = await postForm(
      `/admin/products/${tee.id}/stock`,
      { size: 'L', reason: 'received', units: '6', note: 'First delivery' },
      admin,
    );
    expect(res.status).toBe(200);
    const after = await text(res);
    expect(after).toContain('Size L now has 6 units (received, +6).');
    expect(after).toContain('Size L: 6 units available to sell');
    expect(after).toMatch(
      /Received<\/span><\/td><td[^>]*>\+6<\/td><td[^>]*>6<\/td><td[^>]*>stock-admin@example.test<\/td><td[^>]*>First delivery<\/td>/,
    );
    expect(await stockBySize(database.db, tee.id)).toEqual({ M: 4, L: 6 });
  });

  it('refuses taking more than is left with 409 and its message, writing nothing', async () => {
    const before = await database.db.select().from(stockMovements).where(eq(stockMovements.productId, tee.id));
    const res = await postForm(`/admin/products/${tee.id}/stock`, { size: 'M', reason: 'damaged', units: '9' }, admin);
    expect(res.status).toBe(409);
    expect(await text(res)).toContain('Size M has 4 units left: an adjustment cannot take away 9.');
    const invalid = await postForm(
      `/admin/products/${tee.id}/stock`,
      { size: 'M', reason: 'counted', units: '-1', was: '4', mark: '0' },
      admin,
    );
    expect(invalid.status).toBe(400);
    expect(await text(invalid)).toContain('Enter the units available to sell: a whole number from 0 to 1,00,000.');
    expect(await database.db.select().from(stockMovements).where(eq(stockMovements.productId, tee.id))).toEqual(before);
    expect((await stockBySize(database.db, tee.id)).M).toBe(4);
  });

  it('takes a count with what the page showed, and refuses it sent again with 409', async () => {
    const counted = await createProduct(database.db, { name: 'Counted Tee', sizes: ['M'] }, { M: 9 });
    const page = await text(await get(`/admin/products/${counted.id}/stock`, admin));
    const shown = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
    expect(shown('was')).toBe('9');
    const form = { size: 'M', reason: 'counted', units: '7', was: shown('was')!, mark: shown('mark')! };
    const res = await postForm(`/admin/products/${counted.id}/stock`, form, admin);
    expect(res.status).toBe(200);
    expect(await text(res)).toContain('Size M now has 7 units (counted, −2).');
    const again = await postForm(`/admin/products/${counted.id}/stock`, form, admin);
    expect(again.status).toBe(409);
    expect(await text(again)).toContain(
      'Size M was changed by hand since this page was shown: see its history, then enter the count again.',
    );
    expect(await stockBySize(database.db, counted.id)).toEqual({ M: 7 });
  });

  it('answers a history page past any there is (or not a number), never an error', async () => {
    for (const page of ['100000000000000000000', '1e20', '-3', 'x']) {
      const res = await get(`/admin/products/${tee.id}/stock?page-M=${page}`, admin);
      expect(res.status).toBe(200);
      expect(await text(res)).toContain('Size M: 4 units available to sell');
    }
  });

  it('is the ordinary 404 to a customer, and for a product that does not exist', async () => {
    expect((await get(`/admin/products/${tee.id}/stock`, customer)).status).toBe(404);
    expect(
      (await postForm(`/admin/products/${tee.id}/stock`, { size: 'M', reason: 'received', units: '1' }, customer))
        .status,
    ).toBe(404);
    expect((await get('/admin/products/99999999/stock', admin)).status).toBe(404);
    expect((await stockBySize(database.db, tee.id)).M).toBe(4);
  });
});

describe('/admin/products/stock-upload', () => {
  it('previews a file, then applies the file the preview sends back', async () => {
    const csv = `product_id,size,quantity\n${tee.id},M,10\n${tee.id},L,6\n`;
    const preview = await postUpload({ intent: 'preview', file: new File([csv], 'counts.csv', { type: 'text/csv' }) });
    expect(preview.status).toBe(200);
    const html = await text(preview);
    expect(html).toContain('2 sizes of 1 product: 1 changes, 1 already has that count.');
    expect(html).toContain('4 → 10');
    expect(html).toContain('Apply these counts');
    expect(await stockBySize(database.db, tee.id)).toEqual({ M: 4, L: 6 });
    const seen = /name="seen" value="([^"]*)"/.exec(html)?.[1];
    expect(seen).toMatch(new RegExp(`^${tee.id},M,4,\\d+\n${tee.id},L,6,\\d+$`));
    const [markM, markL] = seen!.split('\n').map((line) => line.split(',')[3]);
    expect(markM).toBe('0');
    expect(Number(markL)).toBeGreaterThan(0);

    // The browser sends the field's line ends back as CRLF.
    const applied = await postUpload({ intent: 'apply', csv: csv.replaceAll('\n', '\r\n'), seen: seen! });
    expect(applied.status).toBe(200);
    expect(await text(applied)).toContain('Stock set: 1 size of 1 product changed; 1 size already had that count.');
    expect(await stockBySize(database.db, tee.id)).toEqual({ M: 10, L: 6 });
    // Sent again (a reload that posts the form again), it changes nothing.
    const replayed = await postUpload({ intent: 'apply', csv, seen: seen! });
    expect(replayed.status).toBe(400);
    expect(await text(replayed)).toContain(
      `Line 2: Stock Page Tee (product ${tee.id}) size M was changed by hand since the preview.`,
    );
    expect(await stockBySize(database.db, tee.id)).toEqual({ M: 10, L: 6 });
  });

  it('names each bad row with 400, and applies nothing', async () => {
    const csv = `product_id,size,quantity\n${tee.id},XL,3\n${tee.id},M,-1\n`;
    const res = await postUpload({ intent: 'preview', file: new File([csv], 'counts.csv') });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain('Nothing was changed: fix the file and preview it again.');
    expect(html).toContain(`Line 2: Stock Page Tee (product ${tee.id}) is not offered in size XL.`);
    expect(html).toContain('Line 3: the quantity -1 is below 0.');
    const applied = await postUpload({ intent: 'apply', csv, seen: `${tee.id},M,10` });
    expect(applied.status).toBe(400);
    expect(await stockBySize(database.db, tee.id)).toEqual({ M: 10, L: 6 });
    const none = await postUpload({ intent: 'preview' });
    expect(none.status).toBe(400);
    expect(await text(none)).toContain('Choose a CSV file to upload.');
  });

  it('is the ordinary 404 to a customer', async () => {
    expect((await get('/admin/products/stock-upload', customer)).status).toBe(404);
    const csv = `product_id,size,quantity\n${tee.id},M,1\n`;
    expect((await postUpload({ intent: 'apply', csv, seen: `${tee.id},M,10` }, customer)).status).toBe(404);
    expect((await stockBySize(database.db, tee.id)).M).toBe(10);
  });
});
