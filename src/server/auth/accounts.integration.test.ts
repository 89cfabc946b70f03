import { createHash } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { accountServices, lastCode, sessionCookie } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { freePort } from '../../../tests/support/free-port.ts';
import { pwnedPasswordsStub } from '../../../tests/support/pwned-passwords.ts';
import { LOGIN_MESSAGES, RESET_MESSAGES, SIGNUP_MESSAGES } from '../../common/auth-messages.ts';
import { OTP_ERROR_MESSAGE } from '../../common/validation.ts';
import { accounts, profiles, rateLimits, sessions, signupRequests, users, verifications } from '../db/schema.ts';
import { rateLimitKey } from '../shared/client-address.ts';
import { getProfile, updateProfile } from '../profiles/service.ts';
import { DEMO_ADMIN, ensureAdmin } from './admin.ts';
import { ADMIN_SESSION_TTL_MS } from './auth.ts';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords.ts';
import { signInWithPassword, signOut } from './login.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { consumeRateLimit, RATE_RULES } from '../shared/rate-limit.ts';
import { resendSignupCode, startSignup, verifySignupCode } from './signup.ts';
import { SELLER_SETTINGS } from '../../../tests/support/seller.ts';

const database = useTestDatabase();
let deps: ReturnType<typeof accountServices>;
beforeAll(async () => {
  deps = accountServices(database.db);
});
beforeEach(async () => {
  // Each test is its own client: limits counted by one must not throttle the next.
  await database.db.delete(rateLimits);
  deps.mailer.sent.length = 0;
  deps.mailer.failing = false;
});

const client = { ip: '203.0.113.7' };
const PASSWORD = 'Kurta@Lane2026';
let counter = 0;
function details(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    firstName: 'Riya',
    lastName: 'Kapoor',
    email: `riya${counter}@example.test`,
    phone: '9876543210',
    gender: 'female',
    password: PASSWORD,
    ...overrides,
  };
}
/** How better-auth keeps a verification's identifier with `storeIdentifier: 'hashed'`. */
const storedIdentifier = (identifier: string) => createHash('sha256').update(identifier).digest('base64url');
const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);
const seconds = (base: Date, n: number) => new Date(base.getTime() + n * 1000);

async function startOk(input = details(), now = new Date()) {
  const started = await startSignup(deps, input, client, now);
  if (!started.ok) throw new Error(`signup did not start: ${started.message}`);
  return { started, code: lastCode(deps.mailer), input };
}

