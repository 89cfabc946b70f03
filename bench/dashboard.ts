// `npm run bench:dashboard`: the admin dashboard's queries (src/server/reports/dashboard.ts) over
// 100,000 generated orders of a year, on a PostgreSQL server. Times each query on its own and the
// whole dashboard (its queries together, as the page runs them) for the last 30 and 90 days: p50
// and p95 over ROUNDS runs against a 200 ms target, with each query's EXPLAIN (ANALYZE) plan for
// 90 days, and writes the figures to bench/dashboard-results.json. Then the same again with a
// covering index the schema does not have (COVERING_INDEX), to show what it would give.
//
// It uses a database of its own, created next to BENCH_DATABASE_URL's and dropped at the end
// (default postgres://postgres@127.0.0.1:5432/test); existing data is never touched.
//
//   BENCH_DASHBOARD_ORDERS=100000 npm run bench:dashboard
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import {
  CATEGORY_SLUGS,
  COLLECTION_SLUGS,
  SIZES,
  type OrderStatus,
  type PaymentMethod,
} from '../src/common/catalog.ts';
import { addIndiaDays, indiaDay } from '../src/common/india-time.ts';
import type { RefundDestination } from '../src/common/refunds.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import {
  orders,
  products,
  productStock,
  refunds,
  returnRequests,
  users,
  type OrderItem,
} from '../src/server/db/schema.ts';
import {
  dashboardQueries,
  readDashboard,
  runReportQuery,
  withReportSettings,
  type ReportQuery,
} from '../src/server/reports/dashboard.ts';
import { TEST_ADDRESS } from '../tests/support/addresses.ts';
import { log, onCleanup, ownDatabase, randomSource, runCleanups } from './own-database.ts';

const ORDER_COUNT = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 100_000);
const PRODUCT_COUNT = 400;
const SHOPPER_COUNT = 25_000;
/** The orders are spread over the year to now. */
const YEAR_DAYS = 365;
const INSERT_BATCH = 1_000;
const ROUNDS = 20;
const TARGET_MS = 200;
const LOW_STOCK_UNITS = 5;
const PERIODS = [30, 90] as const;
const RESULTS_FILE = path.join(import.meta.dirname, 'dashboard-results.json');
const DAY_MS = 86_400_000;

