// The review form's fields and staff's reason for hiding a review (ADR 0031), as zod
// schemas with the messages of reviews.ts.
import { z } from 'zod';

import { MAX_HIDE_REASON_LENGTH, MAX_REVIEW_LENGTH, REVIEW_MESSAGES } from './reviews.ts';

// Line breaks are a review's paragraphs; other control characters are refused (ADR 0019).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

/** What the review form sends besides its photos; the form's own limits (required, maxLength) are the same constants. */
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
