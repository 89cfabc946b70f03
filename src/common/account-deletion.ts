// Deleting one's own account (ADR 0029): what the form sends, and what the page and
// the service say. Shared by the page and the server, so both read the same words.
import { z } from 'zod';

import { hasControlCharacters } from './validation.ts';

export const ACCOUNT_DELETION_MESSAGES = {
  confirmNeeded: 'Tick the box to confirm that you want your account deleted.',
  passwordNeeded: 'Enter your password to confirm.',
  wrongPassword: 'Wrong password. Please try again.',
  emailNeeded: 'Type the email address of your account to confirm.',
  wrongEmail: 'That is not the email address of this account.',
  admin:
    'An admin account cannot be deleted here: the store needs its admins, and the admin set at boot (ADMIN_EMAIL) would come back at the next start. Ask the operator to remove it.',
  ordersInProgress:
    'You have orders that are still on their way. You can delete your account once they are delivered, or after you cancel them from Your Orders.',
  returnsInProgress:
    'You have a return or exchange that is not finished yet. You can delete your account once it is refunded or exchanged.',
  deleted: 'Your account has been deleted and you have been signed out.',
} as const;

/**
 * The confirmation: the ticked box, and the password (an account that has one) or the account's
 * email typed out (one made through Google has no password); the authenticator code when
 * two-factor sign-in is on is checked by the service itself.
 */
export const AccountDeletionSchema = z.object({
  confirm: z.literal('yes', { error: ACCOUNT_DELETION_MESSAGES.confirmNeeded }),
  password: z
    .string()
    .max(128, ACCOUNT_DELETION_MESSAGES.wrongPassword)
    .optional()
    .transform((value) => (value ? value : undefined)),
  email: z
    .string()
    .trim()
    .max(254, ACCOUNT_DELETION_MESSAGES.wrongEmail)
    .refine((value) => !hasControlCharacters(value), ACCOUNT_DELETION_MESSAGES.wrongEmail)
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined)),
});
