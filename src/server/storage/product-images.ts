// Product images staff upload: checked by their content (never by their name), turned into the
// WebP variants every product image has (IMAGE_WIDTHS, as the seeded ones), and kept through the
// image storage (storage/: DATA_DIR/uploads/products or an S3 bucket, ADR 0021) under names never
// reused, which pages show at /uploads/products/… (or from ASSETS_URL).
import { randomBytes } from 'node:crypto';

import sharp from 'sharp';

import { IMAGE_WIDTHS, MAX_IMAGE_BYTES } from '../../common/catalog.ts';
import { UPLOADED_IMAGES_PATH } from '../../common/images.ts';
import type { Config } from '../config.ts';
import { failure, type Result } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { imageStorage } from './storage.ts';
import type { UploadedFile } from './uploads.ts';

const WEBP_QUALITY = 75;

/** What storing and removing images needs: the storage settings, and a log for the store's failures. */
export interface ImageDeps {
  config: Pick<Config, 'dataDir' | 'storage'>;
  logger: Pick<Logger, 'error' | 'warn'>;
}

export const STORE_DOWN_MESSAGE =
  'The image store is not answering, so the images were not saved. Please try again in a few minutes.';

/** JPEG, PNG or WebP by their signatures; anything else is not an image we take. */
function sniffImageType(head: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** Why an uploaded file cannot be a product image, or null when it may be one. */
export function imageProblem(file: UploadedFile): string | null {
  const name = displayName(file.name);
  if (file.tooLarge) return `${name} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
  if (file.bytes === 0) return `${name} is empty.`;
  if (!sniffImageType(file.head)) return `${name} is not a JPEG, PNG or WebP image.`;
  return null;
}

/**
 * Writes the WebP variants of each uploaded image, in order, under names made from the product's,
 * and returns their base paths (variants add `-{width}.webp`). Every file is checked
 * (`imageProblem`) before any is written; a file that is not an image or cannot be decoded
 * (damaged, cut short) refuses them all, naming it; an image store that does not take them refuses
 * them as `unavailable`. Either way none of their files stay behind (as far as the store lets them
 * be removed).
 */
export async function storeProductImages(
  deps: ImageDeps,
  files: readonly UploadedFile[],
  productName: string,
): Promise<Result<{ images: string[] }>> {
  const problem = files.map(imageProblem).find(Boolean);
  if (problem) return failure('invalid', problem);
  const slug = slugify(productName);
  const storage = imageStorage(deps.config);
  const images: string[] = [];
  for (const file of files) {
    const variants = await webpVariants(file);
    if (!variants) {
      await removeImageFiles(deps, images);
      return failure('invalid', `${displayName(file.name)} could not be read as an image; it may be damaged.`);
    }
    const name = `${slug}-${randomBytes(6).toString('hex')}`;
    const base = `${UPLOADED_IMAGES_PATH}/${name}`;
    const writes = await Promise.allSettled(
      variants.map(({ width, bytes }) => storage.write(`${name}-${width}.webp`, bytes, 'image/webp')),
    );
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) {
      deps.logger.error({ err: failed.reason, storage: storage.kind }, 'image store: writing an uploaded image failed');
      await removeImageFiles(deps, [...images, base]);
      return failure('unavailable', STORE_DOWN_MESSAGE);
    }
    images.push(base);
  }
  return { ok: true, images };
}

/** One image's variants, or undefined when it cannot be decoded. */
async function webpVariants(file: UploadedFile): Promise<{ width: number; bytes: Buffer }[] | undefined> {
  try {
    // Decode once, upright (EXIF orientation), refusing anything truncated or corrupt.
    // At most 50 megapixels: a small file can decode to gigabytes.
    const source = sharp(file.tempPath, { failOn: 'truncated', limitInputPixels: 50_000_000 }).rotate();
    const { width } = await source.metadata();
    if (!width) return undefined;
    const variants: { width: number; bytes: Buffer }[] = [];
    for (const target of IMAGE_WIDTHS) {
      const bytes = await source.clone().resize({ width: target }).webp({ quality: WEBP_QUALITY }).toBuffer();
      variants.push({ width: target, bytes });
    }
    return variants;
  } catch {
    return undefined;
  }
}

/**
 * Deletes the files of uploaded images. Images that ship with the store (the seeded catalog,
 * under /images) belong to the build and are left alone. Never fails: files the store would not
 * delete stay behind, unused, and are logged.
 */
export async function removeImageFiles(deps: ImageDeps, bases: readonly string[]): Promise<void> {
  const prefix = `${UPLOADED_IMAGES_PATH}/`;
  const names = bases
    .filter((base) => base.startsWith(prefix) && !base.slice(prefix.length).includes('/'))
    .flatMap((base) => IMAGE_WIDTHS.map((width) => `${base.slice(prefix.length)}-${width}.webp`));
  if (names.length === 0) return;
  try {
    await imageStorage(deps.config).remove(names);
  } catch (error) {
    deps.logger.warn(
      { err: error, files: names },
      'image store: removing uploaded image files failed; they stay unused',
    );
  }
}

/** The file's own name, without the folder it came in. */
export function displayName(name: string): string {
  return name.split(/[\\/]/).pop() || 'A file';
}

/** Lower-case words joined by dashes, for file names: "Astro Kid Tee" → "astro-kid-tee". */
function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'product'
  );
}
