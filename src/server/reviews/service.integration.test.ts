// Ratings and reviews from buyers (ADR 0031) over a real database and a real image folder: who
// may review (a delivered order of the product, once), the size shown, every refused review
// leaving no row and no file, the averages of a listing in one query, the product page's pages,
// and staff hiding a review with a reason (audit-logged) and showing it again.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { recordDeliveredParcel, recordParcelOnItsWay } from '../../../tests/support/delivered-orders.ts';
import { createAdminActor, createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { imageBytes, receive, uploadForm, type UploadPart } from '../../../tests/support/images.ts';
import { DAY_MS } from '../../../tests/support/time.ts';
import { MAX_REVIEW_LENGTH, REVIEW_MESSAGES } from '../../common/reviews.ts';
import type { Actor } from '../shared/audit.ts';
import type { Upload } from '../storage/uploads.ts';
import { auditLog, reviews, type Order, type OrderItem, type Product } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { shopperPhotosDir } from '../storage/folder.ts';
import { thumbnailOf } from './photos.ts';
import {
  deliveredPurchase,
  mayReview,
  postReview,
  productReviews,
  ratingsOf,
  reviewEligibility,
  setReviewHidden,
  shownReviewPhoto,
  type ReviewDeps,
} from './service.ts';

const database = useTestDatabase();
let tee: Product;
let hoodie: Product;
let admin: Actor;
let dataDir: string;
let tempRoot: string;
const uploads: Upload[] = [];

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Review Tee', sizes: ['S', 'M', 'L'] });
  hoodie = await createProduct(database.db, { name: 'Review Hoodie', sizes: ['M', 'L'] });
  admin = await createAdminActor(database.db, `reviews-admin-${Date.now()}@example.test`);
  dataDir = await mkdtemp(path.join(tmpdir(), 'reviews-'));
  tempRoot = path.join(dataDir, 'tmp');
});

afterEach(async () => {
  await Promise.all(uploads.splice(0).map((upload) => upload.discard()));
});

const deps = (dir = dataDir): ReviewDeps => ({
  db: database.db,
  logger: createLogger('silent'),
  images: { config: { dataDir: dir, storage: { kind: 'local' } } },
});

const line = (product: Product, size = 'M', quantity = 1): OrderItem => ({
  productId: product.id,
  name: product.name,
  size,
  quantity,
  pricePaise: product.pricePaise,
});

/**
 * A shopper's order of `items`, in `status`, whose own parcel arrived `deliveredDaysAgo` days ago
 * (no parcel at all with `parcel: 'none'`, one still on its way with 'shipped').
 */
async function orderOf(
  userId: string,
  items: OrderItem[],
  {
    status = 'delivered',
    parcel = 'delivered',
    deliveredDaysAgo = 1,
  }: { status?: Order['status']; parcel?: 'delivered' | 'shipped' | 'none'; deliveredDaysAgo?: number } = {},
) {
  const order = await createOrder(database.db, { userId, itemsJson: items, status });
  if (parcel === 'delivered') {
    await recordDeliveredParcel(database.db, order.id, new Date(Date.now() - deliveredDaysAgo * DAY_MS));
  }
  if (parcel === 'shipped') await recordParcelOnItsWay(database.db, order.id);
  return order;
}

/** A shopper named `name` with a delivered order of one M Review Tee. */
async function buyer(name = 'Priya Sharma', product = tee, size = 'M') {
  const user = await createUser(database.db, { name });
  const order = await orderOf(user.id, [line(product, size)]);
  return { user, order };
}

async function photos(parts: UploadPart[]) {
  const upload = await receive(uploadForm({}, parts, 'photos'), tempRoot);
  uploads.push(upload);
  return upload.files;
}

const reviewsOf = (userId: string) => database.db.select().from(reviews).where(eq(reviews.userId, userId));
const storedFiles = async (dir = dataDir) =>
  (await readdir(shopperPhotosDir({ dataDir: dir })).catch(() => [] as string[])).filter((name) =>
    name.startsWith('review-'),
  );

