// Races of cash on delivery orders, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): two
// instances cancelling unconfirmed orders at once while their shoppers confirm some, one link
// clicked many times at once, and staff recording the same cash twice at once.
import { randomUUID } from 'node:crypto';

import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { codDeps, codOrderWithCoupon } from '../../../tests/support/cod-orders.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import { createAdminActor, createProduct } from '../../../tests/support/factories.ts';
import { jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { recordCash } from '../admin/orders.ts';
import { auditLog, coupons, orders, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { cancelUnconfirmedCodOrders, confirmCodOrder } from './cod.ts';
import { indiaDate } from './shipping.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const HOURS = 24;
const HOUR_MS = 3_600_000;
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Race Tee', sizes: ['M'], pricePaise: 99_900 }, { M: 100 });
  await database.db.insert(coupons).values({ code: 'RACE', kind: 'flat', value: 10_000, timesUsed: 50 });
});

const confirmDeps = () => codDeps(database.db, jobs, HOURS);
const noRecord = async () => undefined;

/** A shopper's COD order of two tees with RACE, placed `hoursAgo` hours ago. */
const codOrder = (hoursAgo: number) =>
  codOrderWithCoupon(database.db, tee, 'RACE', { createdAt: new Date(Date.now() - hoursAgo * HOUR_MS) });

describe('cash on delivery races', () => {
  it('two instances cancelling at once, while shoppers confirm, give each order’s stock and coupon use back once', async () => {
    // Still within the hour the job cancels in, so a shopper's confirmation races it.
    const placed = await Promise.all(Array.from({ length: 12 }, () => codOrder(HOURS - 0.5)));
    const units = await unitsLeft(database.db, tee.id, 'M');
    const [{ used }] = (await database.db
      .select({ used: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.code, 'RACE'))) as [{ used: number }];
    const mailsBefore = (await jobRows(database, 'send-mail')).length;
    const deps = codDeps(database.db, jobs, HOURS);
    // The job runs as if an hour later; the shoppers confirm as of now (still in time).
    const later = new Date(Date.now() + HOUR_MS);
    const [first, second, ...confirmations] = await Promise.all([
      cancelUnconfirmedCodOrders(deps, later),
      cancelUnconfirmedCodOrders(deps, later),
      ...placed
        .filter((_, index) => index % 2 === 0)
        .map(({ shopper, order, token }) => confirmCodOrder(confirmDeps(), shopper.id, order.id, { token }, noRecord)),
    ]);

    const rows = await database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map(({ order }) => order.id),
        ),
      );
    const cancelled = rows.filter((row) => row.status === 'cancelled').length;
    const confirmed = rows.filter((row) => row.status === 'pending').length;
    expect(cancelled + confirmed).toBe(placed.length);
    expect(confirmed).toBe(confirmations.filter((result) => result.ok).length);
    // Each order was cancelled by one of the two runs, once.
    expect((first as number) + (second as number)).toBe(cancelled);
    expect(cancelled).toBeGreaterThanOrEqual(6);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2 * cancelled);
    const [after] = await database.db.select({ used: coupons.timesUsed }).from(coupons).where(eq(coupons.code, 'RACE'));
    expect(after!.used).toBe(used - cancelled);
    expect(await jobRows(database, 'send-mail')).toHaveLength(mailsBefore + cancelled + confirmed);
    const entries = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        inArray(
          auditLog.entityId,
          placed.map(({ order }) => order.id),
        ),
      );
    expect(entries[0]!.n).toBe(cancelled);
  });

  it('confirms once when the same link is clicked many times at once', async () => {
    const { shopper, order, token } = await codOrder(1);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => confirmCodOrder(confirmDeps(), shopper.id, order.id, { token }, noRecord)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.message)).toEqual(
      Array.from({ length: 7 }, () => 'This order is already confirmed.'),
    );
  });

  it('records the cash once when staff record it twice at once', async () => {
    const actor = await createAdminActor(database.db, `race-${randomUUID()}@example.test`);
    const { order } = await codOrder(72);
    await database.db
      .update(orders)
      .set({ status: 'delivered', codConfirmedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordDeliveredParcel(database.db, order.id, new Date(Date.now() - 24 * HOUR_MS));
    const today = indiaDate(new Date());
    const results = await Promise.all(
      ['UTR-A', 'UTR-B'].map((reference) => recordCash(database.db, actor, order.id, { reference, remittedOn: today })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    const winner = results.find((result) => result.ok)!;
    expect(row!.cashReference).toBe(winner.ok ? winner.reference : undefined);
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audited).toHaveLength(1);
  });
});
