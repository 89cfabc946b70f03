// Races, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): parallel guesses at a
// password and at a signup code, and one reset link used twice at once.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { accountServices, lastCode } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { LOGIN_MESSAGES } from '../../common/auth-messages.ts';
import { OTP_ERROR_MESSAGE } from '../../common/validation.ts';
import { signupRequests } from '../db/schema.ts';
import { signInWithPassword } from './login.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { OTP_MAX_ATTEMPTS, startSignup, verifySignupCode } from './signup.ts';

const database = useTestDatabase();
let deps: ReturnType<typeof accountServices>;
beforeAll(async () => {
  deps = accountServices(database.db);
});

const PASSWORD = 'Street@2026';
const parallel = <T>(count: number, task: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => task(index)));

async function signedUp(email: string, ip: string) {
  const details = { firstName: 'Riya', lastName: 'Kapoor', email, phone: '9876543210', gender: 'female' };
  const started = await startSignup(deps, { ...details, password: PASSWORD }, { ip });
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
    const details = {
      firstName: 'Riya',
      lastName: 'Kapoor',
      email: 'race-otp@example.test',
      phone: '9876543210',
      gender: 'female',
      password: PASSWORD,
    };
    const started = await startSignup(deps, details, { ip: '192.0.2.2' });
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
});
