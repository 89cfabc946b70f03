// "Check delivery" over a real database (the template holds the pincode directory): the day each
// option arrives by, the store's exclusions, and every refusal, which leaves nothing behind but
// the rate limit's count.
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { checkDelivery, DELIVERY_MESSAGES } from './check.ts';
import type { DeliverySettings } from './settings.ts';

const database = useTestDatabase();
const SETTINGS: DeliverySettings = {
  cutoffMinutes: 14 * 60,
  holidays: new Set(['2026-12-01']),
  excluded: ['744', '682551'],
};
const limit = { max: 100, windowMs: 60_000 };
/** Monday 30 November 2026, 10:00 in India. */
const MONDAY_MORNING = new Date('2026-11-30T10:00:00+05:30');
let client = 0;
const check = (input: { pincode?: unknown; productIds?: unknown }, now = MONDAY_MORNING, settings = SETTINGS) =>
  checkDelivery({ db: database.db, settings, limit }, input, { ip: `10.1.0.${(client += 1)}` }, now);

describe('checking delivery to a pincode', () => {
  it("gives the day of the product's slowest promise for standard and express, skipping Sundays and holidays", async () => {
    const product = await createProduct(database.db);
    // 3-5 business days from Monday, Tuesday a holiday: Wed, Thu, Fri, Sat, Mon. 1-2: Wed, Thu.
    expect(await check({ pincode: '737101', productIds: [product.id] })).toEqual({
      ok: true,
      pincode: '737101',
      delivers: true,
      place: 'East Sikkim, Sikkim',
      options: [
        { label: 'Standard delivery', message: 'Delivery by Monday, 7 December', day: '2026-12-07' },
        { label: 'Express delivery', message: 'Delivery by Thursday, 3 December', day: '2026-12-03' },
      ],
    });
  });

  it('starts the next business day after the cut-off', async () => {
    const product = await createProduct(database.db);
    const answer = await check(
      { pincode: '194101', productIds: [String(product.id)] },
      new Date('2026-11-30T14:00:00+05:30'),
      { ...SETTINGS, holidays: new Set() },
    );
    expect(answer).toMatchObject({
      ok: true,
      place: 'Leh, Ladakh',
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
    const deps = { db: database.db, settings: SETTINGS, limit: { max: 2, windowMs: 15 * 60_000 } };
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
