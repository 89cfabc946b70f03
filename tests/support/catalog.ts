// The catalog services (import, edit, delete) over a test file's own database and data folder.
import type { Product } from '../../src/server/db/schema.ts';
import { createLogger } from '../../src/server/logger.ts';
import { useTestDatabase } from './database.ts';
import { useScratchDir } from './scratch.ts';

/**
 * A test file's database (useTestDatabase), its data folder (useScratchDir, named from `prefix`),
 * and `deps()`: what the catalog services are given, over those two and a silent logger.
 */
export function useCatalog(prefix: string) {
  const database = useTestDatabase();
  const dataDir = useScratchDir(prefix);
  const logger = createLogger('silent');
  return {
    database,
    dataDir,
    deps: () => ({ db: database.db, config: { dataDir, storage: { kind: 'local' as const } }, logger }),
  };
}

/**
 * The product edit form as the edit page sends it for `product` with these units per size, with
 * `changes` on top: what parseProductEdit reads (a field's values, by name).
 */
export function editForm(
  product: Product,
  stock: Partial<Record<string, number>>,
  changes: Record<string, string | string[]> = {},
): (name: string) => string[] {
  const fields = editFields(product, stock, changes);
  return (name) => fields[name] ?? [];
}

/**
 * The same form as the edit page's browser posts it to /admin/products/:id (multipart, with the
 * empty file input of no new images), to save it.
 */
export function editFormData(
  product: Product,
  stock: Partial<Record<string, number>>,
  changes: Record<string, string | string[]> = {},
): FormData {
  const form = new FormData();
  for (const [name, values] of Object.entries(editFields(product, stock, { intent: 'save', ...changes }))) {
    for (const value of values) form.append(name, value);
  }
  form.append('newImages', new Blob([]), '');
  return form;
}

function editFields(
  product: Product,
  stock: Partial<Record<string, number>>,
  changes: Record<string, string | string[]>,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {
    version: [String(product.version)],
    name: [product.name],
    description: [product.description],
    fullDescription: [product.fullDescription],
    manufactureAndCare: [product.manufactureAndCare],
    returnPolicy: [product.returnPolicy],
    standardDelivery: [product.deliveryInfo.standardDelivery],
    expressDelivery: [product.deliveryInfo.expressDelivery],
    pincodeDelivery: product.deliveryInfo.pincodeDelivery ? ['on'] : [],
    collection: [product.collection ?? ''],
    category: [product.category ?? ''],
    sizes: product.sizes,
    image: product.images,
    imagePosition: product.images.map((_, index) => String(index + 1)),
    ...Object.fromEntries(product.sizes.map((size) => [`stock-${size}`, [String(stock[size] ?? 0)]])),
    ...Object.fromEntries(product.sizes.map((size) => [`stockWas-${size}`, [String(stock[size] ?? 0)]])),
  };
  for (const [name, value] of Object.entries(changes)) fields[name] = Array.isArray(value) ? value : [value];
  return fields;
}
