// Two production store processes over one PostgreSQL database and one object store, behind one
// reverse proxy that alternates requests (docs/architecture.md "Scaling out"), as a deployment of
// several instances runs. Through the proxy a shopper signs up (the code mailed by one instance is
// accepted by the other), fills a cart and pays with the callback on one instance and the webhook
// on the other: one order, one confirmation email, exact stock. An image imported on one instance
// is served by the other, and a login limit counts the attempts made on both. (The schedules'
// once-per-slot runs across instances are shown with pg-boss's test clock in
// jobs/queue.postgres.test.ts.)
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountServices, sessionCookieFor } from '../../tests/support/accounts.ts';
import { TEST_ADDRESS } from '../../tests/support/addresses.ts';
import { withDatabase } from '../../tests/support/database-url.ts';
import { useTestDatabase } from '../../tests/support/database.ts';
import { freePort } from '../../tests/support/free-port.ts';
import { createProduct, createUser } from '../../tests/support/factories.ts';
import { imageBytes, uploadForm } from '../../tests/support/images.ts';
import { useObjectStore } from '../../tests/support/object-store.ts';
import { SANDBOX_KEYS, sandboxSettings, useSandbox } from '../../tests/support/payments.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../tests/support/round-robin-proxy.ts';
import { startTestSmtp, type TestSmtp } from '../../tests/support/smtp.ts';
import { useScratchDir } from '../../tests/support/scratch.ts';
import { orders, products, users } from './db/schema.ts';
import { unitsLeft } from './inventory/stock.ts';
import { hmacHex } from './payments/signatures.ts';
import { SELLER_SETTINGS } from '../../tests/support/seller.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PUBLIC_ORIGIN = 'https://shop.example';
const AUTH_SECRET = 'two-instances-test-secret-0123456789abcdefghij';
/** A boot can take half a minute on a loaded two-core machine. */
const BOOT_TIMEOUT_MS = 90_000;
/** The client, as the edge in front of the proxy names it. */
const CLIENT_IP = '203.0.113.77';

const database = useTestDatabase();
const scratch = useScratchDir('two-instances');
const objectStore = useObjectStore(path.join(scratch, 's3'));
const sandbox = useSandbox();
const mails: Array<{ to: string; subject: string; text: string }> = [];
const running = new Set<ChildProcess>();
let smtp: TestSmtp | undefined;
let instances: Array<{ origin: string; output: () => string }>;
let proxy: RoundRobinProxy;

beforeAll(async () => {
  smtp = await startTestSmtp((stream, _session, callback) => {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        mails.push({ to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      })
      .catch(callback);
  });

  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: PUBLIC_ORIGIN,
    TRUST_PROXY: '127.0.0.1',
    AUTH_SECRET,
    DATABASE_URL: database.url!,
    SMTP_URL: smtp.url,
    // This test's own limit, small enough to reach (the default stays as it is).
    RATE_LIMIT_LOGINS_PER_EMAIL_AND_IP_PER_15_MIN: '4',
    ...sandboxSettings(sandbox),
    ...objectStore.env(),
    ...SELLER_SETTINGS,
  };
  // One after the other, as a rolling deploy starts them; each has a DATA_DIR of its own, so
  // nothing they share can be on one disk.
  instances = [];
  for (const name of ['a', 'b']) instances.push(await start({ ...env, DATA_DIR: path.join(scratch, name) }));
  proxy = await startRoundRobinProxy(instances.map((instance) => instance.origin));
}, 3 * BOOT_TIMEOUT_MS);

afterAll(async () => {
  await proxy?.close();
  for (const child of running) child.kill('SIGKILL');
  await smtp?.close();
});

/** `npm start` with only the given environment, once it says it is listening. */
async function start(env: Record<string, string>): Promise<{ origin: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', PORT: String(port), ...env },
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (!output.includes('is listening')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the store did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin: `http://127.0.0.1:${port}`, output: () => output };
}

