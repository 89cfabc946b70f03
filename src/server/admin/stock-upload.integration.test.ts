// The stock upload on a real database: a file is previewed (units now and new), every bad row is
// named by its line and refuses the whole file, and applying checks the file again and writes every
// count in one transaction, keeping what sold since the preview.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createAdminActor, createProduct } from '../../../tests/support/factories.ts';
import { movementsBySize } from '../../../tests/support/stock.ts';
import { STOCK_UPLOAD_MAX_BYTES } from '../../common/stock-adjustments.ts';
import type { Database } from '../db/client.ts';
import { auditLog, products, type Product } from '../db/schema.ts';
import { returnUnits, stockBySize, takeUnits } from '../inventory/stock.ts';
import type { Actor } from '../shared/audit.ts';
import { adjustStock } from './stock.ts';
import { applyStockUpload, checkStockUpload, previewCounts } from './stock-upload.ts';

const database = useTestDatabase();
let actor: Actor;
let polo: Product;
let hoodie: Product;

beforeAll(async () => {
  actor = await createAdminActor(database.db, 'counts@example.test');
  polo = await createProduct(database.db, { name: 'Court Polo', sizes: ['S', 'M'] }, { S: 4, M: 10 });
  hoodie = await createProduct(database.db, { name: 'Fog Hoodie', sizes: ['L'] }, { L: 2 });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const check = (text: string) => checkStockUpload(database.db, bytes(text));

async function everyCount() {
  return { polo: await stockBySize(database.db, polo.id), hoodie: await stockBySize(database.db, hoodie.id) };
}

describe('the preview of a stock file', () => {
  it('shows each size with its units now and its new count, in the file’s order', async () => {
    const file = `\uFEFFproduct_id,size,quantity\r\n${polo.id},m,12\r\n"${hoodie.id}", L ,2\r\n\r\n${polo.id},S,0\r\n`;
    expect(await check(file)).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          productId: polo.id,
          productName: 'Court Polo',
          size: 'M',
          now: 10,
          reserved: 0,
          mark: '0',
          quantity: 12,
        },
        {
          line: 3,
          productId: hoodie.id,
          productName: 'Fog Hoodie',
          size: 'L',
          now: 2,
          reserved: 0,
          mark: '0',
          quantity: 2,
        },
        {
          line: 5,
          productId: polo.id,
          productName: 'Court Polo',
          size: 'S',
          now: 4,
          reserved: 0,
          mark: '0',
          quantity: 0,
        },
      ],
    });
  });

  it('names every bad row by its line and why, and the file is refused whole', async () => {
    const file = [
      'product_id,size,quantity',
      `${polo.id},M,5`,
      '99999999,M,5',
      'abc,M,5',
      `${polo.id},XXXL,5`,
      `${hoodie.id},S,5`,
      `${polo.id},S,3.5`,
      `${polo.id},S,-2`,
      `${polo.id},S,100001`,
      `${polo.id},m,7`,
      `${polo.id},S`,
      `${hoodie.id},L,`,
    ].join('\n');
    expect(await check(file)).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Nothing was changed: fix the file and preview it again.',
      problems: [
        'Line 3: there is no product with id 99999999.',
        'Line 4: "abc" is not a product id (the number in the product\'s admin address).',
        'Line 5: "XXXL" is not a size: the sizes are XS, S, M, L, XL and XXL.',
        `Line 6: Fog Hoodie (product ${hoodie.id}) is not offered in size S.`,
        'Line 7: the quantity "3.5" is not a whole number.',
        'Line 8: the quantity -2 is below 0.',
        'Line 9: the quantity 100001 is more than 1,00,000, the most a size holds.',
        `Line 10: product ${polo.id} size M is also on line 2.`,
        'Line 11: a row has 3 values (product_id,size,quantity); this one has 2.',
        'Line 12: the quantity "" is not a whole number.',
      ],
      more: 0,
    });
  });

  it.each([
    ['', 'The file is empty: its first line must be the headers product_id,size,quantity.'],
    ['id,size,qty\n1,M,2', 'Line 1: the headers must be product_id,size,quantity; the file has "id,size,qty".'],
    ['product_id,size,quantity\n', 'The file has its headers but no rows.'],
    ['product_id,size,quantity\n"1,M,2', 'Line 2: a quoted value is never closed.'],
    [
      `product_id,size,quantity\n${'1,M,1\n'.repeat(2_001)}`,
      'The file has 2,001 rows; upload at most 2,000 at a time.',
    ],
    ['x'.repeat(70 * 1024), 'The file is 70 KB; upload at most 64 KB at a time.'],
  ])('refuses a file %#: %s', async (file, problem) => {
    expect(await check(file)).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Nothing was changed: fix the file and preview it again.',
      problems: [problem],
      more: 0,
    });
  });

  it('reads files of quotes and spaces in one pass each', { timeout: 3_000 }, async () => {
    // Each quote after a value began is a character of it; re-reading the value at every one took
    // about a second a file of this size (and the test's time limit is for the eight).
    const value = `x${'"'.repeat(30_000)}${' "'.repeat(15_000)}`;
    const file = `product_id,size,quantity\n${polo.id},M,${value}\n`;
    expect(file.length).toBeGreaterThan(60_000);
    for (let i = 0; i < 8; i += 1) {
      expect(await check(file)).toMatchObject({
        ok: false,
        problems: [`Line 2: the quantity "${value.slice(0, 20)}" is not a whole number.`],
      });
    }
  });

  it('measures a file with its line ends as LF, as Preview and Apply both get it', async () => {
    // Just under the limit with LF ends; a browser sends the preview's copy back with CRLF ends.
    const rows = `product_id,size,quantity\n${polo.id},S,4\n`;
    const file = rows + '\n'.repeat(STOCK_UPLOAD_MAX_BYTES - 10 - rows.length);
    const crlf = file.replaceAll('\n', '\r\n');
    expect(crlf.length).toBeGreaterThan(STOCK_UPLOAD_MAX_BYTES);
    const preview = await check(file);
    if (!preview.ok) throw new Error(preview.problems.join(' '));
    expect(await check(crlf)).toEqual(preview);
    expect(await applyStockUpload(database.db, actor, bytes(crlf), previewCounts(preview.rows))).toMatchObject({
      ok: true,
      rows: [{ line: 2, size: 'S', before: 4, after: 4 }],
    });
    // Past the limit with LF ends is too big however it is sent.
    const over = rows + '\n'.repeat(STOCK_UPLOAD_MAX_BYTES + 1 - rows.length);
    expect(await check(over.replaceAll('\n', '\r\n'))).toMatchObject({
      problems: ['The file is 65 KB; upload at most 64 KB at a time.'],
    });
  });

  it('refuses a file that is not text', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]);
    expect(await checkStockUpload(database.db, png)).toMatchObject({
      problems: ['The file is not text: save it as CSV (comma-separated values, UTF-8).'],
    });
  });

  it('lists the first 100 problems and counts the rest', async () => {
    const file = `product_id,size,quantity\n${'x,M,1\n'.repeat(130)}`;
    const refused = await check(file);
    expect(refused).toMatchObject({ ok: false, more: 30 });
    expect(!refused.ok && refused.problems).toHaveLength(100);
  });
});

