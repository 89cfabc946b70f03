// The signed-in marker (ADR 0058): a cookie the page's scripts can read, set beside a session and
// cleared once the session is gone, so that a page kept for visitors knows to fetch the shopper's
// own parts. It is added to the answer of a request, never to a kept page: the cache answers
// before this adds anything, and refuses to keep a page that sets a cookie.
import type { MiddlewareHandler } from 'hono';

import { hasSignedInMarker, SIGNED_IN_MARKER } from '../../common/signed-in-marker.ts';
import { SESSION_COOKIE_PREFIX, SESSION_TTL_SECONDS } from '../auth/auth.ts';
import { hasSessionCookie } from './visitor-pages.ts';

const SECURE_SESSION_COOKIE = new RegExp(`(?:^|;)\\s*__Secure-${SESSION_COOKIE_PREFIX}\\.`);

export function signedInMarker(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const cookies = c.req.header('Cookie');
    const hasSession = hasSessionCookie(cookies);
    if (hasSession === hasSignedInMarker(cookies)) return;
    // HTTPS-only when the session is; it lasts as a session does unused, and is set again whenever
    // a session is seen without it.
    const secure = cookies !== undefined && SECURE_SESSION_COOKIE.test(cookies) ? '; Secure' : '';
    const cookie = hasSession
      ? `${SIGNED_IN_MARKER}=1; Path=/; Max-Age=${SESSION_TTL_SECONDS}; SameSite=Lax${secure}`
      : `${SIGNED_IN_MARKER}=; Path=/; Max-Age=0; SameSite=Lax`;
    // A copy: a handler's Response may have headers that cannot change (a redirect's).
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append('Set-Cookie', cookie);
    // A shared cache may keep an answer's Set-Cookie with it and replay it to others: an answer
    // that sets or clears the marker is this browser's alone, whatever it would have said.
    if (!/\b(private|no-store)\b/.test(c.res.headers.get('Cache-Control') ?? '')) {
      c.res.headers.set('Cache-Control', 'private, no-cache');
    }
  };
}
