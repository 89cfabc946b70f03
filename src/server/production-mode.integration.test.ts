// Demo and production, fail closed (ADR 0018): what a boot does to the database in each mode, and
// the demo-only routes.
import type { AddressInfo } from 'node:net';

import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';

import { sessionCookieFor } from '../../tests/support/accounts.ts';
import { createTestApp } from '../../tests/support/app.ts';
import { type TestDatabase, useTestDatabase } from '../../tests/support/database.ts';
import { DEMO_ADMIN } from './auth/admin.ts';
import { prepareStore } from './boot.ts';
import { loadConfig } from './config.ts';
import { validateCoupon } from './coupons/validate.ts';
import { coupons, products, sessions, users } from './db/schema.ts';
import { SELLER_SETTINGS } from '../../tests/support/seller.ts';

/** A production deployment's settings (PUBLIC_URL, secrets, SMTP, Razorpay). */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DEMO: 'false',
  PUBLIC_URL: 'https://shop.example',
  AUTH_SECRET: 'production-mode-test-secret-0123456789abcdefghij',
  SMTP_URL: 'smtp://127.0.0.1:1',
  RAZORPAY_KEY_ID: 'rzp_test_production_mode',
  RAZORPAY_KEY_SECRET: 'production-mode-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'production-mode-webhook-secret',
  ...SELLER_SETTINGS,
};
const DEMO_ENV = { NODE_ENV: 'production', DEMO: 'true', AUTH_SECRET: PRODUCTION_ENV.AUTH_SECRET };

/** A logger that keeps its lines, to read what a boot said. */
function recordingLogger() {
  const lines: Array<{ msg: string } & Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function boot(database: TestDatabase, env: Record<string, string>) {
  const { app, auth, config } = await createTestApp(database, env);
  const { logger, lines } = recordingLogger();
  await prepareStore(config, database.db, auth, logger);
  return { app, auth, lines };
}

describe('a production boot', () => {
  const database = useTestDatabase();

  it('on an empty database opens an empty store: no demo catalog, no demo coupons', async () => {
    const { app } = await boot(database, PRODUCTION_ENV);
    expect(await database.db.$count(products)).toBe(0);
    expect(await database.db.$count(coupons)).toBe(0);
    const listing = await app.request('https://shop.example/products');
    expect(listing.status).toBe(200);
  });
});

describe('from demo to production on one database', () => {
  const database = useTestDatabase();

  it('the demo seeds its catalog, coupons and admin; production then retires the admin and the coupons', async () => {
    const demo = await boot(database, DEMO_ENV);
    expect(demo.lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['seeded the demo catalog', 'seeded the demo coupons']),
    );
    const [demoAdmin] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(demoAdmin!.role).toBe('admin');
    const demoSession = await sessionCookieFor(demo.auth, demoAdmin!.id);
    const staffCoupon = { code: 'STAFF15', kind: 'percent', value: 15 };
    await database.db.insert(coupons).values(staffCoupon);

    const production = await boot(database, PRODUCTION_ENV);
    expect(production.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: 'removed the demo admin: no longer an admin, every session ended',
          email: DEMO_ADMIN.email,
        }),
        expect.objectContaining({ msg: 'retired the demo coupons' }),
      ]),
    );
    const [after] = await database.db.select().from(users).where(eq(users.id, demoAdmin!.id));
    expect(after!.role).toBe('customer');
    expect(await database.db.$count(sessions, eq(sessions.userId, demoAdmin!.id))).toBe(0);
    // The demo admin's old cookie opens nothing: the admin area is an unknown address.
    const adminPage = await production.app.request('https://shop.example/admin/products', {
      headers: { cookie: demoSession },
    });
    expect(adminPage.status).toBe(404);

    const verdict = await validateCoupon(database.db, { code: 'WELCOME10', subtotalPaise: 200_000, userId: 'x' });
    expect(verdict).toMatchObject({ is_valid: false, message: 'Invalid coupon code.' });
    expect((await database.db.select().from(coupons)).map((coupon) => coupon.code)).toEqual(['STAFF15']);

    // Booting production again has nothing left to retire.
    const again = await boot(database, PRODUCTION_ENV);
    expect(again.lines.map((line) => line.msg)).not.toContain(
      'removed the demo admin: no longer an admin, every session ended',
    );
  });
});

