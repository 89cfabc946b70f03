// Pages about one person (their profile, orders, cart, checkout, the admin area) must not be kept
// by a shared cache or the browser's back-forward cache: `Cache-Control: private, no-store` on the
// page, its `.data` request and anything below it (issue 15, ADR 0009).
import type { MiddlewareHandler } from 'hono';

const PERSONAL_PATHS = [
  '/profile',
  '/orders',
  '/checkout',
  '/order-confirmation',
  '/reset-password',
  '/favorites',
  '/cart',
  '/admin',
  // Prefilled with a signed-in shopper's name, email and phone (issue 18 §4).
  '/contact',
  '/bulk-orders',
  // The delivery check answers for the pincode in the browser's cookie, with dates that move with the clock.
  '/delivery',
] as const;

export function isPersonalPath(pathname: string): boolean {
  return PERSONAL_PATHS.some(
    (root) => pathname === root || pathname === `${root}.data` || pathname.startsWith(`${root}/`),
  );
}

export function personalPagesUncached(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isPersonalPath(c.req.path)) c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
