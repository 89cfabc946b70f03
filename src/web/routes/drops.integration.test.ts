// A drop's pages through the real app: before the minute the product page and its card show the
// moment and a countdown, the buy buttons are off and the server refuses a forged add; at the
// minute the kept visitor pages are dropped on the spot (not a minute later) and the page sells.
import { setTimeout as sleep } from 'node:timers/promises';

import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { expectShows } from '../../../tests/support/html.ts';
import type { Product } from '../../server/db/schema.ts';

const { database, app, signIn, get } = useTestApp({ PAGE_CACHE_CHANGE_WINDOW_MS: '0' });
const FUTURE = new Date('2030-12-05T14:30:00Z');
const LABEL = 'Drops 5 December 2030, 8:00 pm';

/** Whether the page's button with this text is disabled. */
function buttonDisabled(html: string, text: string): boolean {
  const button = new RegExp(`<button[^>]*>${text}</button>`).exec(html)?.[0];
  if (!button) throw new Error(`no ${text} button on the page`);
  return /\sdisabled=""/.test(button);
}

describe('before the minute', () => {
  let product: Product;

  beforeAll(async () => {
    product = await createProduct(database.db, { name: 'Midnight Drop Hoodie', category: 'jackets' });
    await createDrop(database.db, [product.id], { goesLiveAt: FUTURE, limitPerSize: 1, limitTotal: 2 });
  });

  it('shows the moment, a countdown and the limits, with the sizes but no way to buy', async () => {
    const html = await (await get(`/product/${product.id}`)).text();
    expectShows(html, [LABEL, 'Goes live in ', 'Limited: 1 per size, 2 items in all per shopper.', '>M<']);
    expect(buttonDisabled(html, 'Add to Cart')).toBe(true);
    expect(buttonDisabled(html, 'Buy Now')).toBe(true);
  });

  it('shows the moment on its card in the listing', async () => {
    const html = await (await get('/products?search=midnight+drop')).text();
    expectShows(html, ['Midnight Drop Hoodie', LABEL]);
  });

  it('refuses an add the page did not offer, and a checkout page for it names the moment', async () => {
    const { cookie } = await signIn();
    const added = await app.request(`${ORIGIN}/api/cart`, {
      method: 'POST',
      body: JSON.stringify({ intent: 'add', productId: product.id, size: 'M', quantity: 1 }),
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie },
    });
    expect(added.status).toBe(409);
    expect(await added.json()).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This drops on 5 December 2030 at 8:00 pm.',
    });
    const checkout = await app.request(`${ORIGIN}/checkout?buy=${product.id}&size=M&qty=1`, { headers: { cookie } });
    expectShows(await checkout.text(), ['This drops on 5 December 2030 at 8:00 pm.']);
  });
});

describe('at the minute', () => {
  it('drops the kept visitor page at once, and shared caches keep it no longer than that', async () => {
    const product = await createProduct(database.db, { name: 'On The Minute Tee' });
    const goesLiveAt = new Date(Date.now() + 2500);
    await createDrop(database.db, [product.id], { goesLiveAt });
    const path = `/product/${product.id}`;

    const first = await get(path);
    expectShows(await first.text(), ['Goes live in ']);
    const kept = await get(path);
    expect(kept.headers.get('X-Cache')).toBe('HIT');
    expectShows(await kept.text(), ['Goes live in ']);
    const sharedFor = Number(/s-maxage=(\d+)/.exec(kept.headers.get('Cache-Control') ?? '')?.[1]);
    expect(sharedFor).toBeLessThanOrEqual(3);
    expect(kept.headers.get('Cache-Control')).toContain('stale-while-revalidate=0');

    await sleep(goesLiveAt.getTime() - Date.now() + 100);
    const live = await get(path);
    expect(live.headers.get('X-Cache')).toBe('MISS');
    const html = await live.text();
    expectShows(html, ['On The Minute Tee'], ['Goes live in ', 'Drops ']);
    expect(buttonDisabled(html, 'Add to Cart')).toBe(false);
    expect(buttonDisabled(html, 'Buy Now')).toBe(false);
  });
});