describe('applying a stock file', () => {
  it('sets every count in one go, with an upload movement and an audit entry per product', async () => {
    const tee = await createProduct(database.db, { name: 'Upload Tee', sizes: ['S', 'M', 'L'] }, { S: 1, M: 2, L: 3 });
    const file = `product_id,size,quantity\n${tee.id},S,10\n${tee.id},M,2\n${tee.id},L,0\n`;
    const preview = await check(file);
    if (!preview.ok) throw new Error(preview.message);
    const applied = await applyStockUpload(database.db, actor, bytes(file), previewCounts(preview.rows));
    expect(applied).toMatchObject({
      ok: true,
      rows: [
        { line: 2, size: 'S', before: 1, after: 10 },
        { line: 3, size: 'M', before: 2, after: 2 },
        { line: 4, size: 'L', before: 3, after: 0 },
      ],
    });
    expect(await stockBySize(database.db, tee.id)).toEqual({ S: 10, M: 2, L: 0 });
    // An unchanged count writes no movement.
    expect(await movementsBySize(database.db, tee.id)).toEqual([
      { size: 'L', kind: 'upload', change: -3, quantityAfter: 0, actorEmail: 'counts@example.test' },
      { size: 'S', kind: 'upload', change: 9, quantityAfter: 10, actorEmail: 'counts@example.test' },
    ]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.upload'), eq(auditLog.entityId, String(tee.id))));
    expect(audit!.summary).toBe('Stock upload for "Upload Tee": S 1 → 10, L 3 → 0');
  });

  it('keeps the units sold between the preview and applying it', async () => {
    const tee = await createProduct(database.db, { sizes: ['M'] }, { M: 5 });
    const file = `product_id,size,quantity\n${tee.id},M,20\n`;
    const preview = await check(file);
    if (!preview.ok) throw new Error(preview.message);
    await database.db.transaction((tx) =>
      takeUnits(tx, [{ productId: tee.id, size: 'M', quantity: 2 }], { kind: 'held' }),
    );
    const applied = await applyStockUpload(database.db, actor, bytes(file), previewCounts(preview.rows));
    expect(applied).toMatchObject({ ok: true, rows: [{ before: 3, after: 18 }] });
    expect(await stockBySize(database.db, tee.id)).toEqual({ M: 18 });
  });

  it('checks the file again: a product deleted since the preview refuses all of it', async () => {
    const gone = await createProduct(database.db, { sizes: ['M'] }, { M: 1 });
    const file = `product_id,size,quantity\n${polo.id},M,50\n${gone.id},M,9\n`;
    const preview = await check(file);
    if (!preview.ok) throw new Error(preview.message);
    await database.db.delete(products).where(eq(products.id, gone.id));
    const before = await everyCount();
    expect(await applyStockUpload(database.db, actor, bytes(file), previewCounts(preview.rows))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Nothing was changed: fix the file and preview it again.',
      problems: [`Line 3: there is no product with id ${gone.id}.`],
      more: 0,
    });
    expect(await everyCount()).toEqual(before);
  });

  it('refuses a file changed after its preview, or counts that are not the preview’s', async () => {
    const file = `product_id,size,quantity\n${polo.id},M,50\n`;
    const preview = await check(file);
    if (!preview.ok) throw new Error(preview.message);
    const before = await everyCount();
    const stale = {
      ok: false,
      kind: 'invalid',
      message: 'The preview is out of date: preview the file again, then apply it.',
      problems: [],
      more: 0,
    };
    // A row the preview never showed.
    const longer = `${file}${hoodie.id},L,9\n`;
    expect(await applyStockUpload(database.db, actor, bytes(longer), previewCounts(preview.rows))).toEqual(stale);
    expect(await applyStockUpload(database.db, actor, bytes(file), `${polo.id},M,-1`)).toEqual(stale);
    expect(await applyStockUpload(database.db, actor, bytes(file), '')).toEqual(stale);
    expect(await everyCount()).toEqual(before);
  });
  /** A file previewed now: its bytes, and the counts and marks its preview's form sends back. */
  async function previewed(file: string) {
    const preview = await check(file);
    if (!preview.ok) throw new Error(preview.problems.join(' '));
    return { file: bytes(file), seen: previewCounts(preview.rows) };
  }

  async function everything(productId: number) {
    return {
      stock: await stockBySize(database.db, productId),
      movements: await movementsBySize(database.db, productId),
      audits: await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(productId))),
    };
  }

  const STALE = 'The preview is out of date: preview the file again, then apply it.';

  it('refuses the same Apply sent again (a double click, a retry), changing nothing', async () => {
    const tee = await createProduct(database.db, { name: 'Replayed Tee', sizes: ['S', 'M'] }, { S: 5, M: 5 });
    // A change by hand before the preview is what the preview saw: it does not make it stale.
    expect((await adjustStock(database.db, actor, tee.id, { size: 'M', reason: 'received', units: '3' })).ok).toBe(
      true,
    );
    const { file, seen } = await previewed(`product_id,size,quantity\n${tee.id},S,9\n${tee.id},M,8\n`);
    expect(await applyStockUpload(database.db, actor, file, seen)).toMatchObject({
      ok: true,
      rows: [
        { size: 'S', before: 5, after: 9 },
        { size: 'M', before: 8, after: 8 },
      ],
    });
    const applied = await everything(tee.id);
    expect(await applyStockUpload(database.db, actor, file, seen)).toEqual({
      ok: false,
      kind: 'invalid',
      message: STALE,
      problems: [`Line 2: Replayed Tee (product ${tee.id}) size S was changed by hand since the preview.`],
      more: 0,
    });
    expect(await everything(tee.id)).toEqual(applied);
  });

  it('refuses the second of two staff who previewed the same sizes, naming each line', async () => {
    const tee = await createProduct(database.db, { name: 'Shared Tee', sizes: ['S', 'M', 'L'] }, { S: 2, M: 2, L: 2 });
    const first = await previewed(`product_id,size,quantity\n${tee.id},M,10\n${tee.id},L,0\n`);
    const second = await previewed(`product_id,size,quantity\n${tee.id},S,7\n${tee.id},L,4\n${tee.id},M,6\n`);
    expect((await applyStockUpload(database.db, actor, first.file, first.seen)).ok).toBe(true);
    const after = await everything(tee.id);
    expect(after.stock).toEqual({ S: 2, M: 10, L: 0 });
    expect(await applyStockUpload(database.db, actor, second.file, second.seen)).toEqual({
      ok: false,
      kind: 'invalid',
      message: STALE,
      problems: [
        `Line 3: Shared Tee (product ${tee.id}) size L was changed by hand since the preview.`,
        `Line 4: Shared Tee (product ${tee.id}) size M was changed by hand since the preview.`,
      ],
      more: 0,
    });
    expect(await everything(tee.id)).toEqual(after);
    // Previewed again, it applies from the counts now.
    const again = await previewed(`product_id,size,quantity\n${tee.id},S,7\n${tee.id},L,4\n${tee.id},M,6\n`);
    expect(await applyStockUpload(database.db, actor, again.file, again.seen)).toMatchObject({ ok: true });
    expect(await stockBySize(database.db, tee.id)).toEqual({ S: 7, M: 6, L: 4 });
  });

  it('carries sales, holds and releases since the preview forward, even after a change by hand before it', async () => {
    const tee = await createProduct(database.db, { sizes: ['M'] }, { M: 5 });
    expect((await adjustStock(database.db, actor, tee.id, { size: 'M', reason: 'damaged', units: '1' })).ok).toBe(true);
    const { file, seen } = await previewed(`product_id,size,quantity\n${tee.id},M,20\n`);
    const hold = [{ productId: tee.id, size: 'M', quantity: 3 }];
    await database.db.transaction((tx) => takeUnits(tx, hold, { kind: 'held' }));
    await database.db.transaction((tx) =>
      returnUnits(tx, [{ productId: tee.id, size: 'M', quantity: 1 }], { kind: 'released' }),
    );
    // 4 seen, 2 fewer since: the 20 typed less the 2.
    expect(await applyStockUpload(database.db, actor, file, seen)).toMatchObject({
      ok: true,
      rows: [{ before: 2, after: 18 }],
    });
    expect(await stockBySize(database.db, tee.id)).toEqual({ M: 18 });
  });

  /** The database, with `meanwhile` done just before the Apply's transaction: after its check of the file. */
  function racing(meanwhile: () => Promise<unknown>): Database {
    return new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Database['transaction']>) => {
          await meanwhile();
          return target.transaction(...args);
        };
      },
    });
  }

  it('names the line and product of a size dropped, or a product deleted, after the file was checked again', async () => {
    const tee = await createProduct(database.db, { name: 'Shrinking Tee', sizes: ['S', 'M'] }, { S: 1, M: 1 });
    const gone = await createProduct(database.db, { name: 'Vanishing Tee', sizes: ['M'] }, { M: 1 });
    const { file, seen } = await previewed(`product_id,size,quantity\n${tee.id},S,3\n${tee.id},M,3\n${gone.id},M,3\n`);
    const before = await everything(tee.id);
    const db = racing(async () => {
      await database.db
        .update(products)
        .set({ sizes: ['S'] })
        .where(eq(products.id, tee.id));
      await database.db.delete(products).where(eq(products.id, gone.id));
    });
    expect(await applyStockUpload(db, actor, file, seen)).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Nothing was changed: fix the file and preview it again.',
      problems: [
        `Line 3: Shrinking Tee (product ${tee.id}) is not offered in size M.`,
        `Line 4: there is no product with id ${gone.id}.`,
      ],
      more: 0,
    });
    expect(await everything(tee.id)).toEqual(before);
  });
});
