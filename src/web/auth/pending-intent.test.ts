// Replaying the pending intent after signing in (docs/product.md §4; ADR 0011).
import { describe, expect, it } from 'vitest';

import { replayOf, type PendingIntent } from './pending-intent.ts';

const payload = { product_id: 12, quantity: 2, size: 'M', product: { id: 12, name: 'Zip Hoodie' } };

describe('replaying a pending intent', () => {
  it('adds an add-to-cart line to the cart first', () => {
    const intent: PendingIntent = { action: 'addToCart', payload, createdAt: 0 };
    expect(replayOf(intent)).toEqual({ kind: 'addToCart', line: { productId: 12, size: 'M', quantity: 2 } });
  });

  it('takes a buy-now item straight to the checkout, leaving the cart alone', () => {
    const intent: PendingIntent = { action: 'buyNow', payload: { ...payload, quantity: 0 }, createdAt: 0 };
    expect(replayOf(intent)).toEqual({ kind: 'go', to: '/checkout?buy=12&size=M&qty=1' });
  });

  it('goes to the checkout for a checkout', () => {
    expect(replayOf({ action: 'checkout', payload: {}, createdAt: 0 })).toEqual({ kind: 'go', to: '/checkout' });
  });

  it('goes back to the page of a visit, only on this site', () => {
    const to = '/orders/3f2a9c1d-0000-4000-8000-000000000000/confirm?token=abc_DEF-123';
    expect(replayOf({ action: 'visit', payload: { to }, createdAt: 0 })).toEqual({ kind: 'go', to });
    expect(replayOf({ action: 'visit', payload: { to: '//evil.example/x' }, createdAt: 0 })).toEqual({
      kind: 'go',
      to: '/',
    });
  });
});
