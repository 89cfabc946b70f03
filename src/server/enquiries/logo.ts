// The logo a bulk order request may carry (ADR 0028): one JPEG, PNG or WebP image,
// checked by its content and re-encoded as WebP (transparency kept) like the photos shoppers attach
// (storage/shopper-photos.ts), so nothing but pixels is stored. SVG and PDF are refused: they can
// carry scripts and links, and staff open the file. It is kept under a `bulk-` name where shoppers'
// photos are, never public (ADR 0037); only staff see it, through the admin's route.
import { randomUUID } from 'node:crypto';

import type { ImageDeps } from '../storage/product-images.ts';
import type { UploadedFile } from '../storage/uploads.ts';
import type { Result } from '../errors.ts';
import { encodePhotos, storePhotoFiles, type PhotoFile } from '../storage/shopper-photos.ts';
import { shopperPhotoStorage } from '../storage/storage.ts';

/** Wide enough for a printer's proof from a raster logo; the team asks for a vector file if needed. */
const LOGO_WIDTH = 2000;
const LOGO_NAME = /^bulk-[0-9a-f-]{36}\.webp$/;

export type Logo = PhotoFile;

function isBulkLogoName(name: string): boolean {
  return LOGO_NAME.test(name);
}

/** The uploaded logo ready to store, nothing when none was sent, or the refusal naming the problem. */
export async function prepareLogo(files: readonly UploadedFile[]): Promise<Result<{ logo: Logo | undefined }>> {
  const encoded = await encodePhotos(files, { max: 1, tooMany: 'Attach one logo only.', widths: [LOGO_WIDTH] });
  if (!encoded.ok) return encoded;
  const [bytes] = encoded.photos[0] ?? [];
  return { ok: true, logo: bytes ? { name: `bulk-${randomUUID()}.webp`, bytes } : undefined };
}

/** Writes the logo; throws when the store does not take it. */
export async function storeLogo(deps: Pick<ImageDeps, 'config'>, logo: Logo): Promise<void> {
  await storePhotoFiles(deps, [logo]);
}

/** A stored logo as a response body, or undefined when there is none by that name. */
export async function readLogo(deps: Pick<ImageDeps, 'config'>, name: string) {
  if (!isBulkLogoName(name)) return undefined;
  return shopperPhotoStorage(deps.config).read(name);
}
