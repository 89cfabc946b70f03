import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { IMAGE_WIDTHS } from '../../common/catalog.ts';
import { useCatalog } from '../../../tests/support/catalog.ts';
import { createAdminActor } from '../../../tests/support/factories.ts';
import { imageBytes, receive, uploadForm, type UploadPart } from '../../../tests/support/images.ts';
import { auditLog, productStock, products } from '../db/schema.ts';
import type { Actor } from '../shared/audit.ts';
import { uploadsDir } from '../storage/folder.ts';
import { STORE_DOWN_MESSAGE } from '../storage/product-images.ts';
import { receiveUpload } from '../storage/uploads.ts';
import { folderMessage, importFolders, productNameFromFolder } from './product-import.ts';

const { database, dataDir, deps } = useCatalog('import-');
let actor: Actor;

beforeAll(async () => {
  actor = await createAdminActor(database.db, 'staff@example.test');
});

async function runImport(files: UploadPart[]) {
  const upload = await receive(uploadForm({}, files), path.join(dataDir, 'tmp'));
  try {
    return await importFolders(deps(), actor, {
      collection: 'trap-themed',
      category: 'oversized',
      files: upload.files,
    });
  } finally {
    await upload.discard();
  }
}

const storedFiles = () => (existsSync(uploadsDir({ dataDir })) ? readdirSync(uploadsDir({ dataDir })) : []);

