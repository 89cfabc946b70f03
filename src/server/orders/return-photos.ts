// The photos a shopper attaches to a return or exchange request (ADR 0025): checked by their
// content as the admin's product images are (storage/product-images.ts `imageProblem`), decoded and
// re-encoded as one WebP each (so nothing but pixels is kept: no EXIF location, no scripts; both in
// storage/shopper-photos.ts, shared with reviews' photos), and
// stored under `return-` names where shoppers' photos are kept, never public (ADR 0037). Only the
// request's shopper and staff see them, through routes that check who asks.
import { randomUUID } from 'node:crypto';

import { MAX_RETURN_PHOTOS } from '../../common/returns.ts';
import type { ImageDeps } from '../storage/product-images.ts';
import type { UploadedFile } from '../storage/uploads.ts';
import type { Result } from '../errors.ts';
import { encodePhotos, storePhotoFiles, type PhotoFile } from '../storage/shopper-photos.ts';
import { shopperPhotoStorage } from '../storage/storage.ts';

/** The widest a stored photo is: enough to see a stain or a label. */
const PHOTO_WIDTH = 1600;
const PHOTO_NAME = /^return-[0-9a-f-]{36}\.webp$/;

const PHOTO_MESSAGES = {
  tooMany: `Attach at most ${MAX_RETURN_PHOTOS} photos.`,
} as const;

/** A photo ready to store: its name and its WebP bytes. */
export type ReturnPhoto = PhotoFile;

/** Whether `name` is a stored return photo's name (and so never a public image). */
export function isReturnPhotoName(name: string): boolean {
  return PHOTO_NAME.test(name);
}

/**
 * The uploaded files as photos to store, or the refusal naming the first file that is not an image
 * we take. Files sent without content (an empty file field) are not photos and are left out.
 */
export async function preparePhotos(files: readonly UploadedFile[]): Promise<Result<{ photos: ReturnPhoto[] }>> {
  const encoded = await encodePhotos(files, {
    max: MAX_RETURN_PHOTOS,
    tooMany: PHOTO_MESSAGES.tooMany,
    widths: [PHOTO_WIDTH],
  });
  if (!encoded.ok) return encoded;
  return {
    ok: true,
    photos: encoded.photos.map(([bytes]) => ({ name: `return-${randomUUID()}.webp`, bytes: bytes! })),
  };
}

/** Writes the photos; throws when the store does not take one (the caller's transaction then rolls back). */
export async function storePhotos(deps: Pick<ImageDeps, 'config'>, photos: readonly ReturnPhoto[]): Promise<void> {
  await storePhotoFiles(deps, photos);
}

/** A stored photo's bytes as a response body, or undefined when there is none by that name. */
export async function readPhoto(deps: Pick<ImageDeps, 'config'>, name: string) {
  if (!isReturnPhotoName(name)) return undefined;
  return shopperPhotoStorage(deps.config).read(name);
}
