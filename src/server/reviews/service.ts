// Ratings and reviews from buyers only (ADR 0031). A shopper rates and reviews a
// product once, after an order with it was delivered to them; the review shows with the size
// bought and a 'Verified buyer' mark. The product page lists the shown reviews newest first and
// their average; listing pages read the averages of a whole page in one query; staff hide a review
// with a reason, or show it again, and the audit log records both.
import { randomUUID } from 'node:crypto';

import { and, count, desc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';

import { SIZES, type OrderStatus } from '../../common/catalog.ts';
import { isUuid } from '../../common/ids.ts';
import { HideReasonSchema, ReviewSchema } from '../../common/review-schemas.ts';
import { REVIEW_MESSAGES, REVIEWS_PAGE_SIZE, type RatingSummary, type ReviewShown } from '../../common/reviews.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { pageWithTotal } from '../shared/paging.ts';
import type { ImageDeps } from '../storage/product-images.ts';
import type { UploadedFile } from '../storage/uploads.ts';
import type { Database } from '../db/client.ts';
import { orders, products, reviews, shipments, users, type OrderItem, type Review } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { storePhotoFiles } from '../storage/shopper-photos.ts';
import { parsePhotoName, prepareReviewPhotos, readReviewPhoto, reviewPhotoFiles } from './photos.ts';
import { newestFirst } from '../shared/newest-first.ts';

/** What posting a review needs: the database, a log for the image store's failures, the image storage. */
export interface ReviewDeps {
  db: Database;
  logger: Pick<Logger, 'error'>;
  images: Pick<ImageDeps, 'config'>;
}

/**
 * The order statuses after which the parcel has reached the shopper: delivered, completed, or
 * returned (every unit came back, but the shopper had worn the product and may say so).
 */
const REVIEWABLE_STATUSES = ['delivered', 'completed', 'returned'] as const satisfies readonly OrderStatus[];

/** The delivered order that makes a shopper a buyer of a product, and the size they bought. */
export interface Purchase {
  orderId: string;
  size: string;
}

/**
 * The shopper's purchase of the product that a review stands on: of their orders that reached a
 * delivered status and whose own parcel (not an exchange's) has arrived, the most recently
 * delivered one holding the product. When that order holds the product in several sizes, the size
 * of which the most units were bought is the one shown (the first line of the order on a tie), as
 * the size the shopper most likely wears. With `unreviewed`, only while they have not reviewed it.
 */
export async function deliveredPurchase(
  db: Database,
  userId: string,
  productId: number,
  { unreviewed = false }: { unreviewed?: boolean } = {},
): Promise<Purchase | undefined> {
  const [row] = await db
    .select({ orderId: orders.id, items: orders.itemsJson })
    .from(orders)
    .innerJoin(
      shipments,
      and(eq(shipments.orderId, orders.id), isNull(shipments.returnRequestId), isNotNull(shipments.deliveredAt)),
    )
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...REVIEWABLE_STATUSES]),
        sql`${orders.itemsJson} @> ${JSON.stringify([{ productId }])}::jsonb`,
        unreviewed
          ? notExists(
              db
                .select({ id: reviews.id })
                .from(reviews)
                .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId))),
            )
          : undefined,
      ),
    )
    .orderBy(desc(shipments.deliveredAt), desc(orders.createdAt))
    .limit(1);
  if (!row) return undefined;
  const line = sizeBought(row.items, productId);
  return line ? { orderId: row.orderId, size: line.size } : undefined;
}

function sizeBought(items: readonly OrderItem[], productId: number): OrderItem | undefined {
  return items
    .filter((item) => item.productId === productId && (SIZES as readonly string[]).includes(item.size))
    .reduce<OrderItem | undefined>((best, item) => (!best || item.quantity > best.quantity ? item : best), undefined);
}

/** Whether the shopper may review the product now, and if not, the message that says why. */
export type ReviewEligibility = { may: true; size: string } | { may: false; message: string };

export async function reviewEligibility(db: Database, userId: string, productId: number): Promise<ReviewEligibility> {
  const [[existing], purchase] = await Promise.all([
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId))),
    deliveredPurchase(db, userId, productId),
  ]);
  if (existing) return { may: false, message: REVIEW_MESSAGES.already };
  if (!purchase) return { may: false, message: REVIEW_MESSAGES.notDelivered };
  return { may: true, size: purchase.size };
}

/**
 * Whether the shopper may review the product now (reviewEligibility's `may`), in one query: the
 * product page asks it on every signed-in view.
 */