const GOOD = { rating: '5', body: 'Soft cotton, true to size.' };

describe('writing a review', () => {
  it('takes a buyer’s rating, text and photos, with the size bought and the delivered order', async () => {
    const { user, order } = await buyer();
    const result = await postReview(
      deps(),
      user,
      tee.id,
      { rating: '4', body: '  Lovely print, washes well.  ' },
      await photos([
        { name: 'front.jpg', bytes: await imageBytes('jpeg') },
        { name: 'back.png', bytes: await imageBytes('png') },
      ]),
    );
    expect(result).toMatchObject({ ok: true });
    const [review] = await reviewsOf(user.id);
    expect(review).toMatchObject({
      productId: tee.id,
      orderId: order.id,
      size: 'M',
      rating: 4,
      body: 'Lovely print, washes well.',
      hiddenAt: null,
      hiddenReason: null,
    });
    expect(review!.photos).toEqual([`review-${review!.id}-1.webp`, `review-${review!.id}-2.webp`]);
    const files = await storedFiles();
    for (const name of review!.photos) {
      expect(files).toContain(name);
      expect(files).toContain(thumbnailOf(name));
    }
    // Shown, its photos are public through the photo route's check.
    const photo = await shownReviewPhoto(deps(), review!.photos[0]!);
    expect(photo).toBeDefined();
  });

  it('counts an order completed or returned, and shows the size of which most units were bought', async () => {
    const user = await createUser(database.db);
    await orderOf(user.id, [line(tee, 'S')], { status: 'completed', deliveredDaysAgo: 9 });
    const latest = await orderOf(user.id, [line(hoodie, 'M'), line(tee, 'L', 1), line(tee, 'M', 2)], {
      status: 'returned',
      deliveredDaysAgo: 2,
    });
    // The most recently delivered order holding the product, and in it the size bought most.
    expect(await deliveredPurchase(database.db, user.id, tee.id)).toEqual({ orderId: latest.id, size: 'M' });
    expect(await reviewEligibility(database.db, user.id, tee.id)).toEqual({ may: true, size: 'M' });
    expect(await postReview(deps(), user, tee.id, GOOD)).toMatchObject({ ok: true, review: { size: 'M' } });
  });

  it('answers the product page’s question (may this shopper review?) as reviewEligibility does', async () => {
    const { user: reviewer } = await buyer();
    expect(await postReview(deps(), reviewer, tee.id, GOOD)).toMatchObject({ ok: true });
    const { user: toReview } = await buyer();
    const waiting = await createUser(database.db);
    await orderOf(waiting.id, [line(tee)], { status: 'delivered', parcel: 'shipped' });
    const other = await createUser(database.db);
    await orderOf(other.id, [line(hoodie)]);
    for (const [user, may] of [
      [reviewer, false],
      [toReview, true],
      [waiting, false],
      [other, false],
    ] as const) {
      expect((await reviewEligibility(database.db, user.id, tee.id)).may).toBe(may);
      expect(await mayReview(database.db, user.id, tee.id)).toBe(may);
    }
    // The other shopper may review what they did buy.
    expect(await mayReview(database.db, other.id, hoodie.id)).toBe(true);
  });

  describe('refuses, storing nothing', () => {
    async function expectRefused(
      userId: string,
      productId: number,
      input: Record<string, unknown>,
      expected: { kind: string; message: string },
      files?: UploadPart[],
    ) {
      const before = await storedFiles();
      const sent = files ?? [{ name: 'photo.jpg', bytes: await imageBytes('jpeg') }];
      const result = await postReview(deps(), { id: userId }, productId, input, await photos(sent));
      expect(result).toMatchObject({ ok: false, ...expected });
      expect(await reviewsOf(userId)).toEqual([]);
      expect(await storedFiles()).toEqual(before);
    }

    it('a shopper without an order of the product', async () => {
      const user = await createUser(database.db);
      await orderOf(user.id, [line(hoodie)]);
      await expectRefused(user.id, tee.id, GOOD, { kind: 'forbidden', message: REVIEW_MESSAGES.notDelivered });
      expect(REVIEW_MESSAGES.notDelivered).toBe('You can review a product once it has been delivered to you.');
    });

    it('an order not delivered yet: paid, shipped, or marked delivered without its parcel arriving', async () => {
      const user = await createUser(database.db);
      await orderOf(user.id, [line(tee)], { status: 'processing', parcel: 'none' });
      await orderOf(user.id, [line(tee)], { status: 'shipped', parcel: 'shipped' });
      await orderOf(user.id, [line(tee)], { status: 'delivered', parcel: 'shipped' });
      await orderOf(user.id, [line(tee)], { status: 'failed', parcel: 'none' });
      await expectRefused(user.id, tee.id, GOOD, { kind: 'forbidden', message: REVIEW_MESSAGES.notDelivered });
    });

    it('another shopper’s delivered order', async () => {
      await buyer('Someone Else');
      const stranger = await createUser(database.db);
      await expectRefused(stranger.id, tee.id, GOOD, { kind: 'forbidden', message: REVIEW_MESSAGES.notDelivered });
    });

    it('a second review of the same product, even from another delivered order', async () => {
      const { user } = await buyer();
      expect(await postReview(deps(), user, tee.id, GOOD)).toMatchObject({ ok: true });
      await orderOf(user.id, [line(tee, 'L')]);
      const before = await storedFiles();
      const second = await postReview(
        deps(),
        user,
        tee.id,
        { rating: '1', body: 'Changed my mind.' },
        await photos([{ name: 'x.jpg', bytes: await imageBytes('jpeg') }]),
      );
      expect(second).toEqual({ ok: false, kind: 'conflict', message: 'You have already reviewed this product.' });
      const rows = await reviewsOf(user.id);
      expect(rows.map((row) => [row.rating, row.body])).toEqual([[5, 'Soft cotton, true to size.']]);
      expect(await storedFiles()).toEqual(before);
    });

    it('two reviews sent at once: one is kept', async () => {
      const { user } = await buyer();
      const results = await Promise.all([
        postReview(deps(), user, tee.id, GOOD),
        postReview(deps(), user, tee.id, { rating: '3', body: 'Fine.' }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({
        kind: 'conflict',
        message: REVIEW_MESSAGES.already,
      });
      expect(await reviewsOf(user.id)).toHaveLength(1);
    });

    it('an empty text, a text of spaces, an over-long text, control characters', async () => {
      const { user } = await buyer();
      const empty = { kind: 'invalid', message: 'Write your review.' };
      await expectRefused(user.id, tee.id, { rating: '5', body: '' }, empty);
      await expectRefused(user.id, tee.id, { rating: '5', body: '   \n ' }, empty);
      await expectRefused(user.id, tee.id, { rating: '5' }, empty);
      await expectRefused(
        user.id,
        tee.id,
        { rating: '5', body: 'a'.repeat(MAX_REVIEW_LENGTH + 1) },
        { kind: 'invalid', message: 'Your review can be at most 2000 characters.' },
      );
      await expectRefused(
        user.id,
        tee.id,
        { rating: '5', body: 'Nice\u0000tee' },
        { kind: 'invalid', message: 'Your review cannot contain control characters.' },
      );
      // Exactly the limit is taken.
      expect(
        await postReview(deps(), user, tee.id, { rating: '5', body: 'a'.repeat(MAX_REVIEW_LENGTH) }),
      ).toMatchObject({
        ok: true,
      });
    });

    it('a rating that is missing or outside 1 to 5', async () => {
      const { user } = await buyer();
      for (const rating of [undefined, '', '0', '6', '4.5', 'five']) {
        await expectRefused(
          user.id,
          tee.id,
          { rating, body: 'Nice.' },
          { kind: 'invalid', message: 'Choose a rating from 1 to 5 stars.' },
        );
      }
    });

    it('a file that is not an image, a damaged image, more than three photos', async () => {
      const { user } = await buyer();
      await expectRefused(
        user.id,
        tee.id,
        GOOD,
        { kind: 'invalid', message: 'size.pdf is not a JPEG, PNG or WebP image.' },
        [
          { name: 'front.jpg', bytes: await imageBytes('jpeg') },
          { name: 'size.pdf', bytes: '%PDF-1.7 not an image' },
        ],
      );
      const png = await imageBytes('png');
      await expectRefused(
        user.id,
        tee.id,
        GOOD,
        { kind: 'invalid', message: 'cut.png could not be read as an image; it may be damaged.' },
        [{ name: 'cut.png', bytes: png.subarray(0, 40) }],
      );
      await expectRefused(user.id, tee.id, GOOD, { kind: 'invalid', message: 'Attach at most 3 photos.' }, [
        { name: '1.png', bytes: png },
        { name: '2.png', bytes: png },
        { name: '3.png', bytes: png },
        { name: '4.png', bytes: png },
      ]);
    });

    it('an unknown product', async () => {
      const { user } = await buyer();
      await expectRefused(user.id, 987_654, GOOD, { kind: 'not_found', message: 'Product not found' });
    });

    it('photos the image store does not take: no review either', async () => {
      const { user } = await buyer();
      const broken = path.join(dataDir, 'not-a-folder');
      await writeFile(broken, 'a file where the folder should be');
      const result = await postReview(
        deps(broken),
        user,
        tee.id,
        GOOD,
        await photos([{ name: 'a.jpg', bytes: await imageBytes('jpeg') }]),
      );
      expect(result).toEqual({
        ok: false,
        kind: 'unavailable',
        message: 'Your photos could not be saved just now, so the review was not posted. Please try again.',
      });
      expect(await reviewsOf(user.id)).toEqual([]);
      await rm(broken);
    });
  });
});

describe('averages and pages', () => {
  it('averages the shown reviews of a whole listing page in one query, without hidden ones', async () => {
    const first = await createProduct(database.db, { name: 'Average Tee' });
    const second = await createProduct(database.db, { name: 'Second Tee' });
    const unreviewed = await createProduct(database.db, { name: 'Quiet Tee' });
    const ratings = [5, 4, 4, 2];
    for (const rating of ratings) {
      const { user } = await buyer('Rater One', first);
      expect(await postReview(deps(), user, first.id, { rating: String(rating), body: 'Ok.' })).toMatchObject({
        ok: true,
      });
    }
    const { user: other } = await buyer('Rater Two', second);
    const hiddenOne = await postReview(deps(), other, second.id, { rating: '1', body: 'Spam link.' });
    if (!hiddenOne.ok) throw new Error(hiddenOne.message);
    await setReviewHidden(database.db, admin, hiddenOne.review.id, true, 'Spam');

    const found = await ratingsOf(database.db, [first.id, second.id, unreviewed.id]);
    // (5 + 4 + 4 + 2) / 4 = 3.75, rounded to one decimal.
    expect(found.get(first.id)).toEqual({ average: 3.8, count: 4 });
    expect(found.has(second.id)).toBe(false);
    expect(found.has(unreviewed.id)).toBe(false);
    expect((await ratingsOf(database.db, [])).size).toBe(0);
  });

  it('lists a product’s shown reviews newest first, five to a page, with the reviewer’s first name and initial', async () => {
    const product = await createProduct(database.db, { name: 'Paged Tee' });
    const start = Date.now() - 10 * 60_000;
    for (let n = 1; n <= 7; n += 1) {
      const { user } = await buyer(n === 7 ? 'Aarav Kumar Mehta' : `Buyer${n}`, product, n % 2 ? 'L' : 'S');
      const posted = await postReview(
        deps(),
        user,
        product.id,
        { rating: String((n % 5) + 1), body: `Review number ${n}` },
        [],
        new Date(start + n * 1000),
      );
      expect(posted).toMatchObject({ ok: true });
      if (n === 6) {
        if (!posted.ok) throw new Error('not posted');
        await setReviewHidden(database.db, admin, posted.review.id, true, 'Off-topic');
      }
    }
    const first = await productReviews(database.db, product.id, 1);
    // Ratings 2, 3, 4, 5, 1 and 3 are shown (the sixth, a 2, is hidden): 18 / 6.
    expect(first.summary).toEqual({ average: 3, count: 6 });
    expect(first.pages).toBe(2);
    expect(first.reviews.map((review) => review.body)).toEqual([
      'Review number 7',
      'Review number 5',
      'Review number 4',
      'Review number 3',
      'Review number 2',
    ]);
    expect(first.reviews[0]).toMatchObject({ author: 'Aarav M.', size: 'L', rating: 3 });
    const second = await productReviews(database.db, product.id, 2);
    expect(second.reviews.map((review) => review.body)).toEqual(['Review number 1']);
    // A page past the last shows the last.
    expect((await productReviews(database.db, product.id, 99)).page).toBe(2);
    const none = await productReviews(database.db, 987_655, 1);
    expect(none).toEqual({ summary: null, reviews: [], page: 1, pages: 1 });
  });
});

describe('moderation', () => {
  it('hides a review with a reason, audit-logged, and its photos stop being served; showing it again undoes it', async () => {
    const { user } = await buyer('Hidden Reviewer');
    const posted = await postReview(
      deps(),
      user,
      tee.id,
      GOOD,
      await photos([{ name: 'p.jpg', bytes: await imageBytes('jpeg') }]),
    );
    if (!posted.ok) throw new Error(posted.message);
    const id = posted.review.id;
    const photo = posted.review.photos[0]!;

    expect(await setReviewHidden(database.db, admin, id, true, '  ')).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Give the reason for hiding the review.',
      fieldErrors: { reason: 'Give the reason for hiding the review.' },
    });
    expect(await setReviewHidden(database.db, admin, id, true, 'x'.repeat(501))).toMatchObject({
      ok: false,
      message: 'The reason can be at most 500 characters.',
    });
    const [unchanged] = await reviewsOf(user.id);
    expect(unchanged).toMatchObject({ hiddenAt: null, hiddenReason: null });

    expect(await setReviewHidden(database.db, admin, id, true, 'Abusive language')).toMatchObject({
      ok: true,
      review: { hiddenReason: 'Abusive language' },
    });
    expect(await shownReviewPhoto(deps(), photo)).toBeUndefined();
    expect(await shownReviewPhoto(deps(), thumbnailOf(photo))).toBeUndefined();
    expect(await setReviewHidden(database.db, admin, id, true, 'Again')).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: 'This review is already hidden.',
    });

    expect(await setReviewHidden(database.db, admin, id, false)).toMatchObject({
      ok: true,
      review: { hiddenAt: null, hiddenReason: null },
    });
    expect(await shownReviewPhoto(deps(), thumbnailOf(photo))).toBeDefined();

    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.createdAt);
    expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.summary])).toEqual([
      ['review.hide', admin.email, 'Review of Review Tee (5/5) hidden: Abusive language'],
      ['review.show', admin.email, 'Review of Review Tee (5/5) shown again'],
    ]);
  });

  it('refuses an unknown review', async () => {
    expect(await setReviewHidden(database.db, admin, crypto.randomUUID(), true, 'Spam')).toMatchObject({
      ok: false,
      kind: 'not_found',
      message: 'Review not found',
    });
    expect(await setReviewHidden(database.db, admin, 'not-an-id', false)).toMatchObject({ kind: 'not_found' });
  });

  it('serves no photo by a name its review does not keep', async () => {
    expect(await shownReviewPhoto(deps(), `review-${crypto.randomUUID()}-1.webp`)).toBeUndefined();
    expect(await shownReviewPhoto(deps(), '../secret.webp')).toBeUndefined();
  });
});
