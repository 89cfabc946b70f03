// A cash on delivery order after it is placed (ADR 0047, ADR 0049), on a real database: its
// shopper confirms it (and every refused confirmation writes nothing), the job cancels the ones
// nobody confirmed, a cancellation or failure refunds nothing, the invoice is issued when it
// ships, a parcel returned to origin is credited, and staff record its cash once.
import { randomUUID } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { codDeps, codOrderWithCoupon } from '../../../tests/support/cod-orders.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import { createAdminActor, createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { recordingMailer } from '../../../tests/support/accounts.ts';
import { deliverQueuedOrderEmails, jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import { recordCash } from '../admin/orders.ts';
import { auditLog, coupons, orders, refunds, taxDocuments, type Order, type Product } from '../db/schema.ts';
import { validateCoupon } from '../coupons/validate.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { issueInvoice } from '../invoices/issue.ts';
import type { RazorpayClient } from '../payments/razorpay.ts';
import { cancelUnconfirmedCodOrders, CASH_MESSAGES, COD_CONFIRM_MESSAGES, confirmCodOrder } from './cod.ts';
import { indiaDate } from './shipping.ts';
import {
  CANCEL_MESSAGES,
  cancelOrder,
  changeOrderStatus,
  RETURN_TO_ORIGIN_MESSAGES,
  type OrderMove,
} from './status.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const HOURS = 24;
const HOUR_MS = 3_600_000;
let tee: Product;
let recorded: OrderMove[] = [];

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'COD Tee', sizes: ['M'], pricePaise: 99_900 }, { M: 20 });
  await database.db.insert(coupons).values({ code: 'CODTEN', kind: 'flat', value: 10_000, timesUsed: 5 });
});

/** Razorpay is never asked about a cash on delivery order: any call fails the test. */
const noRazorpay = {
  refundPayment: () => {
    throw new Error('Razorpay was asked to refund a cash on delivery order');
  },
} as unknown as Pick<RazorpayClient, 'refundPayment'>;

const moveDeps = () => orderMoveDeps(database.db, jobs, { razorpay: noRazorpay });
const confirmDeps = () => codDeps(database.db, jobs, HOURS);
const record = async (_tx: unknown, move: OrderMove) => {
  recorded.push(move);
};

/** A shopper's cash on delivery order of two tees with CODTEN and a ₹49 fee, its coupon use counted as placing counts it. */
async function codOrder(overrides: Partial<typeof orders.$inferInsert> = {}) {
  const placed = await codOrderWithCoupon(database.db, tee, 'CODTEN', { codFeePaise: 4_900, ...overrides });
  await database.db
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(eq(coupons.code, 'CODTEN'));
  return placed;
}

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const timesUsed = async () =>
  (await database.db.select().from(coupons).where(eq(coupons.code, 'CODTEN')))[0]!.timesUsed;
const documentsOf = (orderId: string) =>
  database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(taxDocuments.issuedAt);
const mailJobs = async () => (await jobRows(database, 'send-mail')).map((job) => job.data);
const SHIP = { courier: 'Delhivery', awb: 'DL12345678' };

/** What stays the same when a request is refused: the order, the jobs, the stock and the coupon. */
async function stateOf(order: Order) {
  return {
    order: await orderRow(order.id),
    jobs: (await jobRows(database, 'send-mail')).length,
    units: await unitsLeft(database.db, tee.id, 'M'),
    used: await timesUsed(),
    audit: (await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).length,
  };
}

