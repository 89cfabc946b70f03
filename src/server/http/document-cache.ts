// A visitor's pages are the same for every visitor (ADR 0032): rendered once, compressed once, and
// kept here until the catalog changes, so that a burst of visitors costs one render. A signed-in
// shopper is given the same page (ADR 0058): their request is rendered, served and kept as a
// visitor's, without its session cookies, and their own parts (name, badges, hearts) come after
// load with the page's `.data` request, which is never answered from here. Shared caches in front
// (a CDN) may keep the page for a minute too.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';

import type { Context, MiddlewareHandler } from 'hono';

import type { Listening } from '../db/client.ts';
import { compressBytes, preferredEncoding } from './compression.ts';
import { catalogCache } from '../shared/catalog-cache.ts';

/**
 * Browsers ask again each time (and get a 304 for an unchanged page); shared caches keep it a
 * minute, and may serve it five more while they ask again: never past the next drop's minute.
 */
function visitorDocumentCacheControl(sharedKeepMs: number | undefined): string {
  const left = sharedKeepMs === undefined ? Infinity : Math.floor(sharedKeepMs / 1000);
  const keep = Math.min(60, left);
  const stale = Math.min(300, left - keep);
  return `public, max-age=0, s-maxage=${keep}, stale-while-revalidate=${stale}`;
}

/** How long a kept page is served before it is rendered again, changed catalog or not. */
const MAX_AGE_MS = 60_000;
/**
 * The most the kept pages may weigh, compressed, with their addresses and headers; the least
 * recently asked for go first.
 */
const MAX_BYTES = 32 * 1024 * 1024;

interface CachedDocument {
  headers: [string, string][];
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The CSP hashes of the store's inline scripts: a kept page cannot carry a per-request nonce. */
  scriptHashes: string[];
  storedAt: number;
  /** What the page holds in memory: its two compressions, headers, ETag and script hashes. */
  bytes: number;
}

export interface DocumentCacheVariables {
  /** This request's CSP nonce: the store's own inline scripts carry it (security-headers.ts). */
  nonce: string;
  /** Set for a kept page: the Content-Security-Policy allows its inline scripts by hash. */
  scriptHashes: string[] | undefined;
}

export interface DocumentCache {
  /** Answers a visitor's page from the cache, or renders it (once for concurrent requests) and keeps it. */
  middleware: MiddlewareHandler<{ Variables: DocumentCacheVariables }>;
  /** Drops every kept page (the catalog changed). */
  purge(): void;
  /**
   * Whether pages are served and kept: only while changes are heard of, with the way to hear every
   * change this process has made so far (Listening.catchUp).
   */
  setListening(listening: Listening | undefined): void;
}

export interface DocumentCacheOptions {
  /** Whether the path is a page that is the same for every visitor (home, listing, product, …). */
  isVisitorPage(pathname: string): boolean;
  /** The address such a page is kept under and rendered for: its path and the query it reads. */
  pageAddress(url: URL): string;
  /** Whether the request's cookies hold a session (then the page is rendered without them). */
  hasSession(cookieHeader: string): boolean;
  /** The request's cookies without the session's: what a page is rendered with. Undefined: none left. */
  withoutSession(cookieHeader: string): string | undefined;
  /** Told of a page that held an inline script the store did not write (so it was not kept). */
  onForeignScript(path: string): void;
  /** How long shared caches in front may keep a page from now at most (the next drop's minute); undefined: no bound. */
  sharedKeepMs?: () => number | undefined;
  /** What the kept pages may weigh in all (MAX_BYTES; tests keep less). */
  maxBytes?: number;
  now?: () => number;
}

