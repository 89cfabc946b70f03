// Size charts (ADR 0030) over a real database: staff save a category's chart and a product's own
// rows, refused edits change nothing, a product's chart is its category's where it has no row of
// its own, and fit advice from what a shopper bought (exchanges and refunds counted).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createExchangeRequest } from '../../../tests/support/delivered-orders.ts';
import { createAdminActor, createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { fitFromPurchases, sizeChartOf } from '../catalog/size-chart.ts';
import { seedSizeCharts } from '../db/seed.ts';
import { auditLog, sizeMeasurements, type Product } from '../db/schema.ts';
import type { Actor } from '../shared/audit.ts';
import { saveSizeChart, SIZE_CHART_MESSAGES } from './size-charts.ts';

const database = useTestDatabase();
let admin: Actor;
let tee: Product;
let hoodie: Product;

beforeAll(async () => {
  admin = await createAdminActor(database.db, `charts-${Date.now()}@example.test`);
  expect(await seedSizeCharts(database.db)).toBe(true);
  expect(await seedSizeCharts(database.db)).toBe(false);
  tee = await createProduct(database.db, { name: 'Chart Tee', category: 'regular-fit', sizes: ['S', 'M', 'L'] });
  hoodie = await createProduct(database.db, { name: 'Chart Hoodie', category: 'sweatshirts', sizes: ['M', 'L', 'XL'] });
});

const rowsOf = (where: ReturnType<typeof eq>) => database.db.select().from(sizeMeasurements).where(where);

describe('a product’s chart', () => {
  it('is its category’s (the demo charts), size by size, for the sizes it is made in', async () => {
    expect(await sizeChartOf(database.db, tee)).toEqual([
      { size: 'S', chestMm: 1010, lengthMm: 680, shoulderMm: 430, sleeveMm: 200, own: false },
      { size: 'M', chestMm: 1060, lengthMm: 700, shoulderMm: 450, sleeveMm: 210, own: false },
      { size: 'L', chestMm: 1110, lengthMm: 720, shoulderMm: 470, sleeveMm: 220, own: false },
    ]);
  });

  it('takes the product’s own rows where staff gave them, and follows the category again when emptied', async () => {
    const saved = await saveSizeChart(
      database.db,
      admin,
      { productId: tee.id },
      {
        'chestMm-M': '108.5',
        'lengthMm-M': '71',
        'shoulderMm-M': '46',
        'sleeveMm-M': '21.5',
      },
    );
    expect(saved).toEqual({ ok: true, changed: ['M'] });
    const chart = await sizeChartOf(database.db, tee);
    expect(chart.find((row) => row.size === 'M')).toEqual({
      size: 'M',
      chestMm: 1085,
      lengthMm: 710,
      shoulderMm: 460,
      sleeveMm: 215,
      own: true,
    });
    expect(chart.find((row) => row.size === 'L')!.own).toBe(false);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'size_chart.update'));
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'product', entityId: String(tee.id) });
    expect(entry!.summary).toBe('Size chart of Chart Tee: M: chest 108.5, length 71, shoulder 46, sleeve 21.5');

    expect(await saveSizeChart(database.db, admin, { productId: tee.id }, {})).toEqual({ ok: true, changed: ['M'] });
    expect((await sizeChartOf(database.db, tee)).every((row) => !row.own)).toBe(true);
  });

  it('refuses half a row or a measurement that is not centimetres, changing nothing', async () => {
    const before = await rowsOf(eq(sizeMeasurements.category, 'regular-fit'));
    const full = chartForm(before);
    const refusals: Array<[Record<string, string>, string]> = [
      [{ 'lengthMm-M': '' }, SIZE_CHART_MESSAGES.partial('M')],
      [{ 'sleeveMm-XS': 'long' }, SIZE_CHART_MESSAGES.number('XS', 'Sleeve')],
      [{ 'chestMm-L': '0' }, SIZE_CHART_MESSAGES.number('L', 'Chest')],
      [{ 'chestMm-L': '301' }, SIZE_CHART_MESSAGES.number('L', 'Chest')],
      [{ 'shoulderMm-XL': '46.25' }, SIZE_CHART_MESSAGES.number('XL', 'Shoulder')],
    ];
    for (const [change, message] of refusals) {
      expect(await saveSizeChart(database.db, admin, { category: 'regular-fit' }, { ...full, ...change })).toEqual({
        ok: false,
        kind: 'invalid',
        message,
      });
    }
    expect(await rowsOf(eq(sizeMeasurements.category, 'regular-fit'))).toEqual(before);
    expect(await saveSizeChart(database.db, admin, { productId: 999_999 }, {})).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
  });

  it('saves a category’s chart, and every product in it follows', async () => {
    const form = chartForm(await rowsOf(eq(sizeMeasurements.category, 'sweatshirts')));
    form['chestMm-XL'] = '125';
    expect(await saveSizeChart(database.db, admin, { category: 'sweatshirts' }, form)).toEqual({
      ok: true,
      changed: ['XL'],
    });
    expect((await sizeChartOf(database.db, hoodie)).find((row) => row.size === 'XL')!.chestMm).toBe(1250);
  });
});

/** A chart's rows as its form sends them. */
function chartForm(rows: Array<typeof sizeMeasurements.$inferSelect>): Record<string, string> {
  return Object.fromEntries(
    rows.flatMap((row) =>
      (['chestMm', 'lengthMm', 'shoulderMm', 'sleeveMm'] as const).map((key) => [
        `${key}-${row.size}`,
        String(row[key] / 10),
      ]),
    ),
  );
}

