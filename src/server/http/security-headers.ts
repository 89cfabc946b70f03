// Security headers for every response. The Content-Security-Policy allows only this origin, the
// per-request nonce for React Router's inline scripts (or, for a page kept for every visitor, the
// hashes of the scripts that carried it: ADR 0032, ADR 0036), and the payment provider's checkout script
// and frames (docs/architecture.md "Payments").
import type { MiddlewareHandler } from 'hono';

import type { Config } from '../config.ts';

const RAZORPAY_ORIGINS = ['https://checkout.razorpay.com', 'https://api.razorpay.com'];

function paymentOrigins(config: Config): string[] {
  const configured = [config.razorpay.checkoutUrl, config.razorpay.apiUrl]
    .filter((url): url is string => url !== undefined)
    .map((url) => new URL(url).origin);
  return [...new Set([...RAZORPAY_ORIGINS, ...configured])];
}

function contentSecurityPolicy(config: Config, inlineScripts: string): string {
  const payments = paymentOrigins(config).join(' ');
  // Uploaded images may come from a CDN or the bucket's public address (ASSETS_URL, ADR 0021).
  const assets = config.assetsUrl ? ` ${new URL(config.assetsUrl).origin}` : '';
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts} ${payments}`,
    // Tailwind output is a file; React sets a few inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${assets}`,
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ${payments}`,
    `frame-src ${payments}`,
    "form-action 'self' https://accounts.google.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  return directives.join('; ');
}

export function securityHeaders(
  config: Config,
): MiddlewareHandler<{ Variables: { nonce: string; scriptHashes: string[] | undefined } }> {
  return async (c, next) => {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
    c.set('nonce', nonce);
    await next();
    const headers = c.res.headers;
    // Vite's development client injects inline scripts of its own; the policy applies to builds.
    if (config.env !== 'development') {
      const hashes = c.get('scriptHashes');
      const inlineScripts = hashes ? hashes.map((hash) => `'sha256-${hash}'`).join(' ') : `'nonce-${nonce}'`;
      headers.set('Content-Security-Policy', contentSecurityPolicy(config, inlineScripts));
    }
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    // Browsers ignore HSTS over plain HTTP, so it is safe to send from every production build.
    if (config.isProduction) {
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  };
}
