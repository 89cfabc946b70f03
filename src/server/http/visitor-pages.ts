// Which pages are the same for every visitor, and so may be kept and shared (ADR 0032): the shop's
// pages and the store's own static pages. Pages with forms or answers about one person (sign-in,
// the cart, checkout, orders, order tracking, contact) are not among them.
import { PLACEHOLDER_PAGES } from '../../common/placeholder-pages.ts';
import { SESSION_COOKIE_PREFIX } from '../auth/auth.ts';

/**
 * The channel the catalog's triggers (migrations 0015 and 0016) notify when a row of the products,
 * stock, size charts, reviews or likes, or a reviewer's name, really changes.
 */
export const CATALOG_CHANGED = 'catalog_changed';

const STATIC_PAGES = ['about', 'shipping', 'faq', 'terms', 'privacy', ...PLACEHOLDER_PAGES.map((page) => page.path)];
const VISITOR_PAGE = new RegExp(`^/(?:|products|product/\\d+|${STATIC_PAGES.join('|')})/?$`);

export function isVisitorPage(pathname: string): boolean {
  return VISITOR_PAGE.test(pathname);
}

// The query parameters a visitor page reads: the listing's filters and page (routes/products.server.ts)
// and the product page's page of reviews (reviews.server.ts). Every other page reads none.
const PAGE_QUERIES: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/^\/products\/?$/, ['search', 'collection', 'category', 'page']],
  [/^\/product\/\d+\/?$/, ['reviewsPage']],
];

/**
 * The address a visitor page is kept under and rendered for: its path and only the query
 * parameters it reads, each once, in one order. Made-up parameters (a crawler's, a tracking tag)
 * then neither make copies of a page in the cache nor reach a page kept for everyone.
 */
export function visitorPageAddress(url: URL): string {
  const names = PAGE_QUERIES.find(([path]) => path.test(url.pathname))?.[1] ?? [];
  const query = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  return query.size > 0 ? `${url.pathname}?${query}` : url.pathname;
}

// better-auth's cookies (the session, its two-factor step, …) all carry the store's prefix, with
// __Secure- in front over HTTPS; the store's own (ttt_pincode, ttt_signed_in) do not, and change
// nothing in a page.
const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.`);
const SESSION_COOKIE_NAME = new RegExp(`^(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.`);

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/**
 * A Cookie header without better-auth's cookies: what a signed-in shopper's visitor page is
 * rendered with (ADR 0058), so that no loader finds the session. Undefined when nothing is left.
 */
export function withoutSessionCookies(cookieHeader: string): string | undefined {
  const kept = cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !SESSION_COOKIE_NAME.test(pair));
  return kept.length > 0 ? kept.join('; ') : undefined;
}
