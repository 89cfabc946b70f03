// A shopper's saved delivery addresses (docs/product.md §3 "addresses"), newest first, at most 20.
// Every function takes the user from the session; an address of another user is "not found".
import { and, count, eq } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import { DEFAULT_COUNTRY } from '../../common/india.ts';
import { AddressSchema, fieldErrors, type AddressInput } from '../../common/validation.ts';
import type { Database } from '../db/client.ts';
import { addresses, users, type Address, type Profile } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import { getProfile } from '../profiles/service.ts';
import { newestFirst } from '../shared/newest-first.ts';

export const MAX_ADDRESSES = 20;

export const ADDRESS_MESSAGES = {
  tooMany: `You can keep at most ${MAX_ADDRESSES} addresses. Delete one to add another.`,
  notFound: 'This address no longer exists.',
  invalid: 'Please fix the validation errors before proceeding.',
} as const;

export type AddressResult = Result<{ address: Address }>;

const notFound = () => failure('not_found', ADDRESS_MESSAGES.notFound);

function invalid(error: Parameters<typeof fieldErrors>[0]) {
  return failure('invalid', ADDRESS_MESSAGES.invalid, { fieldErrors: fieldErrors(error) });
}

export async function listAddresses(db: Database, userId: string): Promise<Address[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(newestFirst(addresses));
}

async function getAddress(db: Database, userId: string, id: string): Promise<Address | undefined> {
  if (!isUuid(id)) return undefined;
  const [address] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return address;
}

export async function addAddress(db: Database, userId: string, input: unknown): Promise<AddressResult> {
  const parsed = AddressSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return db.transaction(async (tx): Promise<AddressResult> => {
    // The user's row lock makes parallel adds count one after another.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ held } = { held: 0 }] = await tx
      .select({ held: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (held >= MAX_ADDRESSES) return failure('conflict', ADDRESS_MESSAGES.tooMany);
    const [address] = await tx
      .insert(addresses)
      .values({ ...parsed.data, userId })
      .returning();
    return { ok: true, address: address! };
  });
}

export async function updateAddress(db: Database, userId: string, id: unknown, input: unknown): Promise<AddressResult> {
  const parsed = AddressSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  if (!isUuid(id)) return notFound();
  const [address] = await db
    .update(addresses)
    .set(parsed.data)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return address ? { ok: true, address } : notFound();
}

export async function deleteAddress(db: Database, userId: string, id: unknown): Promise<Result> {
  if (!isUuid(id)) return notFound();
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return deleted.length > 0 ? { ok: true } : notFound();
}

/** The id of the delivery address built from the profile (docs/product.md §2 "Checkout"). */
export const PROFILE_ADDRESS_ID = 'profile';

/**
 * The profile's address as a delivery address, when the profile has a whole one that passes the
 * address form's rules (a profile saved before those rules may hold any phone or state).
 */
export function profileAddress(profile: Profile | undefined): AddressInput | undefined {
  if (!profile) return undefined;
  const parsed = AddressSchema.safeParse({
    name: `${profile.firstName} ${profile.lastName}`,
    phone: profile.phone ?? '',
    house: profile.addressHouse ?? '',
    street: profile.addressLine ?? '',
    city: profile.addressCity ?? '',
    state: profile.addressState ?? '',
    pincode: profile.addressPin ?? '',
    country: DEFAULT_COUNTRY,
  });
  return parsed.success ? parsed.data : undefined;
}

/** Where an order goes: the saved address it came from (none for the profile's), and its copy. */
export interface Delivery {
  addressId: string | null;
  address: AddressInput;
}

/** The shopper's chosen delivery address (a saved one, or 'profile'), as the order will keep it. */
export async function deliveryAddress(db: Database, userId: string, id: unknown): Promise<Delivery | undefined> {
  if (id === PROFILE_ADDRESS_ID) {
    const address = profileAddress(await getProfile(db, userId));
    return address && { addressId: null, address };
  }
  if (!isUuid(id)) return undefined;
  const saved = await getAddress(db, userId, id);
  if (!saved) return undefined;
  const { name, phone, house, street, city, state, pincode, country } = saved;
  return { addressId: saved.id, address: { name, phone, house, street, city, state, pincode, country } };
}

/** A deleted account's saved addresses all go (auth/delete-account.ts, in its transaction). */
export async function deleteAddressesOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
}
