// GET /metrics through the real app: there only with METRICS_TOKEN, and only to its bearer (to
// anyone else the ordinary 404); requests counted by route pattern, never by raw path; orders and
// payments by outcome as the checkout and the webhook meet them; the PostgreSQL pool on a server.
import { beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../tests/support/app.ts';
import { useTestDatabase } from '../../tests/support/database.ts';
import { createProduct } from '../../tests/support/factories.ts';
import { SANDBOX_KEYS, sandboxSettings, shopperWithCart, started, useSandbox } from '../../tests/support/payments.ts';
import { startPayment, verifyPayment } from './checkout/workflow.ts';
import { hmacHex } from './payments/signatures.ts';

const TOKEN = 'metrics-test-token-0123456789abcdefghijklmnop';

const database = useTestDatabase();
const sandbox = useSandbox();
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let withoutToken: TestApp['app'];
let store: TestApp;
let productId: number;

beforeAll(async () => {
  withoutToken = (await createTestApp(database)).app;
  store = await createTestApp(database, { METRICS_TOKEN: TOKEN, ...sandboxSettings(sandbox) });
  productId = (await createProduct(database.db, { sizes: ['M'], pricePaise: 129_900 })).id;
});

const scrape = (app: TestApp['app'], authorization?: string) =>
  app.request('/metrics', { headers: authorization === undefined ? {} : { Authorization: authorization } });

/** A 404 page, without what differs on every request (its nonce and request id). */
async function notFound(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    page: (await response.text())
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/name="request-id" content="[^"]*"/, 'name="request-id" content=""'),
  };
}

/** The value of the sample `line` (name and labels) in a scrape, or undefined when it is absent. */
function sample(body: string, line: string): number | undefined {
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/** Checks that each named sample of the scrape has its value. */
function expectSamples(body: string, values: Record<string, number>) {
  for (const [line, value] of Object.entries(values)) expect(sample(body, line), line).toBe(value);
}

describe('GET /metrics', () => {
  it('is an unknown address without METRICS_TOKEN, whatever the token sent', async () => {
    const unknown = await withoutToken.request('/no-such-page');
    expect(unknown.status).toBe(404);
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const res = await scrape(withoutToken, authorization);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
      expect(await res.text()).toContain('Page not found');
    }
  });

  it('answers anyone without the right bearer token exactly as a store without the setting', async () => {
    const unknown = await notFound(await scrape(withoutToken));
    expect(unknown.status).toBe(404);
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer wrong-token-0123456789abcdefghijklmnop',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      expect(await notFound(await scrape(store.app, authorization))).toEqual(unknown);
    }
  });

  it('counts requests by method, route pattern and status class, never by raw path', async () => {
    expect((await store.app.request(`/product/${productId}`)).status).toBe(200);
    expect((await store.app.request(`/product/${productId}`, { method: 'HEAD' })).status).toBe(200);
    expect((await store.app.request(`/product/${productId}.data`)).status).toBe(200);
    expect((await store.app.request('/healthz')).status).toBe(200);
    expect((await store.app.request('/favicon.ico')).status).toBe(200);
    expect((await store.app.request('/no/such-page-1')).status).toBe(404);
    expect((await store.app.request('/no/such-page-2')).status).toBe(404);

    const res = await scrape(store.app, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.text();
    expectSamples(body, {
      'http_requests_total{method="GET",route="/product/:id",status="2xx"}': 1,
      'http_requests_total{method="HEAD",route="/product/:id",status="2xx"}': 1,
      'http_request_duration_seconds_count{method="GET",route="/product/:id",status="2xx"}': 1,
      'http_requests_total{method="GET",route="/product/:id.data",status="2xx"}': 1,
      'http_requests_total{method="GET",route="/healthz",status="2xx"}': 1,
      'http_requests_total{method="GET",route="static",status="2xx"}': 1,
    });
    expect(sample(body, 'http_requests_total{method="GET",route="unmatched",status="4xx"}')).toBeGreaterThanOrEqual(2);
    expect(body).not.toContain(`/product/${productId}`);
    expect(body).not.toContain('such-page');
    // The process's own, from prom-client's defaults.
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it("reports the PostgreSQL pool's use on a server, and no pool on PGlite", async () => {
    const body = await (await scrape(store.app, `Bearer ${TOKEN}`)).text();
    if (database.kind === 'postgres') {
      expect(sample(body, 'store_db_pool_max_clients')).toBe(10);
      expect(sample(body, 'store_db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(sample(body, 'store_db_pool_idle_clients')).toBeGreaterThanOrEqual(0);
      expect(sample(body, 'store_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(body).not.toContain('store_db_pool');
    }
  });

  it('reports the job queue: jobs waiting, running and failed, per queue', async () => {
    await database.db.transaction((tx) => store.jobs.send(tx, 'send-mail', { kind: 'order-confirmation' }));
    const body = await (await scrape(store.app, `Bearer ${TOKEN}`)).text();
    expect(sample(body, 'store_jobs{queue="send-mail",state="queued"}')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'store_jobs{queue="reconcile-checkouts",state="active"}')).toBe(0);
    expect(sample(body, 'store_jobs{queue="purge",state="failed"}')).toBe(0);
  });

  it('counts orders placed and payments by outcome', async () => {
    const deps = store.payments.deps;
    const shopper = await shopperWithCart(database.db, [{ productId, size: 'M', quantity: 1 }]);
    const payment = started(await startPayment(deps, shopper.userId, { addressId: shopper.addressId }));
    const paid = await sandbox.pay(payment.razorpayOrderId);
    expect(await verifyPayment(deps, shopper.userId, { ...paid, razorpay_signature: 'forged' })).toMatchObject({
      ok: false,
    });
    expect(await verifyPayment(deps, shopper.userId, paid)).toMatchObject({ ok: true, orderId: expect.any(String) });
    // Razorpay reports a failed attempt through the store's webhook (twice: counted once).
    const failed = JSON.stringify({
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_failedattempt1', order_id: payment.razorpayOrderId } } },
    });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const res = await store.app.request('/api/webhooks/razorpay', {
        method: 'POST',
        body: failed,
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': hmacHex(SANDBOX_KEYS.webhookSecret, failed),
          'x-razorpay-event-id': 'evt_metrics_failed_1',
        },
      });
      expect(res.status).toBe(200);
    }

    const body = await (await scrape(store.app, `Bearer ${TOKEN}`)).text();
    expectSamples(body, {
      store_orders_placed_total: 1,
      'store_payments_total{outcome="opened"}': 1,
      'store_payments_total{outcome="rejected"}': 1,
      'store_payments_total{outcome="captured"}': 1,
      'store_payments_total{outcome="failed"}': 1,
      'store_payments_total{outcome="refunded"}': 0,
      'store_payments_total{outcome="open_failed"}': 0,
      'http_requests_total{method="POST",route="/api/webhooks/razorpay",status="2xx"}': 2,
    });
  });

  it('keeps each app its own registry', async () => {
    const other = await createTestApp(database, { METRICS_TOKEN: TOKEN });
    const body = await (await scrape(other.app, `Bearer ${TOKEN}`)).text();
    expect(body).not.toContain('route="/product/:id"');
    expect(sample(body, 'store_orders_placed_total')).toBe(0);
  });
});
