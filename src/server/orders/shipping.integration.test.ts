// Shipping and tracking (ADR 0023) over a real database: what staff must give to ship and to
// mark delivered, refusals that change nothing, the journey a shopper sees, and tracking one order
// by its number and email without signing in.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder, createUser } from '../../../tests/support/factories.ts';
import { jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { orderNumber } from '../../common/orders.ts';
import { orders, shipments } from '../db/schema.ts';
import { indiaDate, SHIPPING_MESSAGES } from './shipping.ts';
import { changeOrderStatus } from './status.ts';
import { orderTimeline } from './timeline.ts';
import { TRACKING_MESSAGES, trackOrder } from './tracking.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const DAY = 24 * 60 * 60_000;

// No move here refunds: Razorpay is never asked.
const move = (orderId: string, to: string, details: Record<string, unknown> = {}, now = new Date()) =>
  changeOrderStatus(orderMoveDeps(database.db, jobs), orderId, to, async () => undefined, details, now);
const parcelsOf = (orderId: string) => database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
const statusOf = async (orderId: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

describe('shipping an order', () => {
  it('needs a courier, an AWB number and, for a courier the store does not know, an https tracking address', async () => {
    const order = await createOrder(database.db, { status: 'processing' });
    const queued = (await jobRows(database, 'send-mail')).length;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ awb: 'DL12345678' }, SHIPPING_MESSAGES.courier],
      [{ courier: 'Pigeon Post', awb: 'DL12345678' }, SHIPPING_MESSAGES.courier],
      [{ courier: 'Delhivery' }, SHIPPING_MESSAGES.awb],
      [{ courier: 'Delhivery', awb: 'ab12' }, SHIPPING_MESSAGES.awb],
      [{ courier: 'Delhivery', awb: 'DL 1234 5678' }, SHIPPING_MESSAGES.awb],
      [{ courier: 'Other', awb: 'XX12345678' }, SHIPPING_MESSAGES.trackingUrl],
      [
        { courier: 'Other', awb: 'XX12345678', trackingUrl: 'http://track.example/XX12345678' },
        SHIPPING_MESSAGES.trackingUrl,
      ],
      [{ courier: 'Delhivery', awb: 'DL12345678', trackingUrl: 'javascript:alert(1)' }, SHIPPING_MESSAGES.trackingUrl],
    ];
    for (const [details, message] of refusals) {
      expect(await move(order.id, 'shipped', details), JSON.stringify(details)).toEqual({
        ok: false,
        kind: 'invalid',
        message,
      });
    }
    expect(await statusOf(order.id)).toBe('processing');
    expect(await parcelsOf(order.id)).toEqual([]);
    expect(await jobRows(database, 'send-mail')).toHaveLength(queued);

    expect(
      await move(order.id, 'shipped', {
        courier: 'Other',
        awb: 'sf-20261125',
        trackingUrl: 'https://track.shadowfax.example/SF-20261125',
      }),
    ).toMatchObject({ ok: true, to: 'shipped' });
    expect(await parcelsOf(order.id)).toMatchObject([
      {
        courier: 'Other',
        awb: 'SF-20261125',
        trackingUrl: 'https://track.shadowfax.example/SF-20261125',
        deliveredAt: null,
      },
    ]);
    expect((await jobRows(database, 'send-mail')).at(-1)!.data).toEqual({
      kind: 'order-status',
      orderId: order.id,
      status: 'shipped',
    });
  });

  it("fills in a known courier's tracking address from its AWB number", async () => {
    const order = await createOrder(database.db, { status: 'processing' });
    expect((await move(order.id, 'shipped', { courier: 'Blue Dart', awb: '  bd123456789 ' })).ok).toBe(true);
    expect(await parcelsOf(order.id)).toMatchObject([
      {
        courier: 'Blue Dart',
        awb: 'BD123456789',
        trackingUrl: 'https://www.bluedart.com/trackdartresultthirdparty?trackFor=0&trackNo=BD123456789',
      },
    ]);
  });
});

