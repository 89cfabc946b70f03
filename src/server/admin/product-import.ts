// Import from image folders (docs/product.md §2 "Admin products", §9 defaults; ADR 0014): each
// folder of an upload becomes one product named from the folder, with its images in file-name
// order. A folder with a bad file creates nothing and says which file and why; the others import.
import {
  MAX_IMAGES_PER_PRODUCT,
  MAX_PRODUCT_NAME_LENGTH,
  type CategorySlug,
  type CollectionSlug,
  type Size,
} from '../../common/catalog.ts';
import type { Database } from '../db/client.ts';
import { failure, type Failure, type FailureKind, type Result } from '../errors.ts';
import { stockNewProduct } from '../inventory/stock.ts';
import { products, type NewProduct } from '../db/schema.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { displayName, removeImageFiles, storeProductImages, type ImageDeps } from '../storage/product-images.ts';
import type { UploadedFile } from '../storage/uploads.ts';

/** docs/product.md §9 "Default admin import". */
export const IMPORT_DEFAULTS = {
  pricePaise: 599_00,
  sizes: ['S', 'M', 'L', 'XL', 'XXL'] satisfies Size[],
  returnPolicy: '15 Days Returns & Exchange available.',
  deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
} as const;
/**
 * Availability is derived from stock, so an imported product is 'In Stock' by having units of
 * each size; staff set the real counts when they edit it.
 */
export const IMPORT_STOCK_PER_SIZE = 20;

/** Most files one import takes (20 folders of 20 images). */
export const MAX_IMPORT_FILES = 400;

/** What became of one folder: its product, or why it has none. */
export type FolderResult = { folder: string } & Result<{ productId: number; name: string; imageCount: number }>;

export interface ImportDeps extends ImageDeps {
  db: Database;
}

/** "astro_kid-tee" → "Astro Kid Tee". */
export function productNameFromFolder(folder: string): string {
  return folder
    .replace(/[-_]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0).toLocaleUpperCase('en-IN') + word.slice(1).toLocaleLowerCase('en-IN'))
    .join(' ')
    .slice(0, MAX_PRODUCT_NAME_LENGTH)
    .trim();
}

/** Files of no interest that operating systems leave in folders (.DS_Store, Thumbs.db). */
function isSystemFile(name: string): boolean {
  const base = displayName(name);
  return base.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(base);
}

/**
 * Groups files by the folder that holds them: "picked/astro-tee/1.jpg" belongs to "astro-tee",
 * whether staff picked the product's folder or a folder of product folders.
 */
function groupByFolder(files: readonly UploadedFile[]): Map<string, UploadedFile[]> {
  const folders = new Map<string, UploadedFile[]>();
  for (const file of files) {
    if (isSystemFile(file.name)) continue;
    const segments = file.name.split(/[\\/]/).filter(Boolean);
    const folder = segments.length >= 2 ? segments.slice(0, -1).join('/') : '';
    const inFolder = folders.get(folder);
    if (inFolder) inFolder.push(file);
    else folders.set(folder, [file]);
  }
  return folders;
}

/** The name a folder's outcome is shown under. */
const folderLabel = (folderPath: string) => folderPath.split('/').pop() || 'Loose files';

/**
 * Imports each folder on its own, in the order given; returns what became of each. Once the image
 * store does not answer, the folders after are not tried: each is refused as that one was.
 */
export async function importFolders(
  deps: ImportDeps,
  actor: Actor,
  input: { collection: CollectionSlug; category: CategorySlug; files: readonly UploadedFile[] },
): Promise<FolderResult[]> {
  const results: FolderResult[] = [];
  let storeDown: Failure | undefined;
  for (const [folder, files] of groupByFolder(input.files)) {
    const result = storeDown
      ? { folder: folderLabel(folder), ...storeDown }
      : await importFolder(deps, actor, folder, files, input);
    if (!result.ok && result.kind === 'unavailable') storeDown = failure(result.kind, result.message);
    results.push(result);
  }
  return results;
}

async function importFolder(
  deps: ImportDeps,
  actor: Actor,
  folderPath: string,
  files: UploadedFile[],
  input: { collection: CollectionSlug; category: CategorySlug },
): Promise<FolderResult> {
  const folder = folderPath.split('/').pop() ?? '';
  const name = productNameFromFolder(folder);
  const refuse = (message: string, kind: FailureKind = 'invalid'): FolderResult => ({
    folder: folderLabel(folderPath),
    ...failure(kind, message),
  });
  if (!folder) return refuse('Images must be inside a folder; the folder name becomes the product name.');
  if (!/[\p{L}\p{N}]/u.test(name))
    return refuse(`The folder name "${folder}" has no letters or digits to name a product.`);
  if (files.length > MAX_IMAGES_PER_PRODUCT)
    return refuse(`It has ${files.length} images; a product takes at most ${MAX_IMAGES_PER_PRODUCT}.`);

  const ordered = [...files].sort((a, b) =>
    displayName(a.name).localeCompare(displayName(b.name), 'en', { numeric: true, sensitivity: 'base' }),
  );
  let images: string[] = [];
  try {
    const stored = await storeProductImages(deps, ordered, name);
    if (!stored.ok) return refuse(stored.message, stored.kind);
    images = stored.images;
    const row: NewProduct = {
      name,
      images,
      thumbnail: images[0],
      pricePaise: IMPORT_DEFAULTS.pricePaise,
      sizes: [...IMPORT_DEFAULTS.sizes],
      returnPolicy: IMPORT_DEFAULTS.returnPolicy,
      deliveryInfo: { ...IMPORT_DEFAULTS.deliveryInfo },
      collection: input.collection,
      category: input.category,
    };
    const product = await deps.db.transaction(async (tx) => {
      const [created] = await tx.insert(products).values(row).returning();
      await stockNewProduct(tx, created!.id, row.sizes, IMPORT_STOCK_PER_SIZE, actor);
      await recordAudit(tx, actor, {
        action: 'product.import',
        entityType: 'product',
        entityId: created!.id,
        summary: `Imported "${name}" from the folder ${folder} with ${images.length} ${images.length === 1 ? 'image' : 'images'}`,
        after: created,
      });
      return created!;
    });
    return { folder, ok: true, productId: product.id, name, imageCount: images.length };
  } catch (error) {
    await removeImageFiles(deps, images);
    // Folders before this one are imported; say so for this one and go on with the rest.
    deps.logger.error({ err: error, folder }, 'admin import: saving a product failed');
    return refuse(
      'Saving its product failed, so nothing was created for it. Please try this folder again.',
      'internal',
    );
  }
}

/** The alert text for one folder's outcome. */
export function folderMessage(result: FolderResult): string {
  return result.ok
    ? `Imported "${result.name}" from ${result.folder} with ${result.imageCount} ${result.imageCount === 1 ? 'image' : 'images'}.`
    : `The folder ${result.folder} was not imported. ${result.message}`;
}
