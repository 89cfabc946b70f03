// The catalog screens through the whole app, as the admin's browser uses them: the import's
// upload, the edit form (multipart, as it may carry images) and delete.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../../tests/support/app.ts';
import { editFormData } from '../../../../tests/support/catalog.ts';
import { createProduct } from '../../../../tests/support/factories.ts';
import { imageBytes, uploadForm } from '../../../../tests/support/images.ts';
import { products } from '../../../server/db/schema.ts';

const { database, app, signIn } = useTestApp();
let admin = '';

beforeAll(async () => {
  ({ cookie: admin } = await signIn({ role: 'admin' }));
});

const post = (path: string, body: FormData, cookie = admin) =>
  app.request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { cookie, Origin: ORIGIN } });
const get = (path: string, cookie = admin) => app.request(`${ORIGIN}${path}`, { headers: { cookie } });

/** The edit form of a product as the page posts it, 50 of each size, with some fields changed. */
const editForm = (product: typeof products.$inferSelect, changes: Record<string, string> = {}) =>
  editFormData(product, Object.fromEntries(product.sizes.map((size) => [size, 50])), { price: '₹999.00', ...changes });

describe('import through the upload endpoint', () => {
  it('imports each good folder, names the bad file of a bad one, and serves the new images', async () => {
    const png = await imageBytes('png');
    const res = await post(
      '/admin/products/import/files',
      uploadForm({ collection: 'bring-your-childhood', category: 'sweatshirts' }, [
        { name: 'drop/cloud-nine-hoodie/1.png', bytes: png },
        { name: 'drop/cloud-nine-hoodie/2.png', bytes: png },
        { name: 'drop/mislabelled/cover.jpg', bytes: 'plain text' },
        { name: 'drop/oversize/huge.png', bytes: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]) },
      ]),
    );
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { folders: Array<{ ok: boolean; message: string; productId?: number }> };
    expect(answer.folders.map((folder) => folder.message)).toEqual([
      'Imported "Cloud Nine Hoodie" from cloud-nine-hoodie with 2 images.',
      'The folder mislabelled was not imported. cover.jpg is not a JPEG, PNG or WebP image.',
      'The folder oversize was not imported. huge.png is larger than 10 MB.',
    ]);
    const [product] = await database.db.select().from(products).where(eq(products.id, answer.folders[0]!.productId!));
    expect(product).toMatchObject({ collection: 'bring-your-childhood', category: 'sweatshirts' });

    const image = await app.request(`${ORIGIN}${product!.images[0]}-640.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/webp');
    expect(image.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    // The store's product page shows it, at the import's price.
    const page = await (await get(`/product/${product!.id}`, '')).text();
    expect(page).toContain('Cloud Nine Hoodie');
    expect(page).toContain('₹599.00');
  });

  it('asks for the collection and category, and for files', async () => {
    const png = await imageBytes('png');
    const noCollection = await post(
      '/admin/products/import/files',
      uploadForm({ category: 'polos' }, [{ name: 'x/1.png', bytes: png }]),
    );
    expect(noCollection.status).toBe(400);
    expect(await noCollection.json()).toEqual({ error: 'Choose the collection for the imported products.' });
    const noFiles = await post(
      '/admin/products/import/files',
      uploadForm({ collection: 'trap-themed', category: 'polos' }, []),
    );
    expect(await noFiles.json()).toEqual({ error: 'Choose one or more folders of images to import.' });
    const notMultipart = await app.request(`${ORIGIN}/admin/products/import/files`, {
      method: 'POST',
      body: new URLSearchParams({ collection: 'trap-themed' }),
      headers: { cookie: admin, Origin: ORIGIN },
    });
    expect(await notMultipart.json()).toEqual({ error: 'The upload was not a form with files. Please try again.' });
  });
});

describe('the edit page', () => {
  it('saves a price typed as ₹1,299, which the store then shows as ₹1,299.00', async () => {
    const product = await createProduct(database.db, { name: 'Priced Polo', category: 'polos' });
    const page = await (await get(`/admin/products/${product.id}`)).text();
    expect(page).toContain('Edit Priced Polo');
    expect(page).toContain('value="₹999.00"');

    const saved = await post(`/admin/products/${product.id}`, editForm(product, { price: '₹1,299' }));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Saved &quot;Priced Polo&quot;.');
    expect(await (await get(`/product/${product.id}`, '')).text()).toContain('₹1,299.00');
  });

  it('refuses 12abc and a stale version with their messages, saving nothing', async () => {
    const product = await createProduct(database.db, { name: 'Steady Tee' });
    const bad = await (await post(`/admin/products/${product.id}`, editForm(product, { price: '12abc' }))).text();
    expect(bad).toContain('Nothing was saved. Please fix the fields marked below.');
    expect(bad).toContain('Enter the price in rupees, such as 1299 or ₹1,299.00.');

    expect((await post(`/admin/products/${product.id}`, editForm(product, { price: '1,100' }))).status).toBe(200);
    const stale = await (await post(`/admin/products/${product.id}`, editForm(product, { price: '1,200' }))).text();
    expect(stale).toContain('This product was changed by someone else. Reload to see the latest.');
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.pricePaise).toBe(110_000);
  });

  it('is the 404 page for an id no product can have', async () => {
    for (const id of ['0', '99999999999', '1e3', 'abc']) expect((await get(`/admin/products/${id}`)).status).toBe(404);
  });

  it('deletes after the confirmation and says so on the list', async () => {
    const product = await createProduct(database.db, { name: 'Last Season Tee' });
    const form = new FormData();
    form.append('intent', 'delete');
    const res = await post(`/admin/products/${product.id}`, form);
    expect(res.status).toBe(302);
    const location = res.headers.get('Location')!;
    expect(location).toBe('/admin/products?deleted=Last%20Season%20Tee');
    expect(await (await get(location)).text()).toContain('Deleted “Last Season Tee”.');
    expect((await get(`/admin/products/${product.id}`)).status).toBe(404);
    expect((await get(`/product/${product.id}`, '')).status).toBe(404);
  });
});
