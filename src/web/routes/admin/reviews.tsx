// Staff's list of buyers' reviews (ADR 0031): newest first, all or only the shown or
// hidden ones. A review is hidden with a reason (required) or shown again; both go to the audit log.
import { Form, href, Link, useNavigation } from 'react-router';

import { MAX_HIDE_REASON_LENGTH } from '../../../common/reviews.ts';
import { AdminFilters, AdminListCount } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminPager } from '../../components/admin/admin-pager.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { SECONDARY_BUTTON } from '../../components/buttons.ts';
import { Stars } from '../../components/star-rating.tsx';
import { productPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/reviews';

export { action, loader } from './reviews.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Reviews', 'Buyers’ reviews.');
}

const SHOW_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'shown', label: 'Shown' },
  { value: 'hidden', label: 'Hidden' },
];

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, total, page, pages, show, oneReview } = loaderData;
  const busy = useNavigation().state !== 'idle';
  return (
    <AdminPage id="admin-reviews-title" title="Reviews">
      <AdminFilters grid="sm:grid-cols-[16rem_auto] sm:justify-start">
        <SelectField label="Show" name="show" options={SHOW_OPTIONS} defaultValue={show} />
      </AdminFilters>
      <AdminListCount total={total} one="review" many="reviews" page={page} pages={pages}>
        {oneReview ? (
          <>
            {' · '}
            <Link to={href('/admin/reviews')} className="font-semibold underline">
              All reviews
            </Link>
          </>
        ) : null}
      </AdminListCount>
      {actionData && !actionData.reviewId ? <Alert tone="error">{actionData.message}</Alert> : null}

      {reviews.length === 0 ? (
        <p className="mt-6 text-muted">{show === 'all' ? 'No reviews yet.' : `No ${show} reviews.`}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {reviews.map((review) => {
            const answer = actionData?.reviewId === review.id ? actionData : undefined;
            return (
              <li key={review.id}>
                <article
                  aria-labelledby={`review-${review.id}`}
                  className="rounded-lg border border-black/10 bg-white p-4"
                >
                  <h2 id={`review-${review.id}`} className="font-bold">
                    <Link to={productPath(review.productId)} className="underline">
                      {review.productName}
                    </Link>
                  </h2>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
                    <Stars rating={review.rating} />
                    <span>{`Rated ${review.rating} out of 5`}</span>
                    <span>{`Size bought: ${review.size}`}</span>
                    <span className="text-muted">{review.postedOn}</span>
                  </p>
                  <p className="mt-1 text-sm">
                    <span className="font-semibold">{review.reviewerName}</span>{' '}
                    <span className="text-muted">{review.reviewerEmail}</span>
                  </p>
                  <p className="mt-3 text-sm whitespace-pre-line">{review.body}</p>
                  {review.photos > 0 ? (
                    <p className="mt-2 text-xs text-muted">{`${review.photos} ${review.photos === 1 ? 'photo' : 'photos'}`}</p>
                  ) : null}
                  {review.hidden ? (
                    <p className="mt-3 text-sm font-semibold text-brand-dark">{`Hidden on ${review.hidden.on}: ${review.hidden.reason}`}</p>
                  ) : (
                    <p className="mt-3 text-sm font-semibold text-green-800">Shown on the product page</p>
                  )}
                  {answer ? <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert> : null}
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                    <input type="hidden" name="reviewId" value={review.id} />
                    {review.hidden ? null : (
                      <div className="min-w-64 flex-1">
                        <TextField
                          label="Reason for hiding"
                          name="reason"
                          required
                          maxLength={MAX_HIDE_REASON_LENGTH}
                        />
                      </div>
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value={review.hidden ? 'show' : 'hide'}
                      className={`${SECONDARY_BUTTON} sm:w-auto`}
                      disabled={busy}
                    >
                      {review.hidden ? 'Show again' : 'Hide review'}
                    </button>
                  </Form>
                </article>
              </li>
            );
          })}
        </ul>
      )}

      <AdminPager label="Pages of reviews" path={href('/admin/reviews')} filters={{ show }} page={page} pages={pages} />
    </AdminPage>
  );
}
