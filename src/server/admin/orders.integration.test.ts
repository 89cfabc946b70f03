// The admin's orders over a real database and the local Razorpay sandbox: the list, the moves a
// status may make (shipping with its parcel and delivery included), the audit entry and the customer's mail of each (queued in the move's transaction), and the refund of a failed
// order, made once however often it is retried.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { createOrder, createUser } from '../../../tests/support/factories.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { deliverQueuedOrderEmails, useJobQueue } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { createPaidOrder, SANDBOX_KEYS, startSandbox, type Sandbox } from '../../../tests/support/payments.ts';
import { auditLog, orders, refunds } from '../db/schema.ts';
import { indiaDate } from '../orders/shipping.ts';
import { FAILED_ORDER_REFUND_REASON, type OrderMoveDeps as OrderAdminDeps } from '../orders/status.ts';
import { createRazorpayClient, type RazorpayClient } from '../payments/razorpay.ts';
import { ADMIN_ORDERS_PAGE_SIZE, changeOrderStatus, getAdminOrder, listAdminOrders } from './orders.ts';

const database = useTestDatabase();
let sandbox: Sandbox;
let razorpay: RazorpayClient;
const mailer = recordingMailer();
const jobs = useJobQueue(database);
/** The customer emails the moves queued, sent as the store's worker sends them. */
const deliver = () => deliverQueuedOrderEmails(database, mailer);
const actor = { id: '', email: 'admin@example.test' };

beforeAll(async () => {
  sandbox = await startSandbox();
  razorpay = createRazorpayClient({ apiUrl: `${sandbox.url}/v1`, ...SANDBOX_KEYS });
  actor.id = (await createUser(database.db, { role: 'admin', email: actor.email })).id;
});
afterAll(() => sandbox.close());

const deps = (overrides: Partial<OrderAdminDeps> = {}) => orderMoveDeps(database.db, jobs, { razorpay, ...overrides });

/** An order whose payment the sandbox really captured, so it can be refunded. */
const paidOrder = (overrides: Partial<typeof orders.$inferInsert> = {}) =>
  createPaidOrder(database.db, sandbox, overrides);

const statusOf = async (id: string) =>
  (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const auditOf = (id: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.createdAt));
const refundsOf = (paymentId: string) => database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));

describe('listAdminOrders', () => {
  it('lists every order newest first with its customer, item count and total, and filters by status', async () => {
    const riya = await createUser(database.db, { name: 'Riya Kapoor', email: 'riya@example.test' });
    const old = await createOrder(database.db, { userId: riya.id, createdAt: new Date('2099-01-01T10:00:00Z') });
    const newest = await createOrder(database.db, {
      createdAt: new Date('2099-01-03T10:00:00Z'),
      status: 'processing',
      itemsJson: [
        { productId: 1, name: 'Astro Tee', size: 'M', quantity: 1, pricePaise: 79_900 },
        { productId: 2, name: 'Court Polo', size: 'L', quantity: 3, pricePaise: 119_900 },
      ],
    });
    const middle = await createOrder(database.db, { createdAt: new Date('2099-01-02T10:00:00Z') });

    const all = await listAdminOrders(database.db, { page: 1 });
    expect(all.orders.slice(0, 3).map((order) => order.id)).toEqual([newest.id, middle.id, old.id]);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.orders[0]).toMatchObject({ itemCount: 4, totalPaise: 439_600, status: 'processing' });
    expect(all.orders[2]).toMatchObject({
      customerName: 'Riya Kapoor',
      customerEmail: 'riya@example.test',
      itemCount: 2,
      totalPaise: 199_800,
      paymentId: old.paymentId,
      status: 'pending',
    });

    const processing = await listAdminOrders(database.db, { status: 'processing', page: 1 });
    expect(processing.orders.map((order) => order.id)).toContain(newest.id);
    expect(processing.orders.every((order) => order.status === 'processing')).toBe(true);
    expect(processing.total).toBe(processing.orders.length);
    const pending = await listAdminOrders(database.db, { status: 'pending', page: 1 });
    expect(pending.orders.map((order) => order.id)).toEqual(expect.arrayContaining([middle.id, old.id]));
    expect(pending.orders.map((order) => order.id)).not.toContain(newest.id);
  });

  it('pages by 50 without overlap', async () => {
    const { total } = await listAdminOrders(database.db, { page: 1 });
    for (let i = total; i <= ADMIN_ORDERS_PAGE_SIZE; i += 1) await createOrder(database.db);
    const first = await listAdminOrders(database.db, { page: 1 });
    const second = await listAdminOrders(database.db, { page: 2 });
    expect(first.orders).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    expect(second.orders).toHaveLength(first.total - ADMIN_ORDERS_PAGE_SIZE);
    const firstIds = new Set(first.orders.map((order) => order.id));
    expect(second.orders.some((order) => firstIds.has(order.id))).toBe(false);
  });
});

