// The document cache by itself, before a stand-in renderer: what it keeps, for how long, and what
// a burst of visitors or a purge in the middle of a render does.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { createDocumentCache, ownScriptHashes, type DocumentCacheVariables } from './document-cache.ts';

const heard = { catchUp: () => Promise.resolve() };
/** The nonce every request of these tests is given, as security-headers.ts gives each its own. */
const NONCE = 'request-nonce';

function setup({ maxBytes }: { maxBytes?: number } = {}) {
  let clock = 1_000_000;
  let renders = 0;
  let release: () => void = () => undefined;
  let hold = false;
  let page: (n: number, url: string) => Response = (n) =>
    new Response(`<p>render ${n}</p>`, { headers: { 'Content-Type': 'text/html' } });
  const foreignScripts: string[] = [];
  /** The Cookie header of each request the renderer was given. */
  const renderedWith: (string | null)[] = [];
  const cache = createDocumentCache({
    isVisitorPage: (path) => path.startsWith('/shop'),
    // The stand-in pages read `page` and `q` only.
    pageAddress: (url) => {
      const query = new URLSearchParams();
      for (const name of ['page', 'q']) if (url.searchParams.has(name)) query.set(name, url.searchParams.get(name)!);
      return query.size > 0 ? `${url.pathname}?${query}` : url.pathname;
    },
    hasSession: (cookie) => cookie.includes('ttt.session_token'),
    withoutSession: (cookie) =>
      cookie
        .split('; ')
        .filter((pair) => !pair.startsWith('ttt.'))
        .join('; ') || undefined,
    onForeignScript: (path) => foreignScripts.push(path),
    maxBytes,
    now: () => clock,
  });
  cache.setListening(heard);
  const app = new Hono<{ Variables: DocumentCacheVariables }>();
  // What the Content-Security-Policy would be told: the kept page's script hashes, if any.
  app.use(async (c, next) => {
    c.set('nonce', NONCE);
    await next();
    c.res.headers.set('X-Script-Hashes', c.get('scriptHashes')?.join(' ') ?? 'none');
    c.res.headers.set('X-Cookie-After', c.req.header('Cookie') ?? 'none');
  });
  app.get('*', cache.middleware);
  app.get('*', async (c) => {
    const n = ++renders;
    renderedWith.push(c.req.header('Cookie') ?? null);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return page(n, c.req.url);
  });
  return {
    cache,
    get: (path = '/shop', headers: Record<string, string> = {}) => app.request(path, { headers }),
    renders: () => renders,
    tick: (ms: number) => (clock += ms),
    holdRenders: () => {
      hold = true;
      return () => release();
    },
    answerWith: (make: (n: number, url: string) => Response) => (page = make),
    foreignScripts,
    renderedWith,
  };
}

