// "Check delivery" over a real database (the template holds the pincode directory): the day each
// option arrives by, the store's exclusions, the zone table's days (the built-in zones, or staff's
// own) or a courier's, and every refusal, which leaves nothing behind but the rate limit's count.
import { afterEach, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { fakeCourier, zoneForm } from '../../../tests/support/delivery-zones.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { deliveryZones } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import type { CourierProvider } from '../shipping/provider.ts';
import { saveZoneTable } from '../shipping/zone-table.ts';
import { DEFAULT_ZONES } from '../shipping/zones.ts';
import { checkDelivery, DELIVERY_MESSAGES, type DeliveryDeps } from './check.ts';
import type { DeliverySettings } from './settings.ts';

const database = useTestDatabase();
const SETTINGS: DeliverySettings = {
  cutoffMinutes: 14 * 60,
  holidays: new Set(['2026-12-01']),
  excluded: ['744', '682551'],
};
/** The store excluding nothing: every pincode is the zone table's (or the courier's) to answer. */
const NOTHING_EXCLUDED: DeliverySettings = { ...SETTINGS, excluded: [] };
const limit = { max: 100, windowMs: 60_000 };
const PARCELS = { default: { weightKg: 0.4, lengthCm: 30, breadthCm: 25, heightCm: 4 }, byCategory: {} };
/** Monday 30 November 2026, 10:00 in India. */
const MONDAY_MORNING = new Date('2026-11-30T10:00:00+05:30');
let client = 0;
const check = (
  input: { pincode?: unknown; productIds?: unknown },
  now = MONDAY_MORNING,
  settings = SETTINGS,
  provider: CourierProvider | undefined = undefined,
) => checkDelivery(depsWith(settings, provider), input, { ip: `10.1.0.${(client += 1)}` }, now);

/** A store shipping by hand (no provider), or through `provider`. */
function depsWith(settings: DeliverySettings, provider?: CourierProvider): DeliveryDeps {
  return { db: database.db, logger: createLogger('silent'), settings, limit, provider, parcels: PARCELS };
}

describe('checking delivery to a pincode', () => {
  it("gives the day of the product's slowest promise for standard and express, skipping Sundays and holidays", async () => {
    const product = await createProduct(database.db);
    // 3-5 business days from Monday, Tuesday a holiday: Wed, Thu, Fri, Sat, Mon. 1-2: Wed, Thu.
    // Delhi's zone promises 3 and 1 days: the product's own texts are the slower.
    expect(await check({ pincode: '110001', productIds: [product.id] })).toEqual({
      ok: true,
      pincode: '110001',
      delivers: true,
      place: 'Central Delhi, Delhi',
      options: [
        { label: 'Standard delivery', message: 'Delivery by Monday, 7 December', day: '2026-12-07' },
        { label: 'Express delivery', message: 'Delivery by Thursday, 3 December', day: '2026-12-03' },
      ],
    });
  });

  it('starts the next business day after the cut-off', async () => {
    const product = await createProduct(database.db);
    const answer = await check(
      { pincode: '560001', productIds: [String(product.id)] },
      new Date('2026-11-30T14:00:00+05:30'),
      { ...SETTINGS, holidays: new Set() },
    );
    expect(answer).toMatchObject({
      ok: true,
      place: 'Bangalore, Karnataka',
      options: [{ message: 'Delivery by Monday, 7 December' }, { message: 'Delivery by Thursday, 3 December' }],
    });
  });

  it('takes the slowest of several products, and gives no date for a promise without a number of days', async () => {
    const quick = await createProduct(database.db);
    const slow = await createProduct(database.db, {
      deliveryInfo: { standardDelivery: '5-7 business days', expressDelivery: 'On request', pincodeDelivery: true },
    });
    expect(await check({ pincode: '560001', productIds: [quick.id, slow.id] })).toEqual({
      ok: true,
      pincode: '560001',
      delivers: true,
      place: 'Bangalore, Karnataka',
      options: [{ label: 'Standard delivery', message: 'Delivery by Wednesday, 9 December', day: '2026-12-09' }],
    });
  });

  it('says the store does not deliver to an excluded pincode or prefix', async () => {
    const product = await createProduct(database.db);
    for (const pincode of ['744101', '682551']) {
      expect(await check({ pincode, productIds: [product.id] })).toEqual({
        ok: true,
        pincode,
        delivers: false,
        message: 'We do not deliver to this pincode yet',
      });
    }
    expect(DELIVERY_MESSAGES.excluded).toBe('We do not deliver to this pincode yet');
  });

  it("says an unknown pincode is not one we know, and refuses a malformed one with the address form's message", async () => {
    const product = await createProduct(database.db);
    expect(await check({ pincode: '999999', productIds: [product.id] })).toEqual({
      ok: false,
      kind: 'not_found',
      message: 'This is not a pincode we know. Please check it.',
      fieldErrors: { pincode: 'This is not a pincode we know. Please check it.' },
    });
    for (const pincode of ['56001', '5600011', 'abcdef', '', undefined, ['560001'], '56 001']) {
      expect(await check({ pincode, productIds: [product.id] })).toEqual({
        ok: false,
        kind: 'invalid',
        message: 'Pincode must be 6 digits.',
        fieldErrors: { pincode: 'Pincode must be 6 digits.' },
      });
    }
  });

  it('needs a product that exists', async () => {
    for (const productIds of [[], undefined, ['x'], [0], Array.from({ length: 21 }, (_, i) => i + 1)]) {
      expect(await check({ pincode: '560001', productIds })).toMatchObject({ ok: false, kind: 'invalid' });
    }
    expect(await check({ pincode: '560001', productIds: [2_000_000_000] })).toEqual({
      ok: false,
      kind: 'not_found',
      message: 'Choose a product to check its delivery.',
    });
  });

  it("counts every check against the client's limit", async () => {
    const product = await createProduct(database.db);
    const deps = { ...depsWith(SETTINGS), limit: { max: 2, windowMs: 15 * 60_000 } };
    const ask = () => checkDelivery(deps, { pincode: '560001', productIds: [product.id] }, { ip: '10.2.0.1' });
    await ask();
    await ask();
    expect(await ask()).toMatchObject({
      ok: false,
      kind: 'too_many_requests',
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
  });
});

describe('promises by zone, shipping by hand', () => {
  afterEach(async () => {
    // Back to the built-in zones for the next test.
    await database.db.delete(deliveryZones);
  });

  it("promises each zone's days where they are slower than the product's, and express only where there is one", async () => {
    const product = await createProduct(database.db);
    const options = async (pincode: string) => {
      const answer = await check({ pincode, productIds: [product.id] }, MONDAY_MORNING, NOTHING_EXCLUDED);
      if (!answer.ok || !answer.delivers) throw new Error(`no delivery to ${pincode}`);
      return answer.options.map(({ label, message }) => `${label}: ${message}`);
    };
    // From Monday 30 November, Tuesday a holiday: business days Wed 2, Thu 3, Fri 4, Sat 5, Mon 7, …
    // Metro cities (3 and 1 days): the product's 3-5 and 1-2 days.
    expect(await options('110001')).toEqual([
      'Standard delivery: Delivery by Monday, 7 December',
      'Express delivery: Delivery by Thursday, 3 December',
    ]);
    // The rest of India (5 and 3 days): express is the zone's 3.
    expect(await options('302001')).toEqual([
      'Standard delivery: Delivery by Monday, 7 December',
      'Express delivery: Delivery by Friday, 4 December',
    ]);
    // The North-East (7 days), Jammu and Kashmir and Ladakh (8), the Andamans (12): no express.
    expect(await options('737101')).toEqual(['Standard delivery: Delivery by Wednesday, 9 December']);
    expect(await options('194101')).toEqual(['Standard delivery: Delivery by Thursday, 10 December']);
    expect(await options('744101')).toEqual(['Standard delivery: Delivery by Tuesday, 15 December']);
  });

  it("answers from staff's own table once saved: slower or faster zones, and a zone not delivered to", async () => {
    const product = await createProduct(database.db);
    const admin = await createUser(database.db, { role: 'admin' });
    const zones = DEFAULT_ZONES.map((zone) =>
      zone.name === 'North-East'
        ? { ...zone, standardDays: 6, expressDays: 4 }
        : zone.name.startsWith('Andaman')
          ? { ...zone, serviceable: false }
          : zone,
    );
    const saved = await saveZoneTable(database.db, admin, zoneForm(zones));
    expect(saved.ok).toBe(true);
    expect(
      await check({ pincode: '737101', productIds: [product.id] }, MONDAY_MORNING, NOTHING_EXCLUDED),
    ).toMatchObject({
      delivers: true,
      options: [
        { label: 'Standard delivery', message: 'Delivery by Tuesday, 8 December' },
        { label: 'Express delivery', message: 'Delivery by Saturday, 5 December' },
      ],
    });
    expect(await check({ pincode: '744101', productIds: [product.id] }, MONDAY_MORNING, NOTHING_EXCLUDED)).toEqual({
      ok: true,
      pincode: '744101',
      delivers: false,
      message: 'We do not deliver to this pincode yet',
    });
  });
});

describe('promises by a courier provider', () => {
  it("promises the courier's days, and says the store does not deliver where no courier does", async () => {
    const product = await createProduct(database.db);
    const courier = fakeCourier({ serviceable: true, cod: true, standardDays: 9, expressDays: 2 });
    expect(
      await check({ pincode: '600001', productIds: [product.id] }, MONDAY_MORNING, SETTINGS, courier),
    ).toMatchObject({
      delivers: true,
      options: [
        { label: 'Standard delivery', message: 'Delivery by Friday, 11 December' },
        { label: 'Express delivery', message: 'Delivery by Thursday, 3 December' },
      ],
    });
    courier.answer = { serviceable: false };
    expect(await check({ pincode: '600002', productIds: [product.id] }, MONDAY_MORNING, SETTINGS, courier)).toEqual({
      ok: true,
      pincode: '600002',
      delivers: false,
      message: 'We do not deliver to this pincode yet',
    });
    // The store's own exclusions come first: the courier is not asked about them.
    await check({ pincode: '744101', productIds: [product.id] }, MONDAY_MORNING, SETTINGS, courier);
    expect(courier.asked).toEqual(['600001', '600002']);
  });
});
