// A prepaid parcel the courier brings back undelivered (docs/decisions/0053), over a real database:
// the order is returned to origin with its money back. Paid online, its payment is refunded by a
// job the tracking sends, as a failed order's is (the refund recorded, Razorpay asked, then the
// move); while Razorpay cannot be reached or refuses, the order waits, shipped, and the job or staff
// finish it. Paid with store credit, the credit goes back at once.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { hoursAgo, createCourierParcel } from '../../../tests/support/courier.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, useJobQueue, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { courierShipments, orders, refunds, users, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { allowedMoves, changeOrderStatus, RETURN_TO_ORIGIN_MESSAGES } from '../orders/status.ts';
import { creditBalance } from '../store-credit/ledger.ts';
import type { TrackingUpdate } from '../shipping/provider.ts';
import { RazorpayError } from '../payments/razorpay.ts';
import { applyTrackingUpdates, runUndeliveredRefundJob } from './tracking.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Undelivered Tee', sizes: ['M'], pricePaise: 99_900 }, { M: 10 });
});

/** Razorpay as a test needs it: refunding, not reachable, or refusing. */
const razorpay = (reachable: boolean | 'refusing') => ({
  refundPayment: async (paymentId: string, amount: number) => {
    if (reachable === 'refusing') throw new RazorpayError(400, 'The amount is more than the balance');
    if (!reachable) throw new Error('connect ECONNREFUSED');
    return {
      id: `rfnd_${paymentId.slice(-6)}`,
      entity: 'refund' as const,
      payment_id: paymentId,
      amount,
      status: 'processed',
    };
  },
});
const deps = (reachable: boolean | 'refusing' = true) => ({
  ...orderMoveDeps(database.db, jobs, { razorpay: razorpay(reachable) }),
  jobs,
});
const noRecord = async () => undefined;

/** The refund jobs the tracking sent, run now. */
const refundJobs = (reachable: boolean | 'refusing' = true) =>
  workQueuedJobs(database, 'courier-undelivered-refund', (job) => runUndeliveredRefundJob(deps(reachable), job));

/** The courier's word that the parcel is back at the warehouse. */
const backAt = (awb: string): TrackingUpdate => ({
  awb,
  state: 'returned_to_origin',
  providerStatus: 'RTO DELIVERED',
  activity: 'Returned to shipper',
  location: 'Jaipur_Sez_GW (Rajasthan)',
  occurredAt: hoursAgo(1),
});

/** A shipped order of one tee whose parcel the courier is bringing back. */
async function shippedOrder(overrides: Parameters<typeof createOrder>[1] = {}) {
  const order = await createOrder(database.db, {
    status: 'shipped',
    itemsJson: [{ productId: tee.id, name: 'Undelivered Tee', size: 'M', quantity: 1, pricePaise: 99_900 }],
    ...overrides,
  });
  const parcel = await createCourierParcel(database.db, order.id, { state: 'rto_in_transit' });
  return { order, parcel };
}

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRow = async (orderId: string) =>
  (await database.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0];