describe('a shopper confirming a cash on delivery order', () => {
  it('from the emailed link: moves it to pending, notes when, records it and emails the shopper', async () => {
    const { shopper, order, token } = await codOrder();
    const now = new Date();
    recorded = [];
    const confirmed = await confirmCodOrder(confirmDeps(), shopper.id, order.id, { token }, record, now);
    expect(confirmed).toMatchObject({ ok: true, order: { id: order.id, status: 'pending' } });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'pending', codConfirmedAt: now });
    expect(recorded.map(({ from, to }) => ({ from, to }))).toEqual([{ from: 'awaiting_confirmation', to: 'pending' }]);
    expect((await mailJobs()).at(-1)).toEqual({ kind: 'order-status', orderId: order.id, status: 'pending' });

    // The same link again: refused, and nothing more is written.
    const before = await stateOf(order);
    expect(await confirmCodOrder(confirmDeps(), shopper.id, order.id, { token }, record)).toEqual({
      ok: false,
      kind: 'conflict',
      message: COD_CONFIRM_MESSAGES.alreadyConfirmed,
    });
    expect(await stateOf(order)).toEqual(before);
    expect(recorded).toHaveLength(1);
  });

  it('refuses an expired link, writing nothing', async () => {
    const { shopper, order, token } = await codOrder({ createdAt: new Date(Date.now() - (HOURS + 1) * HOUR_MS) });
    const before = await stateOf(order);
    expect(await confirmCodOrder(confirmDeps(), shopper.id, order.id, { token }, record)).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This confirmation link has expired.',
    });
    expect(await stateOf(order)).toEqual(before);
    expect(before.order).toMatchObject({ status: 'awaiting_confirmation', codConfirmedAt: null });
  });

  it("refuses another shopper's link, a wrong token and an unknown order with the same words", async () => {
    const { shopper, order, token } = await codOrder();
    const stranger = await createUser(database.db);
    const other = await codOrder();
    const before = await stateOf(order);
    for (const [userId, orderId, proof] of [
      [stranger.id, order.id, { token }],
      [shopper.id, order.id, { token: other.token }],
      [shopper.id, order.id, { token: `${token}x` }],
      [shopper.id, order.id, { token: '' }],
      [shopper.id, order.id, { token: undefined }],
      [shopper.id, randomUUID(), { token }],
      [shopper.id, 'not-an-id', { token }],
    ] as const) {
      expect(await confirmCodOrder(confirmDeps(), userId, orderId, proof, record)).toEqual({
        ok: false,
        kind: 'not_found',
        message: 'This confirmation link is not valid.',
      });
    }
    expect(await stateOf(order)).toEqual(before);
  });

  it('from Your Orders: the shopper’s own order only, without a token', async () => {
    const { shopper, order } = await codOrder();
    const stranger = await createUser(database.db);
    expect(await confirmCodOrder(confirmDeps(), stranger.id, order.id, 'session', record)).toEqual({
      ok: false,
      kind: 'not_found',
      message: 'Order not found',
    });
    expect((await orderRow(order.id)).status).toBe('awaiting_confirmation');
    expect((await confirmCodOrder(confirmDeps(), shopper.id, order.id, 'session', record)).ok).toBe(true);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('refuses an order its shopper cancelled, and one paid online', async () => {
    const { shopper, order, token } = await codOrder();
    expect((await cancelOrder(moveDeps(), shopper.id, order.id, record)).ok).toBe(true);
    expect(await confirmCodOrder(confirmDeps(), shopper.id, order.id, { token }, record)).toMatchObject({
      ok: false,
      message: COD_CONFIRM_MESSAGES.cancelled,
    });
    const online = await createOrder(database.db, { userId: shopper.id });
    expect(await confirmCodOrder(confirmDeps(), shopper.id, online.id, 'session', record)).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
  });
});

describe('the job cancelling cash on delivery orders nobody confirmed', () => {
  it('cancels those past COD_CONFIRM_HOURS: stock and coupon use back, the store audited, the shopper told why', async () => {
    const now = new Date();
    const deps = codDeps(database.db, jobs, HOURS);
    // The orders earlier tests left waiting go first, so that this run counts only its own.
    await cancelUnconfirmedCodOrders(deps, now);
    const due = await codOrder({ createdAt: new Date(now.getTime() - HOURS * HOUR_MS - 60_000) });
    const fresh = await codOrder({ createdAt: new Date(now.getTime() - (HOURS - 1) * HOUR_MS) });
    const confirmedLate = await codOrder({ createdAt: new Date(now.getTime() - HOURS * HOUR_MS - 60_000) });
    await confirmCodOrder(
      confirmDeps(),
      confirmedLate.shopper.id,
      confirmedLate.order.id,
      'session',
      record,
      new Date(now.getTime() - 2 * HOUR_MS),
    );
    const units = await unitsLeft(database.db, tee.id, 'M');
    const used = await timesUsed();

    expect(await cancelUnconfirmedCodOrders(deps, now)).toBe(1);
    expect((await orderRow(due.order.id)).status).toBe('cancelled');
    expect((await orderRow(fresh.order.id)).status).toBe('awaiting_confirmation');
    expect((await orderRow(confirmedLate.order.id)).status).toBe('pending');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
    expect(await timesUsed()).toBe(used - 1);
    expect((await mailJobs()).at(-1)).toEqual({
      kind: 'order-status',
      orderId: due.order.id,
      status: 'cancelled',
      cause: 'unconfirmed',
    });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, due.order.id));
    expect(entry).toMatchObject({ actorId: null, actorEmail: 'the store (automatic)', action: 'order.status' });
    expect(entry!.summary).toBe(
      `Order #${due.order.id.slice(0, 8)} awaiting_confirmation → cancelled: not confirmed within 24 hours`,
    );
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, due.order.id))).toEqual([]);
    expect(await documentsOf(due.order.id)).toEqual([]);

    // Run again: nothing more is cancelled or given back.
    expect(await cancelUnconfirmedCodOrders(deps, now)).toBe(0);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
    expect(await timesUsed()).toBe(used - 1);
    // The shopper's late link then reads as expired.
    expect(
      await confirmCodOrder(confirmDeps(), due.shopper.id, due.order.id, { token: due.token }, record),
    ).toMatchObject({
      ok: false,
      message: COD_CONFIRM_MESSAGES.expired,
    });
  });
});

