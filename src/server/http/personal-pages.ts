// What a shared cache or the browser may keep of a page that concerns one person (ADR 0062,
// ADR 0032). Pages about one person (their profile, orders, cart, checkout, the admin area) must not be
// kept at all, not even by the back-forward cache: `Cache-Control: private, no-store` on the page, its
// `.data` request and anything below it. Any other answer to a request with a session may carry the
// shopper's name in the header or their hearts and badges, so unless it says how it may be kept (a
// photo, robots.txt, a visitor's page, which a shopper is given too: ADR 0058), it is
// `private, no-cache`: never shared, and asked for again each time.
import type { MiddlewareHandler } from 'hono';

import { hasSessionCookie } from './visitor-pages.ts';

const PERSONAL_PATHS = [
  '/profile',
  '/orders',
  '/checkout',
  '/order-confirmation',
  '/reset-password',
  '/favorites',
  '/cart',
  '/admin',
  // Prefilled with a signed-in shopper's name, email and phone (ADR 0028).
  '/contact',
  '/bulk-orders',
  // The delivery check answers for the pincode in the browser's cookie, with dates that move with the clock.
  '/delivery',
  // One order's journey, found by its number and email, answered to a visitor too.
  '/track-order',
  // The second step of a sign-in, for the account whose password was just given.
  '/login/two-factor',
  // 'Notify me' links: an address and what it waits for, found by the token in the link.
  '/notify',
] as const;

/** A buyer's review form, prefilled with their review of the product: `/product/7/review` and its `.data`. */
const PERSONAL_PATTERNS = [/^\/product\/[^/]+\/review(\.data)?$/];

const SESSION_RESPONSE_CACHE_CONTROL = 'private, no-cache';

export function isPersonalPath(pathname: string): boolean {
  return (
    PERSONAL_PATHS.some(
      (root) => pathname === root || pathname === `${root}.data` || pathname.startsWith(`${root}/`),
    ) || PERSONAL_PATTERNS.some((pattern) => pattern.test(pathname))
  );
}

export function personalPagesUncached(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isPersonalPath(c.req.path)) c.res.headers.set('Cache-Control', 'private, no-store');
    else if (hasSessionCookie(c.req.header('Cookie')) && !c.res.headers.has('Cache-Control')) {
      c.res.headers.set('Cache-Control', SESSION_RESPONSE_CACHE_CONTROL);
    }
  };
}