export async function mayReview(db: Database, userId: string, productId: number): Promise<boolean> {
  return (await deliveredPurchase(db, userId, productId, { unreviewed: true })) !== undefined;
}

const refuse = (kind: 'forbidden' | 'conflict' | 'unavailable', message: string): never => {
  throw new FailureError(failure(kind, message));
};

/**
 * A buyer's review: a rating from 1 to 5, a text, and up to three photos (uploaded files, checked
 * here). Refused with a message, and nothing stored (no row, no file): an unknown product, a
 * shopper without a delivered order of it, a second review of it, a missing rating, an empty or
 * over-long text, a file that is not an image. Who may review is judged first, so that nobody
 * else's uploads are ever decoded; the unique key (user, product) settles two reviews sent at
 * once, and the photos are written last in the transaction, so a store that refuses them leaves no
 * review behind.
 */
export async function postReview(
  deps: ReviewDeps,
  shopper: { id: string },
  productId: number,
  input: Record<string, unknown>,
  files: readonly UploadedFile[] = [],
  now = new Date(),
): Promise<Result<{ review: Review }>> {
  const [product] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return failure('not_found', REVIEW_MESSAGES.productNotFound);
  const eligibility = await reviewEligibility(deps.db, shopper.id, productId);
  if (!eligibility.may) {
    return failure(eligibility.message === REVIEW_MESSAGES.already ? 'conflict' : 'forbidden', eligibility.message);
  }
  const parsed = ReviewSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return failure('invalid', issue.message, { fieldErrors: { [String(issue.path[0] ?? 'body')]: issue.message } });
  }
  const photos = await prepareReviewPhotos(files);
  if (!photos.ok) return failure('invalid', photos.message, { fieldErrors: { photos: photos.message } });

  const id = randomUUID();
  const { names, files: photoFiles } = reviewPhotoFiles(id, photos.photos);
  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      // Judged again inside: an order returned or a parcel corrected since the check above counts.
      const purchase = await deliveredPurchase(tx, shopper.id, productId);
      if (!purchase) return refuse('forbidden', REVIEW_MESSAGES.notDelivered);
      const [review] = await tx
        .insert(reviews)
        .values({
          id,
          productId,
          userId: shopper.id,
          orderId: purchase.orderId,
          size: purchase.size,
          rating: parsed.data.rating,
          body: parsed.data.body,
          photos: names,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [reviews.userId, reviews.productId] })
        .returning();
      if (!review) return refuse('conflict', REVIEW_MESSAGES.already);
      try {
        await storePhotoFiles(deps.images, photoFiles);
      } catch (error) {
        deps.logger.error({ err: error, productId }, 'reviews: storing the photos of a review failed');
        return refuse('unavailable', REVIEW_MESSAGES.photosNotSaved);
      }
      return { ok: true as const, review };
    }),
  );
}

/** A review as the product page shows it. */
interface ShownReview extends ReviewShown {
  createdAt: Date;
  photos: string[];
}

/** 'Priya S.' from 'Priya Sharma'. (A deleted account's reviews go with it: reviews/erase.ts.) */
function authorOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A customer';
  return words.length > 1 ? `${words[0]} ${words.at(-1)![0]!.toUpperCase()}.` : words[0]!;
}

const shownOnly = isNull(reviews.hiddenAt);

/**
 * The average and count of the shown reviews of each product, in one query over the partial index
 * on shown reviews (`reviews_product_created_idx`), for a whole listing page at once. Products
 * without shown reviews are absent.
 */
export async function ratingsOf(db: Database, productIds: readonly number[]): Promise<Map<number, RatingSummary>> {
  const ratings = new Map<number, RatingSummary>();
  if (productIds.length === 0) return ratings;
  const rows = await db
    .select({
      productId: reviews.productId,
      average: sql<number>`round(avg(${reviews.rating}), 1)::float8`,
      count: count(),
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, [...new Set(productIds)]), shownOnly))
    .groupBy(reviews.productId);
  for (const row of rows) ratings.set(row.productId, { average: row.average, count: row.count });
  return ratings;
}

