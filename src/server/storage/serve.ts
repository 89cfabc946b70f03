// Uploaded images kept in an object store, served by the store at the same addresses as files
// in DATA_DIR (/uploads/products/…) with the same year-long caching: each is read from the
// bucket and streamed on. With ASSETS_URL set, pages point browsers at the bucket or CDN instead
// and these requests become rare (ADR 0021).
import type { Context, Next } from 'hono';

import type { Logger } from '../logger.ts';
import { isFileName } from './names.ts';
import type { ImageStorage } from './storage.ts';

export function streamStoredImages(storage: ImageStorage, logger: Pick<Logger, 'warn'>) {
  return async (c: Context<{ Variables: { requestId: string } }>, next: Next) => {
    const name = c.req.param('name') ?? '';
    // Anything else is an unknown address, answered by the 404 page like a missing file.
    if (!isFileName(name)) return next();
    let file;
    try {
      file = await storage.read(name);
    } catch (error) {
      logger.warn({ requestId: c.get('requestId'), err: error, file: name }, 'image store: reading an image failed');
      return c.text('The image store is not answering. Please try again shortly.', 503, { 'Retry-After': '30' });
    }
    if (!file) return next();
    const headers = new Headers({
      'Content-Type': file.contentType ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    if (file.bytes !== undefined) headers.set('Content-Length', String(file.bytes));
    if (file.etag) headers.set('ETag', file.etag);
    if (file.lastModified) headers.set('Last-Modified', file.lastModified.toUTCString());
    return new Response(file.body, { headers });
  };
}