/** One browser's requests, through the proxy (or straight to one instance), with its cookie. */
function browser(cookie = '') {
  const send = async (
    base: string,
    pathname: string,
    init: { method?: string; body?: BodyInit; json?: unknown } = {},
  ) => {
    const response = await fetch(`${base}${pathname}`, {
      method: init.method ?? (init.body || init.json ? 'POST' : 'GET'),
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
      redirect: 'manual',
      headers: {
        'X-Forwarded-For': CLIENT_IP,
        Origin: PUBLIC_ORIGIN,
        ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
    });
    const session = response.headers.getSetCookie().find((line) => line.includes('session_token='));
    if (session) cookie = session.split(';')[0]!;
    return response;
  };
  return {
    cookie: () => cookie,
    /** Through the proxy. */
    send: (pathname: string, init?: Parameters<typeof send>[2]) => send(proxy.origin, pathname, init),
    /** Straight to instance `index`, bypassing the proxy's turn. */
    sendTo: (index: number, pathname: string, init?: Parameters<typeof send>[2]) =>
      send(instances[index]!.origin, pathname, init),
  };
}

/** Waits until `count` mails to `to` have arrived (or fails after 15 s). */
async function mailsTo(to: string, count = 1) {
  const deadline = Date.now() + 15_000;
  while (mails.filter((mail) => mail.to === to).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, got ${JSON.stringify(mails)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return mails.filter((mail) => mail.to === to);
}

const lastAnswerer = () => proxy.answeredBy.at(-1)!;

/** The order the shopper placed, and their email: the outage test moves it afterwards. */
let placedOrder: { id: string; email: string } | undefined;

describe('two store instances behind one proxy', () => {
  it('both are ready, with the job queue and the object store', async () => {
    for (const { origin } of instances) {
      const ready = await fetch(`${origin}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', jobs: 'ok', storage: { kind: 's3', status: 'ok' } });
    }
  });

  it('sign up, fill a cart and pay across both: one order, one confirmation, exact stock', async () => {
    const tee = await createProduct(database.db, { name: 'Twin Tee', sizes: ['M'], pricePaise: 79_900 }, { M: 5 });
    const shopper = browser();
    const email = `twin-${Date.now()}@example.test`;

    // The code is mailed by one instance and checked by the other.
    const sent = await shopper.send('/signup', {
      body: new URLSearchParams({
        intent: 'send',
        firstName: 'Tara',
        lastName: 'Menon',
        email,
        phone: '9876543210',
        gender: 'female',
        password: 'Tara@2026x',
      }),
    });
    expect(sent.status).toBe(200);
    const mailedBy = lastAnswerer();
    const requestId = /name="requestId" value="([^"]+)"/.exec(await sent.text())?.[1];
    expect(requestId).toBeDefined();
    const [codeMail] = await mailsTo(email);
    const otp = /\b(\d{6})\b/.exec(codeMail!.text)![1]!;
    const verified = await shopper.send('/signup', {
      body: new URLSearchParams({ intent: 'verify', requestId: requestId!, otp }),
    });
    expect(verified.status).toBe(200);
    expect(lastAnswerer()).not.toBe(mailedBy);
    expect(shopper.cookie()).toMatch(/session_token=./);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();

    expect(
      (await shopper.send('/api/cart', { json: { intent: 'add', productId: tee.id, size: 'M', quantity: 1 } })).status,
    ).toBe(200);
    const added = await shopper.send('/api/addresses', { json: { address: TEST_ADDRESS } });
    expect(added.status).toBe(200);
    const { address } = (await added.json()) as { address: { id: string } };
    const started = await shopper.send('/api/payments', { json: { addressId: address.id } });
    expect(started.status).toBe(200);
    const { razorpayOrderId } = (await started.json()) as { razorpayOrderId: string };
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(4);

    // Razorpay's window takes the payment; the browser's callback reaches instance a while
    // Razorpay's webhook reaches instance b, at the same moment.
    const paid = await sandbox.pay(razorpayOrderId);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: razorpayOrderId } } },
    });
    const [callback, webhook] = await Promise.all([
      shopper.sendTo(0, '/api/payments/verify', { json: paid }),
      fetch(`${instances[1]!.origin}/api/webhooks/razorpay`, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': hmacHex(SANDBOX_KEYS.webhookSecret, body),
          'X-Razorpay-Event-Id': `evt_${Date.now()}`,
        },
      }),
    ]);
    expect(callback.status).toBe(200);
    expect(webhook.status).toBe(200);

    const placed = await database.db.select().from(orders).where(eq(orders.userId, user!.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ paymentId: paid.razorpay_payment_id, totalPaise: 79_900 });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(4);
    const confirmations = () => mails.filter((mail) => mail.to === email && mail.subject.includes('confirmed'));
    await mailsTo(email, 2);
    // Both instances' workers poll the queue: give a second one time to (wrongly) send it again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(confirmations()).toHaveLength(1);
    expect(confirmations()[0]!.text).toContain(paid.razorpay_payment_id);
    placedOrder = { id: placed[0]!.id, email };
  });

  it('serves an image imported on one instance from the other', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const { auth } = accountServices(database.db, { AUTH_SECRET, PUBLIC_URL: PUBLIC_ORIGIN });
    const staff = browser(await sessionCookieFor(auth, admin.id));
    const imported = await staff.send('/admin/products/import/files', {
      body: uploadForm({ collection: 'trap-themed', category: 'oversized' }, [
        { name: 'drop/twin-instance-tee/1.png', bytes: await imageBytes('png') },
      ]),
    });
    expect(imported.status).toBe(200);
    const importedBy = lastAnswerer();
    const { folders } = (await imported.json()) as { folders: Array<{ ok: boolean; productId?: number }> };
    expect(folders).toMatchObject([{ ok: true }]);
    const [product] = await database.db.select().from(products).where(eq(products.id, folders[0]!.productId!));

    const image = await browser().sendTo(1 - importedBy, `${product!.images[0]}-640.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 640 });
  });

  it('counts a login limit across both instances', async () => {
    const target = await createUser(database.db, { email: `limited-${Date.now()}@example.test` });
    const attacker = browser();
    const answered = new Set<number>();
    const logIn = () =>
      attacker.send('/login', {
        body: new URLSearchParams({ intent: 'login', email: target.email, password: 'not-the-password' }),
      });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const refused = await logIn();
      answered.add(lastAnswerer());
      expect(refused.status).toBe(401);
    }
    expect([...answered].sort()).toEqual([0, 1]);
    const limited = await logIn();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many attempts. Please try again in');
  });

  it('both report not ready while the database is away, and recover without a restart', async () => {
    // The database goes away from under both (every connection cut, no new ones taken), as in a
    // restart of the server, and comes back.
    const name = new URL(database.url!).pathname.slice(1);
    const server = new pg.Client({ connectionString: withDatabase(database.url!, 'postgres') });
    await server.connect();
    const readiness = () => Promise.all(instances.map(async ({ origin }) => (await fetch(`${origin}/readyz`)).status));
    try {
      await server.query(`alter database "${name}" allow_connections false`);
      await server.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await expect.poll(readiness, { timeout: 15_000, interval: 250 }).toEqual([503, 503]);
    } finally {
      await server.query(`alter database "${name}" allow_connections true`);
      await server.end();
    }
    await expect.poll(readiness, { timeout: 30_000, interval: 250 }).toEqual([200, 200]);

    // The queue works again: a status change made through the proxy is emailed.
    const admin = await createUser(database.db, { role: 'admin' });
    const { auth } = accountServices(database.db, { AUTH_SECRET, PUBLIC_URL: PUBLIC_ORIGIN });
    const staff = browser(await sessionCookieFor(auth, admin.id));
    expect(placedOrder).toBeDefined();
    const moved = await staff.send(`/admin/orders/${placedOrder!.id}`, {
      body: new URLSearchParams({ to: 'processing' }),
    });
    expect(moved.status).toBe(200);
    const processing = async () =>
      mails.filter((mail) => mail.to === placedOrder!.email && mail.subject.endsWith('your order is now Processing'))
        .length;
    await expect.poll(processing, { timeout: 15_000 }).toBe(1);
  });
});
