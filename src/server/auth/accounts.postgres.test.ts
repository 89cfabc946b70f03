// Races, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): parallel guesses at a
// password and at a signup code, one reset link used twice at once, and one two-factor code used
// ten times at once.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { accountServices, lastCode, sessionCookie, sessionCookieFor } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createPasswordUser } from '../../../tests/support/factories.ts';
import { authenticatorCode, enrolTwoFactor, forgetUsedCodes } from '../../../tests/support/two-factor.ts';
import { LOGIN_MESSAGES, TWO_FACTOR_MESSAGES } from '../../common/auth-messages.ts';
import { OTP_ERROR_MESSAGE } from '../../common/validation.ts';
import { sessions, signupRequests } from '../db/schema.ts';
import { signInWithPassword } from './login.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { OTP_MAX_ATTEMPTS, startSignup, verifySignupCode } from './signup.ts';
import { requireFreshCode, signInWithSecondFactor } from './two-factor.ts';

const database = useTestDatabase();
let deps: ReturnType<typeof accountServices>;
beforeAll(async () => {
  deps = accountServices(database.db);
});

const PASSWORD = 'Kurta@Lane2026';
const parallel = <T>(count: number, task: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => task(index)));

/** What a shopper fills in to sign up with `email`. */
const signupDetails = (email: string) => ({
  firstName: 'Riya',
  lastName: 'Kapoor',
  email,
  phone: '9876543210',
  gender: 'female',
  password: PASSWORD,
});

async function signedUp(email: string, ip: string) {
  const started = await startSignup(deps, signupDetails(email), { ip });
  if (!started.ok) throw new Error(started.message);
  const done = await verifySignupCode(deps, { requestId: started.requestId, otp: lastCode(deps.mailer) }, { ip });
  if (!done.ok) throw new Error(done.message);
}

describe('races on account limits', () => {
  it('lets exactly the configured number of 20 parallel logins for one email from one client past the limit', async () => {
    await signedUp('race-login@example.test', '192.0.2.1');
    const client = { ip: '198.51.100.20', headers: new Headers() };
    const results = await parallel(20, () =>
      signInWithPassword(deps, { email: 'race-login@example.test', password: 'Wrong@2026' }, client),
    );
    const checked = results.filter((result) => !result.ok && result.message === LOGIN_MESSAGES.wrongPassword);
    const refused = results.filter((result) => !result.ok && result.kind === 'too_many_requests');
    expect(checked).toHaveLength(deps.config.rateLimits.loginPerEmailAndIp.max);
    expect(refused).toHaveLength(20 - deps.config.rateLimits.loginPerEmailAndIp.max);
  });

  it('counts 20 parallel wrong codes as exactly 5 tries, after which even the right code fails', async () => {
    const started = await startSignup(deps, signupDetails('race-otp@example.test'), { ip: '192.0.2.2' });
    if (!started.ok) throw new Error(started.message);
    const code = lastCode(deps.mailer);
    const wrong = code === '123456' ? '654321' : '123456';
    const results = await parallel(20, (i) =>
      verifySignupCode(deps, { requestId: started.requestId, otp: wrong }, { ip: `198.51.100.${i}` }),
    );
    expect(results.every((result) => !result.ok && result.message === OTP_ERROR_MESSAGE)).toBe(true);
    const [pending] = await database.db.select().from(signupRequests).where(eq(signupRequests.id, started.requestId));
    expect(pending!.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(
      await verifySignupCode(deps, { requestId: started.requestId, otp: code }, { ip: '192.0.2.3' }),
    ).toMatchObject({
      ok: false,
      message: OTP_ERROR_MESSAGE,
    });
  });

  it('lets exactly one of two parallel resets with one link succeed', async () => {
    await signedUp('race-reset@example.test', '192.0.2.4');
    await requestPasswordReset(deps, { email: 'race-reset@example.test' }, { ip: '192.0.2.4' });
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(deps.mailer.sent.at(-1)!.text)![1]!;
    const results = await parallel(2, (i) =>
      resetPassword(deps, { token, password: `Fresh@202${i}x`, confirmPassword: `Fresh@202${i}x` }),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toHaveLength(1);
  });
  it('lets exactly one of ten parallel uses of one two-factor code through, at sign-in and for a refund', async () => {
    const user = await createPasswordUser(database.db, PASSWORD, { role: 'admin', twoFactorEnabled: false });
    const cookie = await sessionCookieFor(deps.auth, user.id);
    const { secret, headers } = await enrolTwoFactor(deps, { id: user.id, role: 'admin', cookie, password: PASSWORD });
    const account = { id: user.id, role: 'admin' as const, headers: new Headers({ cookie: sessionCookie(headers) }) };
    const fresh = await authenticatorCode(secret);
    // Room for ten checks on one account, so that only the code's reuse refuses them.
    const roomy = accountServices(database.db, { RATE_LIMIT_TWO_FACTOR_CHECKS_PER_ACCOUNT_PER_15_MIN: '100' });
    const checks = await parallel(10, () => requireFreshCode(roomy, account, { code: fresh }));
    expect(checks.filter((result) => result.ok)).toHaveLength(1);
    expect(checks.filter((result) => !result.ok && result.message === TWO_FACTOR_MESSAGES.reused)).toHaveLength(9);

    // Ten sign-ins that each got as far as the code, all with the next code at once.
    const challenges = await parallel(10, async (i) => {
      const step = await signInWithPassword(
        deps,
        { email: user.email, password: PASSWORD },
        {
          ip: `198.51.100.${100 + i}`,
          headers: new Headers(),
        },
      );
      if (!step.ok) throw new Error(step.message);
      return step.headers
        .getSetCookie()
        .find((line) => line.startsWith('ttt.two_factor='))!
        .split(';')[0]!;
    });
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await forgetUsedCodes(database.db);
    const next = await authenticatorCode(secret);
    const signIns = await parallel(10, (i) =>
      signInWithSecondFactor(
        deps,
        { method: 'app', code: next },
        { ip: `198.51.100.${100 + i}`, headers: new Headers({ cookie: challenges[i]! }) },
      ),
    );
    expect(signIns.filter((result) => result.ok)).toHaveLength(1);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});
