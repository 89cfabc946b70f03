import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { BUSY_MESSAGE, shedOverload } from './overload.ts';

/** An app answering one request at once, whose requests finish when the test says. */
function busyApp(maxWaitMs: number) {
  const finishers: Array<() => void> = [];
  const shed: string[] = [];
  const app = new Hono();
  app.use(
    '*',
    shedOverload({
      maxInFlight: 1,
      maxWaitMs,
      exempt: (path) => path === '/api/payments/verify',
      onShed: (path) => shed.push(path),
    }),
  );
  app.all('*', async (c) => {
    await new Promise<void>((resolve) => finishers.push(resolve));
    return c.text(`answered ${c.req.path}`);
  });
  const started = () => new Promise((resolve) => setTimeout(resolve, 5));
  return { app, finishers, shed, started };
}

describe('shedding load', () => {
  it('makes the next request wait its turn, and answers it when the first finishes', async () => {
    const { app, finishers, started } = busyApp(1000);
    const first = app.request('/products');
    await started();
    const second = app.request('/product/1');
    await started();
    expect(finishers).toHaveLength(1);
    finishers[0]!();
    expect(await (await first).text()).toBe('answered /products');
    await started();
    finishers[1]!();
    expect(await (await second).text()).toBe('answered /product/1');
  });

  it('turns a page away with 503, Retry-After and a page saying to try again, once it has waited', async () => {
    const { app, finishers, shed, started } = busyApp(20);
    const first = app.request('/products');
    await started();
    const page = await app.request('/product/1');
    expect(page.status).toBe(503);
    expect(page.headers.get('Retry-After')).toBe('5');
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(await page.text()).toContain(`<p>${BUSY_MESSAGE}</p>`);
    const api = await app.request('/api/cart', { method: 'POST' });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ ok: false, kind: 'unavailable', message: BUSY_MESSAGE });
    expect(shed).toEqual(['/product/1', '/api/cart']);
    finishers[0]!();
    expect((await first).status).toBe(200);
    // The turn came back: the next request is answered.
    const after = app.request('/products');
    await started();
    finishers[1]!();
    expect((await after).status).toBe(200);
  });

  it("never sheds a page's data read, which would replace an open page with its error", async () => {
    const { app, finishers, started } = busyApp(10);
    const first = app.request('/products');
    await started();
    const data = app.request('/product/1.data');
    await started();
    expect(finishers).toHaveLength(2);
    finishers.forEach((finish) => finish());
    expect((await data).status).toBe(200);
    expect((await first).status).toBe(200);
    // Sent as a form's action, it is work like any other.
    const firstAgain = app.request('/products');
    await started();
    expect((await app.request('/api/cart.data', { method: 'POST' })).status).toBe(503);
    finishers[2]!();
    expect((await firstAgain).status).toBe(200);
  });

  it('never sheds a shopper paying for units they hold', async () => {
    const { app, finishers, started } = busyApp(10);
    const first = app.request('/products');
    await started();
    const paying = app.request('/api/payments/verify', { method: 'POST' });
    await started();
    expect(finishers).toHaveLength(2);
    finishers.forEach((finish) => finish());
    expect((await paying).status).toBe(200);
    expect((await first).status).toBe(200);
  });
});