describe('closing a cash on delivery order, which nothing paid', () => {
  it.each(['awaiting_confirmation', 'pending', 'processing'] as const)(
    'cancelled by its shopper while %s: no refund, units and coupon use back, no credit note',
    async (status) => {
      const { shopper, order } = await codOrder({
        status,
        codConfirmedAt: status === 'awaiting_confirmation' ? null : new Date(),
      });
      const units = await unitsLeft(database.db, tee.id, 'M');
      const used = await timesUsed();
      const cancelled = await cancelOrder(moveDeps(), shopper.id, order.id, record);
      expect(cancelled).toEqual({
        ok: true,
        order: expect.objectContaining({ status: 'cancelled' }),
        from: status,
        to: 'cancelled',
      });
      expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
      expect(await timesUsed()).toBe(used - 1);
      expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
      expect(await documentsOf(order.id)).toEqual([]);
      expect((await mailJobs()).at(-1)).toEqual({ kind: 'order-status', orderId: order.id, status: 'cancelled' });
      expect(await cancelOrder(moveDeps(), shopper.id, order.id, record)).toEqual({
        ok: false,
        kind: 'conflict',
        message: CANCEL_MESSAGES.closed,
      });
    },
  );

  it('failed by staff: no refund, and the units stay out as an online order’s do', async () => {
    const { order } = await codOrder({ status: 'processing', codConfirmedAt: new Date() });
    const units = await unitsLeft(database.db, tee.id, 'M');
    const used = await timesUsed();
    expect(await changeOrderStatus(moveDeps(), order.id, 'failed', record)).toEqual({
      ok: true,
      order: expect.objectContaining({ status: 'failed' }),
      from: 'processing',
      to: 'failed',
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
    expect(await timesUsed()).toBe(used);
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await documentsOf(order.id)).toEqual([]);
    expect((await mailJobs()).at(-1)).toEqual({ kind: 'order-status', orderId: order.id, status: 'failed' });
  });

  it('staff confirm it after a call, and cannot fail or cancel it while it awaits confirmation', async () => {
    const { order } = await codOrder();
    expect(await changeOrderStatus(moveDeps(), order.id, 'failed', record)).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This order is awaiting confirmation; it cannot move to failed.',
    });
    expect(await changeOrderStatus(moveDeps(), order.id, 'cancelled', record)).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    recorded = [];
    const now = new Date();
    expect(await changeOrderStatus(moveDeps(), order.id, 'pending', record, {}, now)).toMatchObject({
      ok: true,
      from: 'awaiting_confirmation',
      to: 'pending',
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', codConfirmedAt: now });
    expect(recorded).toHaveLength(1);
  });
});

describe('the tax invoice of a cash on delivery order', () => {
  it('is issued when it ships, next in the sequence, naming the payment method and the fee', async () => {
    const { order } = await codOrder({ status: 'processing', codConfirmedAt: new Date() });
    expect(await documentsOf(order.id)).toEqual([]);
    // An online order invoiced just before: the COD invoice takes the next number of the same series.
    const online = await createOrder(database.db, {
      itemsJson: [{ productId: tee.id, name: 'COD Tee', size: 'M', quantity: 1, pricePaise: 99_900 }],
    });
    const previous = await database.db.transaction((tx) => issueInvoice(tx, TEST_INVOICE_SETTINGS, online.id));
    recorded = [];

    const shipped = await changeOrderStatus(moveDeps(), order.id, 'shipped', record, SHIP);
    expect(shipped).toMatchObject({ ok: true, to: 'shipped' });
    const [invoice] = await documentsOf(order.id);
    const sequence = (number: string) => Number(number.split('/').at(-1));
    expect(invoice).toMatchObject({ kind: 'invoice', refundId: null, totalPaise: 194_700 });
    expect(sequence(invoice!.number)).toBe(sequence(previous.number) + 1);
    expect(invoice!.body.paymentMethod).toBe('cod');
    expect(invoice!.body.lines.map((line) => [line.description, line.amountPaise])).toEqual([
      ['COD Tee', 189_800],
      ['Cash on delivery fee', 4_900],
    ]);
    expect(invoice!.body.totals.totalPaise).toBe((await orderRow(order.id)).totalPaise);
    expect(recorded.at(-1)!.document).toEqual({ kind: 'invoice', number: invoice!.number });
    expect((await mailJobs()).at(-1)).toEqual({ kind: 'order-status', orderId: order.id, status: 'shipped' });
  });

  it('is not issued before it ships, nor for an online order, which was invoiced at payment', async () => {
    const { order } = await codOrder({ status: 'pending', codConfirmedAt: new Date() });
    await changeOrderStatus(moveDeps(), order.id, 'processing', record);
    expect(await documentsOf(order.id)).toEqual([]);
    const online = await createOrder(database.db, { status: 'processing' });
    expect((await changeOrderStatus(moveDeps(), online.id, 'shipped', record, SHIP)).ok).toBe(true);
    expect(await documentsOf(online.id)).toEqual([]);
  });
});

describe('a cash on delivery parcel returned to origin', () => {
  async function shippedCodOrder() {
    const placed = await codOrder({ status: 'processing', codConfirmedAt: new Date() });
    expect((await changeOrderStatus(moveDeps(), placed.order.id, 'shipped', record, SHIP)).ok).toBe(true);
    return placed;
  }

  it('without restocking: coupon use back, units not, a credit note for everything invoiced, the shopper told', async () => {
    const { order } = await shippedCodOrder();
    const units = await unitsLeft(database.db, tee.id, 'M');
    const used = await timesUsed();
    recorded = [];
    const moved = await changeOrderStatus(moveDeps(), order.id, 'returned_to_origin', record, {});
    expect(moved).toMatchObject({ ok: true, from: 'shipped', to: 'returned_to_origin' });
    expect((await orderRow(order.id)).status).toBe('returned_to_origin');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
    expect(await timesUsed()).toBe(used - 1);
    const [invoice, creditNote] = await documentsOf(order.id);
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      invoiceId: invoice!.id,
      refundId: null,
      totalPaise: invoice!.totalPaise,
    });
    expect(creditNote!.number).toMatch(/^TTT\/CN\//);
    expect(creditNote!.body.reason).toBe('Returned to origin');
    expect(creditNote!.body.lines).toEqual(invoice!.body.lines);
    expect(creditNote!.body.totals).toEqual(invoice!.body.totals);
    expect(recorded.at(-1)).toMatchObject({
      restocked: false,
      document: { kind: 'credit_note', number: creditNote!.number },
    });
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect((await mailJobs()).at(-1)).toEqual({
      kind: 'order-status',
      orderId: order.id,
      status: 'returned_to_origin',
    });

    // Final: it moves nowhere, and nothing is credited twice.
    expect(await changeOrderStatus(moveDeps(), order.id, 'returned_to_origin', record, { restock: 'yes' })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This order is already returned to origin.',
    });
    expect(
      await changeOrderStatus(moveDeps(), order.id, 'delivered', record, { deliveredOn: indiaDate(new Date()) }),
    ).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This order is returned to origin; it cannot move to delivered.',
    });
    expect(await documentsOf(order.id)).toHaveLength(2);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
  });

  it("gives the shopper's use of a once-per-shopper coupon back", async () => {
    await database.db.insert(coupons).values({ code: 'ONCEEACH', kind: 'flat', value: 10_000, perUserLimit: 1 });
    const { shopper, order } = await codOrder({
      status: 'processing',
      codConfirmedAt: new Date(),
      couponCode: 'ONCEEACH',
    });
    const judged = () => validateCoupon(database.db, { code: 'ONCEEACH', subtotalPaise: 199_800, userId: shopper.id });
    expect((await judged()).is_valid).toBe(false);
    await changeOrderStatus(moveDeps(), order.id, 'shipped', record, SHIP);
    expect((await changeOrderStatus(moveDeps(), order.id, 'returned_to_origin', record, {})).ok).toBe(true);
    expect((await judged()).is_valid).toBe(true);
  });

  it('with the units put back on sale', async () => {
    const { order } = await shippedCodOrder();
    const units = await unitsLeft(database.db, tee.id, 'M');
    expect(
      await changeOrderStatus(moveDeps(), order.id, 'returned_to_origin', record, { restock: 'yes' }),
    ).toMatchObject({
      ok: true,
      restocked: true,
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
  });

  it('refuses an online order, an odd restock answer and an order not shipped, writing nothing', async () => {
    // A prepaid parcel comes back by the courier's report, never by staff's say-so.
    const online = await createOrder(database.db, { status: 'shipped' });
    const before = await stateOf(online);
    expect(await changeOrderStatus(moveDeps(), online.id, 'returned_to_origin', record, {})).toEqual({
      ok: false,
      kind: 'conflict',
      message: RETURN_TO_ORIGIN_MESSAGES.notBack,
    });
    expect(await stateOf(online)).toEqual(before);
    const paidWithCredit = await createOrder(database.db, {
      status: 'shipped',
      paymentMethod: 'store_credit',
      paymentId: null,
      creditPaise: 199_800,
    });
    expect(await changeOrderStatus(moveDeps(), paidWithCredit.id, 'returned_to_origin', record, {})).toEqual({
      ok: false,
      kind: 'conflict',
      message: RETURN_TO_ORIGIN_MESSAGES.onlyCod,
    });

    const { order } = await shippedCodOrder();
    const shippedBefore = await stateOf(order);
    expect(await changeOrderStatus(moveDeps(), order.id, 'returned_to_origin', record, { restock: 'maybe' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Choose whether the units go back on sale.',
    });
    expect(await stateOf(order)).toEqual(shippedBefore);

    const pending = await codOrder({ status: 'pending', codConfirmedAt: new Date() });
    expect(await changeOrderStatus(moveDeps(), pending.order.id, 'returned_to_origin', record, {})).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This order is pending; it cannot move to returned to origin.',
    });
  });
});

