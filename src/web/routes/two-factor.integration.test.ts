// Two-factor sign-in through the real app (ADR 0020): a shopper sets it up from
// /profile/two-factor and then signs in with the password and a code; an admin without it is sent
// to set it up before /admin opens, cannot turn it off, and gives a fresh code for a refund.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { sessionCookie, sessionCookieFor } from '../../../tests/support/accounts.ts';
import { useTestApp } from '../../../tests/support/app.ts';
import { createOrder, createPasswordUser } from '../../../tests/support/factories.ts';
import { authenticatorCode, enrolThroughPages } from '../../../tests/support/two-factor.ts';
import { LOGIN_MESSAGES, TWO_FACTOR_MESSAGES } from '../../common/auth-messages.ts';
import { orders, rateLimits } from '../../server/db/schema.ts';

const { database, auth, get, postForm: post } = useTestApp();
const PASSWORD = 'Street@2026';
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

/** A page's text with React's escaped apostrophes put back, for the messages it shows. */
const textOf = async (res: Response) => (await res.text()).replaceAll('&#x27;', "'");

/** Sets two-factor sign-in up through the page, as a person would, checking what it shows on the way. */
async function enrolThroughPage(cookie: string, password: string | undefined = PASSWORD) {
  const enrolled = await enrolThroughPages({ get, postForm: post }, database.db, cookie, password);
  expect(enrolled.setupPage).toContain('src="data:image/svg+xml;base64,');
  expect(enrolled.backupCodes).toHaveLength(10);
  // The session is renewed: the page loads again with the new cookie.
  expect(enrolled.confirmed.status).toBe(302);
  expect(enrolled.confirmed.headers.get('location')).toBe('/profile/two-factor?done=on');
  expect(await textOf(await get('/profile/two-factor?done=on', enrolled.cookie))).toContain(
    TWO_FACTOR_MESSAGES.enabled,
  );
  return enrolled;
}

describe('a shopper', () => {
  it('sets it up with the password and a first code, then signs in with both', async () => {
    const user = await createPasswordUser(database.db, PASSWORD);
    const cookie = await sessionCookieFor(auth, user.id);
    expect(await textOf(await get('/profile/two-factor', cookie))).toContain('Set up two-factor sign-in');

    const wrongPassword = await post('/profile/two-factor', { intent: 'start', password: 'Wrong@2026' }, cookie);
    expect(wrongPassword.status).toBe(401);
    expect(await textOf(wrongPassword)).toContain(TWO_FACTOR_MESSAGES.wrongPassword);

    const { secret } = await enrolThroughPage(cookie);

    // The password alone: on to the second step, with no session.
    const login = await post('/login', { intent: 'login', email: user.email, password: PASSWORD });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login/two-factor');
    const challenge = login.headers.getSetCookie().find((line) => line.startsWith('ttt.two_factor='));
    expect(challenge).toBeDefined();
    const challengeCookie = challenge!.split(';')[0]!;
    expect((await get('/profile', challengeCookie)).status).toBe(302);

    const step = await get('/login/two-factor', challengeCookie);
    // For the account whose password was just given: kept by no cache, nor its data request.
    expect(step.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await get('/login/two-factor.data', challengeCookie)).headers.get('Cache-Control')).toBe(
      'private, no-store',
    );
    const page = await textOf(step);
    expect(page).toContain(TWO_FACTOR_MESSAGES.codeNeeded);
    const wrong = await post(
      '/login/two-factor',
      { method: 'app', code: await authenticatorCode(secret, 10) },
      challengeCookie,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await textOf(wrong)).toContain(TWO_FACTOR_MESSAGES.wrongCode);

    const verified = await post(
      '/login/two-factor',
      { method: 'app', code: await authenticatorCode(secret) },
      challengeCookie,
    );
    expect(verified.status).toBe(200);
    expect(await textOf(verified)).toContain(LOGIN_MESSAGES.success);
    expect((await get('/profile', sessionCookie(verified.headers))).status).toBe(200);
  });

  it('turns it off with a current code and the password', async () => {
    const user = await createPasswordUser(database.db, PASSWORD);
    const { secret, cookie } = await enrolThroughPage(await sessionCookieFor(auth, user.id));
    const noCode = await post('/profile/two-factor', { intent: 'off', password: PASSWORD }, cookie);
    expect(noCode.status).toBe(400);
    expect(await textOf(noCode)).toContain(TWO_FACTOR_MESSAGES.codeNeeded);

    const off = await post(
      '/profile/two-factor',
      { intent: 'off', code: await authenticatorCode(secret), password: PASSWORD },
      cookie,
    );
    expect(off.status).toBe(302);
    const page = await get('/profile/two-factor?done=off', sessionCookie(off.headers));
    expect(await textOf(page)).toContain(TWO_FACTOR_MESSAGES.disabled);
    const login = await post('/login', { intent: 'login', email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(await textOf(login)).toContain(LOGIN_MESSAGES.success);
  });

  it('is sent to log in when signed out, and an unknown form is refused', async () => {
    const page = await get('/profile/two-factor');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login');
    const user = await createPasswordUser(database.db, PASSWORD);
    expect((await post('/profile/two-factor', { intent: 'other' }, await sessionCookieFor(auth, user.id))).status).toBe(
      400,
    );
  });
});

describe('an admin', () => {
  it('is sent to set it up before /admin opens, and cannot turn it off', async () => {
    const admin = await createPasswordUser(database.db, PASSWORD, { role: 'admin', twoFactorEnabled: false });
    const cookie = await sessionCookieFor(auth, admin.id);
    for (const path of ['/admin', '/admin/orders']) {
      const res = await get(path, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/profile/two-factor');
    }
    expect(await textOf(await get('/profile/two-factor', cookie))).toContain(TWO_FACTOR_MESSAGES.adminMustEnrol);

    const enrolled = await enrolThroughPage(cookie);
    expect((await get('/admin/orders', enrolled.cookie)).status).toBe(200);
    const off = await post(
      '/profile/two-factor',
      { intent: 'off', code: await authenticatorCode(enrolled.secret), password: PASSWORD },
      enrolled.cookie,
    );
    expect(off.status).toBe(403);
    expect(await textOf(off)).toContain(TWO_FACTOR_MESSAGES.adminCannotTurnOff);
  });

  it('gives a fresh code to refund an order: without one, or with a wrong one, nothing moves', async () => {
    const admin = await createPasswordUser(database.db, PASSWORD, { role: 'admin', twoFactorEnabled: false });
    const { secret, cookie } = await enrolThroughPage(await sessionCookieFor(auth, admin.id));
    const order = await createOrder(database.db, { status: 'processing' });
    const statusNow = async () =>
      (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status;

    const noCode = await post(`/admin/orders/${order.id}`, { to: 'failed', confirmRefund: 'yes' }, cookie);
    expect(noCode.status).toBe(400);
    expect(await textOf(noCode)).toContain(TWO_FACTOR_MESSAGES.codeNeeded);
    const wrong = await post(
      `/admin/orders/${order.id}`,
      { to: 'failed', confirmRefund: 'yes', code: await authenticatorCode(secret, 10) },
      cookie,
    );
    expect(wrong.status).toBe(401);
    expect(await textOf(wrong)).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    expect(await statusNow()).toBe('processing');
  });
});