async function userByEmail(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function signedUp(input = details()) {
  const { started, code } = await startOk(input);
  const done = await verifySignupCode(deps, { requestId: started.requestId, otp: code }, client);
  if (!done.ok) throw new Error(done.message);
  return { ...input, cookie: sessionCookie(done.headers) };
}

/** The Max-Age of the session cookie the headers set (the last one, as a browser reads them). */
function sessionCookieMaxAge(headers: Headers): number {
  const line = headers.getSetCookie().findLast((cookie) => /^(__Secure-)?ttt\.session_token=/.test(cookie));
  return Number(/; Max-Age=(\d+)/i.exec(line ?? '')?.[1]);
}

async function sessionUser(cookie: string) {
  return (await deps.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user;
}

describe('signup with an emailed code', () => {
  it('mails a 6-digit code and keeps only its hash and the password hash; no account exists yet', async () => {
    const input = details();
    const { started, code } = await startOk(input);
    expect(started.message).toBe('OTP sent to your email!');
    expect(Number(code)).toBeGreaterThanOrEqual(100000);
    expect(Number(code)).toBeLessThanOrEqual(999999);
    const mail = deps.mailer.sent[0]!;
    expect(mail.to).toBe(input.email);
    expect(mail.text).toContain('15 minutes');
    expect(mail.text).toContain(input.email);
    expect(mail.text).not.toContain(PASSWORD);

    const [pending] = await database.db.select().from(signupRequests).where(eq(signupRequests.email, input.email));
    expect(pending!.codeHash).not.toContain(code);
    expect(pending!.passwordHash).not.toContain(PASSWORD);
    expect(JSON.stringify(pending)).not.toContain(PASSWORD);
    expect(await userByEmail(input.email)).toBeUndefined();
  });

  it('creates the account and profile, signs the user in, and the code cannot be replayed', async () => {
    const { started, code, input } = await startOk();
    const done = await verifySignupCode(deps, { requestId: started.requestId, otp: code }, client);
    expect(done).toMatchObject({ ok: true, message: 'Account created successfully! Redirecting...' });
    const user = await userByEmail(input.email);
    expect(user).toMatchObject({ name: 'Riya Kapoor', role: 'customer', emailVerified: true });
    expect(await getProfile(database.db, user!.id)).toMatchObject({
      firstName: 'Riya',
      lastName: 'Kapoor',
      email: input.email,
      phone: '9876543210',
      gender: 'female',
    });
    const [credential] = await database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(credential!.providerId).toBe('credential');
    expect(credential!.password).not.toBe(PASSWORD);
    if (!done.ok) throw new Error('unreachable');
    expect((await sessionUser(sessionCookie(done.headers)))?.email).toBe(input.email);

    const replay = await verifySignupCode(deps, { requestId: started.requestId, otp: code }, client);
    expect(replay).toEqual({ ok: false, kind: 'invalid', message: OTP_ERROR_MESSAGE });
  });

  it('does not require a gender (docs/product.md §5): left out, the profile says "prefer not to say"', async () => {
    const { gender: _left, ...input } = details();
    const { started, code } = await startOk(input as ReturnType<typeof details>);
    const done = await verifySignupCode(deps, { requestId: started.requestId, otp: code }, client);
    expect(done.ok).toBe(true);
    const user = await userByEmail(input.email);
    expect((await getProfile(database.db, user!.id))?.gender).toBe('prefer-not-to-say');
  });

  it('refuses a wrong code, and after 5 wrong tries even the right one', async () => {
    const { started, code } = await startOk();
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await verifySignupCode(deps, { requestId: started.requestId, otp: wrong }, client)).toMatchObject({
        ok: false,
        message: 'Invalid OTP. Please try again or resend OTP.',
      });
    }
    expect(await verifySignupCode(deps, { requestId: started.requestId, otp: code }, client)).toMatchObject({
      ok: false,
      message: OTP_ERROR_MESSAGE,
    });
    expect(await userByEmail(started.email)).toBeUndefined();
  });

  it('lets the code expire after 15 minutes', async () => {
    const t0 = new Date();
    const { started, code } = await startOk(details(), t0);
    const late = await verifySignupCode(deps, { requestId: started.requestId, otp: code }, client, minutes(t0, 15));
    expect(late).toMatchObject({ ok: false, message: OTP_ERROR_MESSAGE });
    const { started: again, code: code2 } = await startOk(details(), t0);
    const inTime = await verifySignupCode(deps, { requestId: again.requestId, otp: code2 }, client, minutes(t0, 14.9));
    expect(inTime.ok).toBe(true);
  });

  it('makes a resend wait 30 s, and the new code replaces the old one', async () => {
    const t0 = new Date();
    const { started, code: first } = await startOk(details(), t0);
    expect(await resendSignupCode(deps, started.requestId, client, seconds(t0, 10))).toMatchObject({
      ok: false,
      kind: 'too_many_requests',
      message: 'Please wait 20 seconds before requesting a new OTP.',
    });
    const resent = await resendSignupCode(deps, started.requestId, client, seconds(t0, 30));
    expect(resent).toMatchObject({ ok: true, message: 'OTP sent to your email!' });
    const second = lastCode(deps.mailer);
    expect(deps.mailer.sent).toHaveLength(2);
    if (first !== second) {
      expect(
        await verifySignupCode(deps, { requestId: started.requestId, otp: first }, client, seconds(t0, 31)),
      ).toMatchObject({ ok: false, message: OTP_ERROR_MESSAGE });
    }
    const done = await verifySignupCode(deps, { requestId: started.requestId, otp: second }, client, seconds(t0, 32));
    expect(done.ok).toBe(true);
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const existing = await createUser(database.db, { email: 'taken@example.test' });
    const result = await startSignup(deps, details({ email: 'TAKEN@example.test' }), client);
    expect(result).toEqual({ ok: false, kind: 'conflict', message: SIGNUP_MESSAGES.emailTaken });
    expect(existing.email).toBe('taken@example.test');
    expect(deps.mailer.sent).toHaveLength(0);
  });

  it('answers invalid details with 400, the spec message and each field error; nothing is stored', async () => {
    const result = await startSignup(deps, details({ firstName: 'R2', phone: '12345', password: 'password' }), client);
    expect(result).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: 'Invalid signup details. Please check your information.',
      fieldErrors: {
        firstName: 'Only letters and spaces are allowed',
        phone: 'Phone number must be exactly 10 digits',
        password: 'Password must contain letters, numbers, and at least one symbol (@$!%*?&)',
      },
    });
    expect(await database.db.select().from(signupRequests).where(eq(signupRequests.firstName, 'R2'))).toEqual([]);
  });

  it('says so when the mail cannot be sent, and keeps no pending signup', async () => {
    deps.mailer.failing = true;
    const input = details();
    expect(await startSignup(deps, input, client)).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'Failed to send OTP. Please try again.',
    });
    expect(await database.db.select().from(signupRequests).where(eq(signupRequests.email, input.email))).toEqual([]);
  });

  it("leaves another person's pending code working when someone starts a signup for the same email", async () => {
    const input = details();
    const { started: owner, code: ownerCode } = await startOk(input);
    const { started: stranger } = await startOk({ ...input, firstName: 'Mallory' });
    expect(stranger.requestId).not.toBe(owner.requestId);
    const done = await verifySignupCode(deps, { requestId: owner.requestId, otp: ownerCode }, client);
    expect(done.ok).toBe(true);
    expect((await userByEmail(input.email))?.name).toBe('Riya Kapoor');
    // With the account made, the other pending request for its email is gone.
    expect(await database.db.select().from(signupRequests).where(eq(signupRequests.email, input.email))).toEqual([]);
  });

  it('refuses a common password with its own message', async () => {
    const result = await startSignup(deps, details({ password: 'P@ssw0rd' }), client);
    expect(result).toMatchObject({
      ok: false,
      kind: 'invalid',
      fieldErrors: { password: 'This password is too common. Please choose another.' },
    });
    expect(deps.mailer.sent).toHaveLength(0);
  });

  it('refuses a decorated common password, the store name and the email name part', async () => {
    const email = `meera.iyer${counter}@example.test`;
    for (const password of [
      'Password@1',
      'Password@123',
      'India@123',
      'Welcome@123',
      'Admin@123',
      'Trapthetrend@1',
      'Iyer@2001',
    ]) {
      expect(await startSignup(deps, details({ email, password }), client)).toMatchObject({
        ok: false,
        fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
      });
    }
    expect(deps.mailer.sent).toHaveLength(0);
  });

  it('asks Have I Been Pwned for a password the local check passes, and goes on without it when it is down', async () => {
    const breached = 'Vq8$eT3wLn';
    const stub = await pwnedPasswordsStub([breached]);
    try {
      const checked = accountServices(database.db, { PWNED_PASSWORDS_URL: stub.url });
      expect(await startSignup(checked, details({ password: breached }), client)).toMatchObject({
        ok: false,
        fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
      });
      expect((await startSignup(checked, details(), client)).ok).toBe(true);
      expect(stub.requests.map((request) => request.path)).toEqual([
        expect.stringMatching(/^\/range\/[0-9A-F]{5}$/),
        expect.stringMatching(/^\/range\/[0-9A-F]{5}$/),
      ]);
      // A password the local check refuses is never sent.
      await startSignup(checked, details({ password: 'India@123' }), client);
      expect(stub.requests).toHaveLength(2);
    } finally {
      await stub.close();
    }
    const unreachable = accountServices(database.db, { PWNED_PASSWORDS_URL: `http://127.0.0.1:${await freePort()}` });
    expect((await startSignup(unreachable, details({ password: breached }), client)).ok).toBe(true);
  });

  it('refuses a forged or malformed request id', async () => {
    for (const requestId of ['', 'not-a-uuid', '00000000-0000-4000-8000-000000000000', 42]) {
      expect(await verifySignupCode(deps, { requestId, otp: '123456' }, client)).toMatchObject({
        ok: false,
        message: OTP_ERROR_MESSAGE,
      });
    }
  });
});

