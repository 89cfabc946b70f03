// A shopper deletes their own account (ADR 0029). Personal data is erased: the
// profile, saved addresses, cart, likes, 'Notify me' requests, reviews (with their photos), the
// photos of return requests, the enquiries sent from its address (with their logos), the notes
// staff left about the customer, every way to sign in
// (password, Google link, authenticator, sessions, reset links).
// The user row stays, as 'Deleted account' with an address that can never receive mail, because
// orders, refunds and tax invoices reference it and the tax law keeps them; those records keep
// the delivery address they were made with, the orders the erased address in place of the email
// they were placed with. The email is free again for a new account.
//
// Confirmed with the password (an account made through Google, which has none, types its email
// instead) and, with two-factor sign-in on, a current authenticator code. Refused for admins, and
// while an order is on its way or a return is unfinished. A refusal changes nothing.
import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';

import { ACCOUNT_DELETION_MESSAGES, AccountDeletionSchema } from '../../common/account-deletion.ts';
import { fieldErrors } from '../../common/validation.ts';
import { eraseCustomerNotesOf } from '../admin/customer-notes.ts';
import { deleteAddressesOf } from '../addresses/service.ts';
import { forgetActorEmail } from '../shared/audit.ts';
import { emptyCart } from '../cart/service.ts';
import { releaseCheckoutsOfDeletedAccount } from '../checkout/upkeep.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema.ts';
import { eraseEnquiriesFrom } from '../enquiries/purge.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import { removeLikesOf } from '../likes/service.ts';
import { eraseNotifyRequestsOf } from '../notify/requests.ts';
import { eraseReturnPhotosOf, forgetOrderEmailsOf, unfinishedBusiness } from '../orders/account-erasure.ts';
import { deleteProfile } from '../profiles/service.ts';
import { eraseReviewsOf } from '../reviews/erase.ts';
import { shopperPhotoStorage } from '../storage/storage.ts';
import type { AccountDeps } from './signup.ts';
import { requireFreshCode, withinAccountLimit, type Account } from './two-factor.ts';

/** What a deleted account is called from then on. */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** A deleted account's address: unique, and in a domain that never receives mail (RFC 2606 `.invalid`). */
export function erasedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

export async function deleteAccount(
  deps: AccountDeps,
  account: Account,
  input: unknown,
  now = new Date(),
): Promise<Result<{ message: string }>> {
  if (account.role === 'admin') return failure('forbidden', ACCOUNT_DELETION_MESSAGES.admin);
  const parsed = AccountDeletionSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return failure('invalid', Object.values(errors)[0] ?? ACCOUNT_DELETION_MESSAGES.confirmNeeded, {
      fieldErrors: errors,
    });
  }
  const [user] = await deps.db
    .select({
      email: users.email,
      role: users.role,
      deletedAt: users.deletedAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, account.id));
  if (!user || user.deletedAt) return failure('not_found', 'This account no longer exists.');
  if (user.role === 'admin') return failure('forbidden', ACCOUNT_DELETION_MESSAGES.admin);

  const limited = await withinAccountLimit(deps, account.id);
  if (limited) return limited;
  const hash = await passwordHashOf(deps.db, account.id);
  if (hash) {
    const { password } = parsed.data;
    if (!password) return refusedField('invalid', 'password', ACCOUNT_DELETION_MESSAGES.passwordNeeded);
    if (!(await verifyPassword({ hash, password }))) {
      return refusedField('unauthenticated', 'password', ACCOUNT_DELETION_MESSAGES.wrongPassword);
    }
  } else {
    const { email } = parsed.data;
    if (!email) return refusedField('invalid', 'email', ACCOUNT_DELETION_MESSAGES.emailNeeded);
    if (email !== user.email.toLowerCase())
      return refusedField('invalid', 'email', ACCOUNT_DELETION_MESSAGES.wrongEmail);
  }
  // Checked after the password, so a wrong password never uses up a code.
  if (user.twoFactorEnabled) {
    const checked = await requireFreshCode(deps, account, { code: (input as { code?: unknown }).code });
    if (!checked.ok) return checked;
  }

  const erased = await refusalsAsFailures(() => deps.db.transaction((tx) => eraseAccount(tx, account.id, now)));
  if (!('files' in erased)) return erased;
  // Files are not part of the transaction: removed once it has committed. One the store does not
  // answer for stays behind, named in the log (random names, nothing about the person).
  if (erased.files.length > 0) {
    try {
      await shopperPhotoStorage(deps.config).remove(erased.files);
    } catch (error) {
      deps.logger.error({ err: error, files: erased.files }, 'account deletion: photos left in the image storage');
    }
  }
  deps.logger.info({ userId: account.id }, 'account deleted by its owner');
  return { ok: true, message: ACCOUNT_DELETION_MESSAGES.deleted };
}

/** The account's password hash; undefined for an account made through Google, which has none. */
export async function passwordHashOf(db: AccountDeps['db'], userId: string): Promise<string | undefined> {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return credential?.hash ?? undefined;
}

function refusedField(kind: 'invalid' | 'unauthenticated', field: string, message: string) {
  return failure(kind, message, { fieldErrors: { [field]: message } });
}

/**
 * The erasure, in one transaction. Open checkouts are released first: that waits for a payment
 * completing one right now, so the check for orders on their way that follows sees its order.
 */
async function eraseAccount(tx: AccountDeps['db'], userId: string, now: Date): Promise<{ files: string[] }> {
  await releaseCheckoutsOfDeletedAccount(tx, userId, now);
  const [user] = await tx
    .select({ email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user || user.deletedAt) throw new FailureError(failure('not_found', 'This account no longer exists.'));
  const unfinished = await unfinishedBusiness(tx, userId);
  if (unfinished) {
    const message =
      unfinished === 'orders'
        ? ACCOUNT_DELETION_MESSAGES.ordersInProgress
        : ACCOUNT_DELETION_MESSAGES.returnsInProgress;
    throw new FailureError(failure('conflict', message));
  }
  const files = [
    ...(await eraseReturnPhotosOf(tx, userId)),
    ...(await eraseReviewsOf(tx, userId)),
    // Messages sent from the account's address, and their logos (ADR 0037).
    ...(await eraseEnquiriesFrom(tx, user.email)),
  ];
  await deleteAddressesOf(tx, userId);
  await deleteProfile(tx, userId);
  await emptyCart(tx, userId);
  await removeLikesOf(tx, userId);
  // 'Notify me' requests: the account's, and any its address made signed out.
  await eraseNotifyRequestsOf(tx, userId, user.email);
  await eraseCustomerNotesOf(tx, userId);
  await forgetActorEmail(tx, userId, erasedEmail(userId));
  await forgetOrderEmailsOf(tx, userId, erasedEmail(userId));
  // Every way in: sessions (signed out everywhere), the password and Google links, the
  // authenticator, and any password reset link still valid (better-auth keeps the user id as its value).
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.delete(verifications).where(eq(verifications.value, userId));
  await tx
    .update(users)
    .set({
      name: DELETED_ACCOUNT_NAME,
      email: erasedEmail(userId),
      emailVerified: false,
      image: null,
      twoFactorEnabled: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return { files };
}
