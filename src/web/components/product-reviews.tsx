// The product page's reviews (ADR 0031): the average and count, the shown reviews newest first
// with the size bought and a 'Verified buyer' mark, paged with links that work without scripts
// (?reviewsPage=), and, for a signed-in buyer who may write one, the way to the review form (a page
// of its own, so its code is not part of this page's).
import { Link } from 'react-router';

import type { RatingSummary, ReviewShown } from '../../common/reviews.ts';
import { productReviewPath, reviewPhotoPath } from '../paths.ts';
import { RatingSummaryLine, Stars } from './star-rating.tsx';
import { NewerOlderPager } from './newer-older-pager.tsx';

interface ShownReview extends ReviewShown {
  reviewedOn: string;
  photos: { full: string; thumbnail: string }[];
}

export interface ProductReviewsData {
  summary: RatingSummary | null;
  reviews: ShownReview[];
  page: number;
  pages: number;
  mayReview: boolean;
}

const pageLink = (page: number) => `?reviewsPage=${page}#reviews`;

export function ProductReviews({
  productId,
  productName,
  reviews: data,
}: {
  productId: number;
  productName: string;
  reviews: ProductReviewsData;
}) {
  const { summary, reviews, page, pages, mayReview } = data;
  return (
    <section id="reviews" className="mt-14 scroll-mt-24" aria-labelledby="reviews-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="text-xl font-black uppercase">
            Ratings &amp; Reviews
          </h2>
          {summary ? (
            <RatingSummaryLine summary={summary} className="mt-2" />
          ) : (
            <p className="mt-2 text-sm text-muted">No reviews yet.</p>
          )}
        </div>
        {mayReview ? (
          <Link
            to={productReviewPath(productId)}
            className="rounded-full border-2 border-ink px-6 py-2.5 font-bold hover:bg-ink hover:text-white"
          >
            Write a review
          </Link>
        ) : null}
      </div>

      {reviews.length > 0 ? (
        <ol className="mt-6 divide-y divide-black/10 rounded-lg border border-black/10 bg-white">
          {reviews.map((review) => (
            <li key={review.id} className="p-5">
              <article aria-label={`Review by ${review.author}`}>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Stars rating={review.rating} />
                  <span className="sr-only">{`Rated ${review.rating} out of 5`}</span>
                  <span className="font-semibold">{review.author}</span>
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">
                    Verified buyer
                  </span>
                </p>
                <p className="mt-1 text-xs text-muted">
                  {`Size bought: ${review.size}`} · {review.reviewedOn}
                </p>
                <p className="mt-3 text-sm leading-relaxed whitespace-pre-line">{review.body}</p>
                {review.photos.length > 0 ? (
                  <ul className="mt-3 flex gap-2" aria-label={`Photos from ${review.author}`}>
                    {review.photos.map((photo, index) => (
                      <li key={photo.full}>
                        <a href={reviewPhotoPath(photo.full)} target="_blank" rel="noreferrer">
                          <img
                            src={reviewPhotoPath(photo.thumbnail)}
                            alt={`${productName}, as ${review.author} received it (${index + 1} of ${review.photos.length})`}
                            width={80}
                            height={80}
                            loading="lazy"
                            decoding="async"
                            className="size-20 rounded-md object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      ) : null}

      <NewerOlderPager
        label="Pages of reviews"
        noun="reviews"
        page={page}
        pages={pages}
        pageLink={pageLink}
        className="mt-4"
      >
        <span className="text-muted">{`Page ${page} of ${pages}`}</span>
      </NewerOlderPager>
    </section>
  );
}
