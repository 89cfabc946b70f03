// A like drops every instance's kept visitor pages (the product page counts likes), so only a like
// that changes something may drop them, and a shopper may change their likes only so often
// (ADR 0036). Every change here drops the pages at once (PAGE_CACHE_CHANGE_WINDOW_MS=0): how a
// burst of them is folded into one drop is http/coalesced.test.ts's.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { pageDataOf } from '../../../tests/support/html.ts';
import { SIGNED_IN_MARKER } from '../../common/signed-in-marker.ts';
import { productLikes, type Product } from '../../server/db/schema.ts';

const LIKES_PER_WINDOW = 12;
const { database, app, signIn, get } = useTestApp({
  PAGE_CACHE_CHANGE_WINDOW_MS: '0',
  RATE_LIMIT_LIKES_PER_SHOPPER_PER_15_MIN: String(LIKES_PER_WINDOW),
});
let liked: Product;
let other: Product;
let pages: string[] = [];

beforeAll(async () => {
  liked = await createProduct(database.db, { name: 'Liked Linen Shirt' });
  other = await createProduct(database.db, { name: 'Unliked Utility Vest' });
  pages = ['/', `/product/${liked.id}`];
});

const like = (cookie: string, product: Product, wanted: boolean) =>
  app.request(`${ORIGIN}/api/likes`, {
    method: 'POST',
    body: JSON.stringify({ productId: product.id, liked: wanted }),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie },
  });

/** How each visitor page is answered now: 'HIT' from the cache, 'MISS' rendered (and kept). */
const answers = async () => Promise.all(pages.map(async (path) => (await get(path)).headers.get('X-Cache')));

/**
 * Asks for each page until it is kept. The app keeps pages only once it hears the catalog's
 * changes, and on a busy machine its listening connection may still be opening at the first ask.
 */
async function keepPages() {
  await expect.poll(answers, { timeout: 10_000, interval: 100 }).toEqual(['HIT', 'HIT']);
}

describe('likes and the kept visitor pages', () => {
  it('are dropped by a like or unlike that changes something, and kept through ones that do not', async () => {
    const { cookie } = await signIn();
    await keepPages();

    expect((await like(cookie, liked, true)).status).toBe(200);
    expect(await answers()).toEqual(['MISS', 'MISS']);
    await keepPages();

    // Liked again (a double click, a second tab, or on purpose), and unliking what was never liked.
    for (const [product, wanted] of [
      [liked, true],
      [liked, true],
      [liked, true],
      [other, false],
    ] as const) {
      const res = await like(cookie, product, wanted);
      expect(await res.json()).toMatchObject({ ok: true, liked: wanted });
      expect(await answers()).toEqual(['HIT', 'HIT']);
    }

    expect((await like(cookie, liked, false)).status).toBe(200);
    expect(await answers()).toEqual(['MISS', 'MISS']);
  });

  it("refuses a shopper's likes past the limit in words, changing nothing", async () => {
    const { id, cookie } = await signIn();
    for (let i = 0; i < LIKES_PER_WINDOW; i++) {
      expect((await like(cookie, liked, i % 2 === 0)).status).toBe(200);
    }
    await keepPages();

    const refused = await like(cookie, liked, true);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      ok: false,
      kind: 'too_many_requests',
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(await database.db.select().from(productLikes).where(eq(productLikes.userId, id))).toEqual([]);
    expect(await answers()).toEqual(['HIT', 'HIT']);

    // Another shopper has their own allowance.
    const someoneElse = await signIn();
    expect((await like(someoneElse.cookie, liked, true)).status).toBe(200);
  });

  it("shows a shopper their own like with the page's data, while the page is the one kept for everyone", async () => {
    const kurta = await createProduct(database.db, { name: 'Kept Block Print Kurta' });
    const { cookie } = await signIn({ name: 'Kavya Nair' });
    const path = `/product/${kurta.id}`;
    await get(path);
    expect((await get(path)).headers.get('X-Cache')).toBe('HIT');

    expect((await like(cookie, kurta, true)).status).toBe(200);
    // The like drops the kept page; the shopper's own request renders it again, as a visitor's.
    const own = await get(path, `${cookie}; ${SIGNED_IN_MARKER}=1`);
    expect(own.headers.get('X-Cache')).toBe('MISS');
    const html = await own.text();
    expect(html).toContain(`aria-label="Like Kept Block Print Kurta, 1 like"`);
    expect(html).not.toContain('aria-pressed="true"');
    expect(html).not.toContain('Kavya Nair');
    const visitor = await get(path);
    expect(visitor.headers.get('X-Cache')).toBe('HIT');
    expect(await visitor.text()).toBe(html);

    const data = await pageDataOf(await get(`${path}.data`, cookie));
    expect(data.root).toMatchObject({ user: { name: 'Kavya Nair' }, badges: { wishlist: 1, cart: 0 } });
    expect(data['routes/product']).toMatchObject({ likedIds: [kurta.id], likeCount: 1 });
  });
});
