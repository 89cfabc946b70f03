// Photos shoppers attach, to a return request (orders/return-photos.ts) or to a review
// (reviews/photos.ts): checked by their content as the admin's product images are
// (storage/product-images.ts `imageProblem`), then decoded and re-encoded as WebP at the widths the
// caller keeps, so nothing but pixels is stored (no EXIF location, no scripts). Each caller names
// and serves its own.
import sharp from 'sharp';

import { displayName, imageProblem, type ImageDeps } from './product-images.ts';
import type { UploadedFile } from './uploads.ts';
import { failure, type Result } from '../errors.ts';
import { shopperPhotoStorage } from './storage.ts';

const WEBP_QUALITY = 80;

/** A file ready to store: its name and its WebP bytes. */
export interface PhotoFile {
  name: string;
  bytes: Buffer;
}

const unreadablePhoto = (name: string) => `${name} could not be read as an image; it may be damaged.`;

/**
 * The uploaded files as WebP bytes, one per width asked for (never wider than the photo), or the
 * refusal naming the first file that is not an image we take. Files sent without content (an
 * empty file field) are not photos and are left out.
 */
export async function encodePhotos(
  files: readonly UploadedFile[],
  limits: { max: number; tooMany: string; widths: readonly number[] },
): Promise<Result<{ photos: Buffer[][] }>> {
  const given = files.filter((file) => file.bytes > 0 || file.name !== '');
  if (given.length > limits.max) return failure('invalid', limits.tooMany);
  const photos: Buffer[][] = [];
  for (const file of given) {
    const problem = imageProblem(file);
    if (problem) return failure('invalid', problem);
    try {
      const source = sharp(file.tempPath, { failOn: 'truncated', limitInputPixels: 50_000_000 }).rotate();
      const sizes: Buffer[] = [];
      for (const width of limits.widths) {
        sizes.push(
          await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
        );
      }
      photos.push(sizes);
    } catch {
      return failure('invalid', unreadablePhoto(displayName(file.name)));
    }
  }
  return { ok: true, photos };
}

/**
 * Writes the files; throws when the store does not take one (the caller's transaction then rolls
 * back), after removing those it took, as far as the store lets them be removed.
 */
export async function storePhotoFiles(deps: Pick<ImageDeps, 'config'>, files: readonly PhotoFile[]): Promise<void> {
  const storage = shopperPhotoStorage(deps.config);
  const writes = await Promise.allSettled(files.map((file) => storage.write(file.name, file.bytes, 'image/webp')));
  const failed = writes.find((write): write is PromiseRejectedResult => write.status === 'rejected');
  if (!failed) return;
  const written = files.filter((_, index) => writes[index]!.status === 'fulfilled').map((file) => file.name);
  if (written.length > 0) await storage.remove(written).catch(() => undefined);
  throw failed.reason;
}
