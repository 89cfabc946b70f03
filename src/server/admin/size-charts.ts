// Staff edit size charts (ADR 0030): a category's, on its screen, and a product's own rows, on
// the product's screen, where a size left empty follows the category's chart. Measurements come
// in centimetres (one decimal at most) and are kept in millimetres; a refused edit changes nothing.
// Every save records itself in the audit log, in its transaction.
import { and, eq, inArray } from 'drizzle-orm';

import { CATEGORIES, SIZES, type CategorySlug } from '../../common/catalog.ts';
import { MEASUREMENTS, formatCm, type MeasurementKey } from '../../common/size-chart.ts';
import type { Database } from '../db/client.ts';
import { products, sizeMeasurements } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';

/** Whose chart: a category's, or one product's own rows. */
export type ChartOwner = { category: CategorySlug } | { productId: number };

export const SIZE_CHART_MESSAGES = {
  partial: (size: string) => `Give all four measurements of size ${size}, or leave them all empty.`,
  number: (size: string, label: string) =>
    `Size ${size}: ${label.toLowerCase()} must be centimetres between 1 and 300, such as 104 or 104.5.`,
  saved: 'The size chart was saved.',
  productNotFound: 'Product not found',
} as const;

/** The form field of one measurement of one size: `chestMm-M`. */
function measurementField(key: MeasurementKey, size: string): string {
  return `${key}-${size}`;
}

type Row = Record<MeasurementKey, number>;

/** The rows the form gives, by size: a row, or null for a size left empty. Throws the first refusal. */
function readRows(sizes: readonly string[], form: Record<string, unknown>): Map<string, Row | null> {
  const rows = new Map<string, Row | null>();
  for (const size of sizes) {
    const given = MEASUREMENTS.map(({ key, label }) => {
      const raw = form[measurementField(key, size)];
      const text = typeof raw === 'string' ? raw.trim() : '';
      return { key, label, text };
    });
    const filled = given.filter(({ text }) => text !== '');
    if (filled.length === 0) {
      rows.set(size, null);
      continue;
    }
    if (filled.length < given.length) throw new FailureError(failure('invalid', SIZE_CHART_MESSAGES.partial(size)));
    const row = {} as Row;
    for (const { key, label, text } of given) {
      const cm = /^\d{1,3}(\.\d)?$/.test(text) ? Number(text) : Number.NaN;
      if (!(cm >= 1 && cm <= 300)) throw new FailureError(failure('invalid', SIZE_CHART_MESSAGES.number(size, label)));
      row[key] = Math.round(cm * 10);
    }
    rows.set(size, row);
  }
  return rows;
}

/** "M: chest 106, length 70, shoulder 45, sleeve 21" (cm), for the audit log. */
function describeRow(size: string, row: Row | null): string {
  if (!row) return `${size}: none`;
  return `${size}: ${MEASUREMENTS.map(({ key, label }) => `${label.toLowerCase()} ${formatCm(row[key])}`).join(', ')}`;
}

/**
 * Saves a chart: each size given becomes its row, each size left empty has none (a product's then
 * follows its category). Sizes are the category's every size, or the sizes the product is made in.
 */
export async function saveSizeChart(
  db: Database,
  actor: Actor,
  owner: ChartOwner,
  form: Record<string, unknown>,
): Promise<Result<{ changed: string[] }>> {
  return refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      let sizes: readonly string[] = SIZES;
      let name: string;
      if ('productId' in owner) {
        // The product row first, as a product save locks it (THE LOCK ORDER, checkout/workflow.ts).
        const [product] = await tx.select().from(products).where(eq(products.id, owner.productId)).for('update');
        if (!product) throw new FailureError(failure('not_found', SIZE_CHART_MESSAGES.productNotFound));
        sizes = SIZES.filter((size) => product.sizes.includes(size));
        name = product.name;
      } else {
        name = CATEGORIES.find((category) => category.slug === owner.category)!.name;
      }
      const wanted = readRows(sizes, form);
      const ownerWhere =
        'productId' in owner
          ? eq(sizeMeasurements.productId, owner.productId)
          : eq(sizeMeasurements.category, owner.category);
      const before = await tx.select().from(sizeMeasurements).where(ownerWhere);
      const beforeOf = (size: string): Row | null => {
        const row = before.find((candidate) => candidate.size === size);
        return row
          ? { chestMm: row.chestMm, lengthMm: row.lengthMm, shoulderMm: row.shoulderMm, sleeveMm: row.sleeveMm }
          : null;
      };
      const changed = sizes.filter((size) => JSON.stringify(beforeOf(size)) !== JSON.stringify(wanted.get(size)));
      if (changed.length === 0) return { ok: true as const, changed };

      const emptied = changed.filter((size) => wanted.get(size) === null);
      if (emptied.length > 0) {
        await tx.delete(sizeMeasurements).where(and(ownerWhere, inArray(sizeMeasurements.size, emptied)));
      }
      for (const size of changed) {
        const row = wanted.get(size);
        if (!row) continue;
        const values = { ...row, updatedAt: new Date() };
        const updated = await tx
          .update(sizeMeasurements)
          .set(values)
          .where(and(ownerWhere, eq(sizeMeasurements.size, size)))
          .returning({ id: sizeMeasurements.id });
        if (updated.length === 0) {
          await tx.insert(sizeMeasurements).values({
            ...values,
            size,
            ...('productId' in owner ? { productId: owner.productId } : { category: owner.category }),
          });
        }
      }
      await recordAudit(tx, actor, {
        action: 'size_chart.update',
        entityType: 'productId' in owner ? 'product' : 'category',
        entityId: 'productId' in owner ? owner.productId : owner.category,
        summary: `Size chart of ${name}: ${changed.map((size) => describeRow(size, wanted.get(size) ?? null)).join('; ')}`,
        before: Object.fromEntries(changed.map((size) => [size, beforeOf(size)])),
        after: Object.fromEntries(changed.map((size) => [size, wanted.get(size)])),
      });
      return { ok: true as const, changed };
    }),
  );
}
