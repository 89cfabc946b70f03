// Load shed through the real app: with room for one request at once and no waiting, a burst of
// pages to render is partly turned away with 503 and Retry-After, while a kept page and a payment
// callback are still answered.
import { describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../tests/support/app.ts';
import { BUSY_MESSAGE } from './http/overload.ts';

const { app, get } = useTestApp({ OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_WAIT_MS: '0' });

describe('an instance past what it can answer', () => {
  it('turns part of a burst away at once, and keeps answering kept pages and payment callbacks', async () => {
    // The kept home page first (kept once the instance hears of catalog changes): it is answered
    // before any turn is taken.
    await expect.poll(async () => (await get('/')).headers.get('X-Cache')).toBe('HIT');
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, page) => get(`/products?page=${page + 1}&collection=trap-themed`)),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    const busy = burst.find((response) => response.status === 503)!;
    expect(busy.headers.get('Retry-After')).toBe('5');
    expect(await busy.text()).toContain(BUSY_MESSAGE);

    // A page being rendered holds the one turn while the callback (as the page's fetcher sends it,
    // to the route's .data, and as Razorpay's form would, to the route) and a kept page come.
    const [, kept, ...callbacks] = await Promise.all([
      get('/products?page=20'),
      get('/'),
      ...['/api/payments/verify.data', '/api/payments/verify'].map((path) =>
        app.request(`${ORIGIN}${path}`, {
          method: 'POST',
          headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
          body: '{}',
        }),
      ),
    ]);
    expect(kept!.status).toBe(200);
    expect(kept!.headers.get('X-Cache')).toBe('HIT');
    // Not shed: asked to sign in, as any callback without a session is.
    expect(callbacks.map((callback) => callback.status)).toEqual([401, 401]);
  });
});
