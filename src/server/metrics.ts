// Prometheus metrics (GET /metrics; docs/operations/metrics.md): requests by route pattern, orders and
// payments by outcome, the PostgreSQL pool, and the process. Each app has its own registry (never
// prom-client's global one), so that tests making several apps count apart. The checkout counts
// through the StoreMetrics interface and never imports prom-client.
import { createHash, timingSafeEqual } from 'node:crypto';

import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { DatabaseHandle } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';

/**
 * What became of a payment, counted where it happens (checkout/workflow.ts, webhook.ts):
 * - opened: Continue to Payment held the stock and opened a Razorpay order;
 * - open_failed: Razorpay could not open one (the holds were released);
 * - confirming: a callback's payment is Razorpay's but not captured yet (left to the webhook or the job);
 * - captured: a captured payment became its order (as many as store_orders_placed_total);
 * - rejected: a callback's payment was refused (not Razorpay's signature, or never to be captured);
 * - failed: Razorpay reported a failed attempt (webhook payment.failed);
 * - refunded: a late payment found its stock, coupon or store credit gone and is being given back.
 */
const PAYMENT_OUTCOMES = ['opened', 'open_failed', 'confirming', 'captured', 'rejected', 'failed', 'refunded'] as const;
type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** What the store's domain counts. */
export interface StoreMetrics {
  orderPlaced(): void;
  payment(outcome: PaymentOutcome): void;
}

export interface Metrics extends StoreMetrics {
  /** One answered request, by method, route pattern (never the raw path) and status class. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** Everything in Prometheus' text format, the pool gauges read now. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** Methods as labels; anything else is 'other', so the label set stays small. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The app's metrics over its database. `processMetrics` adds prom-client's default ones (CPU,
 * memory, event loop lag, GC): only when someone can scrape them, since the event loop monitor
 * samples all the time.
 */
export function createMetrics(
  database: DatabaseHandle,
  jobs: JobQueue,
  { processMetrics }: { processMetrics: boolean },
): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the response headers), in seconds',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const ordersPlaced = new Counter({ name: 'store_orders_placed_total', help: 'Orders placed', registers });
  const payments = new Counter({
    name: 'store_payments_total',
    help: 'Payments by outcome: opened, open_failed, confirming, captured, rejected, failed, refunded',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of PAYMENT_OUTCOMES) payments.inc({ outcome }, 0);
  if (database.kind === 'postgres') poolGauges(database.pool, registry);
  jobGauges(jobs, registry);

  return {
    request(method, route, status, seconds) {
      const labels = {
        method: METHODS.has(method) ? method : 'other',
        route,
        status: `${Math.floor(status / 100)}xx`,
      };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    orderPlaced: () => ordersPlaced.inc(),
    payment: (outcome) => payments.inc({ outcome }),
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** The PostgreSQL pool's use, read at each scrape. (PGlite is one connection in the process: no pool.) */
function poolGauges(pool: pg.Pool, registry: Registry): void {
  const gauge = (name: string, help: string, read: () => number) =>
    registry.registerMetric(
      new Gauge({
        name,
        help,
        registers: [],
        collect() {
          this.set(read());
        },
      }),
    );
  gauge('store_db_pool_max_clients', 'Connections the PostgreSQL pool may open', () => pool.options.max);
  gauge('store_db_pool_clients', 'Connections the PostgreSQL pool has open, busy or idle', () => pool.totalCount);
  gauge('store_db_pool_idle_clients', 'Open connections not in use', () => pool.idleCount);
  gauge('store_db_pool_waiting_queries', 'Queries waiting for a free connection', () => pool.waitingCount);
}

/** The job queue's depth and failures per queue, read at each scrape. */
function jobGauges(jobs: JobQueue, registry: Registry): void {
  registry.registerMetric(
    new Gauge({
      name: 'store_jobs',
      help: 'Background jobs per queue and state: queued (waiting), active (running), failed (kept after their last attempt)',
      labelNames: ['queue', 'state'] as const,
      registers: [],
      async collect() {
        for (const [queue, counts] of Object.entries(await jobs.depth())) {
          for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
        }
      },
    }),
  );
}

/**
 * Whether `authorization` is `Bearer <token>`. Both sides are hashed to the same length and
 * compared in constant time, so the answer's timing tells nothing of the token.
 */
export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
