// The per-request compression by itself, before stand-in handlers: what it compresses, how (each
// encoding decodes to the same bytes), what it leaves alone, and a body that comes in parts.
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { compress, preferredEncoding } from './compression.ts';

/** A page of `bytes` characters that compresses well, as HTML does. */
const page = (bytes: number) => '<p>a product card</p>'.repeat(Math.ceil(bytes / 20)).slice(0, bytes);

function appAnswering(answer: () => Response) {
  const app = new Hono();
  app.use(compress());
  app.all('*', answer);
  return app;
}

const html = (body: BodyInit | null, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } });

/** A body that sends `first`, then `second` once `release` is called: a page with a suspended part. */
function inParts(first: string, second: string) {
  let release: () => void = () => undefined;
  let cancelled: unknown;
  const released = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Written in several chunks in one go, as React writes a page's shell.
      for (let at = 0; at < first.length; at += 2048) controller.enqueue(Buffer.from(first.slice(at, at + 2048)));
      await released;
      controller.enqueue(Buffer.from(second));
      controller.close();
    },
    cancel(reason) {
      cancelled = reason ?? 'cancelled';
    },
  });
  return { body, release, cancelled: () => cancelled };
}

const decoders = {
  br: { whole: brotliDecompressSync, stream: createBrotliDecompress },
  gzip: { whole: gunzipSync, stream: createGunzip },
} as const;

describe('compress', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`sends a page written in one go in ${encoding}, with its length, decoding to the same bytes`, async () => {
      const text = page(40_000);
      const app = appAnswering(() => html(text));
      const accepted = encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate';
      const res = await app.request('/', { headers: { 'Accept-Encoding': accepted } });
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('Content-Length')).toBe(String(bytes.length));
      expect(bytes.length).toBeLessThan(text.length / 10);
      expect(decoders[encoding].whole(bytes).toString()).toBe(text);
    });

    it(`sends each part of a page that comes in parts as soon as it is written (${encoding})`, async () => {
      const [first, second] = [page(30_000), '<p>the suspended part</p>'.repeat(100)];
      const { body, release } = inParts(first, second);
      const app = appAnswering(() => html(body));
      const res = await app.request('/', { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.has('Content-Length')).toBe(false);

      // The first part decodes in full while the second is not yet written.
      const decoder = decoders[encoding].stream();
      let decoded = '';
      decoder.on('data', (chunk: Buffer) => (decoded += chunk.toString()));
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      await new Promise<void>((resolve) => decoder.write(value, () => setImmediate(resolve)));
      expect(decoded).toBe(first);

      release();
      for (let next = await reader.read(); !next.done; next = await reader.read()) decoder.write(next.value);
      await new Promise<void>((resolve) => decoder.end(resolve));
      expect(decoded).toBe(first + second);
    });
  }

  it('weakens a strong ETag of what it compresses, and leaves it when it does not', async () => {
    const app = appAnswering(() => html(page(4000), { ETag: '"abc"' }));
    const compressed = await app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers.get('ETag')).toBe('W/"abc"');
    const plain = await app.request('/', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('ETag')).toBe('"abc"');
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(page(4000));
  });

  it('adds Accept-Encoding to a Vary the response has', async () => {
    const app = appAnswering(() => html(page(4000), { Vary: 'Cookie' }));
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
  });

  it('sends a small body as it is, whether its length is known or not', async () => {
    const known = await appAnswering(() => html('<p>small</p>', { 'Content-Length': '12' })).request('/', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(known.headers.has('Content-Encoding')).toBe(false);
    expect(await known.text()).toBe('<p>small</p>');
    const tiny = await appAnswering(() => html(new Blob(['<p>small</p>']).stream())).request('/', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(tiny.headers.has('Content-Encoding')).toBe(false);
    expect(await tiny.text()).toBe('<p>small</p>');
  });

  it('leaves alone images, encoded or partial bodies, HEAD, and what asks not to be transformed', async () => {
    const big = page(4000);
    const cases: Array<[string, Response, string?]> = [
      ['image', new Response(big, { headers: { 'Content-Type': 'image/png' } })],
      ['already encoded', html(big, { 'Content-Encoding': 'br' })],
      ['partial', html(big, {}, 206)],
      ['no-transform', html(big, { 'Cache-Control': 'private, no-transform' })],
      ['HEAD', html(null), 'HEAD'],
    ];
    for (const [name, response, method = 'GET'] of cases) {
      const res = await appAnswering(() => response).request('/', {
        method,
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      expect(res.headers.get('Content-Encoding'), name).toBe(name === 'already encoded' ? 'br' : null);
      expect(res.headers.get('Vary'), name).toBeNull();
    }
  });

  it('errors the response when its body fails after the first part', async () => {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(Buffer.from(page(4000)));
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.error(new Error('render failed'));
      },
    });
    const res = await appAnswering(() => html(body)).request('/', { headers: { 'Accept-Encoding': 'br' } });
    await expect(res.arrayBuffer()).rejects.toThrow('render failed');
  });

  it('cancels the body when the browser goes away', async () => {
    const { body, cancelled } = inParts(page(4000), 'never sent');
    const res = await appAnswering(() => html(body)).request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel('gone');
    expect(cancelled()).toBe('gone');
  });
});

describe('preferredEncoding', () => {
  it('takes Brotli, then gzip, of what the browser accepts', () => {
    const chosen: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1.0, br;q=0.5', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.0, gzip;q=0', undefined],
      ['identity', undefined],
      [undefined, undefined],
      ['*', 'br'],
      ['br;q=0, *', 'gzip'],
    ];
    for (const [accepted, encoding] of chosen) expect(preferredEncoding(accepted), String(accepted)).toBe(encoding);
  });
});
