// Which pages are the same for every visitor, and so may be kept and shared (ADR 0032): the shop's
// pages and the store's own static pages. Pages with forms or answers about one person (sign-in,
// the cart, checkout, orders, order tracking, contact) are not among them.
import { PLACEHOLDER_PAGES } from '../../web/placeholder-pages.ts';
import { SESSION_COOKIE_PREFIX } from '../auth/auth.ts';

/**
 * The channel migration 0015's triggers notify when the products, stock, size charts, reviews,
 * likes or reviewers' names change.
 */
export const CATALOG_CHANGED = 'catalog_changed';

const STATIC_PAGES = ['about', 'shipping', 'faq', 'terms', 'privacy', ...PLACEHOLDER_PAGES.map((page) => page.path)];
const VISITOR_PAGE = new RegExp(`^/(?:|products|product/\\d+|${STATIC_PAGES.join('|')})/?$`);

export function isVisitorPage(pathname: string): boolean {
  return VISITOR_PAGE.test(pathname);
}

// better-auth's cookies (the session, its two-factor step, …) all carry the store's prefix, with
// __Secure- in front over HTTPS; the store's own (ttt_pincode) do not, and change nothing in a page.
const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.`);

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}
