// Shedding load (docs/drops.md "The minute"): past what an instance can answer in good time, a
// request waits its turn for a while and is then answered at once with 503 and Retry-After: a page
// saying to try again in a moment, never a connection hanging until the proxy in front gives up.
// Kept visitor pages are answered before this (they cost next to nothing), and so are the paths of
// shoppers who already hold units (paying, its status, closing the window): they are never shed.
// Nor is a page's data read (a GET of `.data`): React Router would show a page's error boundary in
// place of a page already open (a drop's countdown asking at zero), where a wait only slows it.
import type { Context, MiddlewareHandler } from 'hono';

export const BUSY_MESSAGE = 'The store is very busy right now. Please try again in a moment.';
/** Seconds a shopper is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;
/** The most requests that wait for a turn at once; more are turned away without waiting. */
const MAX_WAITING = 2000;

export interface OverloadOptions {
  /** Requests answered at once by this instance; more wait (OVERLOAD_MAX_IN_FLIGHT). */
  maxInFlight: number;
  /** How long a request waits for its turn before it is turned away (OVERLOAD_MAX_WAIT_MS; 0: it does not wait). */
  maxWaitMs: number;
  /** Requests never shed, by path. */
  exempt(path: string): boolean;
  /** Told of each request turned away. */
  onShed?(path: string): void;
}

export function shedOverload({ maxInFlight, maxWaitMs, exempt, onShed }: OverloadOptions): MiddlewareHandler {
  let inFlight = 0;
  // First come, first served: a finishing request hands its turn to the longest waiting one.
  const waiting = new Set<() => void>();

  const turn = () =>
    new Promise<boolean>((resolve) => {
      const admit = () => {
        clearTimeout(timer);
        waiting.delete(admit);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.delete(admit);
        resolve(false);
      }, maxWaitMs);
      waiting.add(admit);
    });

  return async (c, next) => {
    if (exempt(c.req.path) || (c.req.method === 'GET' && c.req.path.endsWith('.data'))) return next();
    if (inFlight < maxInFlight) inFlight += 1;
    else if (maxWaitMs === 0 || waiting.size >= MAX_WAITING || !(await turn())) {
      onShed?.(c.req.path);
      return busy(c);
    }
    try {
      await next();
    } finally {
      const nextUp = waiting.values().next().value;
      if (nextUp) nextUp();
      else inFlight -= 1;
    }
  };
}

function busy(c: Context): Response {
  const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' };
  const path = c.req.path;
  if (
    path.startsWith('/api/') ||
    path.endsWith('.data') ||
    (c.req.header('Accept') ?? '').includes('application/json')
  ) {
    return Response.json({ ok: false, kind: 'unavailable', message: BUSY_MESSAGE }, { status: 503, headers });
  }
  // A page of its own, without the store's scripts or styles: it must cost nothing to send.
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy right now</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><main><h1>Busy right now</h1><p>${BUSY_MESSAGE}</p><p><a href="">Try again</a></p></main></body></html>`;
  return new Response(page, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}
