// The photos a shopper attaches to a return or exchange request (issue 17 §2): checked by their
// content as the admin's product images are (admin/product-images.ts `imageProblem`), decoded and
// re-encoded as one WebP each (so nothing but pixels is kept: no EXIF location, no scripts), and
// stored in the image storage under `return-` names that the public image route never serves. Only
// the request's shopper and staff see them, through routes that check who asks.
import { randomUUID } from 'node:crypto';

import sharp from 'sharp';

import { MAX_RETURN_PHOTOS } from '../../common/returns.ts';
import { displayName, imageProblem, type ImageDeps } from '../admin/product-images.ts';
import type { UploadedFile } from '../admin/uploads.ts';
import { failure, type Result } from '../errors.ts';
import { imageStorage } from '../storage/storage.ts';

/** The widest a stored photo is: enough to see a stain or a label. */
const PHOTO_WIDTH = 1600;
const WEBP_QUALITY = 80;
const PHOTO_NAME = /^return-[0-9a-f-]{36}\.webp$/;

export const PHOTO_MESSAGES = {
  tooMany: `Attach at most ${MAX_RETURN_PHOTOS} photos.`,
  unreadable: (name: string) => `${name} could not be read as an image; it may be damaged.`,
} as const;

/** A photo ready to store: its name and its WebP bytes. */
export interface ReturnPhoto {
  name: string;
  bytes: Buffer;
}

/** Whether `name` is a stored return photo's name (and so never a public image). */
export function isReturnPhotoName(name: string): boolean {
  return PHOTO_NAME.test(name);
}

/**
 * The uploaded files as photos to store, or the refusal naming the first file that is not an image
 * we take. Files sent without content (an empty file field) are not photos and are left out.
 */
export async function preparePhotos(files: readonly UploadedFile[]): Promise<Result<{ photos: ReturnPhoto[] }>> {
  const given = files.filter((file) => file.bytes > 0 || file.name !== '');
  if (given.length > MAX_RETURN_PHOTOS) return failure('invalid', PHOTO_MESSAGES.tooMany);
  const photos: ReturnPhoto[] = [];
  for (const file of given) {
    const problem = imageProblem(file);
    if (problem) return failure('invalid', problem);
    try {
      const bytes = await sharp(file.tempPath, { failOn: 'truncated', limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: PHOTO_WIDTH, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      photos.push({ name: `return-${randomUUID()}.webp`, bytes });
    } catch {
      return failure('invalid', PHOTO_MESSAGES.unreadable(displayName(file.name)));
    }
  }
  return { ok: true, photos };
}

/** Writes the photos; throws when the store does not take one (the caller's transaction then rolls back). */
export async function storePhotos(deps: Pick<ImageDeps, 'config'>, photos: readonly ReturnPhoto[]): Promise<void> {
  const storage = imageStorage(deps.config);
  await Promise.all(photos.map((photo) => storage.write(photo.name, photo.bytes, 'image/webp')));
}

/** A stored photo's bytes as a response body, or undefined when there is none by that name. */
export async function readPhoto(deps: Pick<ImageDeps, 'config'>, name: string) {
  if (!isReturnPhotoName(name)) return undefined;
  return imageStorage(deps.config).read(name);
}
