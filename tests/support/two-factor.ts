// Authenticator codes for tests: what a phone's app would show for a setup's otpauth:// URI (or
// its secret as the setup page prints it), now or a number of 30-second steps away.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

import { like } from 'drizzle-orm';

import type { AccountDeps } from '../../src/server/auth/signup.ts';
import { confirmSetup, startSetup, twoFactorStatus } from '../../src/server/auth/two-factor.ts';
import type { Database } from '../../src/server/db/client.ts';
import { rateLimits } from '../../src/server/db/schema.ts';

export function authenticatorCode(secretOrUri: string, steps = 0, now = Date.now()): Promise<string> {
  const secret = secretOrUri.startsWith('otpauth:') ? new URL(secretOrUri).searchParams.get('secret')! : secretOrUri;
  return createOTP(base32.decode(secret.replace(/\s+/g, '')), { digits: 6, period: 30 }).hotp(
    Math.floor(now / 30_000) + steps,
  );
}

/**
 * Forgets which app codes were used, as if the app had moved on to its next code: a test that just
 * used this step's code (to set up) may use the step's code again instead of waiting 30 s. The
 * current step's code is the only one safe to use: the server accepts the steps either side of its
 * own clock, so a code of another step fails when a step boundary falls between making it and
 * checking it.
 */
export async function forgetUsedCodes(db: Database): Promise<void> {
  await db.delete(rateLimits).where(like(rateLimits.key, '2fa:used:%'));
}

/**
 * Turns two-factor sign-in on for a signed-in account, as the setup page does: returns its secret
 * (for codes), backup codes and the renewed session's Set-Cookie headers.
 */
export async function enrolTwoFactor(
  deps: AccountDeps,
  account: { id: string; role: 'customer' | 'admin'; cookie: string; password?: string },
) {
  const headers = new Headers({ cookie: account.cookie });
  const started = await startSetup(deps, { ...account, headers }, { password: account.password });
  if (!started.ok) throw new Error(`setup did not start: ${started.message}`);
  const { pending } = await twoFactorStatus(deps, account.id);
  if (!pending) throw new Error('no pending setup');
  const confirmed = await confirmSetup(
    deps,
    { ...account, headers },
    { code: await authenticatorCode(pending.totpURI) },
  );
  if (!confirmed.ok) throw new Error(`setup not confirmed: ${confirmed.message}`);
  await forgetUsedCodes(deps.db);
  return { secret: pending.secret, backupCodes: pending.backupCodes, headers: confirmed.headers };
}

interface Visitor {
  get: (path: string, cookie?: string) => Response | Promise<Response>;
  postForm: (path: string, fields: Record<string, string>, cookie?: string) => Response | Promise<Response>;
}

/**
 * Sets two-factor sign-in up through /profile/two-factor as a browser without JavaScript would:
 * start (with the password, if any), read the key and backup codes off the page, confirm with the
 * current code (then forgotten: forgetUsedCodes). Returns them, the setup page and the confirmation, and the renewed session cookie.
 */
export async function enrolThroughPages(visitor: Visitor, db: Database, cookie: string, password?: string) {
  const started = await visitor.postForm(
    '/profile/two-factor',
    { intent: 'start', ...(password ? { password } : {}) },
    cookie,
  );
  if (started.status !== 200) throw new Error(`setup did not start: ${started.status}`);
  const setupPage = await (await visitor.get('/profile/two-factor', cookie)).text();
  const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(setupPage)?.[1];
  if (!secret) throw new Error('no key on the setup page');
  const backupCodes = [...setupPage.matchAll(/<li>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/li>/g)].map((match) => match[1]!);
  const confirmed = await visitor.postForm(
    '/profile/two-factor',
    { intent: 'confirm', code: await authenticatorCode(secret) },
    cookie,
  );
  const renewed = confirmed.headers.getSetCookie().findLast((line) => line.startsWith('ttt.session_token='));
  if (!renewed) throw new Error(`setup not confirmed: ${confirmed.status}`);
  await forgetUsedCodes(db);
  return { secret, backupCodes, setupPage, confirmed, cookie: renewed.split(';')[0]! };
}
