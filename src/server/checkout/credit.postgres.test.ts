// Store credit at checkout under races, on the PostgreSQL server only (CI sets TEST_DATABASE_URL;
// ADR 0050): one shopper's tabs spending the same credit at once, their payments arriving at once,
// and the expiry job releasing a hold while its shopper starts another. A shopper has one open
// checkout: a second Continue to Payment releases the first (giving its credit back) and takes the
// credit again, so what must hold is that the credit is spent once, by one order, and the balance
// never goes below zero (the balance row's check would refuse the entry that tried).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { checkoutOf, paymentDeps, useSandbox } from '../../../tests/support/payments.ts';
import { shopperWithCredit as shopperWithCreditOf } from '../../../tests/support/store-credit.ts';
import { checkouts, orders, refunds, storeCreditEntries, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { creditBalance } from '../store-credit/ledger.ts';
import { releaseExpiredHolds } from './upkeep.ts';
import { CHECKOUT_HOLD_MS, startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;
let tee: Product;

beforeAll(async () => {
  deps = paymentDeps(database.db, sandbox);
  tee = await createProduct(database.db, { name: 'Race Tee', sizes: ['M'], pricePaise: 79_900 }, { M: 100 });
  // Every connection of the pool open before the races: a request waiting for a new connection
  // would start late and take its turn, however the code decides.
  await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
});

/** A shopper with a saved address and `paise` of store credit. */
const shopperWithCredit = (paise: number) => shopperWithCreditOf(database.db, [], paise);

/** The sum of the shopper's entries, which the balance must equal, and their entries by kind. */
async function ledgerOf(userId: string) {
  const entries = await database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId));
  return {
    sum: entries.reduce((total, entry) => total + entry.amountPaise, 0),
    entries,
    of: (kind: string) => entries.filter((entry) => entry.kind === kind),
  };
}

const buyNow = { productId: 0, size: 'M', quantity: 1 };

/** `count` tabs of the shopper pressing Continue to Payment at once, buying a tee with their credit. */
const tabsPayingWithCredit = (count: number, userId: string, addressId: string) =>
  Promise.all(
    Array.from({ length: count }, () =>
      startPayment(deps, userId, { addressId, useCredit: true, buyNow: { ...buyNow, productId: tee.id } }),
    ),
  );

describe('at the same moment', () => {
  it('6 tabs paying a whole order with the same credit: exactly one order, the rest refused', async () => {
    const { userId, addressId } = await shopperWithCredit(79_900);
    const units = await unitsLeft(database.db, tee.id, 'M');
    const answers = await tabsPayingWithCredit(6, userId, addressId);
    const placed = answers.filter((answer) => answer.ok);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toEqual({ ok: true, orderId: expect.any(String) });
    for (const answer of answers.filter((answer) => !answer.ok)) {
      expect(answer).toEqual({ ok: false, kind: 'conflict', message: 'You do not have enough store credit.' });
    }
    expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toMatchObject([
      { paymentMethod: 'store_credit', creditPaise: 79_900 },
    ]);
    expect(await database.db.select().from(checkouts).where(eq(checkouts.userId, userId))).toHaveLength(1);
    expect(await creditBalance(database.db, userId)).toBe(0);
    const ledger = await ledgerOf(userId);
    expect(ledger.sum).toBe(0);
    expect(ledger.of('spent')).toHaveLength(1);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units - 1);
  });

  it('6 tabs paying part online with the same credit, then all paying: the credit is spent once, by one order', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const units = await unitsLeft(database.db, tee.id, 'M');
    const starts = await tabsPayingWithCredit(6, userId, addressId);
    // One Continue to Payment of a shopper at a time: each released the one before and took the
    // credit again, so every tab was answered, and one checkout is left holding it.
    const razorpayOrders = starts.map((start) => {
      if (!start.ok || !('razorpayOrderId' in start)) throw new Error('not started');
      expect(start.amount).toBe(29_900);
      return start.razorpayOrderId;
    });
    const open = await database.db.select().from(checkouts).where(eq(checkouts.userId, userId));
    expect(open.filter((checkout) => checkout.status === 'open')).toMatchObject([{ creditPaise: 50_000 }]);
    expect(await creditBalance(database.db, userId)).toBe(0);
    let ledger = await ledgerOf(userId);
    expect(ledger.sum).toBe(0);
    expect(ledger.of('spent')).toHaveLength(6);
    expect(ledger.of('spend_returned')).toHaveLength(5);

    // Every tab pays at once: the open checkout's payment makes the order; the released ones find
    // the credit held by it and are refunded what Razorpay took.
    const verified = await Promise.all(
      razorpayOrders.map(async (razorpayOrderId) => verifyPayment(deps, userId, await sandbox.pay(razorpayOrderId))),
    );
    expect(verified.filter((answer) => answer.ok)).toHaveLength(1);
    for (const answer of verified.filter((answer) => !answer.ok)) {
      expect(answer).toEqual({
        ok: false,
        kind: 'conflict',
        message: 'Sorry, your store credit was used before your payment arrived. Your money is being refunded.',
      });
    }
    expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toMatchObject([
      { paymentMethod: 'online', totalPaise: 79_900, creditPaise: 50_000 },
    ]);
    const refunded = await database.db
      .select()
      .from(refunds)
      .where(sql`${refunds.checkoutId} in (select id from checkouts where user_id = ${userId})`);
    expect(refunded.map((refund) => refund.amountPaise)).toEqual([29_900, 29_900, 29_900, 29_900, 29_900]);
    expect(await creditBalance(database.db, userId)).toBe(0);
    ledger = await ledgerOf(userId);
    expect(ledger.sum).toBe(0);
    // Spent six times and given back five: 50,000 spent once, net.
    expect(-ledger.of('spent').reduce((sum, entry) => sum + entry.amountPaise, 0)).toBe(6 * 50_000);
    expect(ledger.of('spend_returned').reduce((sum, entry) => sum + entry.amountPaise, 0)).toBe(5 * 50_000);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units - 1);
  });

  it('the expiry job releasing a hold while its shopper starts another gives the credit back once', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const t0 = new Date();
    const bought = { ...buyNow, productId: tee.id };
    const first = await startPayment(deps, userId, { addressId, useCredit: true, buyNow: bought }, t0);
    if (!first.ok || !('razorpayOrderId' in first)) throw new Error('not started');
    const later = new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000);
    const [, second] = await Promise.all([
      releaseExpiredHolds(database.db, later),
      startPayment(deps, userId, { addressId, useCredit: true, buyNow: bought }, later),
    ]);
    expect(second).toMatchObject({ ok: true, amount: 29_900 });
    expect((await checkoutOf(database.db, first.razorpayOrderId))!.status).toBe('released');
    const ledger = await ledgerOf(userId);
    const returned = ledger.of('spend_returned');
    expect(returned).toHaveLength(1);
    expect(returned[0]!.checkoutId).toBe((await checkoutOf(database.db, first.razorpayOrderId))!.id);
    expect(await creditBalance(database.db, userId)).toBe(0);
    expect(ledger.sum).toBe(0);
  });
});