describe('import from image folders', () => {
  it('names a product from its folder', () => {
    expect(productNameFromFolder('astro_kid-tee')).toBe('Astro Kid Tee');
    expect(productNameFromFolder('NEON--drift__HOODIE')).toBe('Neon Drift Hoodie');
    expect(productNameFromFolder('a'.repeat(200))).toHaveLength(120);
  });

  it('refuses a folder whose name has no letters or digits', async () => {
    const [result] = await runImport([{ name: '!!!/1.png', bytes: await imageBytes('png') }]);
    expect(result && !result.ok && folderMessage(result)).toBe(
      'The folder !!! was not imported. The folder name "!!!" has no letters or digits to name a product.',
    );
  });

  it('refuses an upload cut short, or without a boundary, and leaves no temporary files', async () => {
    const tempRoot = path.join(dataDir, 'cut');
    const part =
      '--X\r\nContent-Disposition: form-data; name="images"; filename="cut-tee/1.png"\r\nContent-Type: image/png\r\n\r\n';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`${part}${'x'.repeat(5000)}`));
        controller.error(new Error('connection reset'));
      },
    });
    const cut = new Request('http://localhost/upload', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=X' },
      duplex: 'half',
    } as RequestInit);
    expect(await receiveUpload(cut, tempRoot, { maxFiles: 5 })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'The upload was interrupted. Please try again.',
    });
    const noBoundary = new Request('http://localhost/upload', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(await receiveUpload(noBoundary, tempRoot, { maxFiles: 5 })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'The upload was not a form with files. Please try again.',
    });
    expect(readdirSync(tempRoot)).toEqual([]);
  });

  it('makes one product per folder with the defaults, its images in file-name order and their variants', async () => {
    const [png, jpeg, webp] = await Promise.all([imageBytes('png'), imageBytes('jpeg'), imageBytes('webp')]);
    const results = await runImport([
      { name: 'drop/street_king-tee/10-back.png', bytes: png },
      { name: 'drop/street_king-tee/2-side.webp', bytes: webp },
      { name: 'drop/street_king-tee/1-front.jpg', bytes: jpeg },
      { name: 'drop/street_king-tee/.DS_Store', bytes: 'finder noise' },
      { name: 'drop/night-rider/a.png', bytes: png },
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    const created = results.find((result) => result.ok && result.name === 'Street King Tee');
    if (!created?.ok) throw new Error('not imported');
    expect(folderMessage(created)).toBe('Imported "Street King Tee" from street_king-tee with 3 images.');

    const [product] = await database.db.select().from(products).where(eq(products.id, created.productId));
    expect(product).toMatchObject({
      name: 'Street King Tee',
      pricePaise: 59_900,
      sizes: ['S', 'M', 'L', 'XL', 'XXL'],
      returnPolicy: '15 Days Returns & Exchange available.',
      deliveryInfo: {
        standardDelivery: '3-5 business days',
        expressDelivery: '1-2 business days',
        pincodeDelivery: true,
      },
      collection: 'trap-themed',
      category: 'oversized',
    });
    // 1-front, 2-side, 10-back: numbers in names count as numbers.
    expect(product!.images).toHaveLength(3);
    expect(product!.images[0]).toMatch(/^\/uploads\/products\/street-king-tee-[0-9a-f]{12}$/);
    expect(product!.thumbnail).toBe(product!.images[0]);
    for (const base of product!.images)
      for (const width of IMAGE_WIDTHS)
        expect(existsSync(path.join(uploadsDir({ dataDir }), `${path.basename(base)}-${width}.webp`))).toBe(true);

    const stock = await database.db.select().from(productStock).where(eq(productStock.productId, created.productId));
    expect(stock.map((row) => [row.size, row.quantity]).sort()).toEqual([
      ['L', 20],
      ['M', 20],
      ['S', 20],
      ['XL', 20],
      ['XXL', 20],
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.productId)));
    expect(entry).toMatchObject({ action: 'product.import', actorEmail: 'staff@example.test', actorId: actor.id });
  });

  it('keeps the file order by name: the first file is the thumbnail', async () => {
    const red = await imageBytes('png', '#ff0000');
    const blue = await imageBytes('png', '#0000ff');
    const [result] = await runImport([
      { name: 'order-check/b.png', bytes: blue },
      { name: 'order-check/a.png', bytes: red },
    ]);
    if (!result?.ok) throw new Error('not imported');
    const [product] = await database.db.select().from(products).where(eq(products.id, result.productId));
    const sharp = (await import('sharp')).default;
    const first = path.join(uploadsDir({ dataDir }), `${path.basename(product!.images[0]!)}-320.webp`);
    const { dominant } = await sharp(first).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });

  it('refuses only the folder with a bad file, naming the file and the reason, and leaves no files behind', async () => {
    const before = storedFiles().length;
    const png = await imageBytes('png');
    const results = await runImport([
      { name: 'good-one/1.png', bytes: png },
      { name: 'bad-one/1.png', bytes: png },
      { name: 'bad-one/notes.jpg', bytes: 'this is text, not a picture' },
      { name: 'broken/1.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]) },
    ]);
    expect(results.map((result) => (result.ok ? result.name : folderMessage(result)))).toEqual([
      'Good One',
      'The folder bad-one was not imported. notes.jpg is not a JPEG, PNG or WebP image.',
      'The folder broken was not imported. 1.jpg could not be read as an image; it may be damaged.',
    ]);
    expect(await database.db.select().from(products).where(eq(products.name, 'Bad One'))).toEqual([]);
    expect(await database.db.select().from(products).where(eq(products.name, 'Broken'))).toEqual([]);
    // Only the good folder's one image (three widths) was written.
    expect(storedFiles().length).toBe(before + IMAGE_WIDTHS.length);
  });

  it('refuses every folder as unavailable when the image folder cannot be written, creating nothing', async () => {
    // DATA_DIR/uploads/products is a file here, so no image can be written under it.
    const brokenDir = path.join(dataDir, 'broken-data');
    mkdirSync(path.join(brokenDir, 'uploads'), { recursive: true });
    writeFileSync(uploadsDir({ dataDir: brokenDir }), 'not a folder');
    const png = await imageBytes('png');
    const upload = await receive(
      uploadForm({}, [
        { name: 'full-disk-tee/1.png', bytes: png },
        { name: 'next-tee/1.png', bytes: png },
      ]),
      path.join(dataDir, 'tmp'),
    );
    const results = await importFolders(
      { ...deps(), config: { dataDir: brokenDir, storage: { kind: 'local' } } },
      actor,
      { collection: 'trap-themed', category: 'oversized', files: upload.files },
    );
    await upload.discard();
    expect(results.map((result) => (result.ok ? result.name : [result.kind, folderMessage(result)]))).toEqual([
      ['unavailable', `The folder full-disk-tee was not imported. ${STORE_DOWN_MESSAGE}`],
      ['unavailable', `The folder next-tee was not imported. ${STORE_DOWN_MESSAGE}`],
    ]);
    expect(await database.db.select().from(products).where(eq(products.name, 'Full Disk Tee'))).toEqual([]);
    expect(readdirSync(path.join(brokenDir, 'uploads'))).toEqual(['products']);
  });

  it('refuses a folder of more than 20 images and loose files outside a folder', async () => {
    const png = await imageBytes('png');
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `too-many/${i}.png`, bytes: png }));
    const results = await runImport([...many, { name: 'loose.png', bytes: png }]);
    expect(results.map((result) => (result.ok ? result.name : folderMessage(result)))).toEqual([
      'The folder too-many was not imported. It has 21 images; a product takes at most 20.',
      'The folder Loose files was not imported. Images must be inside a folder; the folder name becomes the product name.',
    ]);
  });

  it('refuses a file over 10 MB, having kept only its beginning', async () => {
    const png = await imageBytes('png');
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const upload = await receive(uploadForm({}, [{ name: 'huge-tee/1.png', bytes: huge }]), path.join(dataDir, 'tmp'));
    try {
      expect(upload.files[0]).toMatchObject({ tooLarge: true, bytes: 10 * 1024 * 1024 });
      const results = await importFolders(deps(), actor, {
        collection: 'trap-themed',
        category: 'oversized',
        files: upload.files,
      });
      expect(results.map((result) => !result.ok && folderMessage(result))).toEqual([
        'The folder huge-tee was not imported. 1.png is larger than 10 MB.',
      ]);
    } finally {
      await upload.discard();
    }
    expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
  });
});
