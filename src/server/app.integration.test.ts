// The Hono app in-process over the production build: health, headers, pages, errors.
import { beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../tests/support/app.ts';
import { useTestDatabase } from '../../tests/support/database.ts';
import { createProduct } from '../../tests/support/factories.ts';

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  ({ app } = await createTestApp(database, {
    STORE_EMAIL: 'care@shop.example.in',
    STORE_PHONE: '+91 91234 56789',
  }));
});

describe('health checks', () => {
  it('/healthz says the process is up', async () => {
    const res = await app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers, and reports the image store and the job queue', async () => {
    const res = await app.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ready',
      storage: { kind: 'local', status: 'ok' },
      jobs: 'ok',
    });
  });
});

describe('every response', () => {
  it('carries a request id and the security headers', async () => {
    // A page rendered for this request (a visitor's shop pages are kept: visitor-documents tests).
    const res = await app.request('/login');
    expect(res.headers.get('x-request-id')).toMatch(/\S{8,}/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain('https://checkout.razorpay.com');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('puts the nonce of the policy on the inline scripts', async () => {
    const res = await app.request('/login');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    const html = await res.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('is compressed when the browser accepts it', async () => {
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('static assets', () => {
  it('serves hashed assets precompressed with an immutable cache', async () => {
    const html = await (await app.request('/')).text();
    // A module of the page, as its module script imports it (or preloads it after the first paint).
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const res = await app.request(script!, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("serves the build's other files, at the top and in folders, for a week", async () => {
    for (const file of ['/favicon.svg', '/images/categories/jackets-640.webp']) {
      const res = await app.request(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=604800');
      expect(res.headers.get('content-encoding'), file).toBeNull();
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(0);
    }
    expect((await app.request('/images/categories/no-such.webp')).status).toBe(404);
  });

  it('never lets browsers cache the pages themselves for long', async () => {
    for (const page of ['/', '/login']) {
      const res = await app.request(page);
      expect(res.headers.get('cache-control') ?? '').not.toMatch(/(^|[\s,])max-age=[1-9]/);
    }
  });
});

describe('home page', () => {
  it('renders the hero, collections, categories with counts, and the footer from the store settings', async () => {
    await createProduct(database.db, { category: 'polos' });
    await createProduct(database.db, { category: 'polos' });
    const res = await app.request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en-IN"');
    expect(html).toContain('SHOP NOW');
    expect(html).toContain('href="/products"');
    expect(html).toContain('Our Collections');
    for (const slug of ['bring-your-childhood', 'trap-themed', 'other-designs']) {
      expect(html).toContain(`href="/products?collection=${slug}"`);
    }
    for (const name of ['Bring Your Childhood', 'Trap Themed', 'Navratri Drop']) expect(html).toContain(name);
    expect(html).toContain('Shop by Category');
    for (const slug of ['jackets', 'sweatshirts', 'oversized', 'regular-fit', 'polos']) {
      expect(html).toContain(`href="/products?category=${slug}"`);
    }
    expect(html).toMatch(/Polos<\/span><span[^>]*>2<!-- --> <!-- -->styles/);
    for (const label of ['Shop', 'About Us', 'Shipping Policy', 'FAQ', 'Track Order'])
      expect(html).toContain(`>${label}</a>`);
    expect(html).toContain('care@shop.example.in');
    expect(html).toContain('+91 91234 56789');
    expect(html).toContain('aria-label="Instagram"');
    expect(html).toContain('aria-label="UPI"');
  });
});

describe('bad requests', () => {
  it('answers an unknown route with the 404 page', async () => {
    const res = await app.request('/no-such-page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('<title>Page not found | Trap the Trend</title>');
  });

  it('answers a malformed URL with 400, not 500', async () => {
    for (const url of ['/%E0%A4%A', '/products?search=%', '/%']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(400);
    }
  });
});
