// Two-factor sign-in (ADR 0020): setup, the second step of a sign-in with an app code or
// a backup code, what a wrong, reused or late code gets, its limits, turning it off, and the fresh
// code an admin gives for a refund.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { accountServices, sessionCookie, sessionCookieFor } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createPasswordUser } from '../../../tests/support/factories.ts';
import { authenticatorCode, enrolTwoFactor, forgetUsedCodes } from '../../../tests/support/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../../common/auth-messages.ts';
import { rateLimits, sessions, twoFactors, users } from '../db/schema.ts';
import { ADMIN_SESSION_TTL_MS } from './auth.ts';
import { signInWithPassword } from './login.ts';
import {
  confirmSetup,
  requireFreshCode,
  signInWithSecondFactor,
  startSetup,
  turnOff,
  twoFactorStatus,
} from './two-factor.ts';

const database = useTestDatabase();
let deps: ReturnType<typeof accountServices>;
beforeAll(() => {
  deps = accountServices(database.db);
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

const PASSWORD = 'Street@2026';
const client = { ip: '203.0.113.9' };

/** A shopper with a password, signed in, with two-factor sign-in on. */
async function enrolledShopper(role: 'customer' | 'admin' = 'customer') {
  const user = await createPasswordUser(database.db, PASSWORD, { role, twoFactorEnabled: false });
  const cookie = await sessionCookieFor(deps.auth, user.id);
  const enrolled = await enrolTwoFactor(deps, { id: user.id, role, cookie, password: PASSWORD });
  return { ...user, role, cookie: sessionCookie(enrolled.headers), ...enrolled };
}

/** The first step of a sign-in: the challenge cookie it sets. */
async function passwordStep(email: string): Promise<string> {
  const result = await signInWithPassword(deps, { email, password: PASSWORD }, { ...client, headers: new Headers() });
  if (!result.ok) throw new Error(result.message);
  expect(result.secondFactor).toBe(true);
  const challenge = result.headers.getSetCookie().find((line) => line.startsWith('ttt.two_factor='));
  expect(challenge).toBeDefined();
  return challenge!.split(';')[0]!;
}

function secondStep(challenge: string, input: Record<string, unknown>) {
  return signInWithSecondFactor(deps, input, { ...client, headers: new Headers({ cookie: challenge }) });
}

async function sessionsOf(userId: string) {
  return database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('setting it up', () => {
  it('asks for the password, shows a secret and ten backup codes until a code from the app confirms it', async () => {
    const user = await createPasswordUser(database.db, PASSWORD);
    const account = {
      id: user.id,
      role: 'customer' as const,
      headers: new Headers({ cookie: await sessionCookieFor(deps.auth, user.id) }),
    };

    expect(await startSetup(deps, account, { password: 'Wrong@2026' })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.wrongPassword,
    });
    expect((await twoFactorStatus(deps, user.id)).pending).toBeNull();

    expect(await startSetup(deps, account, { password: PASSWORD })).toEqual({ ok: true });
    const { enabled, hasPassword, pending } = await twoFactorStatus(deps, user.id);
    expect({ enabled, hasPassword }).toEqual({ enabled: false, hasPassword: true });
    expect(pending!.totpURI).toMatch(/^otpauth:\/\/totp\/Trap%20the%20Trend:.*secret=[A-Z2-7]+/);
    expect(pending!.backupCodes).toHaveLength(10);
    for (const code of pending!.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // The secret is kept encrypted, never as the app's base32.
    const [row] = await database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.secret).not.toContain(pending!.secret);
    expect(row!.verified).toBe(false);

    expect(await confirmSetup(deps, account, { code: await authenticatorCode(pending!.secret, 10) })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.wrongCode,
    });
    expect(await confirmSetup(deps, account, { code: 'abc' })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.codeNeeded,
    });
    expect((await twoFactorStatus(deps, user.id)).enabled).toBe(false);

    const confirmed = await confirmSetup(deps, account, { code: await authenticatorCode(pending!.secret) });
    expect(confirmed.ok).toBe(true);
    expect(await twoFactorStatus(deps, user.id)).toEqual({ enabled: true, hasPassword: true, pending: null });
  });
});

