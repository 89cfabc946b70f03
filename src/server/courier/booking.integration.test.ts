// From a paid order to a booked parcel, against an in-memory courier provider (tests/support/
// fake-courier.ts): staff's 'Ready to ship' books the orders that may ship and refuses the rest by
// number; each step's state is recorded before and after its call; a call that timed out after the
// provider acted is looked up and adopted, never repeated; a provider that is down leaves the order
// ready to ship with the reason, and the retry job finishes it once the provider is back.
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { courierDeps, FakeCourier } from '../../../tests/support/fake-courier.ts';
import { createAdminActor, createCodOrder, createOrder, createProduct } from '../../../tests/support/factories.ts';
import { jobRows, makeJobsDue, useJobQueue, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { orderNumber } from '../../common/orders.ts';
import { auditLog, courierShipments, orders, refunds, shipments, shippingBatches, type Order } from '../db/schema.ts';
import { CANCEL_MESSAGES, cancelOrder, changeOrderStatus } from '../orders/status.ts';
import type { Actor } from '../shared/audit.ts';
import type { CourierProvider } from '../shipping/provider.ts';
import { BOOKING_MESSAGES, bookShipments, cancelBooking, continueBooking, runBookingJob } from './booking.ts';
import { ask, BOOKING_LEASE_MS, takeOver, type CourierDeps } from './parcels.ts';
import { batchPdf } from './views.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
let fake: FakeCourier;
let time: number;
let deps: CourierDeps;
let staff: Actor;

beforeEach(async () => {
  fake = new FakeCourier();
  time = Date.now();
  deps = courierDeps(database.db, jobs, fake, () => new Date(time));
  staff ??= await createAdminActor(database.db, `staff-${crypto.randomUUID()}@example.test`);
});

/** Time passes beyond the lease of whoever last wrote a parcel. */
const afterTheLease = () => {
  time += BOOKING_LEASE_MS + 1000;
};

const parcelsOf = (orderId: string) =>
  database.db.select().from(courierShipments).where(eq(courierShipments.orderId, orderId));
const orderOf = async (orderId: string) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

/** The booking jobs of these orders' parcels, made due now and worked as the store's worker works them. */
async function runBookingJobs(...orderIds: string[]) {
  for (const orderId of orderIds) {
    for (const parcel of await parcelsOf(orderId)) {
      await makeJobsDue(database, 'courier-booking', { shipmentId: parcel.id });
    }
  }
  return workQueuedJobs(database, 'courier-booking', (job) => runBookingJob(deps, job));
}

/** The text of each page of a PDF. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)));
  return text;
}

/**
 * The provider, watched: before each call, the state the parcel of `reference` has in the
 * database (what a crash at that moment would leave).
 */
function watched(provider: FakeCourier, reference: () => string, seen: string[]): CourierProvider {
  return new Proxy(provider, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const [row] = await database.db
          .select()
          .from(courierShipments)
          .where(eq(courierShipments.reference, reference()));
        seen.push(`${String(key)}: ${row?.state ?? 'none'}${row?.awb ? ' with its AWB' : ''}`);
        return (value as (...given: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('Ready to ship', () => {
  it('books a paid order: created, AWB, pickup, then labels and manifest, each state recorded around its call', async () => {
    const order = await createOrder(database.db);
    const number = orderNumber(order.id);
    const seen: string[] = [];
    const result = await bookShipments({ ...deps, provider: watched(fake, () => number, seen) }, [order.id], staff);

    expect(seen).toEqual([
      'createShipment: creating',
      'assignAwb: created',
      'schedulePickup: created with its AWB',
      'labels: pickup_scheduled with its AWB',
      'manifest: pickup_scheduled with its AWB',
    ]);
    const [atProvider] = fake.parcels;
    expect(fake.parcels).toHaveLength(1);
    expect(atProvider).toMatchObject({ reference: number, direction: 'forward', pickupOn: '2026-11-30' });
    expect(atProvider!.request).toMatchObject({
      reference: number,
      customer: { name: 'Riya Kapoor', email: order.email, phone: '9876543210' },
      address: { line1: 'Flat 4B', line2: 'MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
      codPaise: 0,
      subtotalPaise: order.totalPaise,
      parcel: { weightKg: 0.5, lengthCm: 30, breadthCm: 25, heightCm: 4 },
    });

    const [parcel] = await parcelsOf(order.id);
    expect(parcel).toMatchObject({
      direction: 'forward',
      provider: 'Shiprocket',
      reference: number,
      state: 'labelled',
      providerOrderId: atProvider!.providerOrderId,
      providerShipmentId: atProvider!.providerShipmentId,
      courier: 'Delhivery Surface',
      awb: atProvider!.awb,
      pickupOn: '2026-11-30',
      lastError: null,
      failedAttempts: 0,
    });
    expect(result).toEqual({
      ok: true,
      batchId: parcel!.batchId,
      printed: true,
      refused: [],
      parcels: [
        {
          orderId: order.id,
          number,
          state: 'labelled',
          courier: 'Delhivery Surface',
          awb: atProvider!.awb,
          pickupOn: '2026-11-30',
          lastError: null,
        },
      ],
    });
    // Packed, not shipped: shipped comes from the courier's tracking.
    const packed = await orderOf(order.id);
    expect(packed.status).toBe('processing');
    expect(packed.packedAt).not.toBeNull();
    expect(await database.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
    const [batch] = await database.db.select().from(shippingBatches).where(eq(shippingBatches.id, parcel!.batchId!));
    expect(batch!.createdBy).toBe(staff.id);

    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entry).toMatchObject({
      actorEmail: staff.email,
      action: 'order.ready_to_ship',
      summary: `Order #${number} ready to ship with Shiprocket (parcel ${number}): pending → processing`,
      before: { status: 'pending' },
      after: { status: 'processing', parcel: number, batchId: parcel!.batchId },
    });
    const mails = (await jobRows(database, 'send-mail')).map((job) => job.data);
    expect(mails).toContainEqual({ kind: 'order-status', orderId: order.id, status: 'processing' });

    // Its retry job, sent with the parcel, finds nothing left to do.
    expect((await jobRows(database, 'courier-booking')).map((job) => job.data)).toContainEqual({
      shipmentId: parcel!.id,
    });
    afterTheLease();
    const calls = fake.calls.length;
    expect(await runBookingJobs(order.id)).toEqual([{ data: { shipmentId: parcel!.id }, outcome: 'completed' }]);
    expect(fake.calls).toHaveLength(calls);
  });

  it('prints one PDF for the run: every label, then the manifest', async () => {
    const product = await createProduct(database.db, { category: 'oversized' });
    const line = { productId: product.id, name: product.name, size: 'M', quantity: 1, pricePaise: 99_900 };
    const online = await createOrder(database.db, { itemsJson: [line] });
    const { order: cod } = await createCodOrder(database.db, {
      itemsJson: [line],
      status: 'pending',
      codConfirmedAt: new Date(),
    });
    const credit = await createOrder(database.db, {
      itemsJson: [line],
      paymentMethod: 'store_credit',
      paymentId: null,
      creditPaise: 99_900,
      status: 'processing',
      packedAt: new Date('2026-11-01T10:00:00Z'),
    });

    const result = await bookShipments(deps, [online.id, cod.id, credit.id], staff);
    expect(result).toMatchObject({ ok: true, printed: true, refused: [] });
    if (!result.ok) return;
    expect(result.parcels.map((parcel) => parcel.state)).toEqual(Array(3).fill('labelled'));
    // The cash to collect at the door goes to the courier; prepaid parcels collect nothing.
    const codPaise = Object.fromEntries(fake.parcels.map((parcel) => [parcel.reference, parcel.request.codPaise]));
    expect(codPaise).toEqual({
      [orderNumber(online.id)]: 0,
      [orderNumber(cod.id)]: cod.totalPaise,
      [orderNumber(credit.id)]: 0,
    });
    expect(fake.parcels[0]!.request.items).toEqual([
      { name: product.name, sku: `${product.id}-M`, units: 1, unitPricePaise: 99_900, hsn: '6109' },
    ]);
    // An order already being packed stays as it was.
    expect(await orderOf(credit.id)).toMatchObject({ status: 'processing', packedAt: credit.packedAt });
    expect((await orderOf(cod.id)).status).toBe('processing');

    const pdf = await batchPdf(database.db, result.batchId);
    const pages = await pagesOf(pdf!);
    expect(pages).toHaveLength(4);
    const labels = pages.slice(0, 3);
    for (const parcel of fake.parcels) {
      expect(
        labels.filter((page) => page.includes(`AWB ${parcel.awb}`) && page.includes(`Order ${parcel.reference}`)),
      ).toHaveLength(1);
    }
    expect(labels.filter((page) => page.includes(`COD Rs. ${(cod.totalPaise / 100).toFixed(2)}`))).toHaveLength(1);
    expect(pages[3]).toContain('Pickup manifest');
    for (const parcel of fake.parcels) expect(pages[3]).toContain(`${parcel.awb} ${parcel.reference}`);
    // One label file and one manifest for the run; a pickup asked parcel by parcel, as Shiprocket takes them.
    expect(fake.callsOf('labels')).toBe(1);
    expect(fake.callsOf('manifest')).toBe(1);
    expect(fake.callsOf('schedulePickup')).toBe(3);
  });

  describe('refuses, by number and writing nothing,', () => {
    async function expectRefused(order: Order, message: string) {
      const audits = (await database.db.select().from(auditLog)).length;
      const batches = (await database.db.select().from(shippingBatches)).length;
      const queued = (await jobRows(database, 'courier-booking')).length;
      const parcels = await parcelsOf(order.id);
      expect(await bookShipments(deps, [order.id], staff)).toEqual({ ok: false, kind: 'conflict', message });
      expect(await parcelsOf(order.id)).toEqual(parcels);
      expect((await orderOf(order.id)).status).toBe(order.status);
      expect(await database.db.select().from(auditLog)).toHaveLength(audits);
      expect(await database.db.select().from(shippingBatches)).toHaveLength(batches);
      expect(await jobRows(database, 'courier-booking')).toHaveLength(queued);
      expect(fake.calls).toEqual([]);
    }

    it('an order whose payment is being refunded', async () => {
      const order = await createOrder(database.db);
      await database.db.insert(refunds).values({
        orderId: order.id,
        paymentId: order.paymentId,
        amountPaise: order.totalPaise,
        reason: 'Order marked failed by the store',
      });
      await expectRefused(
        order,
        `Order #${orderNumber(order.id)} is not paid: a refund of its payment was started, so it cannot ship.`,
      );
    });

    it('a cash on delivery order not confirmed yet', async () => {
      const { order } = await createCodOrder(database.db);
      await expectRefused(
        order,
        `Order #${orderNumber(order.id)} is cash on delivery and not confirmed yet: confirm it with the customer before shipping.`,
      );
    });

    it('a failed or cancelled order', async () => {
      const failed = await createOrder(database.db, { status: 'failed' });
      await expectRefused(failed, `Order #${orderNumber(failed.id)} failed: it cannot ship.`);
      const cancelled = await createOrder(database.db, { status: 'cancelled' });
      await expectRefused(cancelled, `Order #${orderNumber(cancelled.id)} was cancelled: it cannot ship.`);
    });

    it('an order already shipped', async () => {
      const order = await createOrder(database.db, { status: 'shipped' });
      await expectRefused(order, `Order #${orderNumber(order.id)} has already shipped.`);
    });

    it('an order already booked, and books the others chosen with it', async () => {
      const booked = await createOrder(database.db);
      expect(await bookShipments(deps, [booked.id], staff)).toMatchObject({ ok: true });
      fake = new FakeCourier();
      deps = { ...deps, provider: fake };
      await expectRefused(
        await orderOf(booked.id),
        `Order #${orderNumber(booked.id)} is already booked with the courier (Label printed).`,
      );

      const other = await createOrder(database.db);
      const unknown = crypto.randomUUID();
      const both = await bookShipments(deps, [booked.id, other.id, unknown], staff);
      expect(both).toMatchObject({
        ok: true,
        parcels: [{ orderId: other.id, state: 'labelled' }],
      });
      expect(both.ok && [...both.refused].sort()).toEqual(
        [
          BOOKING_MESSAGES.booked(orderNumber(booked.id), 'labelled'),
          BOOKING_MESSAGES.notFound(orderNumber(unknown)),
        ].sort(),
      );
      expect(await parcelsOf(booked.id)).toHaveLength(1);
      expect(fake.parcels.map((parcel) => parcel.reference)).toEqual([orderNumber(other.id)]);
    });

    it('a choice that names no order', async () => {
      expect(await bookShipments(deps, [], staff)).toEqual({
        ok: false,
        kind: 'invalid',
        message: 'Choose the orders to ship.',
      });
      expect(await bookShipments(deps, ['not-an-order'], staff)).toMatchObject({
        message: 'Choose the orders to ship.',
      });
      expect(fake.calls).toEqual([]);
    });
  });
});

describe('a provider that fails', () => {
  it('times out after creating the parcel: the retry finds it by reference and adopts it, one parcel and one row', async () => {
    const order = await createOrder(database.db);
    const number = orderNumber(order.id);
    fake.failNext('createShipment', 'timeout-after');

    const result = await bookShipments(deps, [order.id], staff);
    expect(result).toMatchObject({
      ok: true,
      printed: false,
      parcels: [
        {
          state: 'creating',
          awb: null,
          lastError: 'Shiprocket did not answer: The operation was aborted due to timeout',
        },
      ],
    });
    expect(fake.parcelsOf(number)).toHaveLength(1);
    // Ready to ship, with the reason, until the retry.
    expect((await orderOf(order.id)).status).toBe('processing');
    const [waiting] = await parcelsOf(order.id);
    expect(waiting).toMatchObject({ state: 'creating', providerShipmentId: null, failedAttempts: 1 });

    afterTheLease();
    expect(await runBookingJobs(order.id)).toMatchObject([{ outcome: 'completed' }]);
    expect(fake.callsOf('findShipment')).toBe(1);
    expect(fake.callsOf('createShipment')).toBe(1);
    expect(fake.parcelsOf(number)).toHaveLength(1);
    const rows = await parcelsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      state: 'labelled',
      providerShipmentId: fake.parcels[0]!.providerShipmentId,
      awb: fake.parcels[0]!.awb,
      lastError: null,
      failedAttempts: 1,
      // Its run had no PDF yet, and it is the run's only parcel: the PDF is the run's.
      batchId: waiting!.batchId,
    });
    const pages = await pagesOf((await batchPdf(database.db, waiting!.batchId!))!);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`AWB ${fake.parcels[0]!.awb}`);
  });

  it('times out after assigning the AWB: the retry adopts the AWB rather than asking for another', async () => {
    const order = await createOrder(database.db);
    fake.failNext('assignAwb', 'timeout-after');
    expect(await bookShipments(deps, [order.id], staff)).toMatchObject({
      parcels: [{ state: 'created', awb: null }],
    });
    afterTheLease();
    expect(await runBookingJobs(order.id)).toMatchObject([{ outcome: 'completed' }]);
    expect(fake.callsOf('assignAwb')).toBe(1);
    expect(await parcelsOf(order.id)).toMatchObject([{ state: 'labelled', awb: fake.parcels[0]!.awb }]);
  });

  it('is down: the order stays ready to ship with the reason, the job retries, and finishes once it is back', async () => {
    const order = await createOrder(database.db);
    fake.down = true;
    expect(await bookShipments(deps, [order.id], staff)).toMatchObject({
      ok: true,
      printed: false,
      parcels: [{ state: 'creating', lastError: 'Shiprocket did not answer: connect ECONNREFUSED 127.0.0.1:443' }],
    });
    expect((await orderOf(order.id)).status).toBe('processing');

    // While the press's lease lasts, a job leaves the parcel alone.
    const held = fake.calls.length;
    await expect(continueBooking(deps, (await parcelsOf(order.id))[0]!.id)).rejects.toThrow(
      `The parcel ${orderNumber(order.id)} is being booked elsewhere.`,
    );
    expect(fake.calls).toHaveLength(held);

    // Still down: the attempt fails, is recorded, and waits for its retry.
    afterTheLease();
    expect(await runBookingJobs(order.id)).toMatchObject([{ outcome: 'failed' }]);
    expect(await parcelsOf(order.id)).toMatchObject([{ state: 'creating', failedAttempts: 2 }]);
    expect(await jobRows(database, 'courier-booking')).toContainEqual(
      expect.objectContaining({ state: 'retry', retry_limit: 8 }),
    );

    fake.down = false;
    afterTheLease();
    expect(await runBookingJobs(order.id)).toMatchObject([{ outcome: 'completed' }]);
    expect(fake.parcels).toHaveLength(1);
    expect(fake.parcels[0]).toMatchObject({ pickupOn: '2026-11-30' });
    expect(fake.callsOf('labels')).toBe(1);
    expect(fake.callsOf('schedulePickup')).toBe(1);
    expect(await parcelsOf(order.id)).toMatchObject([
      { state: 'labelled', lastError: null, failedAttempts: 2, awb: fake.parcels[0]!.awb },
    ]);
    // Nothing is left to send.
    afterTheLease();
    expect(await runBookingJobs(order.id)).toEqual([]);
  });

  it('refuses the pickup: nothing is printed yet, and the retry books the pickup, then prints', async () => {
    const order = await createOrder(database.db);
    fake.failNext('schedulePickup', { refuse: 'Insufficient balance in your wallet' });
    expect(await bookShipments(deps, [order.id], staff)).toMatchObject({
      printed: false,
      parcels: [{ state: 'created', lastError: 'Shiprocket refused: Insufficient balance in your wallet' }],
    });
    expect(fake.callsOf('labels')).toBe(0);
    afterTheLease();
    expect(await runBookingJobs(order.id)).toMatchObject([{ outcome: 'completed' }]);
    expect(fake.callsOf('createShipment')).toBe(1);
    expect(fake.callsOf('assignAwb')).toBe(1);
    expect(fake.callsOf('labels')).toBe(1);
    expect(await parcelsOf(order.id)).toMatchObject([{ state: 'labelled', lastError: null }]);
  });

  it('cancels the parcel of an order cancelled before the retry, at the provider too', async () => {
    const order = await createOrder(database.db);
    fake.failNext('createShipment', 'timeout-after');
    await bookShipments(deps, [order.id], staff);
    await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));

    afterTheLease();
    expect(await runBookingJobs(order.id)).toMatchObject([{ outcome: 'completed' }]);
    expect(await parcelsOf(order.id)).toMatchObject([{ state: 'cancelled' }]);
    expect(fake.parcels).toMatchObject([{ cancelled: true }]);
    expect(fake.callsOf('assignAwb')).toBe(0);
  });

  it('prints the rest of a run in a PDF of their own once the first went without them', async () => {
    const first = await createOrder(database.db);
    const second = await createOrder(database.db);
    // The second order's parcel is made first (the run goes by order id): fail whichever is asked second.
    const [, later] = [first, second].sort((a, b) => a.id.localeCompare(b.id));
    const original = fake.createShipment.bind(fake);
    let asked = 0;
    fake.createShipment = (request) => {
      asked += 1;
      return asked === 2 ? Promise.reject(new Error('socket hang up')) : original(request);
    };
    const result = await bookShipments(deps, [first.id, second.id], staff);
    expect(result).toMatchObject({ ok: true, printed: true });
    const [late] = await parcelsOf(later!.id);
    expect(late).toMatchObject({ state: 'creating', lastError: 'Shiprocket did not answer: socket hang up' });

    afterTheLease();
    await runBookingJobs(later!.id);
    const [done] = await parcelsOf(later!.id);
    expect(done).toMatchObject({ state: 'labelled' });
    expect(done!.batchId).not.toBe(late!.batchId);
    const pages = await pagesOf((await batchPdf(database.db, done!.batchId!))!);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Order ${orderNumber(later!.id)}`);
    const [batch] = await database.db.select().from(shippingBatches).where(eq(shippingBatches.id, done!.batchId!));
    expect(batch!.createdBy).toBeNull();
    expect(
      await database.db
        .select()
        .from(courierShipments)
        .where(and(eq(courierShipments.batchId, late!.batchId!), eq(courierShipments.state, 'labelled'))),
    ).toHaveLength(1);
  });
});

describe('an order booked with the courier', () => {
  const moveDeps = () => orderMoveDeps(database.db, jobs);
  const noRecord = async () => undefined;

  it('is no longer cancelled by its shopper nor failed by staff, until the courier cancels the parcel', async () => {
    const order = await createOrder(database.db);
    await bookShipments(deps, [order.id], staff);
    const before = await orderOf(order.id);
    expect(await cancelOrder(moveDeps(), order.userId, order.id, noRecord, 'original')).toEqual({
      ok: false,
      kind: 'conflict',
      message: CANCEL_MESSAGES.booked,
    });
    expect(await changeOrderStatus(moveDeps(), order.id, 'failed', noRecord)).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This order is booked with the courier: cancel its courier booking first.',
    });
    expect(await orderOf(order.id)).toEqual(before);
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);

    // The courier's cancellation (its tracking reports it) frees the order: it may fail now.
    await database.db
      .update(courierShipments)
      .set({ state: 'cancelled' })
      .where(eq(courierShipments.orderId, order.id));
    // Past the booking's refusal, each goes on to ask Razorpay (not reachable in this test).
    expect(await cancelOrder(moveDeps(), order.userId, order.id, noRecord, 'original')).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
    expect(await changeOrderStatus(moveDeps(), order.id, 'failed', noRecord)).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
  });
});

describe('a call for a parcel', () => {
  it('renews its lease first, and is not made once another worker has taken the parcel over', async () => {
    const order = await createOrder(database.db);
    fake.failNext('createShipment', 'timeout-after');
    await bookShipments(deps, [order.id], staff);
    const [held] = await parcelsOf(order.id);

    afterTheLease();
    const renewed = await ask(deps, [held!], 'findShipment', () => fake.findShipment(held!.reference));
    expect(renewed).toMatchObject({ ok: true, held: [{ id: held!.id, updatedAt: new Date(time) }] });

    // Another worker takes it over: the old holder's next call is not made.
    afterTheLease();
    expect(await takeOver(deps, held!.id)).toBeDefined();
    const calls = fake.callsOf('assignAwb');
    expect(await ask(deps, renewed.held, 'assignAwb', () => fake.assignAwb('1'))).toEqual({
      ok: false,
      reason: 'taken over by another worker',
      held: [],
    });
    expect(fake.callsOf('assignAwb')).toBe(calls);
  });
});

describe("staff's cancellation of a booking", () => {
  it('cancels one that keeps failing, once its lease has run out, and frees the order', async () => {
    const order = await createOrder(database.db);
    fake.failNext('createShipment', { refuse: 'Invalid pincode for the delivery address' });
    await bookShipments(deps, [order.id], staff);
    expect(await parcelsOf(order.id)).toMatchObject([{ state: 'creating', lastError: expect.any(String) }]);
    // Its booking may still be running elsewhere: not yet.
    expect(await cancelBooking(deps, order.id, staff)).toEqual({
      ok: false,
      kind: 'conflict',
      message: BOOKING_MESSAGES.busy,
    });

    afterTheLease();
    expect(await cancelBooking(deps, order.id, staff)).toEqual({ ok: true, reference: orderNumber(order.id) });
    expect(await parcelsOf(order.id)).toMatchObject([{ state: 'cancelled' }]);
    expect(fake.callsOf('findShipment')).toBe(1);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entries.map((entry) => entry.action)).toContain('order.courier_cancelled');
    // Free again: booked anew under the next reference.
    afterTheLease();
    expect(await bookShipments(deps, [order.id], staff)).toMatchObject({
      ok: true,
      parcels: [{ state: 'labelled' }],
    });
    expect((await parcelsOf(order.id)).map((parcel) => parcel.reference).sort()).toEqual([
      orderNumber(order.id),
      `${orderNumber(order.id)}-2`,
    ]);
  });

  it('cancels a labelled parcel at the provider, and refuses once the courier has it', async () => {
    const order = await createOrder(database.db);
    await bookShipments(deps, [order.id], staff);
    expect(await cancelBooking(deps, order.id, staff)).toMatchObject({ ok: true });
    expect(fake.parcels).toMatchObject([{ cancelled: true }]);

    const collected = await createOrder(database.db);
    await bookShipments(deps, [collected.id], staff);
    await database.db
      .update(courierShipments)
      .set({ state: 'picked_up' })
      .where(eq(courierShipments.orderId, collected.id));
    expect(await cancelBooking(deps, collected.id, staff)).toEqual({
      ok: false,
      kind: 'conflict',
      message: BOOKING_MESSAGES.withCourier,
    });
    expect(await cancelBooking(deps, 'not-an-order', staff)).toEqual({
      ok: false,
      kind: 'not_found',
      message: BOOKING_MESSAGES.nothingToCancel,
    });
  });
});
