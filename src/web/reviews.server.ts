// The reviews part of the pages that show products (ADR 0031): the product page's shown reviews
// and average, the listing cards' averages (one query for all the cards), and, for a signed-in
// shopper only, whether they may write one. Visitors' pages carry nothing personal, so they can be
// served from a shared cache (docs/architecture.md "Scaling out").
import type { RatingSummary } from '../common/reviews.ts';
import type { CatalogReads } from '../server/catalog/catalog-reads.ts';
import type { Database } from '../server/db/client.ts';
import { thumbnailOf } from '../server/reviews/photos.ts';
import { mayReview, productReviews, ratingsOf } from '../server/reviews/service.ts';
import type { SessionUser } from './session.server.ts';

/** The average and count of each product's shown reviews, by product id, for cards (absent: none yet). */
export async function cardRatings(db: Database, productIds: readonly number[]): Promise<Record<number, RatingSummary>> {
  return Object.fromEntries(await ratingsOf(db, productIds));
}

// Made once: making an Intl formatter costs a tenth of a millisecond, and a page shows several reviews.
const reviewDay = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/**
 * The product page's reviews (`?reviewsPage=`: the same for everyone, so kept until the catalog
 * changes; the first page, which most views show, is read with the product's other shared reads
 * and given here), and whether this signed-in shopper may write one.
 */
export async function productPageReviews(
  { db, catalog }: { db: Database; catalog: CatalogReads },
  productId: number,
  request: Request,
  user: SessionUser | null,
  firstPage: Awaited<ReturnType<typeof productReviews>>,
) {
  const asked = Number.parseInt(new URL(request.url).searchParams.get('reviewsPage') ?? '1', 10);
  const page = Number.isFinite(asked) ? asked : 1;
  const [found, may] = await Promise.all([
    // productReviews answers any page below 2 with the first.
    page < 2
      ? firstPage
      : catalog.read(`product-reviews:${productId}:${page}`, () => productReviews(db, productId, page)),
    user ? mayReview(db, user.id, productId) : false,
  ]);
  return {
    summary: found.summary,
    page: found.page,
    pages: found.pages,
    reviews: found.reviews.map(({ createdAt, photos, ...review }) => ({
      ...review,
      reviewedOn: reviewDay.format(createdAt),
      photos: photos.map((full) => ({ full, thumbnail: thumbnailOf(full) })),
    })),
    /** Only for a signed-in buyer who has not reviewed the product yet. */
    mayReview: may,
  };
}
