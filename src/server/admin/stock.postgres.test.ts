// Staff's stock changes racing checkouts, on the PostgreSQL server only (CI sets
// TEST_DATABASE_URL): many shoppers holding two sizes at once while staff adjust both sizes and an
// upload sets their counts. Nothing deadlocks, no count goes below 0, nothing is oversold, and each
// size's movements, in the order they were written, chain from the first count to the last.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createAdminActor, createProduct } from '../../../tests/support/factories.ts';
import { paymentDeps, shopperWithCart, useSandbox } from '../../../tests/support/payments.ts';
import { releaseExpiredHolds } from '../checkout/upkeep.ts';
import { CHECKOUT_HOLD_MS, startPayment } from '../checkout/workflow.ts';
import { checkouts, productStock, stockMovements } from '../db/schema.ts';
import { stockBySize } from '../inventory/stock.ts';
import type { Actor } from '../shared/audit.ts';
import { adjustStock } from './stock.ts';
import { applyStockUpload, checkStockUpload, previewCounts } from './stock-upload.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let actor: Actor;

beforeAll(async () => {
  actor = await createAdminActor(database.db, 'race@example.test');
});

const SOLD_OUT = /^(Size [ML] is sold out\.|Only \d+ left in size [ML]\.)$/;
const TAKEN_TOO_MANY = /^Size [ML] has \d+ units? left: an adjustment cannot take away \d+\.$/;

describe('stock changed by staff while shoppers check out', () => {
  it('never goes below 0 or oversells, and the movements add up to each count', async () => {
    // Enough that the first shopper always gets both sizes, whatever staff did first; too few for all.
    const start = { M: 20, L: 12 };
    const tee = await createProduct(database.db, { sizes: ['L', 'M'], pricePaise: 49_900 }, start);
    const deps = paymentDeps(database.db, sandbox);
    const shoppers = await Promise.all(
      Array.from({ length: 16 }, () =>
        shopperWithCart(database.db, [
          { productId: tee.id, size: 'M', quantity: 1 },
          { productId: tee.id, size: 'L', quantity: 1 },
        ]),
      ),
    );
    const file = `product_id,size,quantity\n${tee.id},M,15\n${tee.id},L,9\n`;
    const preview = await checkStockUpload(database.db, new TextEncoder().encode(file));
    if (!preview.ok) throw new Error(preview.message);
    const adjust = (size: string, reason: string, units: string) =>
      adjustStock(database.db, actor, tee.id, { size, reason, units });
    const t0 = new Date();

    const [holds, adjustments, upload] = await Promise.all([
      Promise.all(shoppers.map(({ userId, addressId }) => startPayment(deps, userId, { addressId }, t0))),
      Promise.all([
        ...['M', 'L'].flatMap((size) => [
          adjust(size, 'damaged', '2'),
          adjust(size, 'received', '1'),
          adjust(size, 'other', '-1'),
          adjust(size, 'damaged', '3'),
          adjust(size, 'received', '2'),
        ]),
      ]),
      applyStockUpload(database.db, actor, new TextEncoder().encode(file), previewCounts(preview.rows)),
    ]);

    // The upload goes through when it locks the rows before any adjustment lands; after one, it is stale.
    if (!upload.ok) {
      expect(upload).toMatchObject({ message: 'The preview is out of date: preview the file again, then apply it.' });
    }
    for (const hold of holds.filter((result) => !result.ok)) {
      expect(hold).toMatchObject({ kind: 'conflict', message: expect.stringMatching(SOLD_OUT) });
    }
    for (const refused of adjustments.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ kind: 'conflict', message: expect.stringMatching(TAKEN_TOO_MANY) });
    }
    const held = holds.filter((result) => result.ok).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(shoppers.length);
    // The expiry pass gives every hold back at once, as shoppers walk away.
    expect(await releaseExpiredHolds(database.db, new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000))).toBe(held);

    const now = await stockBySize(database.db, tee.id);
    for (const size of ['M', 'L'] as const) {
      expect(now[size]).toBeGreaterThanOrEqual(0);
      const movements = await database.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, tee.id), eq(stockMovements.size, size)))
        .orderBy(asc(stockMovements.createdAt));
      // Each movement follows the one before under the row's lock: its count is the last one's
      // plus its change, never below 0, and the changes add up to the count's change.
      let count = start[size];
      for (const movement of movements) {
        count += movement.change;
        expect(movement.quantityAfter).toBe(count);
        expect(movement.quantityAfter).toBeGreaterThanOrEqual(0);
      }
      expect(count).toBe(now[size]);
      expect(movements.filter((m) => m.kind === 'held')).toHaveLength(held);
      expect(movements.filter((m) => m.kind === 'released')).toHaveLength(held);
      const adjusted = adjustments.filter((result) => result.ok && result.adjusted.size === size);
      expect(movements.filter((m) => ['received', 'damaged', 'other'].includes(m.kind))).toHaveLength(adjusted.length);
    }
    // No checkout holds anything still: every unit taken came back.
    const open = await database.db.select().from(checkouts).where(eq(checkouts.status, 'open'));
    expect(open.filter((checkout) => checkout.itemsJson.some((item) => item.productId === tee.id))).toEqual([]);
  });

  it('two uploads of sizes never stocked, in opposite orders, do not wait on each other', async () => {
    // Sizes offered but without a stock row: each upload inserts their rows before locking them.
    const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
    for (let round = 0; round < 4; round += 1) {
      const tees = await Promise.all(Array.from({ length: 40 }, () => createProduct(database.db, { sizes }, {})));
      const ids = tees.map((tee) => tee.id);
      await database.db.delete(productStock).where(inArray(productStock.productId, ids));
      const rows = ids.flatMap((id) => sizes.map((size) => `${id},${size},3`));
      const file = (lines: string[]) => new TextEncoder().encode(`product_id,size,quantity\n${lines.join('\n')}\n`);
      const forwards = file(rows);
      const backwards = file([...rows].reverse());
      const previews = await Promise.all(
        [forwards, backwards].map(async (bytes) => {
          const preview = await checkStockUpload(database.db, bytes);
          if (!preview.ok) throw new Error(preview.message);
          return previewCounts(preview.rows);
        }),
      );
      const results = await Promise.all([
        applyStockUpload(database.db, actor, forwards, previews[0]!),
        applyStockUpload(database.db, actor, backwards, previews[1]!),
      ]);
      // One sets the counts; the other, behind it on the rows, finds them changed by hand since its preview.
      expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
      expect(results.find((result) => !result.ok)).toMatchObject({
        message: 'The preview is out of date: preview the file again, then apply it.',
      });
      for (const id of ids) {
        expect(await stockBySize(database.db, id)).toEqual(Object.fromEntries(sizes.map((size) => [size, 3])));
      }
    }
  });
});