describe('a prepaid parcel back undelivered', () => {
  it('waits, shipped with its refund started, while Razorpay cannot be reached; staff finish it', async () => {
    const { order, parcel } = await shippedOrder();
    const stock = await unitsLeft(database.db, tee.id, 'M');
    await applyTrackingUpdates(deps(false), [backAt(parcel.awb)]);
    expect(await refundJobs(false)).toMatchObject([{ outcome: 'failed' }]);

    const [parcelNow] = await database.db.select().from(courierShipments).where(eq(courierShipments.id, parcel.id));
    expect(parcelNow!.state).toBe('returned_to_origin');
    expect((await orderRow(order.id)).status).toBe('shipped');
    expect(await refundRow(order.id)).toMatchObject({
      amountPaise: 99_900,
      reason: 'Parcel returned to origin undelivered',
      razorpayRefundId: null,
      attempts: 1,
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(stock);
    // The only way on is to finish the refund.
    expect(allowedMoves('shipped', true, 'online', true)).toEqual(['returned_to_origin']);

    const finished = await changeOrderStatus(deps(), order.id, 'returned_to_origin', noRecord);
    expect(finished).toMatchObject({ ok: true, from: 'shipped', to: 'returned_to_origin' });
    expect((await orderRow(order.id)).status).toBe('returned_to_origin');
    expect((await refundRow(order.id))!.razorpayRefundId).toMatch(/^rfnd_/);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(stock + 1);

    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    const [shopper] = await database.db.select().from(users).where(eq(users.id, order.userId));
    const [mail] = mailer.sent.filter((sent) => sent.to === shopper!.email);
    expect(mail!.subject).toBe('Trap the Trend: your order is now Returned to origin');
    expect(mail!.text).toContain(
      'Your parcel could not be delivered and has come back to us, so your order is closed.',
    );
    expect(mail!.text).toContain('Your payment of ₹999.00 has been refunded to the account you paid from.');
  });

  it('is refunded by the job the tracking sent, once, and returned to origin', async () => {
    const { order, parcel } = await shippedOrder();
    await applyTrackingUpdates(deps(), [backAt(parcel.awb)]);
    // The courier is answered before Razorpay is asked.
    expect((await orderRow(order.id)).status).toBe('shipped');
    expect(await refundJobs()).toMatchObject([{ data: { orderId: order.id, awb: parcel.awb }, outcome: 'completed' }]);
    expect((await orderRow(order.id)).status).toBe('returned_to_origin');
    expect(await refundRow(order.id)).toMatchObject({
      amountPaise: 99_900,
      razorpayRefundId: `rfnd_${order.paymentId!.slice(-6)}`,
    });
    // The same report again moves nothing and sends no second refund.
    await applyTrackingUpdates(deps(), [backAt(parcel.awb)]);
    expect(await refundJobs()).toEqual([]);
  });

  it('refused by Razorpay: waits, shipped, and staff finish it once Razorpay takes it', async () => {
    const { order, parcel } = await shippedOrder();
    await applyTrackingUpdates(deps('refusing'), [backAt(parcel.awb)]);
    // Refused outright: retrying would not help, so the job ends, and staff are told in the log.
    expect(await refundJobs('refusing')).toMatchObject([{ outcome: 'completed' }]);
    expect((await orderRow(order.id)).status).toBe('shipped');
    // A definite refusal made no refund: none is started, yet staff are offered to finish it.
    expect(await refundRow(order.id)).toBeUndefined();
    expect(allowedMoves('shipped', false, 'online', true)).toEqual(['delivered', 'returned_to_origin']);
    expect(await changeOrderStatus(deps(), order.id, 'returned_to_origin', noRecord)).toMatchObject({
      ok: true,
      to: 'returned_to_origin',
    });
    expect(await refundRow(order.id)).toMatchObject({
      amountPaise: 99_900,
      razorpayRefundId: expect.stringMatching(/^rfnd_/),
    });
  });

  it('is not returned whole by staff unless the courier brought it back', async () => {
    const { order } = await shippedOrder();
    expect(await changeOrderStatus(deps(), order.id, 'returned_to_origin', noRecord)).toEqual({
      ok: false,
      kind: 'conflict',
      message: RETURN_TO_ORIGIN_MESSAGES.notBack,
    });
    const delivered = await createOrder(database.db, { status: 'delivered' });
    expect(await changeOrderStatus(deps(), delivered.id, 'returned_to_origin', noRecord)).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This order is delivered; it cannot move to returned to origin.',
    });
    expect((await orderRow(order.id)).status).toBe('shipped');
    expect(await refundRow(order.id)).toBeUndefined();
  });

  it('paid with store credit: gives the credit back at once, and the units', async () => {
    const shopper = await createUser(database.db);
    const { order, parcel } = await shippedOrder({
      userId: shopper.id,
      paymentMethod: 'store_credit',
      paymentId: null,
      creditPaise: 99_900,
    });
    const stock = await unitsLeft(database.db, tee.id, 'M');
    const balance = await creditBalance(database.db, shopper.id);
    await applyTrackingUpdates(deps(false), [backAt(parcel.awb)]);
    expect((await orderRow(order.id)).status).toBe('returned_to_origin');
    expect(await creditBalance(database.db, shopper.id)).toBe(balance + 99_900);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(stock + 1);
    expect(await refundRow(order.id)).toBeUndefined();
  });
});
