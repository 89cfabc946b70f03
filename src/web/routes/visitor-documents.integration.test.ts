// A visitor's pages come from the document cache (ADR 0032): rendered once, kept, answered with
// an ETag, dropped the moment the catalog changes by any path, and never holding anyone's data.
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { editFormData } from '../../../tests/support/catalog.ts';
import { createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { formatPaise } from '../../common/money.ts';
import { orderNumber } from '../../common/orders.ts';
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
const { database, app, signIn, get } = useTestApp({ PAGE_CACHE_CHANGE_WINDOW_MS: '0' });
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
    expect(second.headers.get('Vary')).toBe('Accept-Encoding, Cookie');
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
    const before = await (await get(page, shopper.cookie)).text();
    expect(before).toContain('Chitra Iyer');
    expect(before).toContain(formatPaise(was));
    await adminSetsPrice('₹1,499.00');
    const after = await (await get(page, shopper.cookie)).text();
    expect(after).toContain(formatPaise(149_900));
    expect(after).not.toContain(formatPaise(was));
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
    const headers = (encoding: string) => ({ cookie: shopper.cookie, 'Accept-Encoding': encoding });
    const plain = await app.request(`${ORIGIN}${page}`, { headers: headers('identity') });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const html = withoutNonce(await plain.text());
    expect(html).toContain('Chitra Rao');
    for (const encoding of ['br', 'gzip']) {
      const res = await app.request(`${ORIGIN}${page}`, { headers: headers(`${encoding}, deflate`) });
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
  it('never enters a kept page: two shoppers and a visitor ask for the same address', async () => {
    const asha = await signIn({ name: 'Asha Kapoor' });
    const bharat = await signIn({ name: 'Bharat Menon' });
    await database.db.insert(productLikes).values({ userId: asha.id, productId: product.id });
    await database.db.insert(cartItems).values({ userId: bharat.id, productId: product.id, size: 'M', quantity: 3 });

    const visitorBefore = await get(page);
    const ashaPage = await get(page, asha.cookie);
    const bharatPage = await get(page, bharat.cookie);
    const visitorAfter = await get(page);

    for (const [res, own, other] of [
      [ashaPage, 'Asha Kapoor', 'Bharat Menon'],
      [bharatPage, 'Bharat Menon', 'Asha Kapoor'],
    ] as const) {
      expect(res.headers.get('X-Cache')).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
      const html = await res.text();
      expect(html).toContain(own);
      expect(html).not.toContain(other);
    }

    expect(visitorAfter.headers.get('X-Cache')).toBe('HIT');
    expect(visitorAfter.headers.get('ETag')).toBe(visitorBefore.headers.get('ETag'));
    const visitorHtml = await visitorAfter.text();
    for (const personal of ['Asha Kapoor', 'Bharat Menon', asha.id, bharat.id]) {
      expect(visitorHtml).not.toContain(personal);
    }
    expect(visitorHtml).toContain('aria-label="Cart"');
    expect(visitorHtml).toContain('aria-label="Wishlist"');
  });

  it('marks every other page asked for with a session private: its header names the shopper', async () => {
    const asha = await signIn({ name: 'Asha Kapoor' });
    for (const path of ['/login', '/help', `${page}.data`]) {
      const res = await get(path, asha.cookie);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toBe('private, no-cache');
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
