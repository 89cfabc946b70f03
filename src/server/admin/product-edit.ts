// Editing and deleting a product (ADR 0014). A save names the version of the
// product it started from; if someone else saved it meanwhile, nothing is written. New images
// are made before the save and removed again if it does not happen; removed images' files go
// after it has.
import { eq } from 'drizzle-orm';

import { MAX_IMAGES_PER_PRODUCT, SIZES } from '../../common/catalog.ts';
import { formatPaise } from '../../common/money.ts';
import { removeDroppedSizes } from '../cart/service.ts';
import type { Database } from '../db/client.ts';
import { productStock, products, type Product } from '../db/schema.ts';
import { failure, refusalsAsFailures, type Failure, type Result } from '../errors.ts';
import { applyStockEdit } from '../inventory/stock.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { removeImageFiles, storeProductImages, type ImageDeps } from '../storage/product-images.ts';
import type { ProductEdit } from './product-input.ts';
import type { UploadedFile } from '../storage/uploads.ts';

export const PRODUCT_MESSAGES = {
  conflict: 'This product was changed by someone else. Reload to see the latest.',
  missing: 'This product no longer exists.',
  tooManyImages: `A product takes at most ${MAX_IMAGES_PER_PRODUCT} images.`,
  noImages: 'Keep at least one image.',
  unknownImage: 'The images changed since this page was opened. Reload to see the latest.',
} as const;

export interface ProductDeps extends ImageDeps {
  db: Database;
}

type StockBySize = Partial<Record<string, number>>;

export async function getProductForEdit(db: Database, id: number) {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return undefined;
  const rows = await db.select().from(productStock).where(eq(productStock.productId, id));
  const stock: StockBySize = Object.fromEntries(rows.map((row) => [row.size, row.quantity]));
  return { product, stock };
}

export type SaveResult = Result<{ product: Product }>;

const missing = () => failure('not_found', PRODUCT_MESSAGES.missing);
const changedMeanwhile = () => failure('conflict', PRODUCT_MESSAGES.conflict);
/** A refusal of the new images, shown by their input too. */
const imageRefusal = (message: string): Failure => failure('invalid', message, { fieldErrors: { newImages: message } });

export async function updateProduct(
  deps: ProductDeps,
  actor: Actor,
  id: number,
  edit: ProductEdit,
  newFiles: readonly UploadedFile[],
): Promise<SaveResult> {
  // A quick look before any image is made; the save checks the version again under the lock.
  const [current] = await deps.db
    .select({ version: products.version, images: products.images })
    .from(products)
    .where(eq(products.id, id));
  if (!current) return missing();
  if (current.version !== edit.version) return changedMeanwhile();
  if (edit.images.some((base) => !current.images.includes(base)))
    return failure('conflict', PRODUCT_MESSAGES.unknownImage);
  if (edit.images.length + newFiles.length > MAX_IMAGES_PER_PRODUCT)
    return imageRefusal(PRODUCT_MESSAGES.tooManyImages);
  if (edit.images.length + newFiles.length === 0) return imageRefusal(PRODUCT_MESSAGES.noImages);

  const stored = await storeProductImages(deps, newFiles, edit.name);
  // A store that does not answer is not the images' fault: that refusal goes as it is.
  if (!stored.ok) return stored.kind === 'invalid' ? imageRefusal(stored.message) : stored;
  const added = stored.images;
  const images = [...edit.images, ...added];

  let outcome: SaveResult;
  try {
    outcome = await saveEdit(deps.db, actor, id, edit, images);
  } catch (error) {
    await removeImageFiles(deps, added);
    throw error;
  }
  if (!outcome.ok) {
    await removeImageFiles(deps, added);
    return outcome;
  }
  await removeImageFiles(
    deps,
    current.images.filter((base) => !images.includes(base)),
  );
  return outcome;
}

