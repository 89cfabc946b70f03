// Load test of one URL with autocannon's programmatic API (loopback only).
import { createRequire } from 'node:module';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}

interface AutocannonResult {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}

/** A request of a connection's own (a POST with a body, a shopper's cookie). */
export interface CannonRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Called once per connection: gives the requests it sends in turn, or the headers of its GETs. */
type SetupClient = (client: {
  setRequests(requests: CannonRequest[]): void;
  setHeaders(headers: Record<string, string>): void;
}) => void;

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  setupClient?: SetupClient;
}

// autocannon is CommonJS and ships no types; this is the part of its API the bench uses.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: AutocannonOptions,
) => Promise<AutocannonResult>;

export interface LoadResult {
  path: string;
  connections: number;
  durationSec: number;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  totalRequests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

// What a browser sends: the page is compressed per request, as it would be for a visitor.
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' };

/**
 * Loads `path` on `origin` with GETs as a browser sends them; with `cookies`, each connection is a
 * signed-in shopper (connection `index` sends the cookie `cookies[index]`); with `requestsOf`, each
 * connection sends its own requests (connection `index` sends `requestsOf(index)` in turn).
 */
export async function loadTest(
  origin: string,
  path: string,
  {
    connections = 10,
    durationSec = 10,
    warmupSec = 2,
    cookies,
    requestsOf,
  }: {
    connections?: number;
    durationSec?: number;
    warmupSec?: number;
    cookies?: string[];
    requestsOf?: (index: number) => CannonRequest[];
  } = {},
): Promise<LoadResult> {
  const url = new URL(path, origin).href;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) {
    throw new Error(`refusing to load-test a non-loopback URL: ${url}`);
  }
  const run = (duration: number) => {
    let next = 0;
    const setupClient: SetupClient | undefined = cookies
      ? (client) => client.setHeaders({ ...HEADERS, cookie: cookies[next++ % cookies.length]! })
      : requestsOf && ((client) => client.setRequests(requestsOf(next++)));
    return autocannon({ url, connections, duration, headers: HEADERS, ...(setupClient ? { setupClient } : {}) });
  };
  if (warmupSec > 0) await run(warmupSec);
  const r = await run(durationSec);
  if (r['2xx'] === 0) {
    throw new Error(
      `load test of ${path} got no 2xx answer (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`,
    );
  }
  return {
    path,
    connections,
    durationSec,
    requestsPerSec: Math.round(r.requests.average * 10) / 10,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyAvgMs: Math.round(r.latency.average * 100) / 100,
    totalRequests: r.requests.total,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
