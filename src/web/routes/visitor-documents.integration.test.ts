// A visitor's pages come from the document cache (ADR 0032): rendered once, kept, answered with
// an ETag, dropped the moment the catalog changes by any path, and never holding anyone's data. A
// signed-in shopper is given the same page, and their own parts with its `.data` request (ADR 0058).
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { editFormData } from '../../../tests/support/catalog.ts';
import { createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { pageDataOf } from '../../../tests/support/html.ts';
import { formatPaise } from '../../common/money.ts';
import { orderNumber } from '../../common/orders.ts';
import { SIGNED_IN_MARKER } from '../../common/signed-in-marker.ts';
import {
  cartItems,
  productLikes,
  products,
  productStock,
  reviews,
  users,
  type Product,
} from '../../server/db/schema.ts';

// Each change here drops the kept pages at once: changes that follow one within the window are
// otherwise dropped together at its end (http/coalesced.ts), and these tests change the catalog often.
const { database, app, signIn, get, postForm } = useTestApp({ PAGE_CACHE_CHANGE_WINDOW_MS: '0' });
let product: Product;
let page = '';

beforeAll(async () => {
  product = await createProduct(database.db, { name: 'Cached Cargo Jacket', pricePaise: 249_900, category: 'jackets' });
  page = `/product/${product.id}`;
});

/** The admin's edit form of the product, with a new price, as the edit page posts it. */
const priceEdit = (current: Product, price: string) =>
  editFormData(current, Object.fromEntries(current.sizes.map((size) => [size, 50])), { price });

/** An admin sets the product's price through its edit page. */
async function adminSetsPrice(price: string) {
  const { cookie } = await signIn({ role: 'admin' });
  const edit = await app.request(`${ORIGIN}/admin/products/${product.id}`, {
    method: 'POST',
    body: priceEdit(await reload(), price),
    headers: { cookie, Origin: ORIGIN },
  });
  expect(edit.status).toBeLessThan(400);
}

const reload = async () => (await database.db.select().from(products).where(eq(products.id, product.id)))[0]!;

/** The cookies of a signed-in shopper's browser once it has been given the signed-in marker. */
const marked = (cookie: string) => `${cookie}; ${SIGNED_IN_MARKER}=1`;

/** The root's and the product page's data of `path`'s `.data` request, asked with `cookie`. */
async function dataOf(path: string, cookie: string) {
  const routes = await pageDataOf(await get(`${path}.data`, cookie));
  return routes as {
    root: { user: { id: string; name: string } | null; badges: { cart: number; wishlist: number } };
    'routes/product': { likedIds: number[]; product: { pricePaise: number } };
  };
}

describe("a visitor's product page", () => {
  it('is rendered once, then answered from the cache with the same ETag and a shareable Cache-Control', async () => {
    const first = await get(page);
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Cache')).toBe('MISS');
    const firstHtml = await first.text();
    expect(firstHtml).toContain('Cached Cargo Jacket');

    const second = await get(page);
    expect(second.headers.get('X-Cache')).toBe('HIT');
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'));
    expect(second.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    // The same page whatever the cookies (ADR 0058): shared caches keep one copy, not one per session.
    expect(second.headers.get('Vary')).toBe('Accept-Encoding');
    // An error page names its request; a kept page would name another visitor's.
    expect(firstHtml).not.toContain('name="request-id"');
  });

  it('answers a browser that has it with 304 Not Modified', async () => {
    const etag = (await get(page)).headers.get('ETag')!;
    const res = await app.request(`${ORIGIN}${page}`, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expect(res.headers.get('ETag')).toBe(etag);
  });

  it('is compressed once, with Brotli or gzip as the browser accepts', async () => {
    const plain = await (await get(page)).text();
    for (const encoding of ['br', 'gzip']) {
      const res = await app.request(`${ORIGIN}${page}`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.get('X-Cache')).toBe('HIT');
      const body = Buffer.from(await res.arrayBuffer());
      expect((encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString()).toBe(plain);
    }
  });

  it("allows the page's inline scripts by their hashes, as a nonce cannot be shared", async () => {
    const res = await get(page);
    const html = await res.text();
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).not.toContain("'nonce-");
    // Structured data is not run: it needs no hash.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/src=|application\/ld\+json/.test(attrs!),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , text] of inline) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
    }
  });

  it("shows the admin's new price at once: the edit drops the kept page", async () => {
    await get(page);
    expect((await get(page)).headers.get('X-Cache')).toBe('HIT');
    await adminSetsPrice('₹1,799.00');
    expect((await reload()).pricePaise).toBe(179_900);

    const after = await get(page);
    expect(after.headers.get('X-Cache')).toBe('MISS');
    const html = await after.text();
    expect(html).toContain(formatPaise(179_900));
    expect(html).not.toContain(formatPaise(249_900));
    expect((await get(page)).headers.get('X-Cache')).toBe('HIT');
  });

  it('is kept through a write that changes nothing', async () => {
    await get(page);
    expect((await get(page)).headers.get('X-Cache')).toBe('HIT');
    await database.db
      .update(products)
      .set({ pricePaise: sql`${products.pricePaise}` })
      .where(eq(products.id, product.id));
    await database.db
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity}` })
      .where(eq(productStock.productId, product.id));
    expect((await get(page)).headers.get('X-Cache')).toBe('HIT');
  });

  it('is dropped when stock changes by any path (here a plain update, as a checkout makes)', async () => {
    await get(page);
    expect((await get(page)).headers.get('X-Cache')).toBe('HIT');
    await database.db.update(productStock).set({ quantity: 0 }).where(eq(productStock.productId, product.id));
    expect((await get(page)).headers.get('X-Cache')).toBe('MISS');
  });
});

describe('made-up query parameters', () => {
  it('make no new kept pages, and never reach the page kept for everyone', async () => {
    const canonical = await get(page);
    const etag = canonical.headers.get('ETag');
    for (let i = 0; i < 20; i++) {
      const res = await get(`${page}?utm_source=junk${i}&q=${'x'.repeat(2000)}`);
      expect(res.headers.get('X-Cache')).toBe('HIT');
      expect(res.headers.get('ETag')).toBe(etag);
    }
    // Rendered first with a made-up parameter, the page is rendered for its own address: its
    // forms' returnTo fields do not carry the parameter to later visitors.
    await database.db.update(productStock).set({ quantity: 5 }).where(eq(productStock.productId, product.id));
    const first = await get(`${page}?ref=%22%3E%3Cb%3Einjected`);
    expect(first.headers.get('X-Cache')).toBe('MISS');
    const html = await first.text();
    expect(html).not.toContain('injected');
    expect(html).toContain(`name="returnTo" value="${page}"`);
    expect((await get(page)).headers.get('X-Cache')).toBe('HIT');
  });

  it("leave the listing's filters and the product's page of reviews their own pages", async () => {
    const jackets = await (await get('/products?category=jackets&junk=1')).text();
    expect(jackets).toContain('Cached Cargo Jacket');
    const polos = await get('/products?category=polos&junk=1');
    expect(await polos.text()).not.toContain('Cached Cargo Jacket');
    expect((await get('/products?category=jackets&junk=2')).headers.get('X-Cache')).toBe('HIT');
    await get(`${page}?reviewsPage=2`);
    expect((await get(`${page}?reviewsPage=2&junk=3`)).headers.get('X-Cache')).toBe('HIT');
    expect((await get(`${page}?reviewsPage=3`)).headers.get('X-Cache')).toBe('MISS');
  });
});

describe("a shopper's product page", () => {
  it("reads the catalog's part from memory, and shows the admin's new price at once", async () => {
    const shopper = await signIn({ name: 'Chitra Iyer' });
    const was = (await reload()).pricePaise;
    const before = await dataOf(page, shopper.cookie);
    expect(before.root.user?.name).toBe('Chitra Iyer');
    expect(before['routes/product'].product.pricePaise).toBe(was);
    await adminSetsPrice('₹1,499.00');
    const document = await (await get(page, marked(shopper.cookie))).text();
    expect(document).toContain(formatPaise(149_900));
    expect(document).not.toContain(formatPaise(was));
    expect((await dataOf(page, shopper.cookie))['routes/product'].product.pricePaise).toBe(149_900);
  });
});

describe('a review on the kept page', () => {
  it("shows its author's new name once the account is renamed", async () => {
    const author = await createUser(database.db, { name: 'Dev Anand' });
    const order = await createOrder(database.db, { userId: author.id });
    await database.db
      .insert(reviews)
      .values({ productId: product.id, userId: author.id, orderId: order.id, size: 'M', rating: 4, body: 'Warm.' });
    expect(await (await get(page)).text()).toContain('Dev A.');
    expect((await get(page)).headers.get('X-Cache')).toBe('HIT');
    await database.db.update(users).set({ name: 'Ravi Shankar' }).where(eq(users.id, author.id));
    const html = await (await get(page)).text();
    expect(html).toContain('Ravi S.');
    expect(html).not.toContain('Dev A.');
  });
});

describe("a shopper's pages, rendered for each request", () => {
  /** The page's text with its request's CSP nonce blanked: the one thing two renders differ in. */
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

  it('are compressed per request with Brotli or gzip, each decoding to the same page', async () => {
    const shopper = await signIn({ name: 'Chitra Rao' });
    const headers = (encoding: string) => ({ cookie: marked(shopper.cookie), 'Accept-Encoding': encoding });
    const plain = await app.request(`${ORIGIN}/favorites`, { headers: headers('identity') });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const html = withoutNonce(await plain.text());
    expect(html).toContain('Chitra Rao');
    for (const encoding of ['br', 'gzip']) {
      const res = await app.request(`${ORIGIN}/favorites`, { headers: headers(`${encoding}, deflate`) });
      expect(res.headers.get('X-Cache')).toBeNull();
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.get('Vary')).toContain('Accept-Encoding');
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('Content-Length')).toBe(String(body.length));
      const decoded = (encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString();
      expect(withoutNonce(decoded)).toBe(html);
    }
  });

  it('decode whole when a part of the page waits for its data (the orders page streams them)', async () => {
    const shopper = await signIn();
    const order = await createOrder(database.db, { userId: shopper.id });
    const res = await app.request(`${ORIGIN}/orders`, { headers: { cookie: shopper.cookie, 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toContain(`Order #${orderNumber(order.id)}`);
    expect(html).toMatch(/<\/html>/);
  });
});

describe('personal data', () => {
  it("never enters a kept page: two shoppers are given the visitor's page, and their own parts with its data", async () => {
    const asha = await signIn({ name: 'Asha Kapoor' });
    const bharat = await signIn({ name: 'Bharat Menon' });
    await database.db.insert(productLikes).values({ userId: asha.id, productId: product.id });
    await database.db.insert(cartItems).values({ userId: bharat.id, productId: product.id, size: 'M', quantity: 3 });

    const visitorBefore = await get(page);
    const ashaPage = await get(page, marked(asha.cookie));
    const bharatPage = await get(page, marked(bharat.cookie));
    const visitorAfter = await get(page);
    const visitorHtml = await visitorAfter.text();

    for (const res of [ashaPage, bharatPage, visitorAfter]) {
      expect(res.headers.get('X-Cache')).toBe('HIT');
      expect(res.headers.get('ETag')).toBe(visitorBefore.headers.get('ETag'));
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    for (const html of [await ashaPage.text(), await bharatPage.text()]) {
      expect(html).toBe(visitorHtml);
    }
    for (const personal of [
      'Asha Kapoor',
      'Bharat Menon',
      asha.id,
      bharat.id,
      'aria-pressed="true"',
      'Cart, 3 items',
    ]) {
      expect(visitorHtml).not.toContain(personal);
    }
    expect(visitorHtml).toContain('aria-label="Cart"');
    expect(visitorHtml).toContain('aria-label="Wishlist"');

    // The page's `.data` request, which the page sends once it finds the marker, brings each their own.
    const ashaData = await get(`${page}.data`, marked(asha.cookie));
    expect(ashaData.headers.get('Cache-Control')).toBe('private, no-cache');
    const ashas = (await pageDataOf(ashaData)) as Awaited<ReturnType<typeof dataOf>>;
    expect(ashas.root.user).toMatchObject({ id: asha.id, name: 'Asha Kapoor' });
    expect(ashas.root.badges).toEqual({ cart: 0, wishlist: 1 });
    expect(ashas['routes/product'].likedIds).toEqual([product.id]);
    const bharats = await dataOf(page, marked(bharat.cookie));
    expect(bharats.root.user).toMatchObject({ id: bharat.id, name: 'Bharat Menon' });
    expect(bharats.root.badges).toEqual({ cart: 3, wishlist: 0 });
    expect(bharats['routes/product'].likedIds).toEqual([]);
  });

  it('keeps a page first asked for by a shopper, and gives it to a visitor byte for byte', async () => {
    await database.db.update(productStock).set({ quantity: 7 }).where(eq(productStock.productId, product.id));
    const shopper = await signIn({ name: 'Farah Siddiqui' });
    await database.db.insert(productLikes).values({ userId: shopper.id, productId: product.id });
    const miss = await get(page, marked(shopper.cookie));
    expect(miss.headers.get('X-Cache')).toBe('MISS');
    const html = await miss.text();
    expect(html).not.toContain('Farah Siddiqui');
    expect(html).not.toContain('aria-pressed="true"');
    const visitor = await get(page);
    expect(visitor.headers.get('X-Cache')).toBe('HIT');
    expect(visitor.headers.get('ETag')).toBe(miss.headers.get('ETag'));
    expect(await visitor.text()).toBe(html);
  });

  it('gives a browser with a session the signed-in marker, and takes it back once the session is gone', async () => {
    const shopper = await signIn({ name: 'Gita Pillai' });
    // The first answer to a session without the marker sets it, and is that browser's alone.
    const first = await get(page, shopper.cookie);
    expect(first.headers.get('X-Cache')).toMatch(/^(HIT|MISS)$/);
    expect(first.headers.getSetCookie()).toEqual([`${SIGNED_IN_MARKER}=1; Path=/; Max-Age=2592000; SameSite=Lax`]);
    expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(await first.text()).not.toContain('Gita Pillai');
    // Once it is there, nothing more is said.
    expect((await get(page, marked(shopper.cookie))).headers.getSetCookie()).toEqual([]);
    // Signed out: the browser still sends the marker, and is told to drop it.
    const signedOut = await postForm('/logout', { redirectTo: page }, marked(shopper.cookie));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.getSetCookie().some((line) => /session_token=;/.test(line))).toBe(true);
    const after = await get(`${page}.data`, `${SIGNED_IN_MARKER}=1`);
    expect(after.headers.getSetCookie()).toEqual([`${SIGNED_IN_MARKER}=; Path=/; Max-Age=0; SameSite=Lax`]);
    expect((await dataOf(page, '')).root.user).toBeNull();
  });

  it('marks every other page asked for with a session private: its header names the shopper', async () => {
    const asha = await signIn({ name: 'Asha Kapoor' });
    for (const path of ['/login', '/favorites', `${page}.data`, '/_.data']) {
      const res = await get(path, marked(asha.cookie));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toMatch(/^private, no-(cache|store)$/);
      if (!path.endsWith('.data')) expect(await res.text(), path).toContain('Asha Kapoor');
    }
  });

  it("keeps pages about one person, and pages that are not the shop's, out of the cache", async () => {
    for (const path of ['/cart', '/orders', '/login', '/track-order', '/contact', '/product/999999']) {
      await get(path);
      expect((await get(path)).headers.get('X-Cache'), path).toBeNull();
    }
  });

  it('keeps the listing, the home page and the static pages for visitors', async () => {
    for (const path of ['/', '/products?category=jackets', '/about', '/faq', '/terms', '/privacy', '/help']) {
      await get(path);
      expect((await get(path)).headers.get('X-Cache'), path).toBe('HIT');
    }
  });
});