/** The save itself, under the product's lock: refused unless the product is still at `edit.version`. */
async function saveEdit(
  db: Database,
  actor: Actor,
  id: number,
  edit: ProductEdit,
  images: string[],
): Promise<SaveResult> {
  // A stock count refused under the lock (past what a size holds) rolls the whole save back.
  return refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      // Nothing is written yet, so returning the refusal leaves nothing to roll back.
      if (!locked) return missing();
      if (locked.version !== edit.version) return changedMeanwhile();
      const stockBefore = await tx.select().from(productStock).where(eq(productStock.productId, id));
      const [saved] = await tx
        .update(products)
        .set({
          name: edit.name,
          pricePaise: edit.price,
          description: edit.description,
          fullDescription: edit.fullDescription,
          manufactureAndCare: edit.manufactureAndCare,
          returnPolicy: edit.returnPolicy,
          keyHighlights: Object.fromEntries(Object.entries(edit.keyHighlights).filter(([, value]) => value)),
          deliveryInfo: {
            standardDelivery: edit.standardDelivery,
            expressDelivery: edit.expressDelivery,
            pincodeDelivery: edit.pincodeDelivery,
          },
          collection: edit.collection,
          category: edit.category,
          sizes: edit.sizes,
          images,
          thumbnail: images[0],
          version: locked.version + 1,
          updatedAt: new Date(),
        })
        .where(eq(products.id, id))
        .returning();
      // Stock (inventory/) and carts (cart/): the typed change applied to the units left now; a size
      // no longer offered leaves the stock and the carts.
      const before = Object.fromEntries(stockBefore.map((row) => [row.size, row.quantity]));
      await applyStockEdit(tx, id, edit, before, actor);
      await removeDroppedSizes(tx, id, edit.sizes);
      const stockAfter = await tx.select().from(productStock).where(eq(productStock.productId, id));
      const after = Object.fromEntries(stockAfter.map((row) => [row.size, row.quantity]));
      await recordAudit(tx, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        summary: `Edited "${saved!.name}": ${describeChanges(locked, saved!, before, after)}`,
        before: { ...locked, stock: before },
        after: { ...saved, stock: after },
      });
      return { ok: true as const, product: saved! };
    }),
  );
}

/**
 * Deletes a product with its stock, cart lines and likes (the tables cascade) and its uploaded
 * images. Orders keep their own copy of what was bought.
 */
export async function deleteProduct(deps: ProductDeps, actor: Actor, id: number): Promise<Result<{ name: string }>> {
  const deleted = await deps.db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!product) return undefined;
    const stock = await tx.select().from(productStock).where(eq(productStock.productId, id));
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action: 'product.delete',
      entityType: 'product',
      entityId: id,
      summary: `Deleted "${product.name}"`,
      before: { ...product, stock: Object.fromEntries(stock.map((row) => [row.size, row.quantity])) },
    });
    return product;
  });
  if (!deleted) return missing();
  await removeImageFiles(deps, deleted.images);
  return { ok: true, name: deleted.name };
}

/** "price ₹599.00 → ₹1,299.00; stock M 20 → 5" for the audit log's list. */
function describeChanges(before: Product, after: Product, stockBefore: StockBySize, stockAfter: StockBySize): string {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name "${before.name}" → "${after.name}"`);
  if (before.pricePaise !== after.pricePaise)
    changes.push(`price ${formatPaise(before.pricePaise)} → ${formatPaise(after.pricePaise)}`);
  const textFields = [
    ['description', 'description'],
    ['fullDescription', 'full description'],
    ['manufactureAndCare', 'manufacture and care'],
    ['returnPolicy', 'return policy'],
  ] as const;
  for (const [key, label] of textFields) if (before[key] !== after[key]) changes.push(label);
  if (JSON.stringify(before.keyHighlights) !== JSON.stringify(after.keyHighlights)) changes.push('key highlights');
  if (JSON.stringify(before.deliveryInfo) !== JSON.stringify(after.deliveryInfo)) changes.push('delivery info');
  if (before.collection !== after.collection) changes.push(`collection ${before.collection} → ${after.collection}`);
  if (before.category !== after.category) changes.push(`category ${before.category} → ${after.category}`);
  if (before.sizes.join() !== after.sizes.join())
    changes.push(`sizes ${before.sizes.join(', ')} → ${after.sizes.join(', ')}`);
  for (const size of SIZES) {
    if (stockBefore[size] !== stockAfter[size] && stockAfter[size] !== undefined)
      changes.push(`stock ${size} ${stockBefore[size] ?? 0} → ${stockAfter[size]}`);
  }
  if (JSON.stringify(before.images) !== JSON.stringify(after.images))
    changes.push(`images (${before.images.length} → ${after.images.length})`);
  return changes.length ? changes.join('; ') : 'no changes';
}
