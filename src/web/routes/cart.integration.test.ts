// The cart, likes and their pages through the real app: who may ask, what a bad request gets,
// and what the pages show.
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { pageDataOf } from '../../../tests/support/html.ts';
import type { Product } from '../../server/db/schema.ts';

const { database, app, signIn } = useTestApp();
let cookie: string;
let jacket: Product;

beforeAll(async () => {
  ({ cookie } = await signIn());
  jacket = await createProduct(database.db, { name: 'Varsity Bomber', sizes: ['M', 'L'], pricePaise: 249_900 });
});

function postJson(path: string, body: string | undefined, headers: Record<string, string> = {}) {
  return app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie, ...headers },
  });
}

describe('/api/cart', () => {
  it('adds a line for the signed-in user', async () => {
    const res = await postJson('/api/cart', JSON.stringify({ intent: 'add', productId: jacket.id, size: 'M' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: 'Added to cart!' });
    const page = await app.request(`${ORIGIN}/cart`, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('Varsity Bomber');
    expect(html).toContain('₹2,499.00');
  });

  it.each([
    ['no body', undefined, 'The request had no item in it.'],
    ['malformed JSON', '{"intent":', 'The request had no item in it.'],
    ['an unknown request', JSON.stringify({ intent: 'steal' }), 'Unknown cart request.'],
    [
      'quantity 11',
      JSON.stringify({ intent: 'add', productId: 1, size: 'M', quantity: 11 }),
      'Quantity must be a whole number from 1 to 10.',
    ],
  ])('answers %s with 400 and a clear message', async (_, body, message) => {
    const res = await postJson('/api/cart', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, kind: 'invalid', message });
  });

  it('asks a visitor to log in, and refuses another origin', async () => {
    const visitor = await postJson('/api/cart', JSON.stringify({ intent: 'add', productId: jacket.id, size: 'M' }), {
      cookie: '',
    });
    expect(visitor.status).toBe(401);
    const foreign = await postJson('/api/cart', JSON.stringify({ intent: 'add', productId: jacket.id, size: 'M' }), {
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
  });
});

describe('/api/likes', () => {
  it('likes and unlikes, answering the count', async () => {
    const liked = await postJson('/api/likes', JSON.stringify({ productId: jacket.id, liked: true }));
    expect(await liked.json()).toEqual({ ok: true, liked: true, count: 1, message: 'Added to favorites!' });
    const favorites = await app.request(`${ORIGIN}/favorites`, { headers: { cookie } });
    expect(await favorites.text()).toContain('Varsity Bomber');
    const unliked = await postJson('/api/likes', JSON.stringify({ productId: jacket.id, liked: false }));
    expect(await unliked.json()).toEqual({ ok: true, liked: false, count: 0, message: 'Removed from favorites' });
  });

  it('asks a visitor to log in', async () => {
    const res = await postJson('/api/likes', JSON.stringify({ productId: jacket.id, liked: true }), { cookie: '' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      ok: false,
      kind: 'unauthenticated',
      message: 'Please log in to like products.',
    });
  });
});

describe("a shopper's own likes and cart on the pages", () => {
  // The page itself is the one kept for visitors (ADR 0058): a shopper's hearts and badges come in
  // its data request, which the page makes at once.
  const dataAs = async (path: string, who: string) =>
    pageDataOf(await app.request(`${ORIGIN}${path}.data`, { headers: { cookie: who } }));
  const own = (data: Record<string, unknown>, route: string) => ({
    badges: (data.root as { badges: unknown }).badges,
    likedIds: (data[route] as { likedIds: number[] }).likedIds,
  });

  it('show at once after their own like and cart add, on the product page and the listing, and only theirs', async () => {
    const [asha, bharat] = [(await signIn()).cookie, (await signIn()).cookie];
    const pages = [
      [`/product/${jacket.id}`, 'routes/product'],
      ['/products', 'routes/products'],
    ] as const;
    expect(own(await dataAs(pages[0][0], asha), pages[0][1]).likedIds).toEqual([]);

    await postJson('/api/likes', JSON.stringify({ productId: jacket.id, liked: true }), { cookie: asha });
    await postJson('/api/cart', JSON.stringify({ intent: 'add', productId: jacket.id, size: 'M', quantity: 2 }), {
      cookie: asha,
    });
    for (const [path, route] of pages) {
      const [hers, his] = await Promise.all([dataAs(path, asha), dataAs(path, bharat)]);
      expect(own(hers, route), path).toEqual({ badges: { wishlist: 1, cart: 2 }, likedIds: [jacket.id] });
      expect(own(his, route), path).toEqual({ badges: { wishlist: 0, cart: 0 }, likedIds: [] });
    }

    await postJson('/api/likes', JSON.stringify({ productId: jacket.id, liked: false }), { cookie: asha });
    expect(own(await dataAs(pages[0][0], asha), pages[0][1])).toEqual({
      badges: { wishlist: 0, cart: 2 },
      likedIds: [],
    });
  });
});

describe('signed-out pages', () => {
  it('/cart and /favorites ask the visitor to log in', async () => {
    expect(await (await app.request(`${ORIGIN}/cart`)).text()).toContain('Please log in to view your cart.');
    expect(await (await app.request(`${ORIGIN}/favorites`)).text()).toContain('Please log in to see your wishlist.');
  });
});
