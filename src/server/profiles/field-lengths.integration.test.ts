// ADR 0019: a too-long or malformed value is refused with a clear message and nothing is
// written, and a profile's address becomes a delivery address only when it passes the address
// form's rules.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { addAddress, deliveryAddress, listAddresses, PROFILE_ADDRESS_ID } from '../addresses/service.ts';
import { profiles } from '../db/schema.ts';
import { getProfile, updateProfile } from './service.ts';

const database = useTestDatabase();

const wholeProfile = {
  firstName: 'Riya',
  lastName: 'Kapoor',
  phone: '9876543210',
  addressHouse: 'Flat 4B',
  addressLine: 'MG Road',
  addressCity: 'Bengaluru',
  addressState: 'Karnataka',
  addressPin: '560001',
};

/** A shopper with a profile row, as signing up makes one. */
async function shopper() {
  const user = await createUser(database.db);
  await database.db.insert(profiles).values({ id: user.id, firstName: 'Riya', lastName: 'Kapoor', email: user.email });
  return user;
}

describe('field lengths', () => {
  it('refuses a too-long profile field and leaves the profile as it was', async () => {
    const me = await shopper();
    const before = await getProfile(database.db, me.id);
    const result = await updateProfile(database.db, me.id, { ...wholeProfile, addressLine: 'M'.repeat(30_000) });
    expect(result).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Failed to update profile.',
      fieldErrors: { addressLine: 'Street/Address must be at most 200 characters.' },
    });
    expect(await getProfile(database.db, me.id)).toEqual(before);
  });

  it('refuses a too-long address field and stores no address', async () => {
    const me = await shopper();
    const result = await addAddress(database.db, me.id, { ...TEST_ADDRESS, city: 'C'.repeat(61) });
    expect(result).toMatchObject({
      ok: false,
      kind: 'invalid',
      fieldErrors: { city: 'City must be at most 60 characters.' },
    });
    expect(await listAddresses(database.db, me.id)).toEqual([]);
  });

  it('refuses a NUL instead of failing in the database', async () => {
    const me = await shopper();
    expect(await addAddress(database.db, me.id, { ...TEST_ADDRESS, house: 'Flat\u00004B' })).toMatchObject({
      ok: false,
      fieldErrors: { house: 'House/Flat must not contain control characters.' },
    });
    expect(await updateProfile(database.db, me.id, { ...wholeProfile, firstName: 'Ri\u0000ya' })).toMatchObject({
      ok: false,
      fieldErrors: { firstName: 'Must not contain control characters' },
    });
  });
});

describe("the profile's address as a delivery address", () => {
  it('is offered once the profile holds a whole, valid address', async () => {
    const me = await shopper();
    expect(await updateProfile(database.db, me.id, wholeProfile)).toMatchObject({ ok: true });
    expect(await deliveryAddress(database.db, me.id, PROFILE_ADDRESS_ID)).toEqual({
      addressId: null,
      address: { ...TEST_ADDRESS, name: 'Riya Kapoor' },
    });
  });

  it('is not offered when a profile saved before the rules holds a bad phone or state', async () => {
    const me = await shopper();
    await updateProfile(database.db, me.id, wholeProfile);
    await database.db.update(profiles).set({ phone: 'abcdefghij' }).where(eq(profiles.id, me.id));
    expect(await deliveryAddress(database.db, me.id, PROFILE_ADDRESS_ID)).toBeUndefined();
    await database.db
      .update(profiles)
      .set({ phone: '9876543210', addressState: 'Atlantis' })
      .where(eq(profiles.id, me.id));
    expect(await deliveryAddress(database.db, me.id, PROFILE_ADDRESS_ID)).toBeUndefined();
  });

  it('is refused at save time with the address rules, nothing written', async () => {
    const me = await shopper();
    const before = await getProfile(database.db, me.id);
    expect(
      await updateProfile(database.db, me.id, { ...wholeProfile, phone: '98765-4321', addressPin: '56001' }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { phone: 'Phone number must be exactly 10 digits', addressPin: 'Pincode must be 6 digits.' },
    });
    expect(await getProfile(database.db, me.id)).toEqual(before);
  });
});