describe('staff recording the cash of a delivered cash on delivery order', () => {
  async function deliveredCodOrder(deliveredAt: Date) {
    const placed = await codOrder({ status: 'delivered', codConfirmedAt: new Date() });
    await recordDeliveredParcel(database.db, placed.order.id, deliveredAt);
    return placed;
  }

  it('records the reference and day once, audited with who; a second time is refused', async () => {
    const actor = await createAdminActor(database.db, `cash-${randomUUID()}@example.test`);
    const { order } = await deliveredCodOrder(new Date(Date.now() - 3 * 24 * HOUR_MS));
    const today = indiaDate(new Date());
    const received = await recordCash(database.db, actor, order.id, { reference: '  UTR-778899  ', remittedOn: today });
    expect(received).toMatchObject({ ok: true, reference: 'UTR-778899', remittedOn: today });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ cashReference: 'UTR-778899', cashRemittedOn: today });
    expect(row.cashReceivedAt).toBeInstanceOf(Date);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entry).toMatchObject({ actorId: actor.id, actorEmail: actor.email, action: 'order.cash' });
    expect(entry!.summary).toBe(
      `Order #${order.id.slice(0, 8)} cash of ₹1,947.00 received: reference UTR-778899, remitted on ${today}`,
    );

    expect(await recordCash(database.db, actor, order.id, { reference: 'OTHER', remittedOn: today })).toEqual({
      ok: false,
      kind: 'conflict',
      message: CASH_MESSAGES.already,
    });
    expect(await orderRow(order.id)).toEqual(row);
  });

  it('refuses a missing or long reference, a bad day, a future day, one before delivery, and orders without cash due', async () => {
    const actor = await createAdminActor(database.db, `cash-${randomUUID()}@example.test`);
    const deliveredAt = new Date(Date.now() - 3 * 24 * HOUR_MS);
    const { order } = await deliveredCodOrder(deliveredAt);
    const today = indiaDate(new Date());
    const tomorrow = indiaDate(new Date(Date.now() + 24 * HOUR_MS));
    const beforeDelivery = indiaDate(new Date(deliveredAt.getTime() - 24 * HOUR_MS));
    const before = await stateOf(order);
    for (const [input, message] of [
      [{ reference: '', remittedOn: today }, 'Enter the remittance reference.'],
      [{ reference: '   ', remittedOn: today }, 'Enter the remittance reference.'],
      [{ remittedOn: today }, 'Enter the remittance reference.'],
      [{ reference: 'UTR\u0000', remittedOn: today }, 'Enter the remittance reference.'],
      [{ reference: 'x'.repeat(101), remittedOn: today }, 'The remittance reference must be at most 100 characters.'],
      [{ reference: 'UTR1', remittedOn: '' }, 'Enter the date the courier remitted the cash.'],
      [{ reference: 'UTR1', remittedOn: '2026-02-30' }, 'Enter the date the courier remitted the cash.'],
      [{ reference: 'UTR1', remittedOn: 'yesterday' }, 'Enter the date the courier remitted the cash.'],
      [{ reference: 'UTR1', remittedOn: tomorrow }, 'The remittance date cannot be in the future.'],
      [
        { reference: 'UTR1', remittedOn: beforeDelivery },
        'The remittance date cannot be before the order was delivered.',
      ],
    ] as const) {
      expect(await recordCash(database.db, actor, order.id, input)).toMatchObject({
        ok: false,
        kind: 'invalid',
        message,
      });
    }
    expect(await stateOf(order)).toEqual(before);
    // Exactly 100 characters is a reference.
    expect((await recordCash(database.db, actor, order.id, { reference: 'x'.repeat(100), remittedOn: today })).ok).toBe(
      true,
    );

    const online = await createOrder(database.db, { status: 'delivered' });
    expect(await recordCash(database.db, actor, online.id, { reference: 'UTR1', remittedOn: today })).toEqual({
      ok: false,
      kind: 'conflict',
      message: CASH_MESSAGES.notCod,
    });
    const shipped = await codOrder({ status: 'shipped', codConfirmedAt: new Date() });
    expect(await recordCash(database.db, actor, shipped.order.id, { reference: 'UTR1', remittedOn: today })).toEqual({
      ok: false,
      kind: 'conflict',
      message: CASH_MESSAGES.notDelivered,
    });
    expect(await recordCash(database.db, actor, randomUUID(), { reference: 'UTR1', remittedOn: today })).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
  });
});

