// The S3 driver against a real S3-protocol server (s3rver, started by this file): images are
// written to the bucket, read back, served by the store at /uploads/products/… and removed; with
// the server stopped, an import and an edit are refused as `unavailable`, nothing is written, and
// pages that only read keep working.
import { existsSync } from 'node:fs';
import path from 'node:path';

import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { editForm } from '../../../tests/support/catalog.ts';
import { createAdminActor, createProduct } from '../../../tests/support/factories.ts';
import { imageBytes, receive, uploadForm } from '../../../tests/support/images.ts';
import { useObjectStore } from '../../../tests/support/object-store.ts';
import { useScratchDir } from '../../../tests/support/scratch.ts';
import { IMAGE_WIDTHS, type CategorySlug } from '../../common/catalog.ts';
import { deleteProduct, updateProduct } from '../admin/product-edit.ts';
import { STORE_DOWN_MESSAGE } from './product-images.ts';
import { importFolders } from '../admin/product-import.ts';
import { parseProductEdit } from '../admin/product-input.ts';
import type { Actor } from '../shared/audit.ts';
import { loadConfig, type Config } from '../config.ts';
import { products } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { uploadsDir } from './folder.ts';
import { imageStorage } from './storage.ts';

const scratch = useScratchDir('s3-');
const dataDir = path.join(scratch, 'data');
// Registered first: the app's settings name the server's port.
const store = useObjectStore(path.join(scratch, 'bucket'));
const { database, app } = useTestApp(() => ({ ...store.env(), DATA_DIR: dataDir }));
let config: Config | undefined;
/** The settings the services are given: the app's, once the object store has its port. */
const settings = () => (config ??= loadConfig({ ...store.env(), DATA_DIR: dataDir }));
const logger = createLogger('silent');
let actor: Actor;

beforeAll(async () => {
  actor = await createAdminActor(database.db, 'storage@example.test');
});

/** The services of the admin's catalog pages, on this file's settings. */
const deps = () => ({ db: database.db, config: settings(), logger });

/** The admin imports `files` (named `folder/n.ext`, a product a folder) into `category`, as the import page does. */
async function importImages(category: CategorySlug, files: Array<{ name: string; bytes: Buffer }>) {
  const upload = await receive(uploadForm({}, files), path.join(scratch, 'tmp'));
  try {
    return await importFolders(deps(), actor, { collection: 'trap-themed', category, files: upload.files });
  } finally {
    await upload.discard();
  }
}

const bytesOf = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

