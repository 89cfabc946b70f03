// `npm run bench:scale` (docs/architecture.md "Scaling out"): does a second instance of the store
// add throughput? Two production servers share one PostgreSQL database (on the server, made for the
// run and dropped after) and one AUTH_SECRET, so a session works on either. In the same run it
// measures the product page (a visitor) and add-to-cart (signed-in shoppers, one per connection)
// against one instance and against two, and prints requests per second, p99 and the two/one ratio.
//
// Two instances are measured two ways. Through a round-robin proxy, as a load balancer would
// spread them; but the proxy is a Node process on the same cores as everything else, which a real
// load balancer would not be, so it is compared with one instance behind the same proxy. And with
// the load generator's connections split directly over the two ports (two runs at once, their
// requests per second summed, the worse p99 taken), which costs no proxy.
//
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npm run bench:scale
//   BENCH_BUILD=1 npm run bench:scale   (builds first; by default it measures the build in build/)
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startRoundRobinProxy } from '../tests/support/round-robin-proxy.ts';
import { loadTest, type LoadResult } from './load.ts';
import { buildStore, freePort, ROOT, startStore } from './server.ts';
import { createShopper } from './shoppers.ts';
import { table } from './table.ts';

const SECONDS = setting('BENCH_SECONDS', 10, 1);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 10, 2);
const WARMUP_SECONDS = 2;
const SERVER_URL = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The address shoppers use, the same for every instance, as behind a real load balancer. The
// instances trust 127.0.0.1 as their proxy (TRUST_PROXY), so every request here, straight from the
// load generator or through the proxy, is taken to be on this origin (ADR 0018): its Origin header
// passes the same-origin checks on either instance.
const PUBLIC_URL = 'http://shop.bench.test';
// Lines each shopper adds to in turn: 16 products in 4 sizes, a unit at a time, so a line reaches
// the cart's limit of 10 (where adding stops counting up, without refusing) only after 640 adds.
const BENCH_PRODUCTS = 16;
const BENCH_SIZES = ['S', 'M', 'L', 'XL'];
const LINE_LIMIT = 10;

const started = Date.now();
const log = (message: string) =>
  console.log(`[${String(Math.round((Date.now() - started) / 1000)).padStart(4)}s] ${message}`);

/** A whole number from the environment, at least `min`. */
function setting(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return value;
}

// ── add-to-cart load ──────────────────────────────────────────────────────────────────────────
/** Each connection is one shopper (cookies[i]) adding a unit of each bench line in turn, after a warm-up. */
function addToCartLoad(
  origin: string,
  cookies: string[],
  lines: Array<{ productId: number; size: string }>,
): Promise<LoadResult> {
  return loadTest(origin, '/api/cart', {
    connections: cookies.length,
    durationSec: SECONDS,
    warmupSec: WARMUP_SECONDS,
    requestsOf: (index) => {
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json',
        origin: PUBLIC_URL,
        cookie: cookies[index % cookies.length]!,
      };
      // Each connection starts at a line of its own: the shoppers do not all add the same product at once.
      return lines.map((_, i) => ({
        method: 'POST' as const,
        path: '/api/cart',
        headers,
        body: JSON.stringify({ intent: 'add', ...lines[(i + index) % lines.length]!, quantity: 1 }),
      }));
    },
  });
}

// ── the run ───────────────────────────────────────────────────────────────────────────────────
type Endpoint = 'product page' | 'add to cart';

interface Figures {
  scenario: string;
  endpoint: Endpoint;
  requestsPerSec: number;
  /** The worse of the parts' when the load was split. */
  latencyP99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Cart lines of the bench shoppers at the limit after the run (add-to-cart only). */
  linesAtLimit?: number;
  parts: LoadResult[];
}

