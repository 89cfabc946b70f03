// A deleted account's reviews (ADR 0029): deleted, not kept under another name. A
// review is the buyer's own words and photos, which the store has no duty to keep; its product's
// average changes with it. Called by auth/delete-account.ts inside its transaction.
import { eq } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { reviews } from '../db/schema.ts';
import { thumbnailOf } from './photos.ts';

/** Deletes the user's reviews; returns the stored photo files (full size and thumbnails) to remove once it commits. */
export async function eraseReviewsOf(tx: Database, userId: string): Promise<string[]> {
  const deleted = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ photos: reviews.photos });
  return deleted.flatMap((review) => review.photos.flatMap((name) => [name, thumbnailOf(name)]));
}
