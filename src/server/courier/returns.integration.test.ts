// The courier's reverse pickup of an approved return or exchange, against an in-memory courier
// provider: approving sends its job in the approving transaction (only when the store ships
// through a courier), and the job books the pickup once, from the shopper's address; a call that
// timed out is looked up, not repeated; a request rejected before the job ran gets no pickup.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createReturnRequest, recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import { courierDeps, FakeCourier } from '../../../tests/support/fake-courier.ts';
import { createAdminActor, createOrder, createProduct } from '../../../tests/support/factories.ts';
import { jobRows, makeJobsDue, useJobQueue, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { returnDeps } from '../../../tests/support/order-moves.ts';
import { orderNumber } from '../../common/orders.ts';
import { courierShipments, returnRequests, type Product } from '../db/schema.ts';
import { moveReturnRequest } from '../orders/returns.ts';
import type { Actor } from '../shared/audit.ts';
import { BOOKING_LEASE_MS, type CourierDeps } from './parcels.ts';
import { bookReturnPickup, returnReference, reversePickupQueue, runReturnPickupJob } from './returns.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
let staff: Actor;
let tee: Product;
let fake: FakeCourier;
let time: number;
let deps: CourierDeps;

beforeAll(async () => {
  staff = await createAdminActor(database.db, `returns-staff-${Date.now()}@example.test`);
  tee = await createProduct(database.db, { name: 'Pickup Tee', category: 'oversized' });
});

beforeEach(() => {
  fake = new FakeCourier();
  time = Date.now();
  deps = courierDeps(database.db, jobs, fake, () => new Date(time));
});

/** The return services, booking reverse pickups through the courier unless `courier` is false. */
const returnServices = (courier = true) =>
  returnDeps(database.db, jobs, courier ? { reversePickups: reversePickupQueue(jobs) } : {});

/** A delivered order of two M tees and its shopper's request to return one. */
async function requestedReturn() {
  const order = await createOrder(database.db, {
    status: 'delivered',
    itemsJson: [{ productId: tee.id, name: tee.name, size: 'M', quantity: 2, pricePaise: 99_900 }],
  });
  await recordDeliveredParcel(database.db, order.id);
  const request = await createReturnRequest(database.db, {
    orderId: order.id,
    productId: tee.id,
    reason: 'wrong_size',
  });
  return { order, request };
}

const pickupsOf = (returnRequestId: string) =>
  database.db.select().from(courierShipments).where(eq(courierShipments.returnRequestId, returnRequestId));

async function runPickupJobs(returnRequestId: string) {
  await makeJobsDue(database, 'courier-return-pickup', { returnRequestId });
  return workQueuedJobs(database, 'courier-return-pickup', (job) => runReturnPickupJob(deps, job));
}

describe('a reverse pickup', () => {
  it('is booked once when staff approve the return, from the shopper back to the warehouse', async () => {
    const { order, request } = await requestedReturn();
    expect(await moveReturnRequest(returnServices(), staff, request.id, 'approved')).toMatchObject({ ok: true });
    expect(
      (await jobRows(database, 'courier-return-pickup')).filter(
        (job) => (job.data as { returnRequestId: string }).returnRequestId === request.id,
      ),
    ).toHaveLength(1);

    expect(await runPickupJobs(request.id)).toEqual([{ data: { returnRequestId: request.id }, outcome: 'completed' }]);
    const reference = `${orderNumber(order.id)}-R${request.id.slice(0, 6).toUpperCase()}`;
    expect(returnReference(order.id, request.id)).toBe(reference);
    expect(fake.parcels).toHaveLength(1);
    expect(fake.parcels[0]).toMatchObject({
      reference,
      direction: 'reverse',
      pickupOn: '2026-11-30',
      request: {
        customer: { name: 'Riya Kapoor', phone: '9876543210' },
        address: { line1: 'Flat 4B', city: 'Bengaluru', pincode: '560001' },
        items: [{ name: 'Pickup Tee', sku: `${tee.id}-M`, units: 1, unitPricePaise: 99_900, hsn: '6109' }],
        codPaise: 0,
        subtotalPaise: 99_900,
      },
    });
    expect(await pickupsOf(request.id)).toMatchObject([
      {
        orderId: order.id,
        direction: 'reverse',
        reference,
        state: 'pickup_scheduled',
        awb: fake.parcels[0]!.awb,
        courier: 'Delhivery Surface',
        pickupOn: '2026-11-30',
        batchId: null,
        lastError: null,
      },
    ]);
    // The request waits for the courier's tracking to say it was picked up.
    const [approved] = await database.db.select().from(returnRequests).where(eq(returnRequests.id, request.id));
    expect(approved!.status).toBe('approved');

    // Run again (a job handed back, or sent twice): nothing more is booked.
    time += BOOKING_LEASE_MS + 1000;
    await bookReturnPickup(deps, request.id);
    expect(fake.parcels).toHaveLength(1);
    expect(await pickupsOf(request.id)).toHaveLength(1);
  });

  it('times out after the provider made it: the retry adopts it', async () => {
    const { request } = await requestedReturn();
    await moveReturnRequest(returnServices(), staff, request.id, 'approved');
    fake.failNext('createReturn', 'timeout-after');
    expect(await runPickupJobs(request.id)).toMatchObject([{ outcome: 'failed' }]);
    expect(await pickupsOf(request.id)).toMatchObject([
      {
        state: 'creating',
        failedAttempts: 1,
        lastError: 'Shiprocket did not answer: The operation was aborted due to timeout',
      },
    ]);

    time += BOOKING_LEASE_MS + 1000;
    expect(await runPickupJobs(request.id)).toMatchObject([{ outcome: 'completed' }]);
    expect(fake.callsOf('createReturn')).toBe(1);
    expect(fake.parcels).toHaveLength(1);
    expect(await pickupsOf(request.id)).toMatchObject([{ state: 'pickup_scheduled', lastError: null }]);
  });

  it('is booked again under a reference of its own after the courier cancelled the first', async () => {
    const { order, request } = await requestedReturn();
    await moveReturnRequest(returnServices(), staff, request.id, 'approved');
    await runPickupJobs(request.id);
    await database.db
      .update(courierShipments)
      .set({ state: 'cancelled' })
      .where(eq(courierShipments.returnRequestId, request.id));

    time += BOOKING_LEASE_MS + 1000;
    await bookReturnPickup(deps, request.id);
    const reference = returnReference(order.id, request.id);
    expect(fake.parcels.map((parcel) => parcel.reference)).toEqual([reference, `${reference}-2`]);
    expect((await pickupsOf(request.id)).map((parcel) => [parcel.reference, parcel.state]).sort()).toEqual([
      [reference, 'cancelled'],
      [`${reference}-2`, 'pickup_scheduled'],
    ]);
  });

  it('is not booked for a request rejected before its job ran', async () => {
    const { request } = await requestedReturn();
    await moveReturnRequest(returnServices(), staff, request.id, 'approved');
    await database.db.update(returnRequests).set({ status: 'rejected' }).where(eq(returnRequests.id, request.id));
    expect(await runPickupJobs(request.id)).toMatchObject([{ outcome: 'completed' }]);
    expect(fake.calls).toEqual([]);
    expect(await pickupsOf(request.id)).toEqual([]);
  });

  it('is left to staff in a store without a courier: no job, and the pickup is marked by hand', async () => {
    const { request } = await requestedReturn();
    const before = (await jobRows(database, 'courier-return-pickup')).length;
    expect(await moveReturnRequest(returnServices(false), staff, request.id, 'approved')).toMatchObject({ ok: true });
    expect(await jobRows(database, 'courier-return-pickup')).toHaveLength(before);
    expect(await moveReturnRequest(returnServices(false), staff, request.id, 'picked_up')).toMatchObject({
      ok: true,
      request: { status: 'picked_up' },
    });
    expect(await pickupsOf(request.id)).toEqual([]);
  });
});
