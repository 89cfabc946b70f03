// Compression of what the store sends (ADR 0034): one place for the browser's choice of encoding
// and the settings, used by the pages kept for every visitor (document-cache.ts: compressed once,
// with more effort) and by everything rendered for one request (this middleware: a shopper's
// pages, data requests, JSON), which pays for its compression on every request.
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';

import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

export type Encoding = 'br' | 'gzip';

/**
 * How hard to compress. A kept page is compressed once for many visitors (and again after every
 * change of the catalog); a page rendered for one request is compressed on every request, where
 * Brotli's quality 4 is as small as gzip's default level in about the same time, and quality 7
 * would take twice as long for 7% fewer bytes.
 */
const COMPRESSION = {
  kept: { br: 7, gzip: 6 },
  perRequest: { br: 4, gzip: 4 },
} as const satisfies Record<string, Record<Encoding, number>>;

type Effort = keyof typeof COMPRESSION;

/** Responses smaller than this are sent as they are: their headers outweigh what compression saves. */
const THRESHOLD_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Brotli or gzip, whichever the browser accepts (Brotli first: smaller); undefined for neither. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, boolean>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.find((param) => /^\s*q\s*=/i.test(param));
    weights.set(name!.trim().toLowerCase(), !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/i.test(q));
  }
  const accepts = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? false;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** The whole of `bytes` compressed, off the main thread. */
export function compressBytes(bytes: Uint8Array, encoding: Encoding, effort: Effort): Promise<Buffer> {
  const level = COMPRESSION[effort][encoding];
  return encoding === 'br'
    ? brotliAsync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipAsync(bytes, { level });
}

/**
 * Compresses a response rendered for this request when the browser accepts Brotli or gzip, as
 * Hono's compress() did (Vary: Accept-Encoding; nothing already encoded, small, partial, or of a
 * type that does not compress; a strong ETag made weak) but with node:zlib at COMPRESSION.perRequest.
 * A body written in one go (a page without suspended parts, a data request, JSON) is compressed
 * in one piece and sent with its length. A body that comes in parts (React streams a page's
 * suspended parts when they are ready) is compressed as it comes: each part is flushed as soon as
 * it is written, so the browser gets it then rather than when the page ends.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    const length = res.headers.get('Content-Length');
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      (length !== null && Number(length) < THRESHOLD_BYTES) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !res.body) return;

    const parts = new Parts(res.body.getReader());
    const first = await parts.next();
    if (first.done) {
      const body = Buffer.concat(first.chunks);
      if (body.length < THRESHOLD_BYTES) {
        c.res = new Response(view(body), res);
        return;
      }
      const compressed = await compressBytes(body, encoding, 'perRequest');
      c.res = new Response(view(compressed), res);
      c.res.headers.set('Content-Length', String(compressed.length));
    } else {
      c.res = new Response(compressedAsItComes(parts, first, encoding), res);
      c.res.headers.delete('Content-Length');
    }
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}

interface Part {
  chunks: Uint8Array[];
  done: boolean;
}

/**
 * A body read in parts: a part is what its writer wrote before it let the event loop turn (for a
 * page, what one go of React's render wrote), and whether the body ended with it.
 */
class Parts {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  #pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  constructor(reader: ReadableStreamDefaultReader<Uint8Array>) {
    this.#reader = reader;
  }

  async next(): Promise<Part> {
    const chunks: Uint8Array[] = [];
    let result = await (this.#pending ?? this.#reader.read());
    this.#pending = undefined;
    // Chunks already written settle their read at once; the writer's next go comes after this.
    const turned = new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)));
    while (!result.done) {
      chunks.push(result.value);
      const read = this.#reader.read();
      const ready = await Promise.race([read, turned]);
      if (!ready) {
        this.#pending = read;
        return { chunks, done: false };
      }
      result = ready;
    }
    return { chunks, done: true };
  }

  cancel(reason: unknown): Promise<void> {
    return this.#reader.cancel(reason);
  }
}

/** The body compressed part by part, each part flushed so that the browser can show it at once. */
function compressedAsItComes(parts: Parts, first: Part, encoding: Encoding): ReadableStream<Uint8Array> {
  const level = COMPRESSION.perRequest[encoding];
  const compressor: BrotliCompress | Gzip =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: level } })
      : createGzip({ level });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  const output: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => output.push(chunk));
  const compressPart = ({ chunks, done }: Part) =>
    new Promise<void>((resolve, reject) => {
      const settle = () => {
        compressor.off('error', reject);
        resolve();
      };
      compressor.once('error', reject);
      for (const chunk of chunks) compressor.write(chunk);
      if (done) {
        compressor.once('end', settle);
        compressor.end();
      } else {
        compressor.flush(flushKind, settle);
      }
    });
  let waiting: Part | undefined = first;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            const part = waiting ?? (await parts.next());
            waiting = undefined;
            await compressPart(part);
            const sent = output.length > 0;
            if (sent) controller.enqueue(view(Buffer.concat(output.splice(0))));
            if (part.done) controller.close();
            if (part.done || sent) return;
          }
        } catch (error) {
          compressor.destroy();
          controller.error(error);
        }
      },
      cancel(reason) {
        compressor.destroy();
        return parts.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A Buffer as the plain Uint8Array a Response takes (the same bytes, not a copy). */
function view(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