describe('fit from what the shopper bought', () => {
  it('names the size bought in the same category first, and suggests a size for this product', async () => {
    const shopper = await createUser(database.db);
    const otherTee = await createProduct(database.db, { name: 'Old Tee', category: 'regular-fit', sizes: ['M', 'L'] });
    const polo = await createProduct(database.db, { name: 'Old Polo', category: 'polos', sizes: ['S', 'M', 'L'] });
    await createOrder(database.db, {
      userId: shopper.id,
      status: 'delivered',
      itemsJson: [{ productId: otherTee.id, name: 'Old Tee', size: 'M', quantity: 1, pricePaise: 59_900 }],
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await createOrder(database.db, {
      userId: shopper.id,
      status: 'delivered',
      itemsJson: [{ productId: polo.id, name: 'Old Polo', size: 'L', quantity: 1, pricePaise: 79_900 }],
    });

    expect(await fitFromPurchases(database.db, shopper.id, tee)).toEqual({
      text: 'You bought M in Regular Fit Tees',
      size: 'M',
      category: 'regular-fit',
      suggestion: { size: 'M', fits: 'well' },
    });
    // No sweatshirt bought: the latest purchase tells (an L polo, 113 cm, is a 105 cm chest; a
    // sweatshirt leaves 14 cm, and the L's 119 cm does).
    expect(await fitFromPurchases(database.db, shopper.id, hoodie)).toMatchObject({
      text: 'You bought L in Polos',
      suggestion: { size: 'L', fits: 'well' },
    });
    expect(await fitFromPurchases(database.db, (await createUser(database.db)).id, tee)).toBeUndefined();
  });

  it('counts an exchange as its new size, and leaves out what was sent back for a refund', async () => {
    const shopper = await createUser(database.db);
    const oldTee = await createProduct(database.db, { name: 'Swap Tee', category: 'regular-fit', sizes: ['M', 'L'] });
    const exchanged = await createOrder(database.db, {
      userId: shopper.id,
      status: 'delivered',
      itemsJson: [{ productId: oldTee.id, name: 'Swap Tee', size: 'M', quantity: 1, pricePaise: 59_900 }],
    });
    await createExchangeRequest(database.db, {
      orderId: exchanged.id,
      productId: oldTee.id,
      status: 'exchanged',
      reason: 'wrong_size',
      expiresAt: new Date(),
    });
    expect(await fitFromPurchases(database.db, shopper.id, tee)).toMatchObject({
      text: 'You bought L in Regular Fit Tees',
      suggestion: { size: 'L' },
    });

    const refundedShopper = await createUser(database.db);
    const refunded = await createOrder(database.db, {
      userId: refundedShopper.id,
      status: 'returned',
      itemsJson: [{ productId: oldTee.id, name: 'Swap Tee', size: 'M', quantity: 1, pricePaise: 59_900 }],
    });
    expect(refunded.status).toBe('returned');
    expect(await fitFromPurchases(database.db, refundedShopper.id, tee)).toBeUndefined();
  });

  it('advises the size the shopper kept of this very product, whatever later purchases suggest', async () => {
    const shopper = await createUser(database.db);
    const later = await createProduct(database.db, { name: 'Later Tee', category: 'regular-fit', sizes: ['M', 'L'] });
    const line = (productId: number, size: string) => [
      { productId, name: 'A tee', size, quantity: 1, pricePaise: 59_900 },
    ];
    await createOrder(database.db, {
      userId: shopper.id,
      status: 'delivered',
      itemsJson: line(tee.id, 'M'),
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await createOrder(database.db, { userId: shopper.id, status: 'delivered', itemsJson: line(later.id, 'L') });
    // The L tee bought since would say L; the M of this tee they kept says M.
    expect(await fitFromPurchases(database.db, shopper.id, later)).toMatchObject({ suggestion: { size: 'L' } });
    expect(await fitFromPurchases(database.db, shopper.id, tee)).toEqual({
      text: 'You bought M of this product and kept it',
      size: 'M',
      category: 'regular-fit',
      suggestion: { size: 'M', fits: 'well' },
    });

    // Not yet delivered, or exchanged away for another size: not the size they kept.
    const waiting = await createUser(database.db);
    await createOrder(database.db, { userId: waiting.id, status: 'shipped', itemsJson: line(tee.id, 'M') });
    await createOrder(database.db, {
      userId: waiting.id,
      status: 'delivered',
      itemsJson: line(later.id, 'L'),
      createdAt: new Date(Date.now() - 86_400_000),
    });
    expect(await fitFromPurchases(database.db, waiting.id, tee)).toMatchObject({
      text: 'You bought L in Regular Fit Tees',
    });
    const swapper = await createUser(database.db);
    const swapped = await createOrder(database.db, {
      userId: swapper.id,
      status: 'delivered',
      itemsJson: line(tee.id, 'M'),
    });
    await createExchangeRequest(database.db, {
      orderId: swapped.id,
      productId: tee.id,
      status: 'exchanged',
      reason: 'wrong_size',
      expiresAt: new Date(),
    });
    expect(await fitFromPurchases(database.db, swapper.id, tee)).toMatchObject({
      text: 'You bought L of this product and kept it',
      suggestion: { size: 'L', fits: 'well' },
    });
  });
});