describe('createDocumentCache', () => {
  it('renders once for a burst of visitors asking at the same moment', async () => {
    const { get, renders, holdRenders } = setup();
    const release = holdRenders();
    const burst = Array.from({ length: 20 }, () => get());
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const answers = await Promise.all(
      (await Promise.all(burst)).map(async (res) => [res.headers.get('X-Cache'), await res.text()]),
    );
    expect(renders()).toBe(1);
    expect(answers.filter(([status]) => status === 'MISS')).toHaveLength(1);
    expect(new Set(answers.map(([, body]) => body))).toEqual(new Set(['<p>render 1</p>']));
  });

  it('does not keep a page whose render began before a purge', async () => {
    const { cache, get, holdRenders } = setup();
    const release = holdRenders();
    const first = get();
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.purge();
    release();
    expect(await (await first).text()).toBe('<p>render 1</p>');
    const next = get();
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await next).headers.get('X-Cache')).toBe('MISS');
  });

  it('renders a kept page again after a minute', async () => {
    const { get, tick } = setup();
    await get();
    tick(59_000);
    expect((await get()).headers.get('X-Cache')).toBe('HIT');
    tick(1_000);
    expect((await get()).headers.get('X-Cache')).toBe('MISS');
  });

  it('serves nothing and keeps nothing while it does not hear of changes', async () => {
    const { cache, get, renders } = setup();
    await get();
    cache.setListening(undefined);
    expect((await get()).headers.get('X-Cache')).toBeNull();
    expect((await get()).headers.get('X-Cache')).toBeNull();
    expect(renders()).toBe(3);
    cache.setListening(heard);
    expect((await get()).headers.get('X-Cache')).toBe('MISS');
  });

  it('passes other pages and what must not be shared straight to the renderer', async () => {
    const { get, renders, answerWith } = setup();
    await get('/account', { Cookie: 'ttt.session_token=abc' });
    await get('/account');
    await get('/account');
    expect(renders()).toBe(3);
    answerWith(
      (n) => new Response(`${n}`, { headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'ttt.session_token=x' } }),
    );
    await get('/shop/with-cookie');
    expect((await get('/shop/with-cookie')).headers.get('X-Cache')).toBeNull();
    answerWith((n) => new Response(`${n}`, { status: 404, headers: { 'Content-Type': 'text/html' } }));
    await get('/shop/missing');
    expect((await get('/shop/missing')).headers.get('X-Cache')).toBeNull();
  });
});

describe("a signed-in shopper's request", () => {
  const session = { Cookie: 'ttt_pincode=560001; ttt.session_token=abc; ttt.session_data=xyz' };

  it('is rendered as a visitor: the renderer never sees the session cookies', async () => {
    const { cache, get, renderedWith } = setup();
    const res = await get('/shop', session);
    expect(res.headers.get('X-Cache')).toBe('MISS');
    // The request is given back whole to the middleware around the cache.
    expect(res.headers.get('X-Cookie-After')).toBe(session.Cookie);
    await get('/shop?q=x', { Cookie: 'ttt.session_token=abc' });
    // Nor when pages are not being kept.
    cache.setListening(undefined);
    expect((await get('/shop', session)).headers.get('X-Cache')).toBeNull();
    expect(renderedWith).toEqual(['ttt_pincode=560001', null, 'ttt_pincode=560001']);
  });

  it('is answered from the page kept for visitors, and its miss is kept and given to visitors alike', async () => {
    const { get, renders } = setup();
    const miss = await get('/shop', session);
    expect(miss.headers.get('X-Cache')).toBe('MISS');
    const visitor = await get('/shop');
    expect(visitor.headers.get('X-Cache')).toBe('HIT');
    expect(await visitor.text()).toBe(await miss.text());
    expect(visitor.headers.get('ETag')).toBe(miss.headers.get('ETag'));
    const again = await get('/shop', session);
    expect(again.headers.get('X-Cache')).toBe('HIT');
    expect(renders()).toBe(1);
    // The same page whatever the cookies: shared caches keep one copy, not one per shopper.
    expect(again.headers.get('Vary')).toBe('Accept-Encoding');
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const unchanged = await get('/shop', { ...session, 'If-None-Match': again.headers.get('ETag')! });
    expect(unchanged.status).toBe(304);
  });
});

