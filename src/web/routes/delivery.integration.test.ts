// Delivery by pincode through the app (ADR 0026): the address form's autofill (/api/pincode),
// the delivery check (/delivery, a plain form's page or a fetcher's data), the pincode remembered
// in a cookie and never baked into the product page, and the lookups' rate limit.
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import type { Product } from '../../server/db/schema.ts';
import { deliveryDay, formatDay } from '../../server/delivery/dates.ts';

const LIMIT = 40;
const { database, app, get } = useTestApp({
  DELIVERY_EXCLUDED_PINCODES: '744',
  DELIVERY_HOLIDAYS: '2026-12-25',
  RATE_LIMIT_PINCODE_LOOKUPS_PER_IP_PER_15_MIN: String(LIMIT),
});
let product: Product;

beforeAll(async () => {
  product = await createProduct(database.db, { name: 'Pincode Tee' });
});

/** A page's HTML without React's markers between neighbouring texts. */
const text = (html: string) => html.replaceAll('<!-- -->', '');

/** The date the server will promise, by the same rules (the test cannot stop the clock of the app). */
const deliveryBy = (days: number) =>
  `Delivery by ${formatDay(deliveryDay(new Date(), days, { cutoffMinutes: 14 * 60, holidays: new Set(['2026-12-25']) }))}`;

describe('/api/pincode, the address form autofill', () => {
  it('gives the district as the city and the state, the wrong guesses of old now right', async () => {
    for (const [code, city, state] of [
      ['737101', 'East Sikkim', 'Sikkim'],
      ['744101', 'South Andaman', 'Andaman and Nicobar Islands'],
      ['194101', 'Leh', 'Ladakh'],
    ]) {
      const res = await get(`/api/pincode?code=${code}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, city, state });
    }
  });

  it('says an unknown pincode is not known, and refuses a malformed one', async () => {
    const unknown = await get('/api/pincode?code=999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      ok: false,
      kind: 'not_found',
      message: 'This is not a pincode we know. Please check it.',
    });
    const malformed = await get('/api/pincode?code=56001');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: 'Pincode must be 6 digits.' });
  });
});

describe('/delivery, the delivery check', () => {
  it('answers a plain form with a page: the place, the day of each option, and the pincode remembered', async () => {
    // Not HttpOnly: the page's script reads it, to ask for its answer only when there is one.
    const res = await get(`/delivery?pincode=737101&product=${product.id}&returnTo=/product/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Set-Cookie')).toBe('ttt_pincode=737101; Path=/; Max-Age=31536000; SameSite=Lax');
    const html = text(await res.text());
    expect(html).toContain('<h1 class="text-3xl font-black uppercase">Check delivery</h1>');
    expect(html).toContain('Pincode Tee');
    expect(html).toContain('Delivering to East Sikkim, Sikkim');
    // The North-East's zone: 7 days, slower than the product's 3-5, and no express delivery.
    expect(html).toContain(`Standard delivery:</span> ${deliveryBy(7)}`);
    expect(html).not.toContain('Express delivery:');
    expect(html).toContain('value="737101"');
    expect(html).toContain(`href="/product/${product.id}"`);
  });

  it('answers an excluded pincode, and remembers it too', async () => {
    const res = await get(`/delivery.data?pincode=744101&product=${product.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Set-Cookie')).toContain('ttt_pincode=744101;');
    expect(await res.text()).toContain('We do not deliver to this pincode yet');
  });

  it('refuses an unknown or malformed pincode without remembering it', async () => {
    const unknown = await get(`/delivery?pincode=999999&product=${product.id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Set-Cookie')).toBeNull();
    expect(await unknown.text()).toContain('This is not a pincode we know. Please check it.');
    const malformed = await get(`/delivery?pincode=12ab&product=${product.id}`);
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('Set-Cookie')).toBeNull();
    expect(await malformed.text()).toContain('Pincode must be 6 digits.');
  });

  it('checks the remembered pincode when none is asked about, and nothing without one', async () => {
    const remembered = await get(`/delivery.data?product=${product.id}`, 'ttt_pincode=194101');
    expect(remembered.status).toBe(200);
    expect(remembered.headers.get('Set-Cookie')).toBeNull();
    const data = await remembered.text();
    expect(data).toContain('194101');
    expect(data).toContain('Leh, Ladakh');
    expect(data).toContain(deliveryBy(8));
    const none = await get(`/delivery.data?product=${product.id}`);
    expect(none.status).toBe(200);
    expect(await none.text()).not.toContain('Delivery by');
  });

  it('offers the check on the product page without baking the remembered pincode into its HTML', async () => {
    // Apart from what differs between any two requests: the request id and the scripts' nonce.
    const strip = (html: string) =>
      html.replace(/nonce="[^"]*"/g, '').replace(/<meta name="request-id" content="[^"]*"\/>/, '');
    const visitor = await (await get(`/product/${product.id}`)).text();
    const returning = await (await get(`/product/${product.id}`, 'ttt_pincode=560001')).text();
    expect(visitor).toContain('Check delivery');
    expect(visitor).toContain('action="/delivery"');
    expect(returning).not.toContain('560001');
    expect(strip(returning)).toBe(strip(visitor));
  });
});

describe('the lookups’ rate limit', () => {
  it('refuses a client past its limit, for both endpoints, with Retry-After', async () => {
    // Every lookup of this file so far came from the same client; use up the rest.
    let res: Response;
    do res = await get('/api/pincode?code=560001');
    while (res.status === 200);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await res.json()).toMatchObject({
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    });
    const check = await app.request(`${ORIGIN}/delivery?pincode=560001&product=${product.id}`);
    expect(check.status).toBe(429);
    expect(check.headers.get('Set-Cookie')).toBeNull();
  });
});
