// Races of the courier's tracking, on the PostgreSQL server only (CI sets TEST_DATABASE_URL):
// Shiprocket delivering the same event several times at once keeps one scan and makes one move
// (one parcel shipped, one email, one audit entry), and one failed attempt is asked about once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createCourierParcel, hoursAgo, scan, webhookBody } from '../../../tests/support/courier.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder } from '../../../tests/support/factories.ts';
import { jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { auditLog, deliveryFailures, orders, shipments, trackingEvents } from '../db/schema.ts';
import { handleShiprocketWebhook } from './webhook.ts';
import { indiaDateTime } from '../shipping/shiprocket-sandbox-model.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const TOKEN = 'race-webhook-token-0123456789';

const deps = () => ({ ...orderMoveDeps(database.db, jobs), jobs, webhookToken: TOKEN });
const deliverAtOnce = (body: unknown, times: number) =>
  Promise.all(Array.from({ length: times }, () => handleShiprocketWebhook(deps(), JSON.stringify(body), TOKEN)));
const mailsOf = async (orderId: string) =>
  (await jobRows(database, 'send-mail')).filter((job) => (job.data as { orderId: string }).orderId === orderId);

describe('the same tracking event delivered at once', () => {
  it('keeps one scan and ships the order once', async () => {
    const order = await createOrder(database.db, { status: 'processing', packedAt: hoursAgo(30) });
    const parcel = await createCourierParcel(database.db, order.id);
    const outcomes = await deliverAtOnce(webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(3)), 'PICKED UP')]), 6);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);

    expect(
      await database.db.select().from(trackingEvents).where(eq(trackingEvents.courierShipmentId, parcel.id)),
    ).toHaveLength(1);
    expect(await database.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toHaveLength(1);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('shipped');
    expect(await mailsOf(order.id)).toHaveLength(1);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).toHaveLength(1);
  });

  it('records one failed attempt and emails the shopper once', async () => {
    const order = await createOrder(database.db, { status: 'shipped' });
    const parcel = await createCourierParcel(database.db, order.id, { state: 'out_for_delivery' });
    const body = webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(1)), 'UNDELIVERED', 'Consignee unavailable')]);
    await deliverAtOnce(body, 6);
    expect(
      await database.db.select().from(deliveryFailures).where(eq(deliveryFailures.courierShipmentId, parcel.id)),
    ).toHaveLength(1);
    expect((await mailsOf(order.id)).map((job) => (job.data as { kind: string }).kind)).toEqual(['delivery-failed']);
  });
});
