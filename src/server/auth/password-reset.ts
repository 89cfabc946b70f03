// Password reset by an emailed, single-use link valid for one hour. The request always gets the
// same answer, registered email or not; a reset ends every session of the account.
import { RESET_MESSAGES } from '../../common/auth-messages.ts';
import { fieldErrors, FIX_ERRORS_MESSAGE, NewPasswordSchema, ResetRequestSchema } from '../../common/validation.ts';
import { resetMailOutcome } from './auth.ts';
import { consumeRateLimits, RATE_RULES, tooManyAttemptsMessage } from './rate-limit.ts';
import type { AccountDeps, Client, Failure } from './signup.ts';

export type Done = { ok: true; message: string };

export async function requestPasswordReset(
  deps: AccountDeps,
  input: unknown,
  client: Client,
  now = new Date(),
): Promise<Done | Failure> {
  const parsed = ResetRequestSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, message: FIX_ERRORS_MESSAGE, fieldErrors: fieldErrors(parsed.error) };
  }
  const email = parsed.data.email.toLowerCase();
  const limited = await consumeRateLimits(
    deps.db,
    [
      [`reset:ip:${client.ip}`, RATE_RULES.resetPerIp],
      [`reset:email:${email}`, RATE_RULES.resetPerEmail],
    ],
    now,
  );
  if (!limited.allowed) return { ok: false, status: 429, message: tooManyAttemptsMessage(limited) };
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
    ? { ok: false, status: 502, message: RESET_MESSAGES.mailFailed }
    : { ok: true, message: RESET_MESSAGES.sent };
}

export async function resetPassword(
  deps: AccountDeps,
  input: { token: unknown; password: unknown; confirmPassword: unknown },
) {
  const parsed = NewPasswordSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      message: FIX_ERRORS_MESSAGE,
      fieldErrors: fieldErrors(parsed.error),
    } satisfies Failure;
  }
  const token = typeof input.token === 'string' ? input.token : '';
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token))
    return { ok: false, status: 400, message: RESET_MESSAGES.updateFailed } satisfies Failure;
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: parsed.data.password } });
    return { ok: true, message: RESET_MESSAGES.updated } satisfies Done;
  } catch {
    return { ok: false, status: 400, message: RESET_MESSAGES.updateFailed } satisfies Failure;
  }
}
