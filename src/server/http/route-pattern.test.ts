import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { pageRoutePattern, UNMATCHED } from './route-pattern.ts';

/** A build's route manifest as React Router writes it: flat, each route naming its parent. */
const manifest = [
  { id: 'root', parentId: undefined, path: '' },
  { id: 'routes/home', parentId: 'root', index: true },
  { id: 'routes/products', parentId: 'root', path: 'products' },
  { id: 'routes/product', parentId: 'root', path: 'product/:id' },
  { id: 'routes/login', parentId: 'root', path: 'login' },
  { id: 'routes/login.two-factor', parentId: 'root', path: 'login/two-factor' },
  { id: 'routes/admin/layout', parentId: 'root', path: 'admin' },
  { id: 'routes/admin/products', parentId: 'routes/admin/layout', path: 'products' },
  { id: 'routes/admin/product-edit', parentId: 'routes/admin/layout', path: 'products/:id' },
  { id: 'routes/admin/product-import', parentId: 'routes/admin/layout', path: 'products/import' },
  { id: 'routes/admin/product-import-files', parentId: 'routes/admin/layout', path: 'products/import/files' },
  { id: 'routes/admin/orders', parentId: 'routes/admin/layout', path: 'orders' },
  { id: 'routes/admin/order', parentId: 'routes/admin/layout', path: 'orders/:id' },
  { id: 'routes/admin/coupon-edit', parentId: 'routes/admin/layout', path: 'coupons/:code' },
  { id: 'routes/admin/coupon-new', parentId: 'routes/admin/layout', path: 'coupons/new' },
  { id: 'routes/robots', parentId: 'root', path: 'robots.txt' },
];
const build = {
  routeDiscovery: { manifestPath: '/__manifest' },
  routes: Object.fromEntries(manifest.map((route) => [route.id, route])),
};

/** What React Router's own matchRoutes makes of a path: the joined paths of its matches. */
function reactRoutersPattern(pathname: string): string {
  const tree = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path ?? '', children: tree(route.id) },
      );
  const matches = matchRoutes(tree(undefined), pathname);
  if (!matches) return UNMATCHED;
  return `/${matches.map((match) => match.route.path ?? '').join('/')}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** Checks the pattern each path (the key) is labelled with. */
function expectPatterns(patterns: Record<string, string>) {
  for (const [path, pattern] of Object.entries(patterns)) expect(pageRoutePattern(build, path), path).toBe(pattern);
}

describe('pageRoutePattern', () => {
  it('names the route pattern a path matched, never the path itself', () => {
    expectPatterns({
      '/': '/',
      '/products': '/products',
      '/product/123': '/product/:id',
      '/product/123/': '/product/:id',
      '/admin': '/admin',
      '/admin/orders': '/admin/orders',
      '/admin/orders/0b9e7c2e-5a7d-4a4f-9d3c-2f1e0a9b8c7d': '/admin/orders/:id',
      '/admin/products/import': '/admin/products/import',
      '/admin/products/42': '/admin/products/:id',
      '/admin/coupons/new': '/admin/coupons/new',
      '/admin/coupons/DIWALI10': '/admin/coupons/:code',
      '/robots.txt': '/robots.txt',
    });
  });

  it("names a page's data request after its route", () => {
    expectPatterns({
      '/_.data': '/_.data',
      '/product/123.data': '/product/:id.data',
      '/admin/orders/42.data': '/admin/orders/:id.data',
      '/__manifest': '/__manifest',
    });
  });

  it('gives every address no route matches one label', () => {
    for (const path of ['/nope', '/product', '/product/1/2', '/wp-login.php', '/assets/missing.js', '/nope.data']) {
      expect(pageRoutePattern(build, path)).toBe(UNMATCHED);
    }
  });

  it("matches as React Router's matchRoutes does", () => {
    const paths = [
      '/',
      '/products',
      '/PRODUCTS',
      '/products/',
      '/product/7',
      '/product/7/reviews',
      '/login',
      '/login/two-factor',
      '/login/other',
      '/admin',
      '/admin/',
      '/admin/products',
      '/admin/products/import',
      '/admin/products/import/files',
      '/admin/products/import/other',
      '/admin/products/9',
      '/admin/orders/abc',
      '/admin/coupons/new',
      '/admin/coupons/SAVE5',
      '/admin/coupons',
      '/robots.txt',
      '/robotsXtxt',
      '/x',
    ];
    for (const path of paths) expect(pageRoutePattern(build, path), path).toBe(reactRoutersPattern(path));
  });
});
