// 'Ready to ship' at the same moment, on the PostgreSQL server only (PGlite runs one statement at a
// time and would hide a race): staff pressing it together for one order book one parcel; choices
// that overlap in any order book each order once, and never wait on each other in a circle; the
// retry job arriving while the press waits for the provider leaves the parcel alone.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { courierDeps, FakeCourier } from '../../../tests/support/fake-courier.ts';
import { createAdminActor, createOrder } from '../../../tests/support/factories.ts';
import { useJobQueue } from '../../../tests/support/jobs.ts';
import { orderNumber } from '../../common/orders.ts';
import { courierShipments } from '../db/schema.ts';
import type { Actor } from '../shared/audit.ts';
import type { ShipmentRequest } from '../shipping/provider.ts';
import { bookShipments, continueBooking } from './booking.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
let staff: Actor[];

beforeAll(async () => {
  staff = await Promise.all(
    [1, 2, 3, 4, 5].map((n) => createAdminActor(database.db, `packer-${n}-${Date.now()}@example.test`)),
  );
});

const parcelsOf = (orderIds: string[]) =>
  database.db.select().from(courierShipments).where(inArray(courierShipments.orderId, orderIds));

describe('at the same moment', () => {
  it("5 staff pressing 'Ready to ship' for one order book one parcel", async () => {
    const order = await createOrder(database.db);
    const fake = new FakeCourier();
    const deps = courierDeps(database.db, jobs, fake);
    const results = await Promise.all(staff.map((actor) => bookShipments(deps, [order.id], actor)));

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ ok: false, kind: 'conflict' });
      expect(refused.ok || refused.message).toMatch(
        new RegExp(`^Order #${orderNumber(order.id)} is already booked with the courier \\(`),
      );
    }
    expect(await parcelsOf([order.id])).toMatchObject([{ state: 'labelled' }]);
    expect(fake.parcels).toHaveLength(1);
    expect(fake.callsOf('createShipment')).toBe(1);
  });

  it('choices overlapping in any order book each order once', async () => {
    const chosen = await Promise.all([1, 2, 3].map(() => createOrder(database.db)));
    const ids = chosen.map((order) => order.id);
    const fake = new FakeCourier();
    const deps = courierDeps(database.db, jobs, fake);
    const results = await Promise.all([
      bookShipments(deps, ids, staff[0]!),
      bookShipments(deps, [...ids].reverse(), staff[1]!),
      bookShipments(deps, [ids[1]!, ids[2]!], staff[2]!),
    ]);

    const booked = results.flatMap((result) => (result.ok ? result.parcels.map((parcel) => parcel.orderId) : []));
    expect(booked.sort()).toEqual([...ids].sort());
    const refusals = results.flatMap((result) =>
      result.ok ? result.refused : result.message.split(/(?<=\.) (?=Order #)/),
    );
    expect(refusals).toHaveLength(8 - 3);
    for (const refusal of refusals) expect(refusal).toMatch(/^Order #[0-9A-F]{8} is already booked with the courier/);
    expect(await parcelsOf(ids)).toHaveLength(3);
    expect(fake.parcels.map((parcel) => parcel.reference).sort()).toEqual(ids.map(orderNumber).sort());
  });

  it('a retry job arriving while the press waits for the provider leaves the parcel alone', async () => {
    const order = await createOrder(database.db);
    const fake = new FakeCourier();
    const deps = courierDeps(database.db, jobs, fake);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (asked = resolve));
    const create = fake.createShipment.bind(fake);
    fake.createShipment = async (request: ShipmentRequest) => {
      asked();
      await gate;
      return create(request);
    };

    const pressing = bookShipments(deps, [order.id], staff[0]!);
    await waiting;
    const [parcel] = await parcelsOf([order.id]);
    expect(parcel).toMatchObject({ state: 'creating' });
    await expect(continueBooking(deps, parcel!.id)).rejects.toThrow(
      `The parcel ${orderNumber(order.id)} is being booked elsewhere.`,
    );
    release();
    expect(await pressing).toMatchObject({ ok: true, parcels: [{ state: 'labelled' }] });
    expect(fake.callsOf('findShipment')).toBe(0);
    expect(fake.parcels).toHaveLength(1);
    expect(
      await database.db.select().from(courierShipments).where(eq(courierShipments.orderId, order.id)),
    ).toHaveLength(1);
  });
});