describe('ADMIN_PASSWORD', () => {
  const database = useTestDatabase();

  const owner = (password: string) => ({
    ...PRODUCTION_ENV,
    ADMIN_EMAIL: 'owner@shop.example',
    ADMIN_PASSWORD: password,
  });

  it('when it changes, the next boot sets the new password and ends every session of the admin', async () => {
    const first = await boot(database, owner('First@Mango2026'));
    expect(first.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ msg: 'admin account ready', outcome: 'created' })]),
    );
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'owner@shop.example'));
    await sessionCookieFor(first.auth, admin!.id);

    const same = await boot(database, owner('First@Mango2026'));
    expect(same.lines.map((line) => line.msg)).not.toContain('admin account ready');
    expect(await database.db.$count(sessions, eq(sessions.userId, admin!.id))).toBe(1);

    const changed = await boot(database, owner('Second@Mango2026'));
    expect(changed.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ msg: 'admin account ready', outcome: 'password changed' })]),
    );
    expect(await database.db.$count(sessions, eq(sessions.userId, admin!.id))).toBe(0);
    const signIn = (password: string) =>
      changed.auth.api
        .signInEmail({ body: { email: 'owner@shop.example', password } })
        .then(() => true)
        .catch(() => false);
    expect(await signIn('Second@Mango2026')).toBe(true);
    expect(await signIn('First@Mango2026')).toBe(false);
  });

  it("must follow a shopper's password rules", () => {
    expect(() => loadConfig(owner('password'))).toThrow(/ADMIN_PASSWORD: /);
  });
});

describe('the demo-only routes', () => {
  const database = useTestDatabase();

  /** Every route that exists only in demo mode: the mail outbox and the payment sandbox. */
  const DEMO_ROUTES: Array<[method: string, path: string]> = [
    ['GET', '/dev/mail'],
    ['GET', '/dev/mail/0123456789abcdef'],
    ['GET', '/sandbox/razorpay/checkout.js'],
    ['POST', '/sandbox/razorpay/pay'],
    ['POST', '/sandbox/razorpay/v1/orders'],
    ['GET', '/sandbox/razorpay/v1/orders/order_1'],
    ['GET', '/sandbox/razorpay/v1/orders/order_1/payments'],
    ['POST', '/sandbox/razorpay/v1/payments/pay_1/refund'],
  ];

  it('are all unknown addresses in production', async () => {
    const { app } = await createTestApp(database, PRODUCTION_ENV);
    for (const [method, path] of DEMO_ROUTES) {
      const res = await app.request(`https://shop.example${path}`, {
        method,
        headers: { Origin: 'https://shop.example', 'Content-Type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('exist in demo mode (the outbox to this machine or an admin only)', async () => {
    // A hop count is accepted only while the store listens on loopback.
    const { app, auth } = await createTestApp(database, { ...DEMO_ENV, HOST: '127.0.0.1', TRUST_PROXY: '1' });
    expect((await app.request('/sandbox/razorpay/checkout.js')).status).toBe(200);

    // In-process requests have no peer: not this machine.
    const stranger = await app.request('/dev/mail');
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain('Page not found');
    const [admin] = await database.db
      .insert(users)
      .values({ id: 'outbox-admin', name: 'Outbox Admin', email: 'outbox-admin@shop.example', role: 'admin' })
      .returning();
    const asAdmin = await app.request('/dev/mail', { headers: { cookie: await sessionCookieFor(auth, admin!.id) } });
    expect(asAdmin.status).toBe(200);

    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mail`;
      expect((await fetch(url)).status).toBe(200);
      // Through a proxy on this machine, the client named in X-Forwarded-For is someone else.
      expect((await fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
