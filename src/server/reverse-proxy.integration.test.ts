// A production store behind a TLS-terminating reverse proxy (ADR 0018): the browser speaks
// HTTPS to https://shop.example, the proxy speaks plain HTTP to the store and forwards exactly as
// nginx does (Host, X-Forwarded-For, X-Forwarded-Proto). Login, add-to-cart and Continue to
// Payment all work; the store knows the client by the proxy's X-Forwarded-For entry.
import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { serve } from '@hono/node-server';
import { hashPassword } from 'better-auth/crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../tests/support/app.ts';
import { useTestDatabase } from '../../tests/support/database.ts';
import { createProduct, createUser } from '../../tests/support/factories.ts';
import { sandboxSettings, startSandbox, type Sandbox } from '../../tests/support/payments.ts';
import { addAddress } from './addresses/service.ts';
import { SELLER_SETTINGS } from '../../tests/support/seller.ts';

const PUBLIC_ORIGIN = 'https://shop.example';
// The proxy reaches the store from its own address, so the store can tell it from the client.
const PROXY_ADDRESS = '127.0.0.2';
const EMAIL = 'proxied@shop.example';
const PASSWORD = 'Proxied@2026';

const database = useTestDatabase();
let sandbox: Sandbox;
let store: ReturnType<typeof serve>;
let storePort: number;
let proxy: Server;
let proxyPort: number;
let productId: number;
let addressId: string;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  const { app, auth } = await createTestApp(
    database,
    {
      NODE_ENV: 'production',
      DEMO: 'false',
      PUBLIC_URL: PUBLIC_ORIGIN,
      TRUST_PROXY: PROXY_ADDRESS,
      AUTH_SECRET: 'reverse-proxy-test-secret-0123456789abcdefghijk',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...sandboxSettings(sandbox),
      ...SELLER_SETTINGS,
    },
    logger,
  );
  const user = await createUser(database.db, { email: EMAIL, emailVerified: true });
  const adapter = (await auth.$context).internalAdapter;
  await adapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await hashPassword(PASSWORD),
  });
  productId = (await createProduct(database.db, { sizes: ['M'], pricePaise: 129_900 })).id;
  const added = await addAddress(database.db, user.id, {
    name: 'Proxied Shopper',
    phone: '9876543210',
    house: '12',
    street: 'MG Road',
    city: 'Pune',
    pincode: '411001',
    state: 'Maharashtra',
    country: 'India',
  });
  if (!added.ok) throw new Error('could not add the address');
  addressId = added.address.id;

  store = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => store.once('listening', () => resolve()));
  storePort = (store.address() as AddressInfo).port;
  proxy = createServer((incoming, outgoing) => {
    // nginx: proxy_set_header Host $host; X-Forwarded-For $proxy_add_x_forwarded_for;
    // X-Forwarded-Proto $scheme (https: TLS ended here).
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: storePort,
        localAddress: PROXY_ADDRESS,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': incoming.headers.host,
        },
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await new Promise<void>((resolve) => store.close(() => resolve()));
  await sandbox.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A browser's request to https://shop.example, arriving at `port` (the proxy, or the store itself). */
function browserRequest(
  port: number,
  method: string,
  path: string,
  options: { body?: string; type?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          Host: 'shop.example',
          Origin: PUBLIC_ORIGIN,
          ...(options.type ? { 'Content-Type': options.type } : {}),
          ...(options.cookie ? { Cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const loginForm = new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString();
const FORM = 'application/x-www-form-urlencoded';

describe('behind a TLS-terminating reverse proxy', () => {
  let cookie: string;

  it('signs in through the login form, with a Secure session cookie', async () => {
    const res = await browserRequest(proxyPort, 'POST', '/login', {
      body: loginForm,
      type: FORM,
      // Whatever the browser claims, the client is who connected to the proxy.
      headers: { 'X-Forwarded-For': '6.6.6.6' },
    });
    expect(res.status).toBe(200);
    const session = (res.headers['set-cookie'] ?? []).find((line) => line.startsWith('__Secure-ttt.session_token='));
    expect(session).toMatch(/;\s*Secure/i);
    cookie = session!.split(';')[0]!;

    const logged = logLines.find((line) => line.msg === 'request' && line.path === '/login' && line.method === 'POST');
    expect(logged).toMatchObject({ client: '127.0.0.1', status: 200 });
  });

  it('adds to the cart (a JSON POST)', async () => {
    const res = await browserRequest(proxyPort, 'POST', '/api/cart', {
      body: JSON.stringify({ intent: 'add', productId, size: 'M', quantity: 1 }),
      type: 'application/json',
      cookie,
    });
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
  });

  it('starts a payment (Continue to Payment)', async () => {
    const res = await browserRequest(proxyPort, 'POST', '/api/payments', {
      body: JSON.stringify({ addressId }),
      type: 'application/json',
      cookie,
    });
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
  });

  it('redirects to PUBLIC_URL, not to the address the proxy used', async () => {
    const res = await browserRequest(proxyPort, 'GET', '/profile');
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    const location = new URL(res.headers.location!, PUBLIC_ORIGIN);
    expect(location.origin).toBe(PUBLIC_ORIGIN);
  });

  it('believes forwarded headers only from the trusted proxy', async () => {
    // Straight to the store from an address that is not the proxy: the same headers change nothing,
    // so the action's origin (https://shop.example) does not match the request's (http://...).
    const direct = await browserRequest(storePort, 'POST', '/login', {
      body: loginForm,
      type: FORM,
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '6.6.6.6' },
    });
    expect(direct.status).toBe(400);
    expect(direct.headers['set-cookie'] ?? []).toEqual([]);
    const logged = logLines.findLast((line) => line.msg === 'request' && line.path === '/login');
    expect(logged).toMatchObject({ client: '127.0.0.1', status: 400 });
  });
});
