// Shoppers' photos in an object store (ADR 0037), on a real S3-protocol server (s3rver) with
// ASSETS_URL set as for a public bucket: review photos, return photos and bulk order logos are kept
// under a prefix that is never made public, pages point at the store's own routes for them (never
// ASSETS_URL), a hidden review's photos are not served, and a photo kept beside the product images
// before is still found through the store, and removed from there.
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../../tests/support/app.ts';
import { createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { imageBytes } from '../../../tests/support/images.ts';
import { useObjectStore } from '../../../tests/support/object-store.ts';
import { useScratchDir } from '../../../tests/support/scratch.ts';
import { loadConfig, type Config } from '../config.ts';
import { reviews, type Product } from '../db/schema.ts';
import { storeLogo } from '../enquiries/logo.ts';
import { storePhotos } from '../orders/return-photos.ts';
import { reviewPhotoFiles } from '../reviews/photos.ts';
import { storePhotoFiles } from './shopper-photos.ts';
import { imageStorage, shopperPhotoStorage } from './storage.ts';

const scratch = useScratchDir('shopper-photos-');
const dataDir = path.join(scratch, 'data');
// Registered first: the app's settings name the server's port.
const store = useObjectStore(path.join(scratch, 'bucket'));
const env = () => ({ ...store.env(), DATA_DIR: dataDir, ASSETS_URL: 'https://cdn.example.test' });
const { database, get } = useTestApp(env);
let config: Config | undefined;
const settings = () => (config ??= loadConfig(env()));

let product: Product;
beforeAll(async () => {
  product = await createProduct(database.db, { name: 'Private Photo Tee' });
});

/** A shown review of the product with one photo (full size and thumbnail) stored where `write` puts it. */
async function reviewWithPhoto(write: (files: { name: string; bytes: Buffer }[]) => Promise<void>) {
  const user = await createUser(database.db, { name: 'Kavya Menon' });
  const order = await createOrder(database.db, { userId: user.id, status: 'delivered' });
  const id = randomUUID();
  const webp = await imageBytes('webp');
  const { names, files } = reviewPhotoFiles(id, [[webp, webp]]);
  await write(files);
  await database.db.insert(reviews).values({
    id,
    productId: product.id,
    userId: user.id,
    orderId: order.id,
    size: 'M',
    rating: 5,
    body: 'Soft and heavy, true to size.',
    photos: names,
  });
  return { id, photo: names[0]!, thumbnail: files[1]!.name };
}

describe("shoppers' photos in an object store", () => {
  it('are kept under a prefix never made public, and pages show them from the store, not ASSETS_URL', async () => {
    const review = await reviewWithPhoto((files) => storePhotoFiles({ config: settings() }, files));
    const returnPhoto = `return-${randomUUID()}.webp`;
    await storePhotos({ config: settings() }, [{ name: returnPhoto, bytes: await imageBytes('webp') }]);
    const logo = `bulk-${randomUUID()}.webp`;
    await storeLogo({ config: settings() }, { name: logo, bytes: await imageBytes('webp') });

    const keys = store.keys();
    for (const name of [review.photo, review.thumbnail, returnPhoto, logo]) {
      expect(keys).toContain(`private/shopper-photos/${name}`);
      expect(keys).not.toContain(`uploads/products/${name}`);
    }

    const page = await (await get(`/product/${product.id}`)).text();
    expect(page).toContain('Soft and heavy, true to size.');
    expect(page).toContain(`src="/reviews/photos/${review.thumbnail}"`);
    expect(page).not.toContain(`cdn.example.test/reviews/`);
    expect(page).not.toContain(`cdn.example.test/uploads/products/review-`);
    expect((await get(`/reviews/photos/${review.photo}`)).status).toBe(200);
    expect((await get(`/uploads/products/${review.photo}`)).status).toBe(404);
  });

  it('of a hidden review are not served, its thumbnail neither', async () => {
    const review = await reviewWithPhoto((files) => storePhotoFiles({ config: settings() }, files));
    expect((await get(`/reviews/photos/${review.thumbnail}`)).status).toBe(200);
    await database.db
      .update(reviews)
      .set({ hiddenAt: new Date(), hiddenReason: 'Not about the product' })
      .where(eq(reviews.id, review.id));
    expect((await get(`/reviews/photos/${review.photo}`)).status).toBe(404);
    expect((await get(`/reviews/photos/${review.thumbnail}`)).status).toBe(404);
  });

  it('kept beside the product images before are still found through the store, and removed from there', async () => {
    const products = imageStorage(settings());
    const review = await reviewWithPhoto(async (files) => {
      for (const file of files) await products.write(file.name, file.bytes, 'image/webp');
    });
    expect(store.keys()).toContain(`uploads/products/${review.photo}`);
    expect((await get(`/reviews/photos/${review.photo}`)).status).toBe(200);
    // The store's image address never serves it, although the object is still under that prefix.
    expect((await get(`/uploads/products/${review.photo}`)).status).toBe(404);

    await shopperPhotoStorage(settings()).remove([review.photo, review.thumbnail]);
    expect(store.keys().filter((key) => key.includes(review.id))).toEqual([]);
    expect((await get(`/reviews/photos/${review.photo}`)).status).toBe(404);
  });
});