describe('getAdminOrder', () => {
  it('gives the order with its customer and next statuses, and nothing for unknown or malformed ids', async () => {
    const customer = await createUser(database.db, { name: 'Kabir Sethi' });
    const order = await createOrder(database.db, { userId: customer.id });
    expect(await getAdminOrder(database.db, order.id)).toMatchObject({
      id: order.id,
      customerName: 'Kabir Sethi',
      customerEmail: customer.email,
      refund: null,
      moves: ['processing', 'failed'],
    });
    expect(await getAdminOrder(database.db, crypto.randomUUID())).toBeUndefined();
    expect(await getAdminOrder(database.db, "not-a-uuid' or 1=1")).toBeUndefined();
  });
});

describe('changeOrderStatus', () => {
  it('moves pending → processing → shipped → delivered → completed, auditing each move and emailing the customer', async () => {
    const customer = await createUser(database.db, { email: 'moves@example.test' });
    const order = await createOrder(database.db, { userId: customer.id });
    mailer.sent.length = 0;
    const lastMail = () => mailer.sent.at(-1)!;

    const processing = await changeOrderStatus(deps(), actor, order.id, 'processing');
    expect(processing).toMatchObject({ ok: true, from: 'pending', to: 'processing' });
    expect(await statusOf(order.id)).toBe('processing');
    await deliver();
    expect(lastMail()).toMatchObject({
      to: 'moves@example.test',
      subject: 'Trap the Trend: your order is now Processing',
    });
    expect(lastMail().text).toContain(order.paymentId);

    const shipped = await changeOrderStatus(deps(), actor, order.id, 'shipped', {
      courier: 'Delhivery',
      awb: 'dl-20261125',
    });
    expect(shipped).toMatchObject({ ok: true, from: 'processing', to: 'shipped' });
    await deliver();
    const tracking = 'https://www.delhivery.com/track-v2/package/DL-20261125';
    expect(lastMail()).toMatchObject({ subject: 'Trap the Trend: your order is now Shipped' });
    expect(lastMail().text).toContain(`Delhivery, AWB DL-20261125. Track your parcel: ${tracking}`);
    expect(lastMail().html).toContain(`href="${tracking}"`);

    const delivered = await changeOrderStatus(deps(), actor, order.id, 'delivered', {
      deliveredOn: indiaDate(new Date()),
    });
    expect(delivered).toMatchObject({ ok: true, from: 'shipped', to: 'delivered' });
    await deliver();
    expect(lastMail()).toMatchObject({ subject: 'Trap the Trend: your order is now Delivered' });
    expect(lastMail().text).toContain(tracking);

    const completed = await changeOrderStatus(deps(), actor, order.id, 'completed');
    expect(completed).toMatchObject({ ok: true, from: 'delivered', to: 'completed' });
    expect(await statusOf(order.id)).toBe('completed');
    await deliver();
    expect(mailer.sent).toHaveLength(4);
    expect(lastMail()).toMatchObject({ subject: 'Trap the Trend: your order is now Completed' });

    const entries = await auditOf(order.id);
    expect(entries.map((entry) => entry.summary)).toEqual([
      `Order #${order.id.slice(0, 8)} pending → processing`,
      `Order #${order.id.slice(0, 8)} processing → shipped, Delhivery AWB DL-20261125`,
      `Order #${order.id.slice(0, 8)} shipped → delivered`,
      `Order #${order.id.slice(0, 8)} delivered → completed`,
    ]);
    expect(entries[0]).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'order.status',
      before: { status: 'pending' },
      after: { status: 'processing' },
    });
    expect(entries[1]!.after).toMatchObject({
      status: 'shipped',
      shipment: { courier: 'Delhivery', awb: 'DL-20261125' },
    });
  });

  it('refuses any other move, changing nothing, auditing nothing and mailing no one', async () => {
    const completed = await createOrder(database.db, { status: 'completed' });
    const pending = await createOrder(database.db);
    mailer.sent.length = 0;

    expect(await changeOrderStatus(deps(), actor, completed.id, 'pending')).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This order is completed; it cannot move to pending.',
    });
    for (const [order, to, message] of [
      [completed, 'failed', 'This order is completed; it cannot move to failed.'],
      [pending, 'completed', 'This order is pending; it cannot move to completed.'],
      [pending, 'pending', 'This order is already pending.'],
      [pending, 'shipped', 'This order is pending; it cannot move to shipped.'],
    ] as const) {
      expect(await changeOrderStatus(deps(), actor, order.id, to), `${order.status} to ${to}`).toMatchObject({
        ok: false,
        message,
      });
    }
    expect(await changeOrderStatus(deps(), actor, pending.id, 'lost')).toMatchObject({ ok: false, kind: 'invalid' });
    expect(await changeOrderStatus(deps(), actor, 'nope', 'processing')).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    expect(await changeOrderStatus(deps(), actor, crypto.randomUUID(), 'processing')).toMatchObject({
      ok: false,
      kind: 'not_found',
    });

    expect(await statusOf(completed.id)).toBe('completed');
    expect(await statusOf(pending.id)).toBe('pending');
    expect(await auditOf(completed.id)).toHaveLength(0);
    expect(await auditOf(pending.id)).toHaveLength(0);
    expect(await refundsOf(completed.paymentId!)).toHaveLength(0);
    expect(await deliver()).toEqual([]);
    expect(mailer.sent).toHaveLength(0);
  });

  it('lets only one of two admins make the same move', async () => {
    const order = await createOrder(database.db);
    const results = await Promise.all([
      changeOrderStatus(deps(), actor, order.id, 'processing'),
      changeOrderStatus(deps(), actor, order.id, 'processing'),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ message: 'This order is already processing.' });
    expect(await auditOf(order.id)).toHaveLength(1);
  });
});