describe('the S3 driver', () => {
  it('writes an object, reads it back and removes it', async () => {
    const storage = imageStorage(settings());
    expect(storage.kind).toBe('s3');
    const bytes = await imageBytes('webp');
    await storage.write('probe-a1b2c3-320.webp', bytes, 'image/webp');
    expect(store.keys()).toContain('uploads/products/probe-a1b2c3-320.webp');

    const file = await storage.read('probe-a1b2c3-320.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', bytes: bytes.length });
    expect((await bytesOf(file!.body)).equals(bytes)).toBe(true);
    expect(await storage.read('never-written-320.webp')).toBeUndefined();

    await storage.remove(['probe-a1b2c3-320.webp', 'never-written-320.webp']);
    expect(await storage.read('probe-a1b2c3-320.webp')).toBeUndefined();
    expect(store.keys()).not.toContain('uploads/products/probe-a1b2c3-320.webp');
    // Names are file names, never paths.
    await expect(storage.write('../escape.webp', bytes, 'image/webp')).rejects.toThrow(/Not a stored file's name/);
  });

  it('imports into the bucket, serves the images at /uploads/products/ and removes them with the product', async () => {
    const [imported] = await importImages('jackets', [
      { name: 'cloud-jacket/1.png', bytes: await imageBytes('png') },
      { name: 'cloud-jacket/2.jpg', bytes: await imageBytes('jpeg') },
    ]);
    expect(imported).toMatchObject({ ok: true, name: 'Cloud Jacket', imageCount: 2 });
    if (!imported?.ok) throw new Error('not imported');
    const [product] = await database.db.select().from(products).where(eq(products.id, imported.productId));
    expect(product!.images).toHaveLength(2);
    expect(product!.images.every((base) => base.startsWith('/uploads/products/cloud-jacket-'))).toBe(true);
    // Every variant went to the bucket, none to DATA_DIR.
    const keys = product!.images.flatMap((base) =>
      IMAGE_WIDTHS.map((width) => `uploads/products/${path.basename(base)}-${width}.webp`),
    );
    expect(store.keys()).toEqual(expect.arrayContaining(keys));
    expect(existsSync(uploadsDir({ dataDir }))).toBe(false);

    const image = await app.request(`${ORIGIN}${product!.images[0]}-640.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/webp');
    expect(image.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const served = Buffer.from(await image.arrayBuffer());
    expect(Number(image.headers.get('Content-Length'))).toBe(served.length);
    expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width: 640 });
    // An unknown image, or a name that is not one, is the 404 page as for files in DATA_DIR.
    expect((await app.request(`${ORIGIN}/uploads/products/never-uploaded-640.webp`)).status).toBe(404);
    expect((await app.request(`${ORIGIN}/uploads/products/..%2Fsecret`)).status).toBe(404);

    expect(await deleteProduct(deps(), actor, product!.id)).toEqual({ ok: true, name: 'Cloud Jacket' });
    expect(store.keys().filter((key) => keys.includes(key))).toEqual([]);
    expect((await app.request(`${ORIGIN}${product!.images[0]}-640.webp`)).status).toBe(404);
  });

  it('with ASSETS_URL, points pages at it for uploaded images (only) and lets the CSP allow it', async () => {
    const product = await createProduct(database.db, {
      name: 'Far Away Tee',
      images: ['/uploads/products/far-away-tee-a1b2c3d4e5f6', '/images/products/astro-kid-tee-1'],
    });
    const { app: viaCdn } = await createTestApp(database, {
      ...store.env(),
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      ASSETS_URL: 'https://cdn.example.test/',
    });
    const page = await viaCdn.request(`${ORIGIN}/product/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toContain(
      "img-src 'self' data: blob: https://cdn.example.test;",
    );
    const html = await page.text();
    expect(html).toContain('src="https://cdn.example.test/uploads/products/far-away-tee-a1b2c3d4e5f6-640.webp"');
    expect(html).toContain('https://cdn.example.test/uploads/products/far-away-tee-a1b2c3d4e5f6-960.webp 960w');
    expect(html).toContain('content="https://cdn.example.test/uploads/products/far-away-tee-a1b2c3d4e5f6-960.webp"');
    // Images that ship with the store stay on the store.
    expect(html).toContain('src="/images/products/astro-kid-tee-1-320.webp"');
    expect(html).not.toContain('cdn.example.test/images/');
    // Without ASSETS_URL, the store serves them all.
    const local = await (await app.request(`${ORIGIN}/product/${product.id}`)).text();
    expect(local).toContain('src="/uploads/products/far-away-tee-a1b2c3d4e5f6-640.webp"');
    expect(local).not.toContain('cdn.example.test');
  });

  it('with the store down, refuses an import and an edit as unavailable, writes nothing, and pages still work', async () => {
    const product = await createProduct(database.db, { name: 'Steady Hoodie' });
    const before = store.keys();
    const ready = async () => {
      const res = await app.request('/readyz');
      return { http: res.status, body: (await res.json()) as unknown };
    };
    expect(await ready()).toMatchObject({
      http: 200,
      body: { status: 'ready', storage: { kind: 's3', status: 'ok' } },
    });
    await store.stop();
    // Ready all the same: only uploads need the store (ADR 0021); /readyz says it is not answering.
    expect(await ready()).toMatchObject({
      http: 200,
      body: { status: 'ready', storage: { kind: 's3', status: 'unavailable' } },
    });

    const results = await importImages('oversized', [
      { name: 'drop/outage-tee/1.png', bytes: await imageBytes('png') },
      { name: 'drop/later-tee/1.png', bytes: await imageBytes('png') },
    ]);
    // The first folder finds the store down; the next is not tried, and says the same.
    expect(results).toEqual([
      { folder: 'outage-tee', ok: false, kind: 'unavailable', message: STORE_DOWN_MESSAGE },
      { folder: 'later-tee', ok: false, kind: 'unavailable', message: STORE_DOWN_MESSAGE },
    ]);
    expect(
      await database.db
        .select()
        .from(products)
        .where(inArray(products.name, ['Outage Tee', 'Later Tee'])),
    ).toEqual([]);

    const edit = parseProductEdit(
      editForm(product, Object.fromEntries(product.sizes.map((size) => [size, 50])), { price: '₹1,499.00' }),
    );
    if (!edit.ok) throw new Error('invalid edit');
    const added = await receive(
      uploadForm({}, [{ name: 'new.png', bytes: await imageBytes('png') }], 'newImages'),
      path.join(scratch, 'tmp'),
    );
    expect(await updateProduct(deps(), actor, product.id, edit.edit, added.files)).toEqual({
      ok: false,
      kind: 'unavailable',
      message: STORE_DOWN_MESSAGE,
    });
    const [unchanged] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(unchanged).toMatchObject({
      version: product.version,
      images: product.images,
      pricePaise: product.pricePaise,
    });
    await added.discard();

    // Nothing reached the bucket or DATA_DIR.
    expect(store.keys()).toEqual(before);
    expect(existsSync(uploadsDir({ dataDir }))).toBe(false);
    // Pages read the database only; an uploaded image the store would pass on says the store is down.
    const page = await app.request(`${ORIGIN}/product/${product.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Steady Hoodie');
    const image = await app.request(`${ORIGIN}/uploads/products/cloud-jacket-a1b2c3d4e5f6-640.webp`);
    expect(image.status).toBe(503);
    expect(image.headers.get('Retry-After')).toBe('30');
  });
});
