// Ratings and reviews from buyers (ADR 0031): the limits and words the review form,
// the server's checks and the pages share. The zod schemas are in review-schemas.ts, so that the
// pages that only show ratings do not load zod.

/** The longest review, in characters. */
export const MAX_REVIEW_LENGTH = 2000;
/** Photos a buyer may attach to one review (the same as a return request's). */
export const MAX_REVIEW_PHOTOS = 3;
/** Reviews shown per page on the product page. */
export const REVIEWS_PAGE_SIZE = 5;
/** The longest reason staff give for hiding a review. */
export const MAX_HIDE_REASON_LENGTH = 500;

export const REVIEW_MESSAGES = {
  notDelivered: 'You can review a product once it has been delivered to you.',
  already: 'You have already reviewed this product.',
  rating: 'Choose a rating from 1 to 5 stars.',
  body: 'Write your review.',
  bodyTooLong: `Your review can be at most ${MAX_REVIEW_LENGTH} characters.`,
  bodyControl: 'Your review cannot contain control characters.',
  tooManyPhotos: `Attach at most ${MAX_REVIEW_PHOTOS} photos.`,
  photosNotSaved: 'Your photos could not be saved just now, so the review was not posted. Please try again.',
  posted: 'Thank you: your review is up.',
  productNotFound: 'Product not found',
  reviewNotFound: 'Review not found',
  hideReason: 'Give the reason for hiding the review.',
  hideReasonTooLong: `The reason can be at most ${MAX_HIDE_REASON_LENGTH} characters.`,
  hideReasonControl: 'The reason cannot contain control characters.',
  alreadyHidden: 'This review is already hidden.',
  alreadyShown: 'This review is already shown.',
} as const;

/** What the product page shows of a review; the server adds when it was written and its photos. */
export interface ReviewShown {
  id: string;
  rating: number;
  body: string;
  size: string;
  /** The reviewer's first name and the initial of the last ('Priya S.'), never more. */
  author: string;
}

/** A product's shown reviews in sum. */
export interface RatingSummary {
  /** The mean rating, to one decimal. */
  average: number;
  count: number;
}

/** '4.3 out of 5, 12 reviews': what a screen reader hears and every page writes beside the stars. */
export function ratingText({ average, count }: RatingSummary): string {
  return `${average.toFixed(1)} out of 5, ${count} ${count === 1 ? 'review' : 'reviews'}`;
}