describe('signing in', () => {
  it('takes the password, then a code from the app; the password alone leaves no session', async () => {
    const user = await enrolledShopper();
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));
    const challenge = await passwordStep(user.email);
    expect(await sessionsOf(user.id)).toEqual([]);

    const wrong = await secondStep(challenge, { method: 'app', code: await authenticatorCode(user.secret, 5) });
    expect(wrong).toMatchObject({ ok: false, kind: 'unauthenticated', message: TWO_FACTOR_MESSAGES.wrongCode });
    expect(await secondStep(challenge, { method: 'app', code: '12 34' })).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: TWO_FACTOR_MESSAGES.codeNeeded,
    });

    const signedIn = await secondStep(challenge, { method: 'app', code: ` ${await authenticatorCode(user.secret)} ` });
    expect(signedIn.ok).toBe(true);
    if (!signedIn.ok) return;
    expect(sessionCookie(signedIn.headers)).toMatch(/^ttt\.session_token=/);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it("gives an admin's session cookie the admin's 12 hours, and the password step none", async () => {
    const admin = await enrolledShopper('admin');
    const password = await signInWithPassword(
      deps,
      { email: admin.email, password: PASSWORD },
      { ...client, headers: new Headers() },
    );
    if (!password.ok) throw new Error(password.message);
    const sessionLines = (headers: Headers) =>
      headers.getSetCookie().filter((line) => line.startsWith('ttt.session_token='));
    expect(sessionLines(password.headers).every((line) => line.includes('Max-Age=0'))).toBe(true);
    const challenge = password.headers.getSetCookie().find((line) => line.startsWith('ttt.two_factor='))!;
    const signedIn = await secondStep(challenge.split(';')[0]!, {
      method: 'app',
      code: await authenticatorCode(admin.secret),
    });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const [cookie, ...others] = sessionLines(signedIn.headers);
    expect(others).toEqual([]);
    const maxAge = Number(/; Max-Age=(\d+)/.exec(cookie!)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(ADMIN_SESSION_TTL_MS / 1000);
    expect(maxAge).toBeGreaterThan(ADMIN_SESSION_TTL_MS / 1000 - 60);
  });

  it('refuses a code used before, even in its own 30 seconds, and keeps no session for it', async () => {
    const user = await enrolledShopper();
    const code = await authenticatorCode(user.secret);
    expect((await secondStep(await passwordStep(user.email), { method: 'app', code })).ok).toBe(true);
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));

    const replay = await secondStep(await passwordStep(user.email), { method: 'app', code });
    expect(replay).toMatchObject({ ok: false, message: TWO_FACTOR_MESSAGES.reused });
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it('takes each backup code once', async () => {
    const user = await enrolledShopper();
    const [first] = user.backupCodes;
    expect((await secondStep(await passwordStep(user.email), { method: 'backup', code: first })).ok).toBe(true);
    expect(await secondStep(await passwordStep(user.email), { method: 'backup', code: first })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.wrongBackupCode,
    });
  });

  it('ends a sign-in after five wrong codes, and one whose challenge has gone is told to log in again', async () => {
    const user = await enrolledShopper();
    const challenge = await passwordStep(user.email);
    const wrong = await authenticatorCode(user.secret, 10);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await secondStep(challenge, { method: 'app', code: wrong })).toMatchObject({
        message: TWO_FACTOR_MESSAGES.wrongCode,
      });
    }
    expect(await secondStep(challenge, { method: 'app', code: await authenticatorCode(user.secret) })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.tooManyTries,
    });
    expect(await secondStep(challenge, { method: 'app', code: await authenticatorCode(user.secret) })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.expired,
    });
    expect(await secondStep('', { method: 'app', code: '123456' })).toMatchObject({
      message: TWO_FACTOR_MESSAGES.expired,
    });
  });

  it('counts codes per client like passwords (RATE_LIMIT_TWO_FACTOR_CODES_PER_IP_PER_15_MIN)', async () => {
    const limited = accountServices(database.db, { RATE_LIMIT_TWO_FACTOR_CODES_PER_IP_PER_15_MIN: '2' });
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push(
        await signInWithSecondFactor(limited, { method: 'app', code: '123456' }, { ...client, headers: new Headers() }),
      );
    }
    expect(answers.map((answer) => !answer.ok && answer.kind)).toEqual([
      'unauthenticated',
      'unauthenticated',
      'too_many_requests',
    ]);
  });
});

describe('a fresh code, and turning it off', () => {
  it('checks a current code for a signed-in account once', async () => {
    const admin = await enrolledShopper('admin');
    const account = { id: admin.id, role: admin.role, headers: new Headers({ cookie: admin.cookie }) };
    expect(await requireFreshCode(deps, account, { code: await authenticatorCode(admin.secret, 10) })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.wrongCode,
    });
    const code = await authenticatorCode(admin.secret);
    expect(await requireFreshCode(deps, account, { code })).toEqual({ ok: true });
    expect(await requireFreshCode(deps, account, { code })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.reused,
    });
    expect(await requireFreshCode(deps, account, {})).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('lets a shopper turn it off with a code and the password, never an admin', async () => {
    const admin = await enrolledShopper('admin');
    expect(
      await turnOff(
        deps,
        { id: admin.id, role: 'admin', headers: new Headers({ cookie: admin.cookie }) },
        {
          code: await authenticatorCode(admin.secret),
          password: PASSWORD,
        },
      ),
    ).toMatchObject({ ok: false, kind: 'forbidden', message: TWO_FACTOR_MESSAGES.adminCannotTurnOff });

    const shopper = await enrolledShopper();
    const account = { id: shopper.id, role: shopper.role, headers: new Headers({ cookie: shopper.cookie }) };
    expect(
      await turnOff(deps, account, { code: await authenticatorCode(shopper.secret), password: 'Wrong@2026' }),
    ).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.wrongPassword,
    });
    expect((await twoFactorStatus(deps, shopper.id)).enabled).toBe(true);

    // The refused attempt used this step's code: a new one, as the app would show next.
    await forgetUsedCodes(database.db);
    const off = await turnOff(deps, account, { code: await authenticatorCode(shopper.secret), password: PASSWORD });
    expect(off.ok).toBe(true);
    const [row] = await database.db
      .select({ enabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, shopper.id));
    expect(row!.enabled).toBe(false);
    expect(await database.db.select().from(twoFactors).where(eq(twoFactors.userId, shopper.id))).toEqual([]);
    // Signing in takes the password alone again.
    const result = await signInWithPassword(
      deps,
      { email: shopper.email, password: PASSWORD },
      { ...client, headers: new Headers() },
    );
    expect(result).toMatchObject({ ok: true, secondFactor: false });
  });
});