describe('the addresses and the weight of kept pages', () => {
  it('keeps a page once under the query it reads, rendered for that address alone', async () => {
    const { get, renders, answerWith } = setup();
    answerWith(
      (n, url) =>
        new Response(`<p>render ${n} of ${new URL(url).search}</p>`, { headers: { 'Content-Type': 'text/html' } }),
    );
    const first = await get('/shop?utm_source=mail&q=tee&page=2');
    expect(first.headers.get('X-Cache')).toBe('MISS');
    expect(await first.text()).toBe('<p>render 1 of ?page=2&q=tee</p>');
    for (let i = 0; i < 50; i++) {
      const junk = await get(`/shop?page=2&q=tee&junk${i}=${'x'.repeat(1000)}`);
      expect(junk.headers.get('X-Cache')).toBe('HIT');
      expect(await junk.text()).toBe('<p>render 1 of ?page=2&q=tee</p>');
    }
    expect(renders()).toBe(1);
    // A parameter the page reads is another page.
    expect((await get('/shop?page=3&q=tee')).headers.get('X-Cache')).toBe('MISS');
  });

  it('counts addresses and headers toward the limit, dropping the least recently asked for', async () => {
    // Two pages' compressed bodies (under 100 bytes each) fit in 3,000 bytes; with their
    // 1,000-byte addresses and 1,000-byte headers they do not.
    const { get, answerWith } = setup({ maxBytes: 3000 });
    answerWith(
      (n) =>
        new Response(`<p>render ${n}</p>`, { headers: { 'Content-Type': 'text/html', 'X-Note': 'n'.repeat(1000) } }),
    );
    const a = `/shop?q=${'a'.repeat(1000)}`;
    const b = `/shop?q=${'b'.repeat(1000)}`;
    await get(a);
    expect((await get(a)).headers.get('X-Cache')).toBe('HIT');
    await get(b);
    expect((await get(b)).headers.get('X-Cache')).toBe('HIT');
    expect((await get(a)).headers.get('X-Cache')).toBe('MISS');
    // Kept again, it took b's place.
    expect((await get(b)).headers.get('X-Cache')).toBe('MISS');
  });
});

describe('a page holding a script the store did not write', () => {
  const html = (injected: string) =>
    new Response(`<p>Tee</p>${injected}<script nonce="${NONCE}">window.a=1</script>`, {
      headers: { 'Content-Type': 'text/html' },
    });

  it('is kept with the hashes of its own scripts only', async () => {
    const { get, answerWith } = setup();
    answerWith(() => html(''));
    await get();
    const kept = await get();
    expect(kept.headers.get('X-Cache')).toBe('HIT');
    expect(kept.headers.get('X-Script-Hashes')).toBe('WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E=');
  });

  it('is not kept, nor any of its scripts hashed, and is reported', async () => {
    for (const injected of [
      '<script>alert(document.cookie)</script>',
      '<SCRIPT nonce="guessed">alert(1)</SCRIPT>',
      '<svg><script data-nonce="request-nonce">alert(1)</script></svg>',
      '<script src="/uploads/evil.js"></script>',
      '<script>alert(1)',
    ]) {
      const { get, renders, answerWith, foreignScripts } = setup();
      answerWith(() => html(injected));
      for (let i = 0; i < 2; i++) {
        const res = await get();
        expect(res.headers.get('X-Cache'), injected).toBeNull();
        expect(res.headers.get('X-Script-Hashes'), injected).toBe('none');
        expect(await res.text(), injected).toContain(injected);
      }
      expect(renders(), injected).toBe(2);
      expect(foreignScripts).toEqual(['/shop', '/shop']);
    }
  });
});

describe('ownScriptHashes', () => {
  it('hashes the text of inline scripts only, as browsers do for a Content-Security-Policy', () => {
    const html = `<script nonce="${NONCE}">window.a=1</script><script type="module" nonce="${NONCE}" src="/a.js"></script><script nonce="${NONCE}">b()</script>`;
    expect(ownScriptHashes(html, NONCE)).toEqual([
      'WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E=',
      'cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc=',
    ]);
    expect(ownScriptHashes('<p>no scripts</p>', NONCE)).toEqual([]);
    // Structured data is never run, and React Router writes it without a nonce.
    expect(ownScriptHashes('<script type="application/ld+json">{"@type":"Product"}</script>', NONCE)).toEqual([]);
    expect(ownScriptHashes('<script type="application/ld+json" onload="x()">{}</script>', NONCE)).toBeUndefined();
    expect(ownScriptHashes(`<script nonce="${NONCE}">a()</script><script>b()</script>`, NONCE)).toBeUndefined();
  });
});
