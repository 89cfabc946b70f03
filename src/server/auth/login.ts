// Password sign-in with the spec's three failure messages (SPEC §8). Because they say whether an
// email is registered, every attempt counts against limits per IP and per email (ADR 0009).
import { and, eq } from 'drizzle-orm';

import { LOGIN_MESSAGES } from '../../common/auth-messages.ts';
import { fieldErrors, FIX_ERRORS_MESSAGE, LoginSchema } from '../../common/validation.ts';
import { accounts, users } from '../db/schema.ts';
import { consumeRateLimits, RATE_RULES, tooManyAttemptsMessage } from './rate-limit.ts';
import type { AccountDeps, Client, Failure } from './signup.ts';

export type LoginFailure = Failure & {
  reason: 'invalid-input' | 'throttled' | 'wrong-password' | 'no-account' | 'other';
};
export type LoginSuccess = { ok: true; message: string; headers: Headers };

export async function signInWithPassword(
  deps: AccountDeps,
  input: unknown,
  client: Client & { headers: Headers },
  now = new Date(),
): Promise<LoginSuccess | LoginFailure> {
  const parsed = LoginSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      reason: 'invalid-input',
      message: FIX_ERRORS_MESSAGE,
      fieldErrors: fieldErrors(parsed.error),
    };
  }
  const email = parsed.data.email.toLowerCase();
  const limited = await consumeRateLimits(
    deps.db,
    [
      [`login:ip:${client.ip}`, RATE_RULES.loginPerIp],
      [`login:email:${email}`, RATE_RULES.loginPerEmail],
    ],
    now,
  );
  if (!limited.allowed)
    return { ok: false, status: 429, reason: 'throttled', message: tooManyAttemptsMessage(limited) };

  const [user] = await deps.db
    .select({ id: users.id, hasPassword: accounts.id })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email));
  if (!user) return { ok: false, status: 401, reason: 'no-account', message: LOGIN_MESSAGES.noAccount };

  try {
    const { headers } = await deps.auth.api.signInEmail({
      body: { email, password: parsed.data.password },
      headers: client.headers,
      returnHeaders: true,
    });
    return { ok: true, message: LOGIN_MESSAGES.success, headers };
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    // An account made through Google has no password to be wrong.
    if (code === 'INVALID_EMAIL_OR_PASSWORD' && user.hasPassword) {
      return { ok: false, status: 401, reason: 'wrong-password', message: LOGIN_MESSAGES.wrongPassword };
    }
    if (code !== 'INVALID_EMAIL_OR_PASSWORD') deps.logger.error({ err: error }, 'login failed');
    return { ok: false, status: 401, reason: 'other', message: LOGIN_MESSAGES.invalid };
  }
}

/** Ends this browser's session; the returned headers clear its cookie. */
export async function signOut(deps: Pick<AccountDeps, 'auth'>, headers: Headers): Promise<Headers> {
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers;
  } catch {
    // No session to end: nothing to revoke, and nothing to clear.
    return new Headers();
  }
}
