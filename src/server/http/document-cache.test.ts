// The document cache by itself, before a stand-in renderer: what it keeps, for how long, and what
// a burst of visitors or a purge in the middle of a render does.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { createDocumentCache, inlineScriptHashes, type DocumentCacheVariables } from './document-cache.ts';

const heard = { catchUp: () => Promise.resolve() };

function setup() {
  let clock = 1_000_000;
  let renders = 0;
  let release: () => void = () => undefined;
  let hold = false;
  let page = (n: number) => new Response(`<p>render ${n}</p>`, { headers: { 'Content-Type': 'text/html' } });
  const cache = createDocumentCache({
    isVisitorPage: (path) => path.startsWith('/shop'),
    hasSession: (cookie) => cookie?.includes('ttt.session_token') ?? false,
    now: () => clock,
  });
  cache.setListening(heard);
  const app = new Hono<{ Variables: DocumentCacheVariables }>();
  app.get('*', cache.middleware);
  app.get('*', async () => {
    const n = ++renders;
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return page(n);
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
    answerWith: (make: (n: number) => Response) => (page = make),
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

  it('passes sessions, other pages and what must not be shared straight to the renderer', async () => {
    const { get, renders, answerWith } = setup();
    await get('/shop', { Cookie: 'ttt.session_token=abc' });
    await get('/shop', { Cookie: 'ttt.session_token=abc' });
    await get('/account');
    await get('/account');
    expect(renders()).toBe(4);
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

describe('inlineScriptHashes', () => {
  it('hashes the text of inline scripts only, as browsers do for a Content-Security-Policy', () => {
    const html = '<script nonce="x">window.a=1</script><script type="module" src="/a.js"></script><script>b()</script>';
    expect(inlineScriptHashes(html)).toEqual([
      'WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E=',
      'cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc=',
    ]);
  });
});
