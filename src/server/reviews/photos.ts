// A review's photos (ADR 0031): checked and re-encoded as return photos are
// (storage/shopper-photos.ts), each kept at two widths where shoppers' photos are kept (never
// public, ADR 0037) as `review-<review id>-<n>.webp` (up to 1200 px, what a click opens) and
// `…-<n>-320.webp` (the thumbnail on the product page). The names carry the review's id, so the photo route finds the
// review by its key and serves a photo only while the review is shown: a hidden review's photos
// stop being public with it.
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from '../../common/reviews.ts';
import type { ImageDeps } from '../storage/product-images.ts';
import type { UploadedFile } from '../storage/uploads.ts';
import type { Result } from '../errors.ts';
import { encodePhotos, type PhotoFile } from '../storage/shopper-photos.ts';
import { shopperPhotoStorage } from '../storage/storage.ts';

const FULL_WIDTH = 1200;
const THUMBNAIL_WIDTH = 320;
const PHOTO_NAME = /^review-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9])(-320)?\.webp$/;

/** Each photo's WebP bytes, full size and thumbnail, before they have names. */
export type EncodedReviewPhotos = Buffer[][];

/** The uploaded files as review photos, or the refusal naming the first that is not an image we take. */
export async function prepareReviewPhotos(
  files: readonly UploadedFile[],
): Promise<Result<{ photos: EncodedReviewPhotos }>> {
  return encodePhotos(files, {
    max: MAX_REVIEW_PHOTOS,
    tooMany: REVIEW_MESSAGES.tooManyPhotos,
    widths: [FULL_WIDTH, THUMBNAIL_WIDTH],
  });
}

/** The stored name of a review's `n`th photo (1-based), as the review row keeps it. */
const photoName = (reviewId: string, n: number) => `review-${reviewId}-${n}.webp`;

/** A photo's thumbnail, beside it in the storage. */
export function thumbnailOf(name: string): string {
  return name.replace(/\.webp$/, `-${THUMBNAIL_WIDTH}.webp`);
}

/** The files to write for a review's photos, and the names its row keeps. */
export function reviewPhotoFiles(
  reviewId: string,
  photos: EncodedReviewPhotos,
): { names: string[]; files: PhotoFile[] } {
  const names = photos.map((_, index) => photoName(reviewId, index + 1));
  const files = photos.flatMap(([full, thumbnail], index) => [
    { name: names[index]!, bytes: full! },
    { name: thumbnailOf(names[index]!), bytes: thumbnail! },
  ]);
  return { names, files };
}

/** The review a photo's name belongs to, and the name its row keeps; undefined for any other name. */
export function parsePhotoName(name: string): { reviewId: string; keptName: string } | undefined {
  const match = PHOTO_NAME.exec(name);
  if (!match) return undefined;
  return { reviewId: match[1]!, keptName: photoName(match[1]!, Number(match[2])) };
}

/** A stored photo's bytes as a response body, or undefined when there is none by that name. */
export async function readReviewPhoto(deps: Pick<ImageDeps, 'config'>, name: string) {
  if (!parsePhotoName(name)) return undefined;
  return shopperPhotoStorage(deps.config).read(name);
}
