// Cross-site request forgery guard: a request that can change something (any method but GET,
// HEAD and OPTIONS) must come from a page of this site, as its Origin header (or, failing that,
// its Referer) shows. Browsers always send Origin on cross-site form posts and fetches.
import type { MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `exempt`: path prefixes of server-to-server endpoints that authenticate themselves otherwise. */
export function sameOriginOnly(publicUrl: string, exempt: readonly string[] = []): MiddlewareHandler {
  const origin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.some((prefix) => c.req.path.startsWith(prefix))) return next();
    if (requestOrigin(c.req.header('Origin'), c.req.header('Referer')) !== origin) {
      return c.text('Forbidden: this request did not come from the store', 403);
    }
    return next();
  };
}

function requestOrigin(originHeader: string | undefined, referer: string | undefined): string | undefined {
  if (originHeader && originHeader !== 'null') return originHeader;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
