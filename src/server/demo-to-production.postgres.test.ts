// Demo and production on one DATA_DIR and one PostgreSQL database (ADR 0018), as
// an operator would do it: `npm start` runs the demo, then the same machine is started as the real
// store. Nothing of the demo may leak through: the demo admin signs in as a shopper at most, the
// README's WELCOME10 is unknown until staff create it, and the demo routes are gone. On the server
// only: the real process runs against a real PostgreSQL database, as a deployment does.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { gt } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../tests/support/database.ts';
import { freePort } from '../../tests/support/free-port.ts';
import { DEMO_ADMIN } from './auth/admin.ts';
import { coupons, productStock } from './db/schema.ts';
import { SELLER_SETTINGS } from '../../tests/support/seller.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PUBLIC_ORIGIN = 'https://shop.example';
/** A boot can take half a minute on a loaded two-core machine; three of them run here. */
const BOOT_TIMEOUT_MS = 90_000;

const database = useTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'ttt-demo-to-production-'));
let smtp: SMTPServer;
let smtpPort: number;
let razorpay: Server;
let razorpayPort: number;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  // The production settings name real peers: a mail server that accepts everything, and a
  // "Razorpay" that answers every call with an error (nothing here takes a payment).
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => stream.resume().on('end', () => callback()),
  });
  smtpPort = await listen(
    (port) => new Promise((resolve) => smtp.listen(port, '127.0.0.1', () => resolve(smtp.server))),
  );
  razorpay = createServer((_request, response) => {
    response.writeHead(503, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'not in this test' } }));
  });
  razorpayPort = await listen(
    (port) => new Promise((resolve) => razorpay.listen(port, '127.0.0.1', () => resolve(razorpay))),
  );
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => razorpay.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function listen(start: (port: number) => Promise<{ address(): AddressInfo | string | null }>): Promise<number> {
  return ((await start(0)).address() as AddressInfo).port;
}

interface Store {
  output: () => string;
  stop: () => Promise<number | null>;
}

/** `npm start` with only the given environment, once it says it is listening. */
async function start(env: Record<string, string>): Promise<Store> {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: database.url!, ...env },
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (!output.includes('is listening')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the store did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      running.delete(child);
      return code;
    },
  };
}

/** The requests of one browser on `origin`, reaching the store at `base` (directly, or as its proxy). */
function browser(base: string, origin: string, forwarded: Record<string, string> = {}) {
  let cookie = '';
  const send = async (pathname: string, init: { method?: string; body?: BodyInit; type?: string } = {}) => {
    const response = await fetch(`${base}${pathname}`, {
      method: init.method ?? 'GET',
      body: init.body,
      redirect: 'manual',
      headers: {
        ...forwarded,
        ...(init.method ? { Origin: origin } : {}),
        ...(init.type ? { 'Content-Type': init.type } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });
    const session = response.headers.getSetCookie().find((line) => line.includes('session_token='));
    if (session) cookie = session.split(';')[0]!;
    return response;
  };
  return {
    get: (pathname: string) => send(pathname),
    signedIn: () => cookie !== '' && !cookie.endsWith('='),
    async logIn(email: string, password: string) {
      return send('/login', { method: 'POST', body: new URLSearchParams({ intent: 'login', email, password }) });
    },
    /** The checkout's coupon check, for one unit bought at once. */
    async couponVerdict(code: string, buyNow: { productId: number; size: string; quantity: number }) {
      const response = await send('/api/checkout/coupon', {
        method: 'POST',
        body: JSON.stringify({ code, buyNow }),
        type: 'application/json',
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { verdict: { is_valid: boolean; message: string } }).verdict;
    },
  };
}

describe('npm start as the demo, then as the real store, on one DATA_DIR and one database', () => {
  it('leaves no demo admin, no demo coupon and no demo route behind', { timeout: 5 * BOOT_TIMEOUT_MS }, async () => {
    // The demo, as `npm start` runs it bare: it seeds the catalog, the coupons and its admin.
    const demoPort = await freePort();
    const demo = await start({ PORT: String(demoPort), HOST: '127.0.0.1' });
    expect(demo.output()).toContain('seeded the demo catalog');
    expect(demo.output()).toContain('seeded the demo coupons');
    const demoOrigin = `http://localhost:${demoPort}`;
    const demoBrowser = browser(demoOrigin, demoOrigin);
    expect((await demoBrowser.get('/sandbox/razorpay/checkout.js')).status).toBe(200);
    expect((await demoBrowser.logIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    expect(demoBrowser.signedIn()).toBe(true);
    // The demo admin opens the admin area (or is sent on to it): it is not an unknown address.
    expect((await demoBrowser.get('/admin/products')).status).not.toBe(404);
    expect(await demo.stop()).toBe(0);

    // The real store, on the same data, behind its TLS-terminating proxy.
    const productionPort = await freePort();
    const productionEnv = {
      NODE_ENV: 'production',
      PORT: String(productionPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: PUBLIC_ORIGIN,
      TRUST_PROXY: '127.0.0.1',
      AUTH_SECRET: 'demo-to-production-test-secret-0123456789abcdef',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RAZORPAY_KEY_ID: 'rzp_test_demo_to_production',
      RAZORPAY_KEY_SECRET: 'demo-to-production-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'demo-to-production-webhook-secret',
      RAZORPAY_API_URL: `http://127.0.0.1:${razorpayPort}/v1`,
      ...SELLER_SETTINGS,
    };
    const production = await start(productionEnv);
    expect(production.output()).toContain('removed the demo admin');
    expect(production.output()).toContain('retired the demo coupons');
    expect(production.output()).not.toContain('seeded the demo');
    const shopper = () =>
      browser(`http://127.0.0.1:${productionPort}`, PUBLIC_ORIGIN, {
        'X-Forwarded-For': '203.0.113.50',
        'X-Forwarded-Proto': 'https',
      });

    // Demo routes: unknown addresses, even asked from this very machine.
    const visitor = shopper();
    for (const route of ['/dev/mail', '/sandbox/razorpay/checkout.js']) {
      expect((await visitor.get(route)).status, route).toBe(404);
    }

    // The demo admin's password signs in a shopper at most: the admin area does not exist for it.
    const former = shopper();
    expect((await former.logIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    expect(former.signedIn()).toBe(true);
    expect((await former.get('/admin')).status).toBe(404);
    expect((await former.get('/admin/products')).status).toBe(404);

    // WELCOME10 is unknown, until staff create it; a restart does not take theirs away.
    const [stock] = await database.db
      .select({ productId: productStock.productId, size: productStock.size })
      .from(productStock)
      .where(gt(productStock.quantity, 0))
      .limit(1);
    const oneUnit = { ...stock!, quantity: 1 };
    expect(await former.couponVerdict('WELCOME10', oneUnit)).toMatchObject({
      is_valid: false,
      message: 'Invalid coupon code.',
    });
    await database.db.insert(coupons).values({ code: 'WELCOME10', kind: 'percent', value: 10 });
    expect(await former.couponVerdict('WELCOME10', oneUnit)).toMatchObject({ is_valid: true });
    expect(await production.stop()).toBe(0);

    const restarted = await start(productionEnv);
    expect(restarted.output()).not.toContain('retired the demo coupons');
    const later = shopper();
    expect((await later.logIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    expect(await later.couponVerdict('WELCOME10', oneUnit)).toMatchObject({ is_valid: true });
    expect((await later.get('/admin/products')).status).toBe(404);
    expect(await restarted.stop()).toBe(0);
  });
});
