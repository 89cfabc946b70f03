// The account pages through the real app and production build: forms posted without JavaScript,
// the origin check, the session cookie's attributes, and what signed-out visitors get.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessionCookie } from '../../../tests/support/accounts.ts';
import { createTestApp } from '../../../tests/support/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { ensureAdmin } from '../../server/auth/admin.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { SELLER_SETTINGS } from '../../../tests/support/seller.ts';

const ORIGIN = 'https://shop.example.in';
let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await createTestApp(database, {
    PUBLIC_URL: ORIGIN,
    NODE_ENV: 'production',
    DEMO: 'false',
    AUTH_SECRET: 'route-test-secret-0123456789abcdefghijklmnopqrstu',
    SMTP_URL: 'smtp://127.0.0.1:1',
    RAZORPAY_KEY_ID: 'rzp_test_routes',
    RAZORPAY_KEY_SECRET: 'route-test-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'route-test-webhook-secret',
    ...SELLER_SETTINGS,
  });
  app = created.app;
  await ensureAdmin(database.db, created.auth, { email: 'owner@example.test', password: 'Owner@2026' });
});
afterAll(() => database.destroy());

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: ORIGIN }) {
  // Absolute: React Router also checks that an action's Origin matches the request's host.
  return app.request(`${ORIGIN}${path}`, { method: 'POST', body: new URLSearchParams(fields), headers });
}

describe('state-changing requests', () => {
  it('are refused without this site as their origin', async () => {
    const fields = { email: 'owner@example.test', password: 'Owner@2026' };
    expect((await post('/login', fields, {})).status).toBe(403);
    expect((await post('/login', fields, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/login', fields, { Referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await post('/login', fields, { Referer: `${ORIGIN}/login` })).status).toBe(200);
  });

  it("keep better-auth's own endpoints off the web: only the OpenID callback is routed", async () => {
    expect((await post('/api/auth/sign-in/email', { email: 'x@example.test', password: 'y' })).status).toBe(404);
    expect((await post('/api/auth/sign-up/email', { email: 'x@example.test', password: 'y' })).status).toBe(404);
    expect((await app.request('/api/auth/get-session')).status).toBe(404);
  });
});

describe('login without JavaScript', () => {
  it('signs in with a secure, HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await post('/login', { intent: 'login', email: 'owner@example.test', password: 'Owner@2026' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Login successful!');
    const cookie = res.headers.getSetCookie().find((line) => line.includes('session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);

    const profile = await app.request('/profile', { headers: { cookie: sessionCookie(res.headers) } });
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('My Profile');
  });

  it("shows the spec's messages with their status", async () => {
    const wrong = await post('/login', { intent: 'login', email: 'owner@example.test', password: 'Nope@2026' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong password. Please try again.');
    const unknown = await post('/login', { intent: 'login', email: 'nobody@example.test', password: 'Nope@2026' });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('No account found. Try signing up.');
    const invalid = await post('/login', { intent: 'login', email: 'not-an-email', password: '' });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Please fix the validation errors before proceeding.');
  });
});

describe('a session in use', () => {
  it("is refreshed after a day, and the browser gets the refreshed cookie with the page's data", async () => {
    // A shopper's session: an admin's ends 12 hours after sign-in, refreshed or not (ADR 0062).
    await database.db.update(users).set({ role: 'customer' }).where(eq(users.email, 'owner@example.test'));
    const login = await post('/login', { intent: 'login', email: 'owner@example.test', password: 'Owner@2026' });
    const cookie = sessionCookie(login.headers);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    // A session last refreshed two days ago, with a day left.
    await database.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 2 * 86_400_000), expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(sessions.token, token));
    // A shopper's visitor page is the one kept for visitors (ADR 0058): the session is read, and
    // refreshed, by the page's `.data` request that follows it.
    const page = await app.request(`${ORIGIN}/about`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().some((line) => line.includes('session_token='))).toBe(false);
    const data = await app.request(`${ORIGIN}/about.data`, { headers: { cookie } });
    expect(data.status).toBe(200);
    const refreshed = data.headers.getSetCookie().find((line) => line.includes('session_token='));
    expect(refreshed).toMatch(/Max-Age=\d{6,}/i);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    // A fresh session sends no cookie with every page.
    const fresh = await app.request(`${ORIGIN}/about.data`, { headers: { cookie } });
    expect(fresh.headers.getSetCookie().some((line) => line.includes('session_token='))).toBe(false);
  });
});

describe('signed out', () => {
  it('/profile goes to /login', async () => {
    const res = await app.request('/profile');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login');
  });

  it('the account pages answer 200 and stay out of search results', async () => {
    for (const path of ['/login', '/signup', '/reset-password?token=abc']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('name="robots" content="noindex');
    }
  });

  it('personal pages and their data requests are never kept by a cache', async () => {
    for (const path of ['/reset-password?token=abc', '/profile', '/profile.data', '/orders', '/cart', '/admin']) {
      expect((await app.request(path)).headers.get('Cache-Control'), path).toBe('private, no-store');
    }
    expect((await app.request('/about')).headers.get('Cache-Control')).not.toBe('private, no-store');
  });

  it('a signup with a mail server that refuses says so', async () => {
    const res = await post('/signup', {
      intent: 'send',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.test',
      phone: '9876543210',
      gender: 'female',
      password: 'Asha@Mango2026',
    });
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('Failed to send OTP. Please try again.');
  });

  it('Google sign-in says it is not configured when it is not', async () => {
    const res = await post('/auth/google', { mode: 'signin', returnTo: '/' });
    expect(res.status).toBe(503);
  });

  it('the mail outbox page does not exist outside demo mode', async () => {
    expect((await app.request('/dev/mail')).status).toBe(404);
  });
});
