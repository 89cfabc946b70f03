import { describe, expect, it } from 'vitest';

import { EVERY_ADDRESS_FIELD_WRONG, TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { addAddress, deleteAddress, listAddresses, MAX_ADDRESSES, updateAddress } from './service.ts';

const database = useTestDatabase();

const home = { ...TEST_ADDRESS, house: 'Flat 4B, Lotus Towers' };

describe('addresses', () => {
  it('adds, lists newest first, updates and deletes', async () => {
    const me = await createUser(database.db);
    const first = await addAddress(database.db, me.id, home);
    const second = await addAddress(database.db, me.id, { ...home, house: 'Office, 3rd floor' });
    if (!first.ok || !second.ok) throw new Error('adding failed');
    expect((await listAddresses(database.db, me.id)).map((a) => a.house)).toEqual([
      'Office, 3rd floor',
      'Flat 4B, Lotus Towers',
    ]);
    expect(await updateAddress(database.db, me.id, first.address.id, { ...home, city: 'Mysuru' })).toMatchObject({
      ok: true,
      address: { city: 'Mysuru' },
    });
    expect(await deleteAddress(database.db, me.id, second.address.id)).toEqual({ ok: true });
    expect((await listAddresses(database.db, me.id)).map((a) => a.city)).toEqual(['Mysuru']);
  });

  it("refuses bad fields with the spec's messages and stores nothing", async () => {
    const me = await createUser(database.db);
    const result = await addAddress(database.db, me.id, {
      name: ' R ',
      phone: '12345',
      house: '',
      street: ' ',
      city: '',
      pincode: '5600',
      state: '',
      country: '',
    });
    expect(result).toMatchObject({
      ok: false,
      kind: 'invalid',
      fieldErrors: EVERY_ADDRESS_FIELD_WRONG,
    });
    expect(await listAddresses(database.db, me.id)).toEqual([]);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const me = await createUser(database.db);
    for (let i = 0; i < MAX_ADDRESSES; i += 1) expect((await addAddress(database.db, me.id, home)).ok).toBe(true);
    expect(await addAddress(database.db, me.id, home)).toMatchObject({ ok: false, kind: 'conflict' });
    expect(await listAddresses(database.db, me.id)).toHaveLength(MAX_ADDRESSES);
  });

  it("nobody can change or delete another user's address", async () => {
    const [me, other] = [await createUser(database.db), await createUser(database.db)];
    const theirs = await addAddress(database.db, other.id, home);
    if (!theirs.ok) throw new Error('adding failed');
    expect(await updateAddress(database.db, me.id, theirs.address.id, { ...home, city: 'Hacked' })).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    expect(await deleteAddress(database.db, me.id, theirs.address.id)).toMatchObject({ ok: false, kind: 'not_found' });
    expect(await deleteAddress(database.db, me.id, 'not-a-uuid')).toMatchObject({ ok: false, kind: 'not_found' });
    expect((await listAddresses(database.db, other.id))[0]!.city).toBe('Bengaluru');
    expect(await listAddresses(database.db, me.id)).toEqual([]);
  });
});