// ── The store's year ─────────────────────────────────────────────────────────────────────────
async function load(handle: DatabaseHandle, now: Date) {
  const { db } = handle;
  const random = randomSource(20_261_127);
  const catalogue = Array.from({ length: PRODUCT_COUNT }, (_, index) => {
    const first = Math.floor(random.next() * 2);
    return {
      name: `Bench Tee ${index + 1}`,
      pricePaise: (499 + Math.floor(random.next() * 25) * 100) * 100,
      sizes: SIZES.slice(first, first + 3 + Math.floor(random.next() * 3)),
      collection: random.pick(COLLECTION_SLUGS),
      category: random.pick(CATEGORY_SLUGS),
      deliveryInfo: {
        standardDelivery: '3-5 business days',
        expressDelivery: '1-2 business days',
        pincodeDelivery: true,
      },
    };
  });
  const made = await db.insert(products).values(catalogue).returning({ id: products.id, sizes: products.sizes });
  const madeProducts = made.map((product, index) => ({ ...product, ...catalogue[index]! }));
  await db.insert(productStock).values(
    madeProducts.flatMap((product) =>
      product.sizes.map((size) => ({
        productId: product.id,
        size,
        // Most sizes well stocked, some low, some gone.
        quantity: random.chance(0.08)
          ? 0
          : random.chance(0.15)
            ? 1 + Math.floor(random.next() * 5)
            : 20 + Math.floor(random.next() * 200),
      })),
    ),
  );

  const shopperIds: string[] = [];
  for (let start = 0; start < SHOPPER_COUNT; start += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, SHOPPER_COUNT - start) }, (_, index) => ({
      id: `bench-shopper-${start + index}`,
      name: `Shopper ${start + index}`,
      email: `shopper-${start + index}@bench.test`,
    }));
    await db.insert(users).values(batch);
    shopperIds.push(...batch.map((user) => user.id));
  }

  let sequence = 0;
  for (let start = 0; start < ORDER_COUNT; start += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, ORDER_COUNT - start) }, () => {
      sequence += 1;
      const ageMs = Math.floor(random.next() * YEAR_DAYS * DAY_MS);
      const ageDays = ageMs / DAY_MS;
      const items: OrderItem[] = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => {
        const product = random.pick(madeProducts);
        return {
          productId: product.id,
          name: product.name,
          size: random.pick(product.sizes),
          quantity: random.chance(0.8) ? 1 : 2,
          pricePaise: product.pricePaise,
        };
      });
      const subtotal = items.reduce((sum, item) => sum + item.quantity * item.pricePaise, 0);
      const method: PaymentMethod = random.chance(0.04) ? 'store_credit' : random.chance(0.4) ? 'cod' : 'online';
      const codFee = method === 'cod' ? 4_900 : 0;
      const total = subtotal + codFee;
      const credit = method === 'store_credit' ? total : random.chance(0.08) ? Math.floor(total / 4) : 0;
      const status: OrderStatus =
        method === 'cod' && ageDays < 1 && random.chance(0.4)
          ? 'awaiting_confirmation'
          : ageDays < 2
            ? random.pick(['pending', 'processing'] as const)
            : ageDays < 6
              ? random.pick(['processing', 'shipped', 'shipped'] as const)
              : random.chance(0.05)
                ? 'cancelled'
                : random.chance(0.01)
                  ? 'failed'
                  : random.chance(method === 'cod' ? 0.15 : 0.02)
                    ? 'returned_to_origin'
                    : random.chance(0.5)
                      ? 'delivered'
                      : 'completed';
      return {
        userId: random.pick(shopperIds),
        email: 'shopper@bench.test',
        addressJson: TEST_ADDRESS,
        itemsJson: items,
        subtotalPaise: subtotal,
        codFeePaise: codFee,
        totalPaise: total,
        creditPaise: credit,
        paymentMethod: method,
        paymentId: method === 'online' ? `pay_bench${sequence}` : null,
        codConfirmedAt:
          method === 'cod' && status !== 'awaiting_confirmation' ? new Date(now.getTime() - ageMs + 3_600_000) : null,
        status,
        createdAt: new Date(now.getTime() - ageMs),
      };
    });
    const placed = await db.insert(orders).values(batch).returning({
      id: orders.id,
      status: orders.status,
      items: orders.itemsJson,
      method: orders.paymentMethod,
      credit: orders.creditPaise,
      paymentId: orders.paymentId,
      total: orders.totalPaise,
    });
    // Returns and exchanges of delivered orders: most refunded, some waiting or refused.
    const asked = placed.filter(
      (order) => (order.status === 'delivered' || order.status === 'completed') && random.chance(0.1),
    );
    if (asked.length === 0) continue;
    const requests = asked.map((order) => {
      const item = order.items[0]!;
      const exchange = random.chance(0.3);
      const destination: RefundDestination | null = exchange
        ? null
        : order.method === 'online' && order.credit === 0
          ? 'original'
          : 'store_credit';
      return {
        orderId: order.id,
        kind: exchange ? ('exchange' as const) : ('return' as const),
        status: exchange
          ? random.pick(['requested', 'exchanged', 'exchanged', 'rejected'] as const)
          : random.pick(['requested', 'picked_up', 'refunded', 'refunded', 'refunded', 'rejected'] as const),
        productId: item.productId,
        size: item.size,
        quantity: 1,
        exchangeSize: exchange ? SIZES.find((size) => size !== item.size)! : null,
        reason: 'wrong_size',
        refundDestination: destination,
        creditBonusPercent: destination === 'store_credit' ? 0 : null,
        refundPaise: exchange ? null : item.pricePaise,
        expiresAt: now,
      };
    });
    const madeRequests = await db.insert(returnRequests).values(requests).returning();
    const refunded = madeRequests.filter((request) => request.status === 'refunded');
    if (refunded.length > 0) {
      await db.insert(refunds).values(
        refunded.map((request) => ({
          orderId: request.orderId,
          returnRequestId: request.id,
          paymentId:
            request.refundDestination === 'original'
              ? placed.find((order) => order.id === request.orderId)!.paymentId
              : null,
          destination: request.refundDestination!,
          amountPaise: request.refundPaise!,
          reason: 'Return',
        })),
      );
    }
    if ((start / INSERT_BATCH) % 10 === 9) log(`  ${(start + INSERT_BATCH).toLocaleString('en-IN')} orders`);
  }
  await db.execute(sql`vacuum analyze`);
}

