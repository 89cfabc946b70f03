// Ratings and reviews through the app (ADR 0031): a buyer's review sent as the multipart form
// with a photo, then on the product page ('Verified buyer', 'Size bought: M'), in its JSON-LD and
// on the listing card; refusals for a visitor, another shopper, a second review, bad text and a
// file that is not an image (nothing stored); and staff hiding it with a reason and showing it
// again, with the photo following the review.
import { randomBytes } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import { createOrder, createProduct } from '../../../tests/support/factories.ts';
import { pageDataOf } from '../../../tests/support/html.ts';
import { imageBytes, uploadForm, type UploadPart } from '../../../tests/support/images.ts';
import { auditLog, reviews, type Product } from '../../server/db/schema.ts';

// A review shows on the visitor's kept page as soon as the change is heard: with the burst window
// on (ADR 0036), a review written within a second of the test's own catalog writes would show
// only at the window's end.
const { database, app, get, postForm, signIn } = useTestApp({ PAGE_CACHE_CHANGE_WINDOW_MS: '0' });
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Zephyr Review Tee', sizes: ['S', 'M', 'L'] });
});

/**
 * Whether the product page offers `cookie`'s shopper the review form: its `.data` request says, as
 * the page kept for visitors is given to shoppers too (ADR 0058).
 */
async function offersReview(productId: number, cookie: string): Promise<boolean> {
  const routes = await pageDataOf(await get(`/product/${productId}.data`, cookie));
  return (routes['routes/product'] as { reviews: { mayReview: boolean } }).reviews.mayReview;
}

/** A signed-in shopper whose order of one `size` tee was delivered yesterday. */
async function buyer(size = 'M', product = tee) {
  const shopper = await signIn({ name: 'Meera Iyer' });
  const order = await createOrder(database.db, {
    userId: shopper.id,
    itemsJson: [{ productId: product.id, name: product.name, size, quantity: 1, pricePaise: product.pricePaise }],
    status: 'delivered',
  });
  await recordDeliveredParcel(database.db, order.id, new Date(Date.now() - 86_400_000));
  return shopper;
}

/** The review form as a browser sends it: multipart, the photos under `photos`. */
const sendReview = (productId: number, fields: Record<string, string>, photos: UploadPart[], cookie = '') =>
  app.request(`${ORIGIN}/product/${productId}/review`, {
    method: 'POST',
    body: uploadForm(fields, photos, 'photos'),
    headers: { Origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });

const reviewsOf = (productId: number) => database.db.select().from(reviews).where(eq(reviews.productId, productId));

/** The Product JSON-LD of a product page. */
function productJsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return blocks.find((block) => block['@type'] === 'Product')!;
}