describe('marking an order delivered', () => {
  it('needs a date between the day it was shipped and today', async () => {
    const order = await createOrder(database.db, { status: 'processing' });
    const shippedAt = new Date(Date.now() - 3 * DAY);
    expect((await move(order.id, 'shipped', { courier: 'Ekart', awb: 'EK12345678' }, shippedAt)).ok).toBe(true);
    const refusals: Array<[unknown, string]> = [
      [undefined, SHIPPING_MESSAGES.deliveredOn],
      ['25/11/2026', SHIPPING_MESSAGES.deliveredOn],
      ['2026-13-45', SHIPPING_MESSAGES.deliveredOn],
      ['2026-02-30', SHIPPING_MESSAGES.deliveredOn],
      [indiaDate(new Date(Date.now() + 2 * DAY)), SHIPPING_MESSAGES.deliveredInFuture],
      [indiaDate(new Date(shippedAt.getTime() - 2 * DAY)), SHIPPING_MESSAGES.deliveredBeforeShipped],
    ];
    for (const [deliveredOn, message] of refusals) {
      expect(await move(order.id, 'delivered', { deliveredOn }), String(deliveredOn)).toEqual({
        ok: false,
        kind: 'invalid',
        message,
      });
    }
    expect(await statusOf(order.id)).toBe('shipped');
    expect((await parcelsOf(order.id))[0]!.deliveredAt).toBeNull();

    const day = indiaDate(new Date(shippedAt.getTime() + DAY));
    expect(await move(order.id, 'delivered', { deliveredOn: day })).toMatchObject({ ok: true, to: 'delivered' });
    const [parcel] = await parcelsOf(order.id);
    expect(indiaDate(parcel!.deliveredAt!)).toBe(day);
  });

  it('never records a delivery before the parcel left, on the day it was shipped', async () => {
    const order = await createOrder(database.db, { status: 'processing' });
    expect((await move(order.id, 'shipped', { courier: 'Ekart', awb: 'EK87654321' })).ok).toBe(true);
    expect((await move(order.id, 'delivered', { deliveredOn: indiaDate(new Date()) })).ok).toBe(true);
    const [parcel] = await parcelsOf(order.id);
    expect(parcel!.deliveredAt!.getTime()).toBeGreaterThanOrEqual(parcel!.shippedAt.getTime());
  });

  it('shows the journey: placed, then packed, shipped with its link, delivered', async () => {
    const order = await createOrder(database.db);
    const stepsOf = async () => {
      const [current] = await database.db.select().from(orders).where(eq(orders.id, order.id));
      return orderTimeline(current!, await parcelsOf(order.id)).steps;
    };
    expect((await stepsOf()).map((step) => [step.label, step.date !== undefined])).toEqual([
      ['Placed', true],
      ['Packed', false],
      ['Shipped', false],
      ['Delivered', false],
    ]);
    await move(order.id, 'processing');
    await move(order.id, 'shipped', { courier: 'DTDC', awb: 'D12345678' });
    const shipped = await stepsOf();
    expect(shipped.map((step) => [step.label, step.date !== undefined])).toEqual([
      ['Placed', true],
      ['Packed', true],
      ['Shipped', true],
      ['Delivered', false],
    ]);
    expect(shipped[2]!.parcel).toEqual({
      courier: 'DTDC',
      awb: 'D12345678',
      trackingUrl: 'https://www.dtdc.in/trace.asp?strCnno=D12345678',
    });
    await move(order.id, 'delivered', { deliveredOn: indiaDate(new Date()) });
    expect((await stepsOf()).every((step) => step.date !== undefined)).toBe(true);
  });
});

describe('tracking an order without signing in', () => {
  const limit = { max: 5, windowMs: 60 * 60_000 };

  it('gives the journey of the order with that number and email, and nothing else', async () => {
    const customer = await createUser(database.db, { email: 'tracker@example.test' });
    const order = await createOrder(database.db, { userId: customer.id });
    await move(order.id, 'processing');
    const client = { ip: '198.51.100.10' };

    const tracked = await trackOrder(
      { db: database.db, limit },
      { orderNumber: `#${orderNumber(order.id)}`, email: ' Tracker@Example.test ' },
      client,
    );
    expect(tracked).toMatchObject({ ok: true, number: orderNumber(order.id), status: 'Processing' });
    expect(Object.keys(tracked).sort()).toEqual(['number', 'ok', 'status', 'timeline']);
    expect(JSON.stringify(tracked)).not.toContain(order.paymentId);

    for (const input of [
      { orderNumber: orderNumber(order.id), email: 'someone-else@example.test' },
      { orderNumber: 'ABCDEF12', email: 'tracker@example.test' },
    ]) {
      expect(await trackOrder({ db: database.db, limit }, input, client)).toEqual({
        ok: false,
        kind: 'not_found',
        message: TRACKING_MESSAGES.notFound,
      });
    }
    expect(await trackOrder({ db: database.db, limit }, { orderNumber: 'x', email: 'nope' }, client)).toEqual({
      ok: false,
      kind: 'invalid',
      message: TRACKING_MESSAGES.invalid,
    });
  });

  it('counts every lookup against the client, found or not', async () => {
    const client = { ip: '198.51.100.20' };
    for (let i = 0; i < limit.max; i += 1) {
      expect(
        await trackOrder({ db: database.db, limit }, { orderNumber: 'ABCDEF12', email: 'a@example.test' }, client),
      ).toMatchObject({ kind: 'not_found' });
    }
    expect(
      await trackOrder({ db: database.db, limit }, { orderNumber: 'ABCDEF12', email: 'a@example.test' }, client),
    ).toMatchObject({ ok: false, kind: 'too_many_requests' });
    expect(
      await trackOrder(
        { db: database.db, limit },
        { orderNumber: 'ABCDEF12', email: 'a@example.test' },
        { ip: '198.51.100.21' },
      ),
    ).toMatchObject({ kind: 'not_found' });
  });
});
