// Product images staff upload: checked by their content (never by their name), turned into the
// WebP variants every product image has (IMAGE_WIDTHS, as the seeded ones), and stored under
// DATA_DIR/uploads/products, which the app serves at /uploads/products with names never reused.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { IMAGE_WIDTHS, MAX_IMAGE_BYTES } from '../../common/catalog.ts';
import type { Config } from '../config.ts';
import { failure, type Result } from '../errors.ts';
import type { UploadedFile } from './uploads.ts';

export const UPLOADED_IMAGES_URL = '/uploads/products';
const WEBP_QUALITY = 75;

export function uploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads', 'products');
}

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
 * Writes the WebP variants of each uploaded image, in order, and returns their base paths
 * (variants add `-{width}.webp`). A file that cannot be decoded (damaged, cut short) refuses them
 * all, naming it; whatever goes wrong, none of their files stay behind.
 */
export async function storeProductImages(
  config: Pick<Config, 'dataDir'>,
  files: readonly UploadedFile[],
  slug: string,
): Promise<Result<{ images: string[] }>> {
  const images: string[] = [];
  try {
    for (const file of files) {
      const base = await storeProductImage(config, file, slug);
      if (!base) {
        await removeImageFiles(config, images);
        return failure('invalid', `${displayName(file.name)} could not be read as an image; it may be damaged.`);
      }
      images.push(base);
    }
  } catch (error) {
    await removeImageFiles(config, images);
    throw error;
  }
  return { ok: true, images };
}

/** One image's variants and its base path, or undefined (and no files) when it cannot be decoded. */
async function storeProductImage(
  config: Pick<Config, 'dataDir'>,
  file: UploadedFile,
  slug: string,
): Promise<string | undefined> {
  const dir = uploadsDir(config);
  await mkdir(dir, { recursive: true });
  const base = `${slug}-${randomBytes(6).toString('hex')}`;
  try {
    // Decode once, upright (EXIF orientation), refusing anything truncated or corrupt.
    // At most 50 megapixels: a small file can decode to gigabytes.
    const source = sharp(file.tempPath, { failOn: 'truncated', limitInputPixels: 50_000_000 }).rotate();
    const { width } = await source.metadata();
    if (!width) throw new Error('no width');
    for (const target of IMAGE_WIDTHS) {
      await source
        .clone()
        .resize({ width: target })
        .webp({ quality: WEBP_QUALITY })
        .toFile(path.join(dir, `${base}-${target}.webp`));
    }
  } catch {
    await removeImageFiles(config, [`${UPLOADED_IMAGES_URL}/${base}`]);
    return undefined;
  }
  return `${UPLOADED_IMAGES_URL}/${base}`;
}

/**
 * Deletes the files of uploaded images. Images that ship with the store (the seeded catalog,
 * under /images) belong to the build and are left alone.
 */
export async function removeImageFiles(config: Pick<Config, 'dataDir'>, bases: readonly string[]): Promise<void> {
  const dir = uploadsDir(config);
  const prefix = `${UPLOADED_IMAGES_URL}/`;
  await Promise.all(
    bases
      .filter((base) => base.startsWith(prefix) && !base.slice(prefix.length).includes('/'))
      .flatMap((base) =>
        IMAGE_WIDTHS.map((width) => rm(path.join(dir, `${base.slice(prefix.length)}-${width}.webp`), { force: true })),
      ),
  );
}

/** The file's own name, without the folder it came in. */
export function displayName(name: string): string {
  return name.split(/[\\/]/).pop() || 'A file';
}

/** Lower-case words joined by dashes, for file names: "Astro Kid Tee" → "astro-kid-tee". */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'product'
  );
}
