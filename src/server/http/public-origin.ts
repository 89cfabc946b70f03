// Behind a TLS-terminating reverse proxy the store is spoken to over plain HTTP at an inner address
// (http://127.0.0.1:3000), while the browser is on PUBLIC_URL (https://shop.example.in). Whatever
// judges a request by its URL must see the browser's: React Router refuses an action whose Origin
// header differs from the request URL's origin, and links and redirects are built from it. So a
// request that came through a trusted proxy (TRUST_PROXY) is given PUBLIC_URL's origin (ADR 0018).
// Without a trusted proxy nothing changes: a forged X-Forwarded-* header never moves the origin.

/** The request with its URL on `publicUrl`'s origin; the same request when it already is. */
export function onPublicOrigin(request: Request, publicUrl: string): Request {
  const url = new URL(request.url);
  const target = new URL(publicUrl);
  if (url.origin === target.origin) return request;
  url.protocol = target.protocol;
  url.host = target.host;
  // Setting `host` without a port keeps the old one (a proxy that sends `Host: 127.0.0.1:3000`, as
  // nginx does by default): PUBLIC_URL's port, or none, is the one.
  url.port = target.port;
  return new Request(url, request);
}