describe('login', () => {
  it('signs in with the right password', async () => {
    const user = await signedUp();
    const result = await signInWithPassword(
      deps,
      { email: user.email, password: PASSWORD },
      { ...client, headers: new Headers() },
    );
    expect(result).toMatchObject({ ok: true, message: 'Login successful!' });
    if (!result.ok) throw new Error('unreachable');
    expect((await sessionUser(sessionCookie(result.headers)))?.email).toBe(user.email);
  });

  it("gives each of the spec's failure messages", async () => {
    const user = await signedUp();
    const headers = new Headers();
    expect(
      await signInWithPassword(deps, { email: user.email, password: 'Wrong@2026' }, { ...client, headers }),
    ).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
      message: LOGIN_MESSAGES.wrongPassword,
    });
    expect(
      await signInWithPassword(deps, { email: 'nobody@example.test', password: PASSWORD }, { ...client, headers }),
    ).toMatchObject({ ok: false, kind: 'unauthenticated', message: 'No account found. Try signing up.' });
    // An account made through Google has no password.
    const googleOnly = await createUser(database.db, { email: 'google-only@example.test' });
    expect(
      await signInWithPassword(deps, { email: googleOnly.email, password: PASSWORD }, { ...client, headers }),
    ).toMatchObject({ ok: false, message: 'Invalid email or password' });
    expect(
      await signInWithPassword(deps, { email: 'not-an-email', password: '' }, { ...client, headers }),
    ).toMatchObject({
      ok: false,
      kind: 'invalid',
      fieldErrors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
  });

  it('sign-out revokes the session on the server', async () => {
    const user = await signedUp();
    expect(await sessionUser(user.cookie)).toBeDefined();
    await signOut(deps, new Headers({ cookie: user.cookie }));
    expect(await sessionUser(user.cookie)).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('refuses the attempt after the limit in the window, and counts again in the next window', async () => {
    const t0 = new Date();
    const rule = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i += 1)
      expect(await consumeRateLimit(database.db, 'test:key', rule, t0)).toEqual({ allowed: true });
    expect(await consumeRateLimit(database.db, 'test:key', rule, seconds(t0, 20))).toEqual({
      allowed: false,
      retryAfterSeconds: 40,
    });
    expect(await consumeRateLimit(database.db, 'test:key', rule, seconds(t0, 61))).toEqual({ allowed: true });
  });

  it('throttles wrong passwords per email and client with a 429 and a clear message, even the right one', async () => {
    const user = await signedUp();
    const headers = new Headers();
    const guesser = { ip: '198.51.100.1', headers };
    for (let i = 0; i < RATE_RULES.loginPerEmailAndIp.max; i += 1) {
      expect(await signInWithPassword(deps, { email: user.email, password: 'Wrong@2026' }, guesser)).toMatchObject({
        message: LOGIN_MESSAGES.wrongPassword,
      });
    }
    const throttled = await signInWithPassword(deps, { email: user.email, password: PASSWORD }, guesser);
    expect(throttled).toMatchObject({ ok: false, kind: 'too_many_requests' });
    if (throttled.ok) throw new Error('unreachable');
    expect(throttled.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // The owner, elsewhere, is not locked out by someone else's guesses.
    const owner = await signInWithPassword(
      deps,
      { email: user.email, password: PASSWORD },
      { ip: '192.0.2.9', headers },
    );
    expect(owner.ok).toBe(true);
  });

  it('keeps a per-email ceiling that stops failing clients but lets a client that has not failed sign in', async () => {
    const tight = accountServices(database.db, {
      RATE_LIMIT_LOGINS_PER_EMAIL_PER_15_MIN: '3',
      RATE_LIMIT_LOGINS_PER_EMAIL_AND_IP_PER_15_MIN: '5',
    });
    const user = await signedUp();
    const headers = new Headers();
    const wrong = { email: user.email, password: 'Wrong@2026' };
    for (let i = 0; i < 3; i += 1) {
      await signInWithPassword(tight, wrong, { ip: `198.51.100.${i}`, headers });
    }
    // Over the ceiling: a client that has failed on this email is refused before its password is checked.
    expect(await signInWithPassword(tight, wrong, { ip: '198.51.100.0', headers })).toMatchObject({
      kind: 'too_many_requests',
    });
    expect(
      await signInWithPassword(tight, { email: user.email, password: PASSWORD }, { ip: '198.51.100.1', headers }),
    ).toMatchObject({ kind: 'too_many_requests' });
    // A client that has not been failing gets its try, and the right password lets it in.
    expect(
      (await signInWithPassword(tight, { email: user.email, password: PASSWORD }, { ip: '192.0.2.10', headers })).ok,
    ).toBe(true);
  });

  it('past the per-email ceiling, gives an IPv6 /48 one attempt between its /64s, not one each', async () => {
    const tight = accountServices(database.db, { RATE_LIMIT_LOGINS_PER_EMAIL_PER_15_MIN: '3' });
    const user = await signedUp();
    const headers = new Headers();
    const wrong = { email: user.email, password: 'Wrong@2026' };
    for (let i = 0; i < 3; i += 1) await signInWithPassword(tight, wrong, { ip: `198.51.100.${i}`, headers });
    const fromSlash64 = (network: string, subnet: number) => ({
      ip: rateLimitKey(`${network}:${subnet.toString(16)}::1`),
      headers,
    });
    // The first /64 of a /48 gets its try; the next /64s of the same /48 do not.
    expect(await signInWithPassword(tight, wrong, fromSlash64('2001:db8:7', 0))).toMatchObject({
      message: LOGIN_MESSAGES.wrongPassword,
    });
    for (const subnet of [1, 2, 0xffff]) {
      expect(await signInWithPassword(tight, wrong, fromSlash64('2001:db8:7', subnet))).toMatchObject({
        kind: 'too_many_requests',
      });
    }
    // The owner, on a network of their own, still signs in.
    expect((await signInWithPassword(tight, { ...wrong, password: PASSWORD }, fromSlash64('2001:db8:8', 5))).ok).toBe(
      true,
    );
  });

  it('forgets a client’s failures on the email once it signs in', async () => {
    const tight = accountServices(database.db, { RATE_LIMIT_LOGINS_PER_EMAIL_AND_IP_PER_15_MIN: '3' });
    const user = await signedUp();
    const owner = { ip: '198.51.100.50', headers: new Headers() };
    // Two typos and a success, three times: without the forgiving, the fourth attempt would be refused.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 2; i += 1)
        await signInWithPassword(tight, { email: user.email, password: 'Typo@2026' }, owner);
      expect((await signInWithPassword(tight, { email: user.email, password: PASSWORD }, owner)).ok).toBe(true);
    }
  });

  it('throttles login per IP across emails', async () => {
    const headers = new Headers();
    for (let i = 0; i < RATE_RULES.loginPerIp.max; i += 1) {
      await signInWithPassword(
        deps,
        { email: `probe${i}@example.test`, password: PASSWORD },
        { ip: '192.0.2.1', headers },
      );
    }
    expect(
      await signInWithPassword(
        deps,
        { email: 'probe-last@example.test', password: PASSWORD },
        { ip: '192.0.2.1', headers },
      ),
    ).toMatchObject({ ok: false, kind: 'too_many_requests' });
  });

  it('throttles signup codes and reset links per email and client, and per email from any client', async () => {
    const input = details();
    for (let i = 0; i < RATE_RULES.otpSendPerEmailAndIp.max; i += 1) {
      expect((await startSignup(deps, input, { ip: '198.51.100.7' })).ok).toBe(true);
    }
    expect(await startSignup(deps, input, { ip: '198.51.100.7' })).toMatchObject({ kind: 'too_many_requests' });
    expect((await startSignup(deps, input, { ip: '198.51.100.8' })).ok).toBe(true);

    for (let i = 0; i < RATE_RULES.otpVerifyPerIp.max; i += 1) {
      await verifySignupCode(deps, { requestId: 'x', otp: '000000' }, { ip: '192.0.2.50' });
    }
    expect(await verifySignupCode(deps, { requestId: 'x', otp: '000000' }, { ip: '192.0.2.50' })).toMatchObject({
      kind: 'too_many_requests',
    });

    const flood = { email: 'reset-flood@example.test' };
    for (let i = 0; i < RATE_RULES.resetPerEmailAndIp.max; i += 1) {
      expect((await requestPasswordReset(deps, flood, { ip: '203.0.113.1' })).ok).toBe(true);
    }
    expect(await requestPasswordReset(deps, flood, { ip: '203.0.113.1' })).toMatchObject({
      kind: 'too_many_requests',
    });
    // The ceiling: once the email has had its share from every client, a client that asked before waits...
    const tight = accountServices(database.db, { RATE_LIMIT_RESETS_PER_EMAIL_PER_HOUR: '5' });
    await database.db.delete(rateLimits);
    for (let i = 0; i < 5; i += 1) await requestPasswordReset(tight, flood, { ip: `203.0.113.${10 + i}` });
    expect(await requestPasswordReset(tight, flood, { ip: '203.0.113.10' })).toMatchObject({
      kind: 'too_many_requests',
    });
    // ...while the owner, asking from a client of their own, still gets a link.
    expect((await requestPasswordReset(tight, flood, { ip: '192.0.2.77' })).ok).toBe(true);
  });
});

describe('password reset', () => {
  function linkToken(): string {
    const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(deps.mailer.sent.at(-1)?.text ?? '');
    if (!match) throw new Error('no reset link in the last mail');
    return match[1]!;
  }

  it('mails a single-use link that sets the password and signs the user out everywhere', async () => {
    const user = await signedUp();
    expect(await requestPasswordReset(deps, { email: user.email }, client)).toEqual({
      ok: true,
      message: 'Password reset link sent! Check your email.',
    });
    expect(deps.mailer.sent.at(-1)!.to).toBe(user.email);
    const token = linkToken();
    const done = await resetPassword(deps, { token, password: 'Fresh@Mango2027', confirmPassword: 'Fresh@Mango2027' });
    expect(done).toEqual({ ok: true, message: 'Password updated! You can now log in.' });
    expect(await sessionUser(user.cookie)).toBeUndefined();
    const headers = new Headers();
    expect(
      (await signInWithPassword(deps, { email: user.email, password: 'Fresh@Mango2027' }, { ...client, headers })).ok,
    ).toBe(true);
    expect(
      await resetPassword(deps, { token, password: 'Other@Mango2028', confirmPassword: 'Other@Mango2028' }),
    ).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Failed to update password. Try again.',
    });
  });

  it('stores the link only as a hash, and refuses a common new password', async () => {
    const user = await signedUp();
    await requestPasswordReset(deps, { email: user.email }, client);
    const token = linkToken();
    const rows = await database.db.select().from(verifications);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((row) => row.identifier)).toContain(storedIdentifier(`reset-password:${token}`));
    expect(await resetPassword(deps, { token, password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' })).toMatchObject({
      ok: false,
      kind: 'invalid',
      fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
    });
    const own = user.email.split('@')[0]!.replace(/\d+$/, '');
    const named = `${own[0]!.toUpperCase()}${own.slice(1)}@2026`;
    expect(await resetPassword(deps, { token, password: named, confirmPassword: named })).toMatchObject({
      fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
    });
    // The refusal did not use up the link.
    expect(
      (await resetPassword(deps, { token, password: 'Fresh@Mango2027', confirmPassword: 'Fresh@Mango2027' })).ok,
    ).toBe(true);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    expect(await requestPasswordReset(deps, { email: 'ghost@example.test' }, client)).toEqual({
      ok: true,
      message: RESET_MESSAGES.sent,
    });
    expect(deps.mailer.sent).toHaveLength(0);
  });

  it('refuses an expired or forged token, and mismatched passwords', async () => {
    const user = await signedUp();
    await requestPasswordReset(deps, { email: user.email }, client);
    const token = linkToken();
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, storedIdentifier(`reset-password:${token}`)));
    const failed = { ok: false, kind: 'invalid', message: 'Failed to update password. Try again.' };
    expect(
      await resetPassword(deps, { token, password: 'Fresh@Mango2027', confirmPassword: 'Fresh@Mango2027' }),
    ).toEqual(failed);
    expect(
      await resetPassword(deps, {
        token: 'forged-token',
        password: 'Fresh@Mango2027',
        confirmPassword: 'Fresh@Mango2027',
      }),
    ).toEqual(failed);
    expect(
      await resetPassword(deps, { token, password: 'Fresh@Mango2027', confirmPassword: 'Fresh@Mango2028' }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { confirmPassword: 'Passwords do not match.' },
    });
    expect(await sessionUser(user.cookie)).toBeDefined();
  });

  it('says so when the link cannot be mailed', async () => {
    const user = await signedUp();
    deps.mailer.failing = true;
    expect(await requestPasswordReset(deps, { email: user.email }, client)).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'Failed to send reset link. Please try again.',
    });
  });
});

