// A customer cancelling an order that has not shipped (ADR 0023), over a real database and the
// local Razorpay sandbox: the payment is refunded with its idempotency key, the units and the
// coupon use come back, the email is queued, and every refused cancellation changes nothing.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { createPaidOrder, SANDBOX_KEYS, useSandbox } from '../../../tests/support/payments.ts';
import { coupons, orders, refunds, type Order, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { createRazorpayClient, type RazorpayClient } from '../payments/razorpay.ts';
import { CANCEL_MESSAGES, cancelOrder, changeOrderStatus, CUSTOMER_CANCEL_REFUND_REASON } from './status.ts';
import { orderTimeline } from './timeline.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const sandbox = useSandbox();
let razorpay: RazorpayClient;
let tee: Product;
const recorded: Array<{ orderId: string; from: string; to: string }> = [];

beforeAll(async () => {
  razorpay = createRazorpayClient({ apiUrl: `${sandbox.url}/v1`, ...SANDBOX_KEYS });
  tee = await createProduct(database.db, { name: 'Cancel Tee', sizes: ['M'], pricePaise: 99_900 }, { M: 8 });
  await database.db.insert(coupons).values({ code: 'ONEOFF', kind: 'flat', value: 10_000 });
});

const deps = (client: Pick<RazorpayClient, 'refundPayment'> = razorpay) =>
  orderMoveDeps(database.db, jobs, { razorpay: client });
const record = async (_tx: unknown, move: { order: Order; from: string; to: string }) => {
  recorded.push({ orderId: move.order.id, from: move.from, to: move.to });
};

/** A shopper's order of two units of the tee with ONEOFF, paid in the sandbox (so it can be refunded). */
async function paidOrder(overrides: Partial<typeof orders.$inferInsert> = {}) {
  const customer = await createUser(database.db);
  const order = await createPaidOrder(database.db, sandbox, {
    userId: customer.id,
    itemsJson: [{ productId: tee.id, name: 'Cancel Tee', size: 'M', quantity: 2, pricePaise: 99_900 }],
    discountPaise: 10_000,
    couponCode: 'ONEOFF',
    ...overrides,
  });
  // The sale counted its use of the coupon, as placing an order does.
  await database.db
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(eq(coupons.code, 'ONEOFF'));
  return { customer, order };
}

const statusOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const timesUsed = async () =>
  (await database.db.select().from(coupons).where(eq(coupons.code, 'ONEOFF')))[0]!.timesUsed;

describe('a customer cancelling an order', () => {
  it('refunds the payment, gives the units and the coupon use back, and queues the email', async () => {
    const { customer, order } = await paidOrder({ status: 'processing' });
    const units = await unitsLeft(database.db, tee.id, 'M');
    const used = await timesUsed();

    const cancelled = await cancelOrder(deps(), customer.id, order.id, record, 'original');
    expect(cancelled).toMatchObject({
      ok: true,
      from: 'processing',
      to: 'cancelled',
      refund: { amountPaise: 189_800 },
    });
    expect(await statusOf(order.id)).toBe('cancelled');
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.paymentId, order.paymentId));
    expect(refund).toMatchObject({ orderId: order.id, amountPaise: 189_800, reason: CUSTOMER_CANCEL_REFUND_REASON });
    expect(refund!.razorpayRefundId).toMatch(/^rfnd_/);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
    expect(await timesUsed()).toBe(used - 1);
    expect((await jobRows(database, 'send-mail')).at(-1)!.data).toEqual({
      kind: 'order-status',
      orderId: order.id,
      status: 'cancelled',
      refundedPaise: 189_800,
    });
    expect(recorded.at(-1)).toEqual({ orderId: order.id, from: 'processing', to: 'cancelled' });

    // Twice is once: the second is refused and nothing comes back again.
    expect(await cancelOrder(deps(), customer.id, order.id, record, 'original')).toEqual({
      ok: false,
      kind: 'conflict',
      message: CANCEL_MESSAGES.closed,
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
    expect(await timesUsed()).toBe(used - 1);
  });

  it("refuses another shopper's order, an unknown one, and one that has shipped, changing nothing", async () => {
    const { customer, order } = await paidOrder();
    const stranger = await createUser(database.db);
    const shipped = await paidOrder({ status: 'shipped' });
    const units = await unitsLeft(database.db, tee.id, 'M');
    const queued = (await jobRows(database, 'send-mail')).length;

    for (const [userId, orderId] of [
      [stranger.id, order.id],
      [customer.id, crypto.randomUUID()],
      [customer.id, 'not-an-id'],
      [customer.id, undefined],
    ] as const) {
      expect(await cancelOrder(deps(), userId, orderId, record, 'original')).toMatchObject({
        ok: false,
        kind: 'not_found',
      });
    }
    expect(await cancelOrder(deps(), shipped.customer.id, shipped.order.id, record, 'original')).toEqual({
      ok: false,
      kind: 'conflict',
      message: CANCEL_MESSAGES.tooLate,
    });
    expect(await statusOf(order.id)).toBe('pending');
    expect(await statusOf(shipped.order.id)).toBe('shipped');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await jobRows(database, 'send-mail')).toHaveLength(queued);
  });

  it('keeps the order as it was when Razorpay cannot be reached, and a retry refunds once', async () => {
    const { customer, order } = await paidOrder();
    const units = await unitsLeft(database.db, tee.id, 'M');
    const unreachable = createRazorpayClient({ apiUrl: 'http://127.0.0.1:9/v1', ...SANDBOX_KEYS });

    expect(await cancelOrder(deps(unreachable), customer.id, order.id, record, 'original')).toEqual({
      ok: false,
      kind: 'unavailable',
      message: CANCEL_MESSAGES.unavailable,
    });
    expect(await statusOf(order.id)).toBe('pending');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);

    expect((await cancelOrder(deps(), customer.id, order.id, record, 'original')).ok).toBe(true);
    const made = await database.db.select().from(refunds).where(eq(refunds.paymentId, order.paymentId));
    expect(made).toHaveLength(1);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
  });

  it('stays a cancellation when staff finish a refund Razorpay did not confirm, giving the units back', async () => {
    const { customer, order } = await paidOrder();
    const units = await unitsLeft(database.db, tee.id, 'M');
    const used = await timesUsed();
    const unreachable = createRazorpayClient({ apiUrl: 'http://127.0.0.1:9/v1', ...SANDBOX_KEYS });
    expect((await cancelOrder(deps(unreachable), customer.id, order.id, record, 'original')).ok).toBe(false);

    // The admin's page offers only "failed" for an order whose refund was started.
    const finished = await changeOrderStatus(deps(), order.id, 'failed', record);
    expect(finished).toMatchObject({ ok: true, to: 'cancelled', refund: { amountPaise: 189_800 } });
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
    expect(await timesUsed()).toBe(used - 1);
    const [closed] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderTimeline(closed!, []).stopped).toBe(true);
  });
});