const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;
/** Undoes what was set up, last first; each step runs even when one before it fails. */
const cleanup = () =>
  (cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(error));
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and dropping the database...`);
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  if (process.env.BENCH_BUILD === '1') {
    log('building the store');
    buildStore();
  }

  const database = `ttt_bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  cleanups.push(() => admin.end());
  await admin.query(`create database "${database}"`);
  cleanups.push(() => admin.query(`drop database if exists "${database}" with (force)`));
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${database}`;

  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  const [originA, originB] = [portA, portB].map((port) => `http://127.0.0.1:${port}`) as [string, string];
  // One proxy in front of both, and one in front of A alone: the proxy's own cost, measured apart.
  const proxyBoth = await startRoundRobinProxy([originA, originB]);
  cleanups.push(() => proxyBoth.close());
  const proxyOne = await startRoundRobinProxy([originA]);
  cleanups.push(() => proxyOne.close());

  const authSecret = randomBytes(32).toString('base64url');
  const tmp = path.join(ROOT, 'bench/.tmp');
  // One after the other: the first migrates and seeds the database, the second finds it ready.
  for (const [name, port] of [
    ['a', portA],
    ['b', portB],
  ] as const) {
    const dataDir = path.join(tmp, `scale-${name}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const store = await startStore({
      port,
      dataDir,
      logFile: path.join(tmp, `scale-${name}.log`),
      databaseUrl: databaseUrl.toString(),
      env: { AUTH_SECRET: authSecret, TRUST_PROXY: '127.0.0.1', PUBLIC_URL },
    });
    cleanups.push(() => store.stop());
    log(`instance ${name.toUpperCase()} ready at ${store.origin} (pid ${store.pid})`);
  }

  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  cleanups.push(() => db.end());

  // The product page: the first product of the seeded catalog.
  const { rows: seeded } = await db.query<{ id: number }>('select min(id) id from products');
  const pagePath = `/product/${seeded[0]!.id}`;

  // Bench products without a collection or category, so they show on no listing and in no
  // product page's related items; stock enough that no add is refused.
  const lines: Array<{ productId: number; size: string }> = [];
  for (let i = 0; i < BENCH_PRODUCTS; i += 1) {
    const { rows } = await db.query<{ id: number }>(
      `insert into products (name, price_paise, sizes, delivery_info)
       values ($1, 99900, $2, '{"standardDelivery":"3-5 business days","expressDelivery":"1-2 business days","pincodeDelivery":true}')
       returning id`,
      [`Bench Tee ${i + 1}`, BENCH_SIZES],
    );
    for (const size of BENCH_SIZES) {
      await db.query('insert into product_stock (product_id, size, quantity) values ($1, $2, 1000000)', [
        rows[0]!.id,
        size,
      ]);
      lines.push({ productId: rows[0]!.id, size });
    }
  }

  // Signed-in shoppers, one per connection: a session each, its cookie signed with the shared secret.
  const shopperIds: string[] = [];
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const { userId, cookie } = await createShopper(db, authSecret, String(i));
    shopperIds.push(userId);
    cookies.push(cookie);
  }

  // Every way in answers both endpoints before anything is measured.
  for (const origin of [originA, originB, proxyOne.origin, proxyBoth.origin]) {
    const page = await fetch(new URL(pagePath, origin));
    const cart = await fetch(new URL('/api/cart', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL, cookie: cookies[0]! },
      body: JSON.stringify({ intent: 'add', ...lines[0]!, quantity: 1 }),
    });
    const answer = await cart.text();
    await page.body?.cancel();
    if (page.status !== 200 || cart.status !== 200) {
      throw new Error(`${origin}: ${pagePath} answered ${page.status}, /api/cart ${cart.status} ${answer}`);
    }
  }
  log(
    `${CONNECTIONS} shoppers, ${lines.length} cart lines each; product page ${pagePath}; ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up`,
  );

  const scenarios: Array<{ name: string; targets: string[] }> = [
    { name: 'one instance', targets: [originA] },
    { name: 'two instances, connections split', targets: [originA, originB] },
    { name: 'one instance via proxy', targets: [proxyOne.origin] },
    { name: 'two instances via proxy', targets: [proxyBoth.origin] },
  ];

  /** The load of one endpoint on the scenario's targets at once, the connections shared between them. */
  const measure = async (scenario: (typeof scenarios)[number], endpoint: Endpoint): Promise<Figures> => {
    const { targets } = scenario;
    const shares = targets.map(
      (_, i) => Math.floor(CONNECTIONS / targets.length) + (i < CONNECTIONS % targets.length ? 1 : 0),
    );
    if (endpoint === 'add to cart') await db.query('delete from cart_items where user_id = any($1)', [shopperIds]);
    const parts = await Promise.all(
      targets.map((origin, i) => {
        if (endpoint === 'product page')
          return loadTest(origin, pagePath, {
            connections: shares[i]!,
            durationSec: SECONDS,
            warmupSec: WARMUP_SECONDS,
          });
        const first = shares.slice(0, i).reduce((sum, n) => sum + n, 0);
        return addToCartLoad(origin, cookies.slice(first, first + shares[i]!), lines);
      }),
    );
    const figures: Figures = {
      scenario: scenario.name,
      endpoint,
      requestsPerSec: Math.round(parts.reduce((sum, part) => sum + part.requestsPerSec, 0) * 10) / 10,
      latencyP99Ms: Math.max(...parts.map((part) => part.latencyP99Ms)),
      non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
      errors: parts.reduce((sum, part) => sum + part.errors + part.timeouts, 0),
      parts,
    };
    if (endpoint === 'add to cart') {
      const { rows } = await db.query<{ count: number }>(
        'select count(*)::int count from cart_items where user_id = any($1) and quantity >= $2',
        [shopperIds, LINE_LIMIT],
      );
      figures.linesAtLimit = rows[0]!.count;
    }
    log(`${scenario.name}, ${endpoint}: ${figures.requestsPerSec} req/s, p99 ${figures.latencyP99Ms} ms`);
    return figures;
  };

  const runs: Figures[] = [];
  for (const scenario of scenarios) {
    for (const endpoint of ['product page', 'add to cart'] as const) runs.push(await measure(scenario, endpoint));
  }

  const find = (scenario: string, endpoint: Endpoint) =>
    runs.find((run) => run.scenario === scenario && run.endpoint === endpoint)!;
  const ratio = (two: Figures, one: Figures) =>
    one.requestsPerSec > 0 ? Math.round((two.requestsPerSec / one.requestsPerSec) * 100) / 100 : null;
  const ratios = (['product page', 'add to cart'] as const).map((endpoint) => ({
    endpoint,
    direct: ratio(find('two instances, connections split', endpoint), find('one instance', endpoint)),
    viaProxy: ratio(find('two instances via proxy', endpoint), find('one instance via proxy', endpoint)),
  }));

  const machine = {
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  };
  const results = {
    timestamp: new Date().toISOString(),
    node: process.version,
    database: 'postgres',
    machine,
    settings: { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, shoppers: CONNECTIONS },
    productPage: pagePath,
    runs,
    ratios,
  };
  writeFileSync(path.join(ROOT, 'bench/scale-results.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(
    `\nScale bench: one and two store instances on one PostgreSQL database, ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  console.log(
    `${machine.cpus} CPUs (${machine.cpuModel}), Node ${process.version}: the instances, the database, the load generator and the proxy share them.\n`,
  );
  console.log(
    table(
      ['scenario', 'endpoint', 'req/s', 'p99 ms', 'non-2xx', 'errors'],
      runs.map((run) => [
        run.scenario,
        run.endpoint,
        String(run.requestsPerSec),
        String(run.latencyP99Ms),
        String(run.non2xx),
        String(run.errors),
      ]),
    ),
  );
  console.log('\nTwo/one (requests per second):');
  for (const { endpoint, direct, viaProxy } of ratios) {
    console.log(
      `  ${endpoint.padEnd(12)}  ${direct ?? '–'}× with the connections split over the two ports (no proxy); ${viaProxy ?? '–'}× through the round-robin proxy (against one instance behind it)`,
    );
  }
  console.log(
    '\nSplit: two load runs at once, half the connections each, requests per second summed, the worse p99. Via proxy: a Node round-robin proxy on the same machine, whose CPU a real load balancer would not take.',
  );
  const clamped = runs.filter((run) => run.linesAtLimit);
  if (clamped.length > 0) {
    console.log(
      `Cart lines at the limit of ${LINE_LIMIT} (adds kept answering 200 without counting up): ${clamped.map((run) => `${run.scenario} ${run.linesAtLimit}`).join(', ')}`,
    );
  }
  console.log('Results: bench/scale-results.json');
  if (runs.some((run) => run.non2xx > 0 || run.errors > 0)) process.exitCode = 1;
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
