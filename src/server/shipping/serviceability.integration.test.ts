// What the store promises a pincode with a courier provider (docs/decisions/0053): the courier's
// answer, kept in courier_quotes and used for a day; asked again after; and when the courier
// cannot answer, its last answer however old, or else the zone table, each said in the log.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { fakeCourier } from '../../../tests/support/delivery-zones.ts';
import { logSink } from '../../../tests/support/log-sink.ts';
import { courierQuotes } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { CourierError, type CourierProvider } from './provider.ts';
import { pincodeService } from './serviceability.ts';

const database = useTestDatabase();
const PARCEL = { weightKg: 0.4, lengthCm: 30, breadthCm: 25, heightCm: 4 };
const MONDAY = new Date('2026-11-30T10:00:00+05:30');
const HOUR = 60 * 60 * 1000;
const later = (hours: number) => new Date(MONDAY.getTime() + hours * HOUR);

function service(provider: CourierProvider | undefined, pincode: string, now: Date) {
  const sink = logSink();
  const answer = pincodeService(
    { db: database.db, provider, logger: createLogger('info', sink.stream) },
    pincode,
    PARCEL,
    now,
  );
  return { answer, lines: sink.lines };
}

const quoteOf = async (pincode: string) =>
  (await database.db.select().from(courierQuotes).where(eq(courierQuotes.pincode, pincode)))[0];

describe("the courier's answer for a pincode", () => {
  it('is asked once and kept for a day, then asked again', async () => {
    const courier = fakeCourier({ serviceable: true, cod: false, standardDays: 4, expressDays: 2 });
    expect(await service(courier, '560001', MONDAY).answer).toEqual({
      serviceable: true,
      cod: false,
      standardDays: 4,
      expressDays: 2,
    });
    expect(await quoteOf('560001')).toEqual({
      pincode: '560001',
      serviceable: true,
      cod: false,
      standardDays: 4,
      expressDays: 2,
      fetchedAt: MONDAY,
    });
    // Within the day: from the row, the courier not asked.
    courier.answer = { serviceable: true, cod: true, standardDays: 6, expressDays: null };
    expect(await service(courier, '560001', later(23.9)).answer).toMatchObject({ cod: false, standardDays: 4 });
    expect(courier.asked).toEqual(['560001']);
    // A day on: asked again, and the new answer kept.
    expect(await service(courier, '560001', later(24)).answer).toEqual({
      serviceable: true,
      cod: true,
      standardDays: 6,
      expressDays: null,
    });
    expect(courier.asked).toEqual(['560001', '560001']);
    expect(await quoteOf('560001')).toMatchObject({
      cod: true,
      standardDays: 6,
      expressDays: null,
      fetchedAt: later(24),
    });
  });

  it('keeps a pincode no courier serves as such', async () => {
    const courier = fakeCourier({ serviceable: false });
    expect(await service(courier, '560002', MONDAY).answer).toEqual({ serviceable: false });
    expect(await quoteOf('560002')).toMatchObject({ serviceable: false, cod: false, standardDays: null });
    expect(await service(courier, '560002', later(1)).answer).toEqual({ serviceable: false });
    expect(courier.asked).toEqual(['560002']);
  });

  it('serves its last answer, however old, when the courier cannot answer, and says so in the log', async () => {
    const courier = fakeCourier({ serviceable: true, cod: true, standardDays: 3, expressDays: 1 });
    await service(courier, '400001', MONDAY).answer;
    courier.answer = new Error('Shiprocket did not answer in 8000 ms');
    const stale = service(courier, '400001', later(24 * 10));
    expect(await stale.answer).toEqual({ serviceable: true, cod: true, standardDays: 3, expressDays: 1 });
    expect(courier.asked).toEqual(['400001', '400001']);
    expect(stale.lines.join('')).toContain(
      'shipping: the courier did not answer serviceability; its last answer is used',
    );
    expect(stale.lines.join('')).toContain('Shiprocket did not answer in 8000 ms');
    // The row is left as it was: the next check asks the courier again.
    expect(await quoteOf('400001')).toMatchObject({ fetchedAt: MONDAY });
  });

  it('falls back on the zone table when the courier has never answered for the pincode, and keeps nothing', async () => {
    const courier = fakeCourier(new Error('connect ECONNREFUSED'));
    const fallback = service(courier, '744101', MONDAY);
    // The Andamans in the built-in zones: 12 days, no express, no cash on delivery.
    expect(await fallback.answer).toEqual({ serviceable: true, cod: false, standardDays: 12, expressDays: null });
    expect(fallback.lines.join('')).toContain('the zone table is used');
    expect(await quoteOf('744101')).toBeUndefined();
  });

  it('is left alone for a minute after it failed, the checks meanwhile answered at once', async () => {
    const courier = fakeCourier({ serviceable: true, cod: true, standardDays: 5, expressDays: 3 });
    await service(courier, '302001', MONDAY).answer;
    courier.answer = new Error('Shiprocket did not answer in 10000 ms');
    // A day on, the courier is asked and fails: its last answer serves.
    expect(await service(courier, '302001', later(25)).answer).toMatchObject({ standardDays: 5 });
    // Within the minute: not asked again, for this pincode nor another.
    expect(await service(courier, '302001', new Date(later(25).getTime() + 30_000)).answer).toMatchObject({
      standardDays: 5,
    });
    expect(await service(courier, '110001', new Date(later(25).getTime() + 45_000)).answer).toMatchObject({
      standardDays: 3,
    });
    expect(courier.asked).toEqual(['302001', '302001']);
    // After it, asked again.
    courier.answer = { serviceable: true, cod: true, standardDays: 6, expressDays: 3 };
    expect(await service(courier, '302001', new Date(later(25).getTime() + 61_000)).answer).toMatchObject({
      standardDays: 6,
    });
    expect(courier.asked).toEqual(['302001', '302001', '302001']);
  });

  it('is not left alone after refusing one pincode: the others still ask', async () => {
    const courier = fakeCourier(new CourierError('Delivery postcode is not valid'));
    await service(courier, '999999', MONDAY).answer;
    courier.answer = { serviceable: true, cod: true, standardDays: 4, expressDays: 2 };
    expect(await service(courier, '600001', new Date(MONDAY.getTime() + 1000)).answer).toMatchObject({
      standardDays: 4,
    });
    expect(courier.asked).toEqual(['999999', '600001']);
  });

  it('is the zone table alone when shipping by hand', async () => {
    expect(await service(undefined, '194101', MONDAY).answer).toEqual({
      serviceable: true,
      cod: true,
      standardDays: 8,
      expressDays: null,
    });
    expect(await quoteOf('194101')).toBeUndefined();
  });
});
