import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { isPersonalPath, personalPagesUncached } from './personal-pages.ts';

describe('personal pages', () => {
  it('are the pages about one person, their data requests and what lies below them', () => {
    for (const path of [
      '/profile',
      '/profile.data',
      '/orders',
      '/orders/12',
      '/orders/12.data',
      '/checkout',
      '/order-confirmation',
      '/reset-password',
      '/favorites',
      '/cart.data',
      '/admin',
      '/admin/products/3/edit',
      '/track-order',
      '/track-order.data',
      '/product/3/review',
      '/product/3/review.data',
      '/login/two-factor',
      '/login/two-factor.data',
    ]) {
      expect(isPersonalPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/products',
      '/product/3',
      '/product/3.data',
      '/product/3/reviews',
      '/cartoons',
      '/administrator',
      '/login',
    ]) {
      expect(isPersonalPath(path), path).toBe(false);
    }
  });

  it('are sent with Cache-Control: private, no-store, replacing what the page set', async () => {
    const app = new Hono();
    app.use(personalPagesUncached());
    app.get('*', (c) => c.text('page', 200, { 'Cache-Control': 'public, max-age=60' }));
    expect((await app.request('/orders/12.data')).headers.get('Cache-Control')).toBe('private, no-store');
    expect((await app.request('/products')).headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('answers anything else asked with a session as private, unless it says how it may be kept', async () => {
    const app = new Hono();
    app.use(personalPagesUncached());
    app.get('/robots.txt', (c) => c.text('robots', 200, { 'Cache-Control': 'public, max-age=86400' }));
    app.get('*', (c) => c.text('page'));
    const session = { Cookie: 'ttt_pincode=560001; ttt.session_token=abc' };
    for (const path of ['/login', '/help', '/product/3.data']) {
      expect((await app.request(path, { headers: session })).headers.get('Cache-Control'), path).toBe(
        'private, no-cache',
      );
      expect((await app.request(path)).headers.get('Cache-Control'), path).toBeNull();
    }
    expect((await app.request('/robots.txt', { headers: session })).headers.get('Cache-Control')).toBe(
      'public, max-age=86400',
    );
    expect((await app.request('/orders', { headers: session })).headers.get('Cache-Control')).toBe('private, no-store');
  });
});
