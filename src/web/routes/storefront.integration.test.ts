// The storefront pages through the real app and production build: status codes, the spec's
// texts, and what search engines read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../../tests/support/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { expectShows } from '../../../tests/support/html.ts';
import { products, type Product } from '../../server/db/schema.ts';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let jacket: Product;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database, { PUBLIC_URL: 'https://shop.example.in' }));
  jacket = await createProduct(database.db, {
    name: 'Midnight Bomber Jacket',
    category: 'jackets',
    collection: 'trap-themed',
    pricePaise: 249_900,
    keyHighlights: {
      design: 'Embroidered',
      fit: 'Regular',
      neck: 'Ribbed collar',
      occasion: 'Casual',
      sleeveStyle: 'Full',
      washCare: 'Dry clean',
    },
  });
  for (let i = 0; i < 13; i += 1) await createProduct(database.db, { category: 'polos', name: `Court Polo ${i}` });
});
afterAll(() => database.destroy());

const page = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, html: await res.text(), res };
};

describe('/products', () => {
  it("shows 'Featured Collections' with the count and a Load More link when the page is full", async () => {
    const { status, html } = await page('/products?category=polos');
    expect(status).toBe(200);
    expect(html).toContain('Featured Collections');
    expect(html).toMatch(/13<!-- --> <!-- -->products/);
    expect(html).toContain('href="/products?category=polos&amp;page=2"');
    expect(html).toContain('Load More');
    const second = await page('/products?category=polos&page=2');
    expect((second.html.match(/href="\/product\/\d+"/g) ?? []).length).toBe(13);
    expect(second.html).not.toContain('Load More');
  });

  it('says what was searched for, and when nothing matched', async () => {
    const found = await page('/products?search=bomber');
    expect(found.html).toContain('Search Results for &quot;bomber&quot;');
    expect(found.html).toContain('Midnight Bomber Jacket');
    const none = await page('/products?search=qqqqq');
    expect(none.html).toContain('No products found for &quot;qqqqq&quot;');
  });

  it('treats an unknown collection or category as an empty result', async () => {
    for (const path of ['/products?collection=nope', '/products?category=shoes']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html).toContain('No products found');
    }
  });

  it('clamps a bad page number to the first page instead of failing', async () => {
    for (const p of ['abc', '-3', '0', '1.5']) {
      const { status, html } = await page(`/products?category=polos&page=${p}`);
      expect(status, p).toBe(200);
      expect((html.match(/href="\/product\/\d+"/g) ?? []).length, p).toBe(12);
    }
  });

  it('stops offering Load More at the last page it serves (50)', async () => {
    const filler = Array.from({ length: 600 }, (_, i) => ({
      name: `Filler Regular Tee ${i}`,
      pricePaise: 59_900,
      sizes: ['M'],
      category: 'regular-fit',
      deliveryInfo: {
        standardDelivery: '3-5 business days',
        expressDelivery: '1-2 business days',
        pincodeDelivery: true,
      },
    }));
    await database.db.insert(products).values(filler);
    const last = await page('/products?category=regular-fit&page=99999999999999999999');
    expect(last.status).toBe(200);
    expect((last.html.match(/href="\/product\/\d+"/g) ?? []).length).toBe(600);
    expect(last.html).not.toContain('Load More');
  });

  it('survives control characters in the search text', async () => {
    expect((await page('/products?search=bomber%00')).html).toContain('Midnight Bomber Jacket');
    const res = await app.request('/api/search?q=%00');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ query: '', results: [] });
  });
});

describe('/product/{id}', () => {
  it('shows the product with its cards, price in rupees and structured data', async () => {
    const { status, html } = await page(`/product/${jacket.id}`);
    expect(status).toBe(200);
    expectShows(html, [
      '<title>Midnight Bomber Jacket | Trap the Trend</title>',
      '₹2,499.00',
      'Key Highlights',
      'Product Details',
      'Manufacture &amp; Care',
      'Return Policy',
      'Delivery Info',
      'Add to Cart',
      'Buy Now',
      `<link rel="canonical" href="https://shop.example.in/product/${jacket.id}"/>`,
      'property="og:title" content="Midnight Bomber Jacket"',
    ]);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const product = ld.find((item) => item['@type'] === 'Product');
    expect(product.offers).toMatchObject({
      priceCurrency: 'INR',
      price: '2499.00',
      availability: 'https://schema.org/InStock',
    });
    expect(ld.find((item) => item['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
  });

  it('keeps a hostile product name inside its structured data', async () => {
    const hostile = await createProduct(database.db, { name: 'Tee </script><script>alert(1)</script>' });
    const { html } = await page(`/product/${hostile.id}`);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(ld.length).toBe(2);
    expect(JSON.parse(ld[0]!).name).toBe('Tee </script><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it("answers 'Product not found' with 404 for an unknown or malformed id", async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999999']) {
      const { status, html } = await page(`/product/${id}`);
      expect(status, id).toBe(404);
      expect(html).toContain('Product not found');
    }
  });
});

describe('search engines', () => {
  it('/sitemap.xml lists every product and the static pages', async () => {
    const { status, html, res } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(html).toContain(`<loc>https://shop.example.in/product/${jacket.id}</loc>`);
    for (const path of ['/', '/products', '/about', '/shipping', '/faq', '/terms', '/privacy']) {
      expect(html).toContain(`<loc>https://shop.example.in${path}</loc>`);
    }
  });

  it('/robots.txt points at the sitemap and keeps private pages out', async () => {
    const { status, html } = await page('/robots.txt');
    expect(status).toBe(200);
    expect(html).toContain('Sitemap: https://shop.example.in/sitemap.xml');
    expect(html).toContain('Disallow: /cart');
  });
});