/** One page (1-based, clamped to the last) of a product's shown reviews, newest first, with their average and count. */
export async function productReviews(db: Database, productId: number, page: number) {
  const summary = (await ratingsOf(db, [productId])).get(productId) ?? null;
  const pages = Math.max(1, Math.ceil((summary?.count ?? 0) / REVIEWS_PAGE_SIZE));
  const current = Number.isInteger(page) ? Math.min(Math.max(page, 1), pages) : 1;
  const rows = summary
    ? await db
        .select({ review: reviews, name: users.name })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.productId, productId), shownOnly))
        .orderBy(newestFirst(reviews))
        .limit(REVIEWS_PAGE_SIZE)
        .offset((current - 1) * REVIEWS_PAGE_SIZE)
    : [];
  const shown: ShownReview[] = rows.map(({ review, name }) => ({
    id: review.id,
    rating: review.rating,
    body: review.body,
    size: review.size,
    author: authorOf(name),
    createdAt: review.createdAt,
    photos: review.photos,
  }));
  return { summary, reviews: shown, page: current, pages };
}

/**
 * A review photo's bytes while its review is shown; undefined for a hidden review's, an unknown
 * name, or one the review does not keep.
 */
export async function shownReviewPhoto(deps: { db: Database; images: Pick<ImageDeps, 'config'> }, name: string) {
  const parsed = parsePhotoName(name);
  if (!parsed) return undefined;
  const [review] = await deps.db
    .select({ photos: reviews.photos })
    .from(reviews)
    .where(and(eq(reviews.id, parsed.reviewId), shownOnly));
  if (!review?.photos.includes(parsed.keptName)) return undefined;
  return readReviewPhoto(deps.images, name);
}

// ---- Moderation ---------------------------------------------------------------------------------

export const ADMIN_REVIEWS_PAGE_SIZE = 50;
export const REVIEW_VISIBILITIES = ['shown', 'hidden'] as const;
export type ReviewVisibility = (typeof REVIEW_VISIBILITIES)[number];

/** Staff's list: every review (or the shown or hidden ones, or one by id), newest first, with its product and reviewer. */
export async function listReviewsForStaff(
  db: Database,
  query: { visibility?: ReviewVisibility | undefined; reviewId?: string | undefined; page: number },
) {
  const where = and(
    query.visibility === 'shown' ? shownOnly : query.visibility === 'hidden' ? isNotNull(reviews.hiddenAt) : undefined,
    query.reviewId && isUuid(query.reviewId) ? eq(reviews.id, query.reviewId) : undefined,
  );
  const { rows, total, page } = await pageWithTotal(
    db,
    db
      .select({ review: reviews, productName: products.name, reviewerName: users.name, reviewerEmail: users.email })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId)),
    { where, orderBy: [newestFirst(reviews)] },
    { page: query.page, size: ADMIN_REVIEWS_PAGE_SIZE },
  );
  return { reviews: rows, total, page };
}

/**
 * Staff hide a review with a reason (required, HideReasonSchema's limits) or show
 * it again; either is recorded in the audit log in the same transaction. The review's row (and its
 * photos) stay, so a mistaken hide is undone by showing it again.
 */
export async function setReviewHidden(
  db: Database,
  actor: Actor,
  reviewId: unknown,
  hide: boolean,
  reason: unknown = undefined,
  now = new Date(),
): Promise<Result<{ review: Review }>> {
  if (typeof reviewId !== 'string' || !isUuid(reviewId)) return failure('not_found', REVIEW_MESSAGES.reviewNotFound);
  let hiddenReason: string | null = null;
  if (hide) {
    const parsed = HideReasonSchema.safeParse(reason ?? '');
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      return failure('invalid', message, { fieldErrors: { reason: message } });
    }
    hiddenReason = parsed.data;
  }
  return refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      const [found] = await tx
        .select({ review: reviews, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.id, reviewId))
        .for('update', { of: reviews });
      if (!found) throw new FailureError(failure('not_found', REVIEW_MESSAGES.reviewNotFound));
      const { review: before, productName } = found;
      if (hide === (before.hiddenAt !== null)) {
        throw new FailureError(
          failure('conflict', hide ? REVIEW_MESSAGES.alreadyHidden : REVIEW_MESSAGES.alreadyShown),
        );
      }
      const [review] = await tx
        .update(reviews)
        .set({ hiddenAt: hide ? now : null, hiddenReason })
        .where(eq(reviews.id, reviewId))
        .returning();
      await recordAudit(tx, actor, {
        action: hide ? 'review.hide' : 'review.show',
        entityType: 'review',
        entityId: reviewId,
        summary: hide
          ? `Review of ${productName} (${before.rating}/5) hidden: ${hiddenReason}`
          : `Review of ${productName} (${before.rating}/5) shown again`,
        before: { hiddenAt: before.hiddenAt, hiddenReason: before.hiddenReason },
        after: { hiddenAt: review!.hiddenAt, hiddenReason: review!.hiddenReason },
      });
      return { ok: true as const, review: review! };
    }),
  );
}