describe('the admin account', () => {
  it('is created as an admin who can sign in, and creating it again changes nothing', async () => {
    const credentials = { email: 'Boss@Example.test', password: 'Admin@2026x' };
    expect(await ensureAdmin(database.db, deps.auth, credentials)).toBe('created');
    expect(await ensureAdmin(database.db, deps.auth, credentials)).toBe('unchanged');
    const admin = await userByEmail('boss@example.test');
    expect(admin!.role).toBe('admin');
    expect(await getProfile(database.db, admin!.id)).toBeDefined();
    const signedIn = await signInWithPassword(
      deps,
      { email: credentials.email, password: credentials.password },
      { ...client, headers: new Headers() },
    );
    expect(signedIn.ok).toBe(true);
  });

  it('promotes an existing customer', async () => {
    const customer = await signedUp();
    expect(await ensureAdmin(database.db, deps.auth, { email: customer.email, password: 'Whatever@1' })).toBe(
      'promoted',
    );
    expect((await userByEmail(customer.email))!.role).toBe('admin');
    // The password stays the customer's own.
    expect(
      (
        await signInWithPassword(
          deps,
          { email: customer.email, password: PASSWORD },
          { ...client, headers: new Headers() },
        )
      ).ok,
    ).toBe(true);
  });

  it("gives an admin's session 12 hours, refreshed or not, and a customer's 30 days", async () => {
    const credentials = { email: 'night-shift@example.test', password: 'Admin@2026x' };
    await ensureAdmin(database.db, deps.auth, credentials);
    const headers = new Headers();
    const signedIn = await signInWithPassword(deps, credentials, { ...client, headers });
    if (!signedIn.ok) throw new Error(signedIn.message);
    // The cookie says what the server does: 12 hours, not the customers' 30 days.
    expect(sessionCookieMaxAge(signedIn.headers)).toBeLessThanOrEqual(ADMIN_SESSION_TTL_MS / 1000);
    expect(sessionCookieMaxAge(signedIn.headers)).toBeGreaterThan(ADMIN_SESSION_TTL_MS / 1000 - 60);
    const admin = await userByEmail(credentials.email);
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, admin!.id));
    const lifetime = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(lifetime).toBeLessThanOrEqual(ADMIN_SESSION_TTL_MS + 1000);
    expect(lifetime).toBeGreaterThan(ADMIN_SESSION_TTL_MS - 60_000);
    // better-auth's daily refresh would give it 30 more days; an admin's keeps its end.
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 60_000), expiresAt: new Date(Date.now() + 60 * 60_000) })
      .where(eq(sessions.id, session!.id));
    const refreshed = await deps.auth.api.getSession({
      headers: new Headers({ cookie: sessionCookie(signedIn.headers) }),
      returnHeaders: true,
    });
    const [after] = await database.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(after!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);
    expect(sessionCookieMaxAge(refreshed.headers)).toBeLessThanOrEqual(60 * 60);

    const customer = await signedUp();
    const customerSignIn = await signInWithPassword(deps, customer, { ...client, headers });
    if (!customerSignIn.ok) throw new Error(customerSignIn.message);
    expect(sessionCookieMaxAge(customerSignIn.headers)).toBe(30 * 24 * 60 * 60);
    const customerId = (await userByEmail(customer.email))!.id;
    const [own] = await database.db.select().from(sessions).where(eq(sessions.userId, customerId));
    expect(own!.expiresAt.getTime() - own!.createdAt.getTime()).toBeGreaterThan(29 * 24 * 60 * 60_000);
  });

  it('uses the demo admin only in demo mode', async () => {
    const { adminCredentials } = await import('./admin.ts');
    expect(adminCredentials(deps.config)).toEqual(DEMO_ADMIN);
    const real = accountServices(database.db, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.in',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      ...SELLER_SETTINGS,
    });
    expect(adminCredentials(real.config)).toBeUndefined();
  });
});

