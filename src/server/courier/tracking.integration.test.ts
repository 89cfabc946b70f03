// The courier's tracking webhook through the real app (docs/decisions/0053): who may post it, what
// it refuses, and what each scan does: kept once, the parcel moved only forwards, its order shipped
// with its parcel, delivered, or returned to origin with its units back on sale (a prepaid one with
// its payment refunded), a reverse pickup moving its return request, and the shopper seeing each
// scan on Your Orders and the visitor's tracking page.
import { randomUUID } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { signedInUser } from '../../../tests/support/accounts.ts';
import { createTestApp, ORIGIN } from '../../../tests/support/app.ts';
import { createCourierParcel, hoursAgo, scan, webhookBody } from '../../../tests/support/courier.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createReturnRequest } from '../../../tests/support/delivered-orders.ts';
import { createCodOrder, createOrder, createProduct } from '../../../tests/support/factories.ts';
import { jobRows, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { createPaidOrder, refundOf, sandboxSettings, useSandbox } from '../../../tests/support/payments.ts';
import { formatOrderDate, orderNumber } from '../../common/orders.ts';
import {
  auditLog,
  courierShipments,
  orders,
  returnRequests,
  shipments,
  taxDocuments,
  trackingEvents,
  type Product,
} from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { SHIPROCKET_WEBHOOK_PATH } from '../shipping/settings.ts';
import { runUndeliveredRefundJob } from './tracking.ts';
import { WEBHOOK_MESSAGES } from './webhook.ts';
import { indiaDateTime } from '../shipping/shiprocket-sandbox-model.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let store: Awaited<ReturnType<typeof createTestApp>>;
let manual: Awaited<ReturnType<typeof createTestApp>>;
let tee: Product;

beforeAll(async () => {
  store = await createTestApp(database, {
    PUBLIC_URL: ORIGIN,
    SHIPPING_PROVIDER: 'shiprocket',
    ...sandboxSettings(sandbox),
  });
  manual = await createTestApp(database, { PUBLIC_URL: ORIGIN, SHIPPING_PROVIDER: 'manual' });
  tee = await createProduct(database.db, { name: 'Tracked Tee', sizes: ['M'], pricePaise: 99_900 }, { M: 10 });
});

const token = () => store.shipping.settings.shiprocket!.webhookToken;

/** Shiprocket's POST of a tracking event, with its token unless the test says otherwise. */
function post(body: unknown, apiKey: string | null = token(), app = store.app) {
  return app.request(`${ORIGIN}${SHIPROCKET_WEBHOOK_PATH}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(apiKey === null ? {} : { 'x-api-key': apiKey }) },
  });
}

const lines = (quantity = 2) => [{ productId: tee.id, name: 'Tracked Tee', size: 'M', quantity, pricePaise: 99_900 }];

/** A paid order being packed, with its parcel booked and its pickup scheduled. */
async function bookedOrder(overrides: Parameters<typeof createOrder>[1] = {}) {
  const order = await createOrder(database.db, { status: 'processing', packedAt: hoursAgo(30), ...overrides });
  const parcel = await createCourierParcel(database.db, order.id);
  return { order, parcel };
}

/** A cash on delivery order of `units` tees, confirmed at `confirmedAt`, with its parcel booked. */
async function bookedCodOrder(units: number, confirmedAt: Date) {
  const { order } = await createCodOrder(database.db, {
    status: 'processing',
    codConfirmedAt: confirmedAt,
    itemsJson: lines(units),
  });
  const parcel = await createCourierParcel(database.db, order.id);
  return { order, parcel };
}

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const parcelRow = async (id: string) =>
  (await database.db.select().from(courierShipments).where(eq(courierShipments.id, id)))[0]!;
const scansOf = (parcelId: string) =>
  database.db.select().from(trackingEvents).where(eq(trackingEvents.courierShipmentId, parcelId));
const parcelsOf = (orderId: string) => database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
const emailsOf = async (orderId: string) =>
  (await jobRows(database, 'send-mail')).filter((job) => (job.data as { orderId: string }).orderId === orderId);

describe('who may post a tracking event', () => {
  it('refuses a missing or wrong token with 401 and changes nothing', async () => {
    const { order, parcel } = await bookedOrder();
    const body = webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(5)), 'PICKED UP')]);
    for (const apiKey of [null, '', 'not-the-token', `${token()}x`]) {
      const res = await post(body, apiKey);
      expect(res.status, String(apiKey)).toBe(401);
      expect(await res.json()).toMatchObject({ ok: false, message: WEBHOOK_MESSAGES.token });
    }
    expect(await scansOf(parcel.id)).toEqual([]);
    expect((await parcelRow(parcel.id)).state).toBe('pickup_scheduled');
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('believes no token at all when no courier provider is set up', async () => {
    const { parcel } = await bookedOrder();
    const res = await post(
      webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(5)), 'PICKED UP')]),
      token(),
      manual.app,
    );
    expect(res.status).toBe(401);
    expect(await scansOf(parcel.id)).toEqual([]);
  });

  it('needs no same-origin header: Shiprocket posts from its own servers', async () => {
    const { parcel } = await bookedOrder();
    const res = await post(webhookBody(parcel.awb, []));
    expect(res.status).toBe(200);
  });
});

describe('what the webhook refuses', () => {
  it('answers 400 to a body that is not JSON, or not the webhook, and changes nothing', async () => {
    const { parcel } = await bookedOrder();
    const notJson = await post('{"awb": ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ message: WEBHOOK_MESSAGES.json });
    for (const body of [{}, { ...webhookBody(parcel.awb, []), current_status: 7 }, { awb: parcel.awb, scans: [] }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: WEBHOOK_MESSAGES.shape });
    }
    expect(await scansOf(parcel.id)).toEqual([]);
  });

  it('answers 413 to a body over the webhook limit', async () => {
    const { parcel } = await bookedOrder();
    const body = webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(5)), 'PICKED UP', 'x'.repeat(300 * 1024))]);
    const res = await post(body);
    expect(res.status).toBe(413);
    expect(await scansOf(parcel.id)).toEqual([]);
  });

  it('answers 200 to an AWB the store does not know, and changes nothing', async () => {
    const before = (await database.db.select().from(trackingEvents)).length;
    const res = await post(webhookBody('99999999999999', [scan(indiaDateTime(hoursAgo(5)), 'PICKED UP')]));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: 'unknown AWB' });
    expect(await database.db.select().from(trackingEvents)).toHaveLength(before);
  });
});

describe('a forward parcel', () => {
  it('picked up: ships the order with its parcel at the scan time, once however often it is told', async () => {
    const { order, parcel } = await bookedOrder();
    const pickedAt = hoursAgo(20);
    const body = webhookBody(parcel.awb, [
      scan(indiaDateTime(hoursAgo(24)), 'PICKUP SCHEDULED'),
      scan(indiaDateTime(pickedAt), 'PICKED UP', 'In Transit - Shipment picked up', 'Chomu_SamodRd_D (Rajasthan)'),
    ]);
    for (let time = 0; time < 2; time += 1) expect((await post(body)).status).toBe(200);

    expect(await scansOf(parcel.id)).toMatchObject([
      {
        state: 'picked_up',
        providerStatus: 'PICKED UP',
        activity: 'In Transit - Shipment picked up',
        location: 'Chomu_SamodRd_D (Rajasthan)',
        occurredAt: pickedAt,
      },
    ]);
    expect((await parcelRow(parcel.id)).state).toBe('picked_up');
    expect((await orderRow(order.id)).status).toBe('shipped');
    expect(await parcelsOf(order.id)).toMatchObject([
      {
        courier: 'Delhivery Surface',
        awb: parcel.awb,
        trackingUrl: `https://shiprocket.co/tracking/${parcel.awb}`,
        shippedAt: pickedAt,
        deliveredAt: null,
      },
    ]);
    expect((await emailsOf(order.id)).map((job) => job.data)).toEqual([
      { kind: 'order-status', orderId: order.id, status: 'shipped' },
    ]);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entry).toMatchObject({ actorId: null, actorEmail: 'the store (automatic)', action: 'order.status' });
    expect(entry!.summary).toBe(
      `Order #${order.id.slice(0, 8)} processing → shipped by the courier's tracking (AWB ${parcel.awb})`,
    );
  });

  it('picked up: invoices a cash on delivery order as it leaves', async () => {
    const { order, parcel } = await bookedCodOrder(1, hoursAgo(40));
    const pickedAt = hoursAgo(3);
    expect((await post(webhookBody(parcel.awb, [scan(indiaDateTime(pickedAt), 'PICKED UP')]))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('shipped');
    const documents = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(documents.map((document) => document.kind)).toEqual(['invoice']);
    // Issued when the report came, not at the scan's moment: its number keeps to date order.
    expect(documents[0]!.issuedAt.getTime()).toBeGreaterThan(hoursAgo(1).getTime());
    expect((await parcelsOf(order.id))[0]!.shippedAt).toEqual(pickedAt);
  });

  it('moves only forwards: an older scan is kept but moves nothing, and nothing comes after delivered', async () => {
    const { order, parcel } = await bookedOrder();
    const [picked, outFor, delivered] = [hoursAgo(30), hoursAgo(4), hoursAgo(2)];
    await post(
      webhookBody(parcel.awb, [
        scan(indiaDateTime(picked), 'PICKED UP'),
        scan(indiaDateTime(outFor), 'OUT FOR DELIVERY'),
      ]),
    );
    expect((await parcelRow(parcel.id)).state).toBe('out_for_delivery');

    // A scan from before, arriving late: stored as a scan, the parcel stays out for delivery.
    await post(webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(10)), 'IN TRANSIT', 'Bag Received at Facility')]));
    expect((await parcelRow(parcel.id)).state).toBe('out_for_delivery');
    expect(await scansOf(parcel.id)).toHaveLength(3);

    await post(webhookBody(parcel.awb, [scan(indiaDateTime(delivered), 'DELIVERED', 'Delivered')]));
    expect((await parcelRow(parcel.id)).state).toBe('delivered');
    expect((await orderRow(order.id)).status).toBe('delivered');
    expect((await parcelsOf(order.id))[0]!.deliveredAt).toEqual(delivered);

    // Delivered is final: a later 'in transit' is kept, and changes neither the parcel nor the order.
    await post(webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(1)), 'IN TRANSIT')]));
    expect((await parcelRow(parcel.id)).state).toBe('delivered');
    expect((await orderRow(order.id)).status).toBe('delivered');
    expect(await scansOf(parcel.id)).toHaveLength(5);
    expect((await emailsOf(order.id)).map((job) => (job.data as { status: string }).status)).toEqual([
      'shipped',
      'delivered',
    ]);
  });

  it('shows the shopper each scan with its place and India time, and where the parcel is', async () => {
    const shopper = await signedInUser(store.auth, database.db);
    const { order, parcel } = await bookedOrder({ userId: shopper.id });
    const [picked, moving, outFor] = [hoursAgo(30), hoursAgo(12), hoursAgo(1)];
    await post(
      webhookBody(parcel.awb, [
        scan(indiaDateTime(picked), 'PICKED UP', 'In Transit - Shipment picked up', 'Chomu_SamodRd_D (Rajasthan)'),
        scan(indiaDateTime(moving), 'IN TRANSIT', 'In Transit - Bag Received at Facility', 'Jaipur_Sez_GW (Rajasthan)'),
      ]),
    );
    const orders = async () =>
      (await store.app.request(`${ORIGIN}/orders`, { headers: { cookie: shopper.cookie } })).text();
    let html = await orders();
    expect(html).toContain('>In transit</span>');
    expect(html).toContain('aria-label="Parcel updates"');
    expect(html).toContain('In Transit - Bag Received at Facility');
    expect(html).toContain(`Jaipur_Sez_GW (Rajasthan), ${formatOrderDate(moving)}`);
    expect(html).toContain(`Chomu_SamodRd_D (Rajasthan), ${formatOrderDate(picked)}`);
    // Newest first.
    expect(html.indexOf('Jaipur_Sez_GW')).toBeLessThan(html.indexOf('Chomu_SamodRd_D'));
    expect(html).toContain(`https://shiprocket.co/tracking/${parcel.awb}`);

    await post(
      webhookBody(parcel.awb, [
        scan(indiaDateTime(outFor), 'OUT FOR DELIVERY', 'Out for delivery', 'Mumbai_MiraRd_H (Maharashtra)'),
      ]),
    );
    html = await orders();
    expect(html).toContain('>Out for delivery</span>');
    expect(html).toContain(`Mumbai_MiraRd_H (Maharashtra), ${formatOrderDate(outFor)}`);

    // The visitor's tracking page reads the same.
    const tracked = await (
      await store.app.request(`${ORIGIN}/track-order`, {
        method: 'POST',
        body: new URLSearchParams({ orderNumber: orderNumber(order.id), email: order.email }),
        headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    ).text();
    expect(tracked).toContain(`Order #${orderNumber(order.id)}: Out for delivery`);
    expect(tracked).toContain(`Mumbai_MiraRd_H (Maharashtra), ${formatOrderDate(outFor)}`);
  });

  it('back at the warehouse: returns a cash on delivery order to origin, its units back on sale', async () => {
    const { order, parcel } = await bookedCodOrder(2, hoursAgo(90));
    await post(webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(80)), 'PICKED UP')]));
    const stock = await unitsLeft(database.db, tee.id, 'M');
    await post(
      webhookBody(parcel.awb, [
        scan(indiaDateTime(hoursAgo(50)), 'RTO INITIATED', 'Return initiated - Consignee refused the shipment'),
        scan(indiaDateTime(hoursAgo(2)), 'RTO DELIVERED', 'Returned to shipper'),
      ]),
    );
    expect((await parcelRow(parcel.id)).state).toBe('returned_to_origin');
    expect((await orderRow(order.id)).status).toBe('returned_to_origin');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(stock + 2);
    const documents = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(documents.map((document) => document.kind).sort()).toEqual(['credit_note', 'invoice']);
  });

  it('back at the warehouse: refunds a prepaid order in full by a job and returns it to origin, its units back on sale', async () => {
    const order = await createPaidOrder(database.db, sandbox, {
      status: 'processing',
      packedAt: hoursAgo(90),
      itemsJson: lines(1),
    });
    const parcel = await createCourierParcel(database.db, order.id);
    await post(webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(80)), 'PICKED UP')]));
    const stock = await unitsLeft(database.db, tee.id, 'M');
    const res = await post(
      webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(2)), 'RTO DELIVERED', 'Returned to shipper')]),
    );
    expect(res.status).toBe(200);
    expect((await parcelRow(parcel.id)).state).toBe('returned_to_origin');
    // Answered before Razorpay is asked: the refund is the job's, sent with the scan.
    expect((await orderRow(order.id)).status).toBe('shipped');
    const refundDeps = {
      db: database.db,
      razorpay: store.payments.deps.razorpay,
      logger: store.payments.deps.logger,
      orderEmails: store.orderEmails,
      invoices: store.config.invoices,
      storeCredit: store.config.storeCredit,
    };
    expect(
      await workQueuedJobs(database, 'courier-undelivered-refund', (job) => runUndeliveredRefundJob(refundDeps, job)),
    ).toMatchObject([{ outcome: 'completed' }]);
    // A prepaid order is returned to origin too, and refunded in full.
    expect((await orderRow(order.id)).status).toBe('returned_to_origin');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(stock + 1);
    expect(await refundOf(database.db, order.paymentId)).toMatchObject({
      amountPaise: 99_900,
      reason: 'Parcel returned to origin undelivered',
      razorpayRefundId: expect.stringMatching(/^rfnd_/),
    });
    expect((await emailsOf(order.id)).map((job) => job.data).at(-1)).toEqual({
      kind: 'order-status',
      orderId: order.id,
      status: 'returned_to_origin',
      refundedPaise: 99_900,
      cause: 'undelivered',
    });
  });
});

describe('a reverse parcel', () => {
  it('picked up from the shopper: moves the approved return request to picked up, the store as who did', async () => {
    const order = await createOrder(database.db, { status: 'delivered', itemsJson: lines(2) });
    const request = await createReturnRequest(database.db, {
      orderId: order.id,
      productId: tee.id,
      reason: 'wrong_size',
      status: 'approved',
    });
    const parcel = await createCourierParcel(database.db, order.id, {
      direction: 'reverse',
      returnRequestId: request.id,
      reference: `return-${randomUUID()}`,
    });
    const pickedAt = hoursAgo(3);
    expect(
      (await post(webhookBody(parcel.awb, [scan(indiaDateTime(pickedAt), 'PICKED UP')], { is_return: 1 }))).status,
    ).toBe(200);
    const [moved] = await database.db.select().from(returnRequests).where(eq(returnRequests.id, request.id));
    expect(moved).toMatchObject({ status: 'picked_up', pickedUpAt: pickedAt, restocked: false });
    expect((await orderRow(order.id)).status).toBe('delivered');
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, request.id), eq(auditLog.action, 'return.status')));
    expect(entries).toMatchObject([{ actorEmail: 'the store (automatic)' }]);
  });
});
