// ADR 0033, "paint first": the documents put the stylesheet and the largest image before any
// script, and ask for the modules only once the first frame is painted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../../tests/support/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let productId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
  ({ id: productId } = await createProduct(database.db, { name: 'Paint First Tee' }));
});
afterAll(() => database.destroy());

describe.each(['/', '/products', '/product/:id', '/login', '/signup'])('%s', (path) => {
  it('has the stylesheet first in the head, no modulepreload links, and the modules preloaded after paint', async () => {
    const res = await app.request(path.replace(':id', String(productId)));
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Data (JSON-LD) may be there; nothing that runs.
    expect(head.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, '')).not.toContain('<script');
    expect(html).not.toContain('rel="modulepreload"');
    const firstLink = /<link [^>]*>/.exec(head)?.[0] ?? '';
    // React puts a high-priority image's preload first, then the stylesheet.
    const stylesheet = head.indexOf('rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(0);
    if (!firstLink.includes('rel="stylesheet"')) expect(firstLink).toMatch(/rel="preload" as="image"/);
    // Nothing is painted before the navbar is whole (root.tsx): the element it waits for is there.
    expect(head).toContain('<link rel="expect" href="#main" blocking="render"/>');
    expect(html).toContain('<main id="main"');
    const preload = /requestAnimationFrame[\s\S]*?\((\[[^\]]*\])\);<\/script>/.exec(html);
    expect(preload).not.toBeNull();
    const modules = JSON.parse(preload![1]!) as string[];
    expect(modules.some((href) => /\/assets\/entry\.client-[\w-]+\.js$/.test(href))).toBe(true);
    // React Router's own module script still boots the page.
    expect(html).toMatch(/<script[^>]*type="module"[^>]*>[\s\S]*import\("\/assets\/entry\.client-/);
  });
});
