// Buy Now travels in the checkout's address (/checkout?buy=12&size=M&qty=1), so the checkout
// loader prices it on the server, a reload keeps it, and the page's coupon and payment requests
// carry it from there.
import { href } from 'react-router';

import { withQuery } from './paths.ts';

/** One product bought at once, skipping the cart. */
export type BuyNowItem = {
  productId: number;
  size: string;
  quantity: number;
};

export function buyNowHref({ productId, size, quantity }: BuyNowItem): string {
  return withQuery(href('/checkout'), { buy: String(productId), size, qty: String(quantity) });
}

/**
 * The buy-now item a checkout address names, as given (the server's schema checks it), or
 * undefined for the cart's checkout.
 */
export function buyNowOf(params: URLSearchParams): { productId: string; size: string; quantity: string } | undefined {
  const productId = params.get('buy');
  if (productId === null) return undefined;
  return { productId, size: params.get('size') ?? '', quantity: params.get('qty') ?? '1' };
}