export function createDocumentCache({
  isVisitorPage,
  pageAddress,
  hasSession,
  withoutSession,
  onForeignScript,
  sharedKeepMs = () => undefined,
  maxBytes = MAX_BYTES,
  now = Date.now,
}: DocumentCacheOptions): DocumentCache {
  const pages = catalogCache<CachedDocument>({
    maxAgeMs: MAX_AGE_MS,
    maxWeight: maxBytes,
    // An address may be 16 KB long: it is kept as much as the page is.
    weigh: (page, key) => page.bytes + Buffer.byteLength(key),
    now,
  });

  const middleware: DocumentCache['middleware'] = async (c, next) => {
    const { method } = c.req;
    if ((method !== 'GET' && method !== 'HEAD') || !isVisitorPage(c.req.path)) return next();
    // Nothing of a session reaches a visitor page's render, kept or not: its loaders find nobody.
    // The request is given back whole afterwards, for the middleware around this one to read.
    const asked = c.req.raw;
    const cookies = c.req.header('Cookie');
    if (cookies !== undefined && hasSession(cookies)) c.req.raw = withCookies(asked, withoutSession(cookies));
    try {
      await answerAsVisitor(c, next);
    } finally {
      c.req.raw = asked;
    }
  };

  const answerAsVisitor: DocumentCache['middleware'] = async (c, next) => {
    const { method } = c.req;
    if (!pages.serving) return next();
    const url = new URL(c.req.url);
    const key = pageAddress(url);
    // HEAD renders no body to keep.
    if (method === 'HEAD') {
      const page = await pages.peek(key);
      if (!page) return next();
      c.res = answer(c, page, 'HIT', now(), sharedKeepMs());
      return;
    }
    const { value: page, kept } = await pages.get(key, async () => {
      // The page is rendered for the address it is kept under, so that nothing else of the
      // request's address (a returnTo field repeats it) is shown to the visitors it is given to.
      if (key !== `${url.pathname}${url.search}`) c.req.raw = new Request(new URL(key, url), c.req.raw);
      await next();
      if (!keepable(c.res)) return undefined;
      const html = Buffer.from(await c.res.arrayBuffer());
      const scriptHashes = ownScriptHashes(html.toString('utf8'), c.get('nonce'));
      if (scriptHashes) return toCachedDocument(c.res.headers, html, scriptHashes, now());
      // Markup injected into the page (a script it does not know this request's nonce for) would
      // run for every visitor if it were hashed: the page stands as rendered, under its nonce.
      onForeignScript(c.req.path);
      c.res = new Response(html, c.res);
      return undefined;
    });
    // A page that is not to be kept stands as this request rendered it.
    if (!page) return;
    c.res = answer(c, page, kept ? 'HIT' : 'MISS', now(), sharedKeepMs());
  };

  return { middleware, purge: pages.purge, setListening: pages.setListening };
}

/** The request with these cookies in place of its own. */
function withCookies(request: Request, cookies: string | undefined): Request {
  const headers = new Headers(request.headers);
  if (cookies === undefined) headers.delete('Cookie');
  else headers.set('Cookie', cookies);
  return new Request(request, { headers });
}

/** A page every visitor may be given: a full 200 document that sets no cookie and did not ask to stay private. */
function keepable(response: Response): boolean {
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  return (
    response.status === 200 &&
    (response.headers.get('Content-Type') ?? '').startsWith('text/html') &&
    !response.headers.has('Set-Cookie') &&
    !/\b(private|no-store)\b/.test(cacheControl)
  );
}

async function toCachedDocument(
  responseHeaders: Headers,
  html: Buffer,
  scriptHashes: string[],
  storedAt: number,
): Promise<CachedDocument> {
  const [gzipped, brotli] = await Promise.all([compressBytes(html, 'gzip', 'kept'), compressBytes(html, 'br', 'kept')]);
  const headers = [...responseHeaders].filter(([name]) => !/^(content-length|content-encoding)$/i.test(name));
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const texts = [...headers.flat(), etag, ...scriptHashes];
  return {
    headers,
    gzip: gzipped,
    br: brotli,
    etag,
    scriptHashes,
    storedAt,
    bytes: gzipped.length + brotli.length + texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
  };
}

// The structured data of a page (seo.ts), exactly as React Router writes it: a data block the
// browser never runs, and written without a nonce.
const STRUCTURED_DATA = ' type="application/ld+json"';

/**
 * The sha256 of each inline script's text, as a Content-Security-Policy names it, when every
 * script is the store's own: React, React Router and the store's components give theirs the
 * request's nonce. Undefined when any script lacks it: something the store did not write.
 */
export function ownScriptHashes(html: string, nonce: string): string[] | undefined {
  // Every opening tag, closed or not: a browser runs an unclosed script too.
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/gi)) {
    if (attributes === STRUCTURED_DATA) continue;
    if (/(?:^|\s)nonce\s*=\s*"([^"]*)"/i.exec(attributes!)?.[1] !== nonce) return undefined;
  }
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attributes === STRUCTURED_DATA || /(?:^|\s)src\s*=/i.test(attributes!)) continue;
    hashes.add(createHash('sha256').update(text!, 'utf8').digest('base64'));
  }
  return [...hashes];
}

function answer(
  c: Context,
  page: CachedDocument,
  status: 'HIT' | 'MISS',
  at: number,
  sharedKeepMs: number | undefined,
): Response {
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', visitorDocumentCacheControl(sharedKeepMs));
  headers.set('ETag', page.etag);
  // The same page whatever the cookies, a session's too (ADR 0058): a shared cache keeps one copy
  // for everyone, not one per shopper's Cookie header.
  headers.set('Vary', 'Accept-Encoding');
  headers.set('Age', String(Math.floor((at - page.storedAt) / 1000)));
  headers.set('X-Cache', status);
  c.set('scriptHashes', page.scriptHashes);
  if (matchesEtag(c.req.header('If-None-Match'), page.etag)) return new Response(null, { status: 304, headers });
  const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
  if (encoding) headers.set('Content-Encoding', encoding);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : gunzipSync(page.gzip);
  headers.set('Content-Length', String(body.length));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
