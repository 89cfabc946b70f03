// Every request body is bounded before it is read (ADR 0018), on a real socket: a larger body gets
// 413 and the server goes on serving.
import type { AddressInfo } from 'node:net';

import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../../tests/support/app.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { SHIPROCKET_WEBHOOK_PATH } from '../shipping/settings.ts';

const database = useTestDatabase();
let server: ReturnType<typeof serve>;
let origin: string;

beforeAll(async () => {
  const { app } = await createTestApp(database, { PUBLIC_URL: 'http://127.0.0.1:1' });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A POST as the store's own pages send it (the origin check is not what is tested here). */
function post(path: string, body: BodyInit, contentType: string, extra: RequestInit = {}) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    body,
    headers: { Origin: 'http://127.0.0.1:1', 'Content-Type': contentType },
    ...extra,
  });
}

const KB = 1024;
const json = (bytes: number) => JSON.stringify({ intent: 'add', productId: 1, size: 'M', note: 'x'.repeat(bytes) });
const form = (bytes: number) => new URLSearchParams({ email: 'a@b.in', password: 'x'.repeat(bytes) }).toString();

describe('request bodies', () => {
  it('refuses a 40 KB JSON body to the cart and the checkout with 413', async () => {
    for (const path of ['/api/cart', '/api/payments']) {
      const res = await post(path, json(40 * KB), 'application/json');
      expect(res.status, path).toBe(413);
    }
  });

  it('refuses a 40 KB form to /login with 413', async () => {
    expect((await post('/login', form(40 * KB), 'application/x-www-form-urlencoded')).status).toBe(413);
  });

  it('counts a body that does not say its length as it arrives', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(8 * KB));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await post('/api/cart', stream, 'application/json', { duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('lets a Razorpay webhook be larger, up to 256 KB', async () => {
    const big = await post('/api/webhooks/razorpay', json(300 * KB), 'application/json');
    expect(big.status).toBe(413);
    // Under the webhook's limit the body is read, and the missing signature is what refuses it.
    const within = await post('/api/webhooks/razorpay', json(100 * KB), 'application/json');
    expect(within.status).not.toBe(413);
    expect(within.status).toBeLessThan(500);
  });

  it("lets the courier's tracking webhook be larger too, up to 256 KB", async () => {
    const big = await post(SHIPROCKET_WEBHOOK_PATH, json(300 * KB), 'application/json');
    expect(big.status).toBe(413);
    // Under the limit the body is read, and the missing token is what refuses it.
    const within = await post(SHIPROCKET_WEBHOOK_PATH, json(100 * KB), 'application/json');
    expect(within.status).toBe(401);
  });

  it('lets ordinary bodies through, and goes on serving', async () => {
    const login = await post('/login', form(8), 'application/x-www-form-urlencoded');
    expect(login.status).not.toBe(413);
    expect(login.status).toBeLessThan(500);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });
});