describe('reviews on the product page', () => {
  it('a buyer writes a review with a photo; it shows with its mark and size, in the JSON-LD and on the card', async () => {
    const product = await createProduct(database.db, { name: 'Quasar Review Tee' });
    const shopper = await buyer('M', product);

    const before = await (await get(`/product/${product.id}`)).text();
    expect(before).toContain('No reviews yet.');
    expect(before).not.toContain('Write a review');
    expect(productJsonLd(before)).not.toHaveProperty('aggregateRating');

    // Signed in, the buyer is offered the form (a page of its own) with the page's own data.
    expect(await (await get(`/product/${product.id}`, shopper.cookie)).text()).not.toContain('Write a review');
    expect(await offersReview(product.id, shopper.cookie)).toBe(true);
    const form = await get(`/product/${product.id}/review`, shopper.cookie);
    expect(form.status).toBe(200);
    // About the buyer (their size, their review): kept by no cache, nor its data request.
    expect(form.headers.get('Cache-Control')).toBe('private, no-store');
    const formData = await get(`/product/${product.id}/review.data`, shopper.cookie);
    expect(formData.status).toBe(200);
    expect(formData.headers.get('Cache-Control')).toBe('private, no-store');
    const formHtml = await form.text();
    expect(formHtml).toContain('Review Quasar Review Tee');
    expect(formHtml).toContain('Size bought: M.');

    const sent = await sendReview(
      product.id,
      { rating: '4', body: 'Heavy cotton, the print has not cracked.' },
      [{ name: 'worn.jpg', bytes: await imageBytes('jpeg') }],
      shopper.cookie,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe(`/product/${product.id}#reviews`);
    const [review] = await reviewsOf(product.id);
    expect(review).toMatchObject({ userId: shopper.id, rating: 4, size: 'M', hiddenAt: null });
    expect(review!.photos).toEqual([`review-${review!.id}-1.webp`]);

    const page = await (await get(`/product/${product.id}`)).text();
    expect(page).toContain('Heavy cotton, the print has not cracked.');
    expect(page).toContain('Verified buyer');
    expect(page).toContain('Size bought: M');
    expect(page).toContain('Meera I.');
    expect(page).toContain('4.0 out of 5, 1 review');
    expect(page).toContain('Rated 4 out of 5');
    expect(productJsonLd(page).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    // Nothing personal on a visitor's page; the buyer is not offered a second review.
    expect(page).not.toContain('Write a review');
    expect(await offersReview(product.id, shopper.cookie)).toBe(false);

    // The photo and its thumbnail are public through their route, never at the image address.
    const photo = await get(`/reviews/photos/${review!.photos[0]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(page).toContain(`/reviews/photos/review-${review!.id}-1-320.webp`);
    expect((await get(`/reviews/photos/review-${review!.id}-1-320.webp`)).status).toBe(200);
    expect((await get(`/uploads/products/${review!.photos[0]}`)).status).toBe(404);

    const listing = await (await get('/products?search=Quasar')).text();
    expect(listing).toContain('4.0 out of 5, 1 review');
  });

  it('pages the reviews five at a time with links that work without scripts', async () => {
    const product = await createProduct(database.db, { name: 'Paged Route Tee' });
    for (let n = 1; n <= 6; n += 1) {
      const shopper = await buyer('L', product);
      const sent = await sendReview(product.id, { rating: '5', body: `Route review ${n}` }, [], shopper.cookie);
      expect(sent.status).toBe(302);
    }
    const first = await (await get(`/product/${product.id}`)).text();
    expect(first).toContain('Route review 6');
    expect(first).not.toContain('Route review 1<');
    expect(first).toContain(`href="/product/${product.id}?reviewsPage=2#reviews"`);
    const second = await (await get(`/product/${product.id}?reviewsPage=2`)).text();
    expect(second).toContain('Route review 1');
    expect(second).not.toContain('Route review 6');
    expect(second).toContain('Page 2 of 2');
  });
});

describe('the photos’ body limit', () => {
  it('takes photos larger than a form’s 32 KB, as the review route’s own limit allows', async () => {
    const product = await createProduct(database.db, { name: 'Large Photo Tee' });
    const shopper = await buyer('M', product);
    // Noise does not compress: a PNG of about 470 KB.
    const noise = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(32 * 1024);
    const sent = await sendReview(
      product.id,
      { rating: '5', body: 'Close-up of the print.' },
      [{ name: 'close-up.png', bytes: noise }],
      shopper.cookie,
    );
    expect(sent.status).toBe(302);
    expect((await reviewsOf(product.id))[0]!.photos).toHaveLength(1);
  });
});

describe('refused reviews store nothing', () => {
  it('a visitor is sent to log in; another shopper and a shopper without a delivered order are told why', async () => {
    const visitor = await sendReview(tee.id, { rating: '5', body: 'Great.' }, []);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login');
    expect((await get(`/product/${tee.id}/review`)).headers.get('location')).toBe('/login');

    await buyer();
    const stranger = await signIn();
    const page = await (await get(`/product/${tee.id}/review`, stranger.cookie)).text();
    expect(page).toContain('You can review a product once it has been delivered to you.');
    expect(page).not.toContain('Post review');
    const refused = await sendReview(
      tee.id,
      { rating: '5', body: 'Great.' },
      [{ name: 'a.jpg', bytes: await imageBytes('jpeg') }],
      stranger.cookie,
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('You can review a product once it has been delivered to you.');
    expect(await database.db.select().from(reviews).where(eq(reviews.userId, stranger.id))).toEqual([]);
  });

  it('empty text, a file that is not an image, a second review', async () => {
    const product = await createProduct(database.db, { name: 'Refusal Route Tee' });
    const shopper = await buyer('S', product);
    const empty = await sendReview(product.id, { rating: '5', body: '  ' }, [], shopper.cookie);
    expect(empty.status).toBe(400);
    expect(empty.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await empty.text()).toContain('Write your review.');
    const long = await sendReview(product.id, { rating: '5', body: 'x'.repeat(2001) }, [], shopper.cookie);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('Your review can be at most 2000 characters.');
    const notImage = await sendReview(
      product.id,
      { rating: '5', body: 'Nice.' },
      [{ name: 'size-chart.pdf', bytes: '%PDF-1.7 not an image' }],
      shopper.cookie,
    );
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toContain('size-chart.pdf is not a JPEG, PNG or WebP image.');
    expect(await reviewsOf(product.id)).toEqual([]);

    expect((await sendReview(product.id, { rating: '3', body: 'Fine.' }, [], shopper.cookie)).status).toBe(302);
    const second = await sendReview(product.id, { rating: '1', body: 'Again.' }, [], shopper.cookie);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('You have already reviewed this product.');
    expect((await reviewsOf(product.id)).map((review) => review.body)).toEqual(['Fine.']);
    expect(await (await get(`/product/${product.id}/review`, shopper.cookie)).text()).toContain(
      'You have already reviewed this product.',
    );
  });
});

describe('/admin/reviews', () => {
  it('staff hide a review with a reason, and it leaves the page, the JSON-LD, the card and the photo route', async () => {
    const product = await createProduct(database.db, { name: 'Moderated Review Tee' });
    const shopper = await buyer('M', product);
    await sendReview(
      product.id,
      { rating: '2', body: 'Call me on 98765 43210 for a deal' },
      [{ name: 'p.png', bytes: await imageBytes('png') }],
      shopper.cookie,
    );
    const [review] = await reviewsOf(product.id);
    const admin = await signIn({ role: 'admin' });

    const list = await get('/admin/reviews', admin.cookie);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('Call me on 98765 43210 for a deal');
    // Anyone but staff gets the ordinary 404, and changes nothing.
    const customer = await postForm(
      '/admin/reviews',
      { intent: 'hide', reviewId: review!.id, reason: 'x' },
      shopper.cookie,
    );
    expect(customer.status).toBe(404);

    const noReason = await postForm(
      '/admin/reviews',
      { intent: 'hide', reviewId: review!.id, reason: ' ' },
      admin.cookie,
    );
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('Give the reason for hiding the review.');
    expect((await reviewsOf(product.id))[0]!.hiddenAt).toBeNull();

    const hidden = await postForm(
      '/admin/reviews',
      { intent: 'hide', reviewId: review!.id, reason: 'Shares a phone number' },
      admin.cookie,
    );
    expect(hidden.status).toBe(200);
    expect(await hidden.text()).toContain('The review is hidden from the store.');
    expect((await reviewsOf(product.id))[0]).toMatchObject({ hiddenReason: 'Shares a phone number' });

    const page = await (await get(`/product/${product.id}`)).text();
    expect(page).not.toContain('Call me on 98765 43210');
    expect(page).toContain('No reviews yet.');
    expect(productJsonLd(page)).not.toHaveProperty('aggregateRating');
    expect(await (await get('/products?search=Moderated')).text()).not.toContain('out of 5');
    expect((await get(`/reviews/photos/${review!.photos[0]}`)).status).toBe(404);

    const hiddenList = await (await get('/admin/reviews?show=hidden', admin.cookie)).text();
    expect(hiddenList).toContain('Shares a phone number');
    expect(await (await get('/admin/reviews?show=shown', admin.cookie)).text()).not.toContain('Call me on 98765');

    const shown = await postForm('/admin/reviews', { intent: 'show', reviewId: review!.id }, admin.cookie);
    expect(shown.status).toBe(200);
    expect(await (await get(`/product/${product.id}`)).text()).toContain('Call me on 98765 43210 for a deal');
    expect((await get(`/reviews/photos/${review!.photos[0]}`)).status).toBe(200);

    const entries = await database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, review!.id)))
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      { action: 'review.hide', summary: 'Review of Moderated Review Tee (2/5) hidden: Shares a phone number' },
      { action: 'review.show', summary: 'Review of Moderated Review Tee (2/5) shown again' },
    ]);
    const audit = await (await get('/admin/audit', admin.cookie)).text();
    expect(audit).toContain(`/admin/reviews?review=${review!.id}`);
    const one = await (await get(`/admin/reviews?review=${review!.id}`, admin.cookie)).text();
    expect(one).toContain('Call me on 98765 43210 for a deal');
    expect(one).toContain('All reviews');
  });
});
