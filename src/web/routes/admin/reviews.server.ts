// The server half of the route module reviews.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { formatOrderDate } from '../../../common/orders.ts';
import {
  listReviewsForStaff,
  REVIEW_VISIBILITIES,
  setReviewHidden,
  ADMIN_REVIEWS_PAGE_SIZE,
} from '../../../server/reviews/service.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/reviews';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const visibility = REVIEW_VISIBILITIES.find((value) => value === params.get('show'));
  const reviewId = params.get('review') ?? undefined;
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1));
  const found = await listReviewsForStaff(getApp(context).db, { visibility, reviewId, page });
  return {
    reviews: found.reviews.map(({ review, productName, reviewerName, reviewerEmail }) => ({
      id: review.id,
      productId: review.productId,
      productName,
      reviewerName,
      reviewerEmail,
      rating: review.rating,
      body: review.body,
      size: review.size,
      photos: review.photos.length,
      postedOn: formatOrderDate(review.createdAt),
      hidden: review.hiddenAt ? { on: formatOrderDate(review.hiddenAt), reason: review.hiddenReason ?? '' } : null,
    })),
    total: found.total,
    page: found.page,
    pages: Math.max(1, Math.ceil(found.total / ADMIN_REVIEWS_PAGE_SIZE)),
    show: visibility ?? 'all',
    oneReview: reviewId !== undefined,
  };
}

/** Hide a review (with a reason) or show it again; the answer names the review for its form's message. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const intent = form.get('intent');
  const reviewId = form.get('reviewId');
  if (intent !== 'hide' && intent !== 'show') {
    return data(
      { ok: false as const, reviewId: null, message: 'Choose whether to hide or show the review.' },
      { status: 400 },
    );
  }
  const result = await setReviewHidden(
    getApp(context).db,
    { id: admin.id, email: admin.email },
    reviewId,
    intent === 'hide',
    form.get('reason') ?? undefined,
  );
  const id = typeof reviewId === 'string' ? reviewId : null;
  if (!result.ok)
    return data({ ok: false as const, reviewId: id, message: result.message }, { status: statusOf(result) });
  return {
    ok: true as const,
    reviewId: id,
    message: intent === 'hide' ? 'The review is hidden from the store.' : 'The review is shown again.',
  };
}
