// Password sign-in with the spec's three failure messages (docs/product.md §8). Because they say
// whether an email is registered, every attempt counts against limits per client and, without
// locking the owner out, per email (ADR 0062).
import { and, eq } from 'drizzle-orm';

import { LOGIN_MESSAGES } from '../../common/auth-messages.ts';
import { LoginSchema } from '../../common/validation.ts';
import { accounts, users } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import { forgiveAccountAttempt } from '../shared/rate-limit.ts';
import { countedEmailAttempt } from './counted-attempt.ts';
import type { AccountDeps, Client } from './signup.ts';

/**
 * Signed in (the headers set the session cookie), or one of the spec's messages; the login page
 * offers a reset after the wrong-password message and a signup after the no-account one. With
 * two-factor sign-in on, the password only opens the second step: `secondFactor`, and the headers
 * set its challenge cookie instead (two-factor.ts).
 */
export type LoginResult = Result<{ message: string; headers: Headers; secondFactor: boolean }>;

export async function signInWithPassword(
  deps: AccountDeps,
  input: unknown,
  client: Client & { headers: Headers },
  now = new Date(),
): Promise<LoginResult> {
  // A sign-in that succeeds is forgiven below.
  const attempt = await countedEmailAttempt(deps, LoginSchema, input, client, 'login', now);
  if (!attempt.ok) return attempt;
  const { email, data } = attempt;

  const [user] = await deps.db
    .select({ id: users.id, hasPassword: accounts.id })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email));
  if (!user) return failure('unauthenticated', LOGIN_MESSAGES.noAccount);

  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password: data.password },
      headers: client.headers,
      returnHeaders: true,
    });
    await forgiveAccountAttempt(deps.db, 'login', email, client.ip);
    const secondFactor = 'twoFactorRedirect' in response && response.twoFactorRedirect === true;
    return { ok: true, message: LOGIN_MESSAGES.success, headers, secondFactor };
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    // An account made through Google has no password to be wrong.
    if (code === 'INVALID_EMAIL_OR_PASSWORD' && user.hasPassword) {
      return failure('unauthenticated', LOGIN_MESSAGES.wrongPassword);
    }
    if (code !== 'INVALID_EMAIL_OR_PASSWORD') deps.logger.error({ err: error }, 'login failed');
    return failure('unauthenticated', LOGIN_MESSAGES.invalid);
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
