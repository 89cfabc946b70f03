// Password reset by an emailed, single-use link valid for one hour. The request always gets the
// same answer, registered email or not; a reset ends every session of the account. The link's
// token is stored only as a SHA-256 hash (auth.ts `verification.storeIdentifier`).
import { RESET_MESSAGES } from '../../common/auth-messages.ts';
import { fieldErrors, FIX_ERRORS_MESSAGE, NewPasswordSchema, ResetRequestSchema } from '../../common/validation.ts';
import { failure, type Result } from '../errors.ts';
import { resetMailOutcome } from './auth.ts';
import { withUncommonPassword } from './common-passwords.ts';
import { countedEmailAttempt } from './counted-attempt.ts';
import type { AccountDeps, Client } from './signup.ts';

export type Done = Result<{ message: string }>;

export async function requestPasswordReset(
  deps: AccountDeps,
  input: unknown,
  client: Client,
  now = new Date(),
): Promise<Done> {
  const attempt = await countedEmailAttempt(deps, ResetRequestSchema, input, client, 'reset', now);
  if (!attempt.ok) return attempt;
  const { email } = attempt;
  const outcome = { failed: false };
  try {
    // better-auth mails a link only for a registered email, and answers the same either way.
    await resetMailOutcome.run(outcome, () =>
      deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } }),
    );
  } catch (error) {
    deps.logger.error({ err: error }, 'password reset: the request failed');
    outcome.failed = true;
  }
  return outcome.failed
    ? failure('unavailable', RESET_MESSAGES.mailFailed)
    : { ok: true, message: RESET_MESSAGES.sent };
}

export async function resetPassword(
  deps: AccountDeps,
  input: { token: unknown; password: unknown; confirmPassword: unknown },
): Promise<Done> {
  const token = typeof input.token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(input.token) ? input.token : '';
  const email = token ? await emailOfResetLink(deps, token) : undefined;
  const parsed = await withUncommonPassword(NewPasswordSchema, deps, () => email).safeParseAsync(input);
  if (!parsed.success) return failure('invalid', FIX_ERRORS_MESSAGE, { fieldErrors: fieldErrors(parsed.error) });
  if (!email) return failure('invalid', RESET_MESSAGES.updateFailed);
  try {
    // better-auth claims the token with one DELETE … RETURNING before it changes the password, so
    // of two requests racing with one link exactly one succeeds (auth/accounts.postgres.test.ts).
    await deps.auth.api.resetPassword({ body: { token, newPassword: parsed.data.password } });
    return { ok: true, message: RESET_MESSAGES.updated };
  } catch {
    return failure('invalid', RESET_MESSAGES.updateFailed);
  }
}

/** The email of the account a live reset link is for, so the new password is checked against its name part. */
async function emailOfResetLink(deps: AccountDeps, token: string): Promise<string | undefined> {
  const { internalAdapter } = await deps.auth.$context;
  const link = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!link || link.expiresAt <= new Date()) return undefined;
  return (await internalAdapter.findUserById(link.value))?.email;
}