describe('the emails of a cash on delivery order', () => {
  it('say what to pay until it is delivered, why it was cancelled, and carry the invoice and the credit note', async () => {
    const mailer = recordingMailer();
    // Emails earlier tests queued are sent first, so that those below are the ones read.
    await deliverQueuedOrderEmails(database, mailer);
    mailer.sent.length = 0;
    const { shopper, order } = await codOrder({ status: 'processing', codConfirmedAt: new Date() });
    await changeOrderStatus(moveDeps(), order.id, 'shipped', record, SHIP);
    await changeOrderStatus(moveDeps(), order.id, 'returned_to_origin', record, {});
    const due = await codOrder({ createdAt: new Date(Date.now() - (HOURS + 1) * HOUR_MS) });
    await cancelUnconfirmedCodOrders(codDeps(database.db, jobs, HOURS));
    await deliverQueuedOrderEmails(database, mailer);

    const [shipped, back] = mailer.sent.filter((mail) => mail.to === shopper.email);
    expect(shipped!.subject).toBe('Trap the Trend: your order is now Shipped');
    expect(shipped!.text).toContain('Cash on delivery: ₹1,947.00 to pay when it arrives.');
    expect(shipped!.text).not.toContain('Payment id');
    expect(shipped!.attachments?.map((file) => file.filename)).toEqual([
      expect.stringMatching(/^TTT-\d{4}-\d{2}-\d{6}\.pdf$/),
    ]);
    expect(back!.subject).toBe('Trap the Trend: your order is now Returned to origin');
    expect(back!.text).toContain('Your cash on delivery parcel could not be delivered and has come back to us');
    expect(back!.text).not.toContain('to pay when it arrives');
    expect(back!.attachments?.map((file) => file.filename)).toEqual([expect.stringMatching(/^TTT-CN-/)]);
    const [cancelled] = mailer.sent.filter((mail) => mail.to === due.shopper.email);
    expect(cancelled!.text).toContain(
      'Your cash on delivery order was cancelled because it was not confirmed in time. Nothing was charged; you are welcome to order again.',
    );
    expect(cancelled!.attachments).toEqual([]);
  });
});
