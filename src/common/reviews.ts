// Ratings and reviews from buyers (issue 18 §3; ADR 0026): the limits and words the review form,
// the server's checks and the pages share.
import { z } from 'zod';

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

// Line breaks are a review's paragraphs; other control characters are refused (ADR 0019).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

/** What the review form sends besides its photos: shared by the form and the server. */
export const ReviewSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  body: z
    .string({ error: REVIEW_MESSAGES.body })
    .trim()
    .min(1, REVIEW_MESSAGES.body)
    .max(MAX_REVIEW_LENGTH, REVIEW_MESSAGES.bodyTooLong)
    .refine((text) => !CONTROL_CHARACTERS.test(text), REVIEW_MESSAGES.bodyControl),
});

/** Why staff hide a review: required, as the audit log and the page keep it. */
export const HideReasonSchema = z
  .string({ error: REVIEW_MESSAGES.hideReason })
  .trim()
  .min(1, REVIEW_MESSAGES.hideReason)
  .max(MAX_HIDE_REASON_LENGTH, REVIEW_MESSAGES.hideReasonTooLong)
  .refine((text) => !CONTROL_CHARACTERS.test(text), REVIEW_MESSAGES.hideReasonControl);

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
