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

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
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

export async function loadTest(
  origin: string,
  path: string,
  { connections = 10, durationSec = 10, warmupSec = 2 } = {},
): Promise<LoadResult> {
  const url = new URL(path, origin).href;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) {
    throw new Error(`refusing to load-test a non-loopback URL: ${url}`);
  }
  if (warmupSec > 0) await autocannon({ url, connections, duration: warmupSec, headers: HEADERS });
  const r = await autocannon({ url, connections, duration: durationSec, headers: HEADERS });
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