describe('profiles', () => {
  it("updates only the signed-in user's own profile, and never the email", async () => {
    const me = await signedUp();
    const other = await signedUp();
    const meId = (await userByEmail(me.email))!.id;
    const otherId = (await userByEmail(other.email))!.id;
    const before = await getProfile(database.db, otherId);

    const result = await updateProfile(database.db, meId, {
      firstName: 'Meera',
      lastName: 'Shah',
      phone: '9123456789',
      gender: 'prefer-not-to-say',
      email: 'hijack@example.test',
      id: otherId,
      addressCity: 'Pune',
    });
    expect(result).toMatchObject({ ok: true, message: 'Profile updated!' });
    expect(await getProfile(database.db, meId)).toMatchObject({
      firstName: 'Meera',
      email: me.email,
      addressCity: 'Pune',
      gender: 'prefer-not-to-say',
    });
    expect(await getProfile(database.db, otherId)).toEqual(before);
  });

  it('refuses missing required fields with the spec messages and changes nothing', async () => {
    const me = await signedUp();
    const meId = (await userByEmail(me.email))!.id;
    const before = await getProfile(database.db, meId);
    expect(await updateProfile(database.db, meId, { firstName: ' ', lastName: '', phone: '' })).toMatchObject({
      ok: false,
      message: 'Failed to update profile.',
      fieldErrors: { firstName: 'This field is required', phone: 'Phone number is required' },
    });
    expect(await getProfile(database.db, meId)).toEqual(before);
  });

  it('a user with no profile row gets none', async () => {
    const bare = await createUser(database.db);
    await database.db.delete(profiles).where(eq(profiles.id, bare.id));
    expect(await getProfile(database.db, bare.id)).toBeUndefined();
    expect((await updateProfile(database.db, bare.id, { firstName: 'A', lastName: 'B', phone: '9999999999' })).ok).toBe(
      false,
    );
  });

  it('sessions are rows in the database', async () => {
    const me = await signedUp();
    const meId = (await userByEmail(me.email))!.id;
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, meId))).toHaveLength(1);
  });
});