describe('marking an order failed', () => {
  it('refunds the payment through Razorpay with the idempotency key, then fails the order and tells the customer', async () => {
    const customer = await createUser(database.db, { email: 'refund@example.test' });
    const order = await paidOrder({ userId: customer.id, status: 'processing' });
    mailer.sent.length = 0;
    const keys: string[] = [];
    const recording: OrderAdminDeps['razorpay'] = {
      refundPayment: (paymentId, amount, key) => {
        keys.push(key);
        return razorpay.refundPayment(paymentId, amount, key);
      },
    };

    const result = await changeOrderStatus(deps({ razorpay: recording }), actor, order.id, 'failed');
    expect(result).toMatchObject({ ok: true, from: 'processing', to: 'failed' });
    expect(await statusOf(order.id)).toBe('failed');
    await deliver();

    const [refund, ...others] = await refundsOf(order.paymentId);
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({
      orderId: order.id,
      checkoutId: null,
      destination: 'original',
      amountPaise: 199_800,
      reason: FAILED_ORDER_REFUND_REASON,
    });
    expect(refund!.razorpayRefundId).toMatch(/^rfnd_/);
    expect(result.ok && result.refund).toEqual({
      id: refund!.id,
      amountPaise: 199_800,
      destination: 'original',
      razorpayRefundId: refund!.razorpayRefundId,
    });
    // The payment's own key, as a late payment's refund uses (payments/refunds.ts): one refund per payment.
    expect(keys).toEqual([`refund-${order.paymentId}`]);

    const mail = mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: 'refund@example.test', subject: 'Trap the Trend: your order is now Failed' });
    expect(mail.text).toContain('Your payment of ₹1,998.00 has been refunded');
    expect(mail.html).toContain('Your payment of ₹1,998.00 has been refunded');

    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({
      summary: `Order #${order.id.slice(0, 8)} processing → failed, ₹1,998.00 refunded`,
      before: { status: 'processing' },
      after: { status: 'failed', refund: { amountPaise: 199_800, razorpayRefundId: refund!.razorpayRefundId } },
    });

    expect(await getAdminOrder(database.db, order.id)).toMatchObject({ status: 'failed', refund, moves: [] });
    expect(await changeOrderStatus(deps(), actor, order.id, 'failed')).toMatchObject({
      ok: false,
      message: 'This order is already failed.',
    });
  });

  it('leaves the order as it was when Razorpay cannot be reached, and a retry makes one refund', async () => {
    const order = await paidOrder();
    mailer.sent.length = 0;
    const unreachable = createRazorpayClient({ apiUrl: 'http://127.0.0.1:9/v1', ...SANDBOX_KEYS });

    const failed = await changeOrderStatus(deps({ razorpay: unreachable }), actor, order.id, 'failed');
    expect(failed).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'The refund could not be made (Razorpay could not be reached). The order was not changed; try again.',
    });
    expect(await statusOf(order.id)).toBe('pending');
    expect(await auditOf(order.id)).toHaveLength(0);
    expect(await deliver()).toEqual([]);
    expect(mailer.sent).toHaveLength(0);
    const [pendingRefund] = await refundsOf(order.paymentId);
    expect(pendingRefund).toMatchObject({ orderId: order.id, razorpayRefundId: null });
    // A refund may have been made: the order can only go on to failed.
    expect((await getAdminOrder(database.db, order.id))?.moves).toEqual(['failed']);
    expect(await changeOrderStatus(deps(), actor, order.id, 'processing')).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: "A refund of this order's payment was started; mark the order as failed to finish it.",
    });

    const retried = await changeOrderStatus(deps(), actor, order.id, 'failed');
    expect(retried).toMatchObject({ ok: true, to: 'failed' });
    expect(await statusOf(order.id)).toBe('failed');
    const rows = await refundsOf(order.paymentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(pendingRefund!.id);
    expect(rows[0]!.razorpayRefundId).toMatch(/^rfnd_/);
    expect(await auditOf(order.id)).toHaveLength(1);
    await deliver();
    expect(mailer.sent).toHaveLength(1);
  });

  it('makes one refund when Razorpay refunded but its answer was lost, and the admin retries', async () => {
    const order = await paidOrder();
    const keys: string[] = [];
    const refundIds: string[] = [];
    let loseAnswer = true;
    const flaky: OrderAdminDeps['razorpay'] = {
      async refundPayment(paymentId, amount, key) {
        keys.push(key);
        const refund = await razorpay.refundPayment(paymentId, amount, key);
        refundIds.push(refund.id);
        if (loseAnswer) {
          loseAnswer = false;
          throw new TypeError('fetch failed');
        }
        return refund;
      },
    };

    expect(await changeOrderStatus(deps({ razorpay: flaky }), actor, order.id, 'failed')).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
    expect(await statusOf(order.id)).toBe('pending');
    expect(await changeOrderStatus(deps({ razorpay: flaky }), actor, order.id, 'failed')).toMatchObject({ ok: true });

    expect(keys).toEqual([`refund-${order.paymentId}`, `refund-${order.paymentId}`]);
    expect(new Set(refundIds).size).toBe(1);
    const rows = await refundsOf(order.paymentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.razorpayRefundId).toBe(refundIds[0]);
  });

  it('shows the reason Razorpay gives when it refuses the refund', async () => {
    // A payment the sandbox never captured.
    const order = await createOrder(database.db);
    const result = await changeOrderStatus(deps(), actor, order.id, 'failed');
    expect(result).toEqual({
      ok: false,
      kind: 'unavailable',
      message:
        'The refund could not be made (The payment has not been captured). The order was not changed; try again.',
    });
    expect(await statusOf(order.id)).toBe('pending');
    // A refusal made no refund, so the order is not held to "failed": it can still go on.
    expect(await refundsOf(order.paymentId!)).toEqual([]);
    expect(await changeOrderStatus(deps(), actor, order.id, 'processing')).toMatchObject({ ok: true });
  });
});
