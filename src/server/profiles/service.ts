// A user's own profile (docs/product.md §3 "profiles"). Every function takes the signed-in user's
// id from the session, never from the request, so nobody can read or change another user's profile.
import { eq } from 'drizzle-orm';

import { fieldErrors, ProfileSchema } from '../../common/validation.ts';
import type { Database } from '../db/client.ts';
import { profiles, type Profile } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';

const PROFILE_MESSAGES = { updated: 'Profile updated!', failed: 'Failed to update profile.' } as const;

export async function getProfile(db: Database, userId: string): Promise<Profile | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return profile;
}

export type ProfileUpdate = Result<{ message: string; profile: Profile }>;

/** Saves the editable fields; the email is the account's and is not editable here. */
export async function updateProfile(db: Database, userId: string, input: unknown): Promise<ProfileUpdate> {
  const parsed = ProfileSchema.safeParse(input);
  if (!parsed.success) {
    return failure('invalid', PROFILE_MESSAGES.failed, { fieldErrors: fieldErrors(parsed.error) });
  }
  const blankToNull = (value: string | undefined) => (value ? value : null);
  const values = parsed.data;
  const [profile] = await db
    .update(profiles)
    .set({
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      gender: values.gender ?? null,
      addressHouse: blankToNull(values.addressHouse),
      addressLine: blankToNull(values.addressLine),
      addressCity: blankToNull(values.addressCity),
      addressState: blankToNull(values.addressState),
      addressPin: blankToNull(values.addressPin),
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, userId))
    .returning();
  if (!profile) return failure('not_found', PROFILE_MESSAGES.failed);
  return { ok: true, message: PROFILE_MESSAGES.updated, profile };
}

/** A deleted account's profile goes (auth/delete-account.ts, in its transaction). */
export async function deleteProfile(tx: Database, userId: string): Promise<void> {
  await tx.delete(profiles).where(eq(profiles.id, userId));
}