// ── Measurement ───────────────────────────────────────────────────────────────────────────────
interface Timing {
  query: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  rows: number;
  meetsTarget: boolean;
}

interface PeriodResult {
  days: number;
  firstDay: string;
  orders: number;
  timings: Timing[];
  plans: { query: string; plan: string }[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function time(label: string, run: () => Promise<unknown>): Promise<Timing> {
  await run(); // warm-up
  const ms: number[] = [];
  let rows = 0;
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    const result = await run();
    ms.push(performance.now() - started);
    rows = Array.isArray(result) ? result.length : 1;
  }
  ms.sort((a, b) => a - b);
  const p95 = percentile(ms, 0.95);
  return {
    query: label,
    p50Ms: round(percentile(ms, 0.5)),
    p95Ms: round(p95),
    maxMs: round(ms.at(-1)!),
    rows,
    meetsTarget: p95 < TARGET_MS,
  };
}

/**
 * What the machine gives any query now: a bare count of the orders of both periods, read from the
 * table as the figures are. On shared cores it moves with the load, and the queries with it.
 */
function floorQuery(range: { firstDay: string; days: number }): ReportQuery<number> {
  const since = new Date(Date.parse(`${addIndiaDays(range.firstDay, -range.days)}T00:00:00+05:30`)).toISOString();
  return {
    sql: sql`select count(*)::int as n, sum(total_paise)::bigint as paise from ${orders} where created_at >= ${since}::timestamptz`,
    read: (rows) => Number(rows[0]?.n ?? 0),
  };
}

async function measure(handle: DatabaseHandle, now: Date, days: number): Promise<PeriodResult> {
  const { db } = handle;
  const today = indiaDay(now);
  const range = { firstDay: addIndiaDays(today, 1 - days), days };
  const options = { lowStockUnits: LOW_STOCK_UNITS, now };
  const queries = dashboardQueries(range, options);
  const timings: Timing[] = [await time('floor: sum of the orders', () => runReportQuery(db, floorQuery(range)))];
  for (const [name, query] of Object.entries(queries)) {
    timings.push(await time(name, () => runReportQuery(db, query as ReportQuery<unknown>)));
  }
  timings.push(await time('whole dashboard (queries together)', () => readDashboard(db, range, options)));
  const plans = [];
  for (const [name, query] of Object.entries(queries)) {
    const result = await withReportSettings(db, (tx) => tx.execute(sql`explain (analyze, buffers) ${query.sql}`));
    plans.push({
      query: name,
      plan: (result as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n'),
    });
  }
  const dashboard = await readDashboard(db, range, options);
  return {
    days,
    firstDay: range.firstDay,
    orders: dashboard.current.orders + dashboard.previous.orders,
    timings,
    plans,
  };
}

// ── Running and reporting ───────────────────────────────────────────────────────────────────
function report(variant: string, results: PeriodResult[]) {
  console.log(`\n== ${variant}`);
  for (const result of results) {
    console.log(
      `\n   Last ${result.days} days (from ${result.firstDay}; ${result.orders.toLocaleString('en-IN')} orders in it and the period before):`,
    );
    console.log(
      `   ${'query'.padEnd(36)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  target ${TARGET_MS} ms`,
    );
    for (const t of result.timings) {
      console.log(
        `   ${t.query.padEnd(36)} ${String(t.p50Ms).padStart(8)} ${String(t.p95Ms).padStart(8)} ${String(t.maxMs).padStart(8)}  ${t.meetsTarget ? 'meets' : 'MISSES'}`,
      );
    }
  }
  const ninety = results.find((result) => result.days === 90);
  for (const { query, plan } of ninety?.plans ?? []) {
    console.log(`\n   EXPLAIN (ANALYZE, BUFFERS), ${query}, last 90 days:`);
    console.log(plan.replace(/^/gm, '     '));
  }
}

/**
 * An index the schema does not have, timed as a suggestion: the figures' and shoppers' columns
 * beside created_at, so that a period's orders are read from the index alone (their order lines
 * are not in it: the sales still read the table).
 */
const COVERING_INDEX = sql`create index orders_report_idx on ${orders} (created_at)
  include (id, user_id, status, payment_method, total_paise, credit_paise, cod_confirmed_at)`;

/** Each period timed, after a load average is taken for the record. */
async function measureAll(handle: DatabaseHandle, now: Date): Promise<PeriodResult[]> {
  const results: PeriodResult[] = [];
  for (const days of PERIODS) {
    log(`timing the last ${days} days (${ROUNDS} runs of each query; load average ${loadavg()[0]!.toFixed(1)})...`);
    results.push(await measure(handle, now, days));
  }
  return results;
}

const name = `ttt_bench_dashboard_${process.pid}`;
const url = await ownDatabase(name);
try {
  const handle = await openDatabase({ url });
  onCleanup(() => handle.close());
  const version = (
    (await handle.db.execute(sql`show server_version`)) as unknown as { rows: Array<{ server_version: string }> }
  ).rows[0]?.server_version;
  const engine = `PostgreSQL ${version ?? ''} (${name})`;
  log(`${engine}: migrating...`);
  await migrateDatabase(handle);
  const now = new Date();
  log(
    `loading ${PRODUCT_COUNT} products, ${SHOPPER_COUNT.toLocaleString('en-IN')} shoppers, ${ORDER_COUNT.toLocaleString('en-IN')} orders...`,
  );
  const loadStarted = performance.now();
  await load(handle, now);
  const loadSeconds = round((performance.now() - loadStarted) / 1000);
  log(`loaded in ${loadSeconds} s`);
  const loadAverageBefore = loadavg()[0]!;
  const asMigrated = await measureAll(handle, now);
  report(`${engine}: ${ORDER_COUNT.toLocaleString('en-IN')} orders over ${YEAR_DAYS} days, as migrated`, asMigrated);
  log('adding the suggested covering index (orders_report_idx)...');
  await handle.db.execute(COVERING_INDEX);
  await handle.db.execute(sql`vacuum analyze ${orders}`);
  const withCoveringIndex = await measureAll(handle, now);
  report(`${engine}: with the suggested covering index orders_report_idx`, withCoveringIndex);
  const loadAverageAfter = loadavg()[0]!;
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        timestamp: new Date().toISOString(),
        node: process.version,
        engine,
        orders: ORDER_COUNT,
        products: PRODUCT_COUNT,
        shoppers: SHOPPER_COUNT,
        rounds: ROUNDS,
        targetMs: TARGET_MS,
        loadSeconds,
        cores: cpus().length,
        loadAverage: { before: loadAverageBefore, after: loadAverageAfter },
        asMigrated,
        withCoveringIndex,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
  const missed = asMigrated.flatMap((result) =>
    result.timings.filter((t) => !t.meetsTarget).map((t) => `${t.query} (${result.days} days)`),
  );
  if (missed.length > 0) {
    console.error(`\nOver the ${TARGET_MS} ms target at p95, as migrated: ${missed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await runCleanups();
}
