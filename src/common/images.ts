// Where a product image's files are found. An image is stored as a base path (products.images);
// each WebP variant adds `-{width}.webp`. Images that ship with the store (`/images/…`) are the
// store's own files; uploaded ones (`/uploads/products/…`) come from ASSETS_URL when it is set (a
// CDN or the bucket's public address), else from the store (ADR 0021).

/** The path under which the store serves uploaded product images, and the start of their base paths. */
export const UPLOADED_IMAGES_PATH = '/uploads/products';

/** The address of one variant of an image: `assetsUrl` (no trailing slash) prefixes uploaded ones. */
export function imageFileUrl(base: string, width: number, assetsUrl: string | null | undefined): string {
  const file = `${base}-${width}.webp`;
  return assetsUrl && base.startsWith(`${UPLOADED_IMAGES_PATH}/`) ? `${assetsUrl}${file}` : file;
}
