// `npm run bench:drop`: a drop's minute, measured. Two production instances of the store on one
// PostgreSQL database (made for the run, dropped after) behind a round-robin proxy, with a Razorpay
// sandbox of their own. A drop of 100 units over four sizes, one per shopper, goes live; 2,000
// signed-in shoppers (sessions made beforehand) arrive within ten seconds of the minute, each opening
// the product page, adding a size, pressing Continue to Payment and paying in the sandbox; some
// abandon the payment window, so their holds go back to the next. The crowd does what the page lets
// it: a size the page shows sold out cannot be chosen, and a refused add brings the page's data
// again (React Router revalidates after the action), so the shopper tries another size only if the
// page still offers one. A shopper who finds everything sold or held looks again a few times, as
// people refresh, in case a hold lapses. Past the shoppers the store lets in at the minute, each
// waits their turn in the drop's line (drops/queue.ts): the line's page comes back by itself at
// their turn (its Refresh header), and the time each waited is printed beside the steps.
// Then the same with one instance behind the proxy, to show what the second adds; then, on one
// instance, a signed-in shopper's product page against a visitor's, in requests per second: the
// document (the page kept for visitors, ADR 0058) and the `.data` request that brings the
// shopper's own parts after load, each alone and as one page view.
//
// It prints units sold (never more than 100), orders, shoppers over the limit, 5xx answers,
// timeouts, and p50/p95/p99 and requests per second of each step; its last line is for scripts:
//   drop: units=100 sold=<n> over_limit=<n> errors=<n> p99_add_ms=<n> p99_pay_ms=<n> p99_callback_ms=<n> signed_in_ratio=<x.xx> signed_in_view_ratio=<x.xx>
//
//   BENCH_SHOPPERS=2000 BENCH_ARRIVAL_SECONDS=10 npm run bench:drop
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { serve } from '@hono/node-server';
import pg from 'pg';

import { SIGNED_IN_MARKER } from '../src/common/signed-in-marker.ts';
import { createLogger } from '../src/server/logger.ts';
import { createRazorpaySandbox } from '../src/server/payments/sandbox.ts';
import { startRoundRobinProxy } from '../tests/support/round-robin-proxy.ts';
import { loadTest } from './load.ts';
import { log, onCleanup, ownDatabase, runCleanups } from './own-database.ts';
import { freePort, ROOT, startStore } from './server.ts';
import { createShopper } from './shoppers.ts';
import { table } from './table.ts';

const SHOPPERS = setting('BENCH_SHOPPERS', 2000, 1);
const ARRIVAL_SECONDS = setting('BENCH_ARRIVAL_SECONDS', 10, 1);
const PAGE_SECONDS = setting('BENCH_PAGE_SECONDS', 8, 1);
/** The line's settings given to the instances (the store's defaults unless set). */
const QUEUE_AT_ONCE = setting('BENCH_QUEUE_AT_ONCE', 20, 1);
const QUEUE_PER_SECOND = setting('BENCH_QUEUE_PER_SECOND', 20, 0);
const SIZES = ['S', 'M', 'L', 'XL'];
const UNITS_PER_SIZE = 25;
const UNITS = UNITS_PER_SIZE * SIZES.length;
/** One shopper in five closes the payment window instead of paying: their hold goes back. */
const ABANDON_EVERY = 5;
/** A shopper who finds every size sold or held looks again (the page's data) this often, this many times. */
const LOOK_AGAIN_MS = 1500;
const LOOKS = 4;
const REQUEST_TIMEOUT_MS = 30_000;
const PRICE_PAISE = 249_900;
const PUBLIC_URL = 'http://shop.bench.test';
const KEYS = { keyId: 'rzp_test_bench_drop', keySecret: 'bench-drop-key-secret', webhookSecret: 'bench-drop-webhook' };
const TARGETS = { p99AddMs: 250, p99PayMs: 250, p99CallbackMs: 500 };

function setting(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return value;
}

type Step = 'line page' | 'product page' | 'page data' | 'add to cart' | 'Continue to Payment' | 'payment callback';
const STEPS: Step[] = [
  'line page',
  'product page',
  'page data',
  'add to cart',
  'Continue to Payment',
  'payment callback',
];

interface Timing {
  ms: number;
  status: number;
  at: number;
}

/** What one run of the minute recorded: every request's time and status, by step. */
class Recorder {
  readonly timings = new Map<Step, Timing[]>(STEPS.map((step) => [step, []]));
  timeouts = 0;
  /** Requests that got no answer at all: the connection refused or reset. */
  noAnswer = 0;
  /** How long each shopper waited in the drop's line, from their first request to the product page, in ms (0: let in at once). */
  readonly inLine: number[] = [];
  record(step: Step, ms: number, status: number) {
    this.timings.get(step)!.push({ ms, status, at: performance.now() });
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

function summary(timings: Timing[]) {
  const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
  const first = Math.min(...timings.map((timing) => timing.at - timing.ms));
  const last = Math.max(...timings.map((timing) => timing.at));
  const seconds = Math.max((last - first) / 1000, 0.001);
  return {
    requests: timings.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    requestsPerSec: timings.length > 0 ? Math.round((timings.length / seconds) * 10) / 10 : 0,
    status5xx: timings.filter((timing) => timing.status >= 500).length,
    status503: timings.filter((timing) => timing.status === 503).length,
  };
}

/** How long the shoppers who reached the product page waited in the line for it, in seconds. */
function lineWaits(waits: number[]) {
  const sorted = waits.filter((ms) => ms > 0).sort((a, b) => a - b);
  const seconds = (p: number) => Math.round(percentile(sorted, p) / 100) / 10;
  return {
    shoppers: waits.length,
    waited: sorted.length,
    p50Seconds: seconds(50),
    p95Seconds: seconds(95),
    maxSeconds: seconds(100),
  };
}

interface Shopper {
  userId: string;
  cookie: string;
  addressId: string;
}

try {
  const databaseUrl = await ownDatabase(`ttt_bench_drop_${process.pid}`);

  // The sandbox both instances pay through (each store's own demo sandbox knows only its orders).
  const sandboxApp = createRazorpaySandbox({
    ...KEYS,
    autoCapture: true,
    webhookUrl: undefined,
    logger: createLogger('silent'),
  });
  const sandboxServer = serve({ fetch: sandboxApp.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => sandboxServer.once('listening', () => resolve()));
  onCleanup(() => new Promise<void>((resolve) => sandboxServer.close(() => resolve())));
  const sandboxUrl = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}`;

  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  const [originA, originB] = [portA, portB].map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const authSecret = randomBytes(32).toString('base64url');
  const tmp = path.join(ROOT, 'bench/.tmp');
  for (const [name, port] of [
    ['a', portA],
    ['b', portB],
  ] as const) {
    const dataDir = path.join(tmp, `drop-${name}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const store = await startStore({
      port,
      dataDir,
      logFile: path.join(tmp, `drop-${name}.log`),
      databaseUrl,
      env: {
        AUTH_SECRET: authSecret,
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL,
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAY_API_URL: `${sandboxUrl}/v1`,
        // Shipping is not played here: the demo's Shiprocket sandbox answers at the public address.
        SHIPPING_PROVIDER: 'manual',
        DROP_QUEUE_AT_ONCE: String(QUEUE_AT_ONCE),
        DROP_QUEUE_PER_SECOND: String(QUEUE_PER_SECOND),
      },
    });
    onCleanup(() => store.stop());
    log(`instance ${name.toUpperCase()} ready at ${store.origin} (pid ${store.pid})`);
  }
  const proxyBoth = await startRoundRobinProxy([originA, originB]);
  onCleanup(() => proxyBoth.close());
  const proxyOne = await startRoundRobinProxy([originA]);
  onCleanup(() => proxyOne.close());

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  onCleanup(() => db.end());
  // The shoppers' reads of what their page shows, many at once: a pool, not the one client.
  const pageReads = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  onCleanup(() => pageReads.end());

  log(`making ${SHOPPERS} signed-in shoppers with an address each`);
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    const { userId, cookie } = await createShopper(db, authSecret, `drop-${i}`);
    const { rows } = await db.query<{ id: string }>(
      `insert into addresses (user_id, name, phone, house, street, city, pincode, state)
       values ($1, 'Bench Shopper', '9876543210', '1', 'Drop Street', 'Mumbai', '400001', 'Maharashtra') returning id`,
      [userId],
    );
    shoppers.push({ userId, cookie, addressId: rows[0]!.id });
  }

  /** A drop product of UNITS over the sizes, limit one per shopper, going live `inMs` from now. */
  const scheduleDrop = async (label: string, inMs: number) => {
    const { rows: drop } = await db.query<{ id: number; goes_live_at: Date }>(
      `insert into drops (name, goes_live_at, limit_total) values ($1, now() + make_interval(secs => $2), 1)
       returning id, goes_live_at`,
      [`Bench drop ${label}`, inMs / 1000],
    );
    const { rows: product } = await db.query<{ id: number }>(
      `insert into products (name, price_paise, sizes, description, delivery_info, collection, category, drop_id)
       values ($1, $2, $3, 'A limited bench jacket.', '{"standardDelivery":"3-5 business days","expressDelivery":"1-2 business days","pincodeDelivery":true}', 'trap-themed', 'jackets', $4)
       returning id`,
      [`Bench Drop Jacket ${label}`, PRICE_PAISE, SIZES, drop[0]!.id],
    );
    for (const size of SIZES) {
      await db.query('insert into product_stock (product_id, size, quantity) values ($1, $2, $3)', [
        product[0]!.id,
        size,
        UNITS_PER_SIZE,
      ]);
    }
    return { productId: product[0]!.id, goesLiveAt: drop[0]!.goes_live_at.getTime() };
  };

  /** One request of a step, timed; a request past REQUEST_TIMEOUT_MS counts as a timeout. */
  const call = async (
    recorder: Recorder,
    step: Step | ((response: Response) => Step),
    origin: string,
    pathname: string,
    cookie: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown>; headers: Headers } | undefined> => {
    const t0 = performance.now();
    try {
      const response = await fetch(new URL(pathname, origin), {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          cookie,
          origin: PUBLIC_URL,
          accept: body === undefined ? 'text/html' : 'application/json',
          'accept-encoding': 'gzip, br',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      recorder.record(typeof step === 'function' ? step(response) : step, performance.now() - t0, response.status);
      let json: Record<string, unknown> = {};
      if (body !== undefined) {
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // A 503's page, or an error page: no JSON.
        }
      }
      return { status: response.status, json, headers: response.headers };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') recorder.timeouts += 1;
      else recorder.noAnswer += 1;
      return undefined;
    }
  };

  const outcomeNames = [
    'paid',
    'abandoned',
    'sold out',
    'over limit',
    'turned away (503)',
    'no answer',
    'other',
  ] as const;
  type Outcome = (typeof outcomeNames)[number];

  /** One shopper's minute: the page, a size in the cart, Continue to Payment, then pay or abandon. */
  const shop = async (
    recorder: Recorder,
    origin: string,
    productId: number,
    shopper: Shopper,
    index: number,
  ): Promise<Outcome> => {
    let inCart: string | undefined;
    // The product page, or the line's until the shopper's turn: it comes back by itself then, with
    // the place this browser was given (its cookie) from then on.
    let cookie = shopper.cookie;
    // A page that gives a place (the line's, or the product's to one let in at once) sets its cookie.
    const keepPlace = (headers: Headers) => {
      const place = headers.getSetCookie().find((value) => value.startsWith('ttt_drop_place_'));
      if (place) cookie = `${cookie}; ${place.split(';')[0]}`;
    };
    const arrived = performance.now();
    const productPage = `/product/${productId}`;
    // Answered with the line's page, a request is timed as that, not as the product page.
    const pageStep = (response: Response): Step => (response.headers.has('Refresh') ? 'line page' : 'product page');
    let page = await call(recorder, pageStep, origin, productPage, cookie);
    let waited = false;
    while (page?.status === 200 && page.headers.has('Refresh')) {
      waited = true;
      keepPlace(page.headers);
      await new Promise((resolve) => setTimeout(resolve, Number(page!.headers.get('Refresh')) * 1000));
      page = await call(recorder, pageStep, origin, productPage, cookie);
    }
    if (!page) return 'no answer';
    if (page.status === 503) return 'turned away (503)';
    keepPlace(page.headers);
    recorder.inLine.push(waited ? performance.now() - arrived : 0);
    // The page's data, and the sizes it shows on sale: what the shopper can choose from. The kept
    // page names nobody: once loaded it asks for the shopper's own parts and the stock as it is now
    // (ADR 0058); after a refused add React Router asks again. Which sizes the answer shows is read
    // from the database at that moment, as the loader read it.
    const pageData = async () => {
      await call(recorder, 'page data', origin, `/product/${productId}.data`, cookie);
      const { rows } = await pageReads.query<{ size: string }>(
        'select size from product_stock where product_id = $1 and quantity > 0',
        [productId],
      );
      return new Set(rows.map((row) => row.size));
    };
    let onSale = await pageData();
    for (let look = 0; look < LOOKS; look += 1) {
      if (look > 0) {
        await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
        onSale = await pageData();
      }
      // The sizes in the shopper's order of liking: the first the page offers goes in the cart.
      const liked = [...SIZES.slice(index % SIZES.length), ...SIZES.slice(0, index % SIZES.length)];
      let added = false;
      for (const size of liked) {
        if (!onSale.has(size)) continue;
        const add = await call(recorder, 'add to cart', origin, '/api/cart', cookie, {
          intent: 'add',
          productId,
          size,
          quantity: 1,
        });
        if (!add) return 'no answer';
        if (add.status === 503) return 'turned away (503)';
        if (add.status === 200) {
          added = true;
          inCart = size;
          break;
        }
        const message = String(add.json.message ?? '');
        if (message.includes('This drop allows')) return 'over limit';
        if (!/sold out|left in size/.test(message)) return 'other';
        // Refused: the page's data comes again, and with it the sizes still on sale.
        onSale = await pageData();
      }
      if (!added) continue;
      const start = await call(recorder, 'Continue to Payment', origin, '/api/payments', cookie, {
        method: 'online',
        addressId: shopper.addressId,
      });
      if (!start) return 'no answer';
      if (start.status === 503) return 'turned away (503)';
      if (start.status !== 200) {
        const message = String(start.json.message ?? '');
        if (message.includes('This drop allows')) return 'over limit';
        if (/sold out|left in size/.test(message)) {
          // The cart's size went meanwhile: the shopper takes the line out and looks again.
          const removed = await fetch(new URL('/api/cart', origin), {
            method: 'POST',
            headers: { cookie: cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
            body: JSON.stringify({ intent: 'remove', productId, size: inCart }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          }).catch(() => undefined);
          await removed?.body?.cancel();
          continue;
        }
        return 'other';
      }
      const razorpayOrderId = String(start.json.razorpayOrderId);
      if (index % ABANDON_EVERY === ABANDON_EVERY - 1) {
        // The window closed: its hold goes back at once (not timed: it is not one of the steps).
        const cancelled = await fetch(new URL('/api/payments/cancel', origin), {
          method: 'POST',
          headers: { cookie: cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
          body: JSON.stringify({ razorpayOrderId }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }).catch(() => undefined);
        await cancelled?.body?.cancel();
        return 'abandoned';
      }
      const paid = (await fetch(`${sandboxUrl}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: razorpayOrderId, method: 'upi', outcome: 'success' }),
      })
        .then((response) => response.json())
        .catch(() => undefined)) as Record<string, string> | undefined;
      // The sandbox is the bench's own, not the store: a payment it did not take is the shopper's 'other'.
      if (!paid) return 'other';
      const verified = await call(recorder, 'payment callback', origin, '/api/payments/verify', cookie, paid);
      if (!verified) return 'no answer';
      if (verified.status === 503) return 'turned away (503)';
      return verified.status === 200 ? 'paid' : 'other';
    }
    return 'sold out';
  };

  /** The minute, with the shoppers spread over ARRIVAL_SECONDS from the drop's minute. */
  const runDrop = async (label: string, origin: string) => {
    await db.query('delete from cart_items');
    const { productId, goesLiveAt } = await scheduleDrop(label, 4000);
    const recorder = new Recorder();
    const outcomes = Object.fromEntries(outcomeNames.map((name) => [name, 0])) as Record<Outcome, number>;
    log(`${label}: the drop goes live in 4 s; ${SHOPPERS} shoppers arrive over ${ARRIVAL_SECONDS} s`);
    const wait = goesLiveAt - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait) + 50));
    const runStarted = performance.now();
    await Promise.all(
      shoppers.map(async (shopper, index) => {
        await new Promise((resolve) => setTimeout(resolve, (index / SHOPPERS) * ARRIVAL_SECONDS * 1000));
        outcomes[await shop(recorder, origin, productId, shopper, index)] += 1;
      }),
    );
    const seconds = (performance.now() - runStarted) / 1000;
    const { rows: sold } = await db.query<{ user_id: string; units: number }>(
      `select o.user_id, sum((item ->> 'quantity')::int)::int as units
       from orders o, jsonb_array_elements(o.items_json) as item
       where (item ->> 'productId')::int = $1 group by o.user_id`,
      [productId],
    );
    const { rows: orderCount } = await db.query<{ count: number }>(
      `select count(distinct o.id)::int as count from orders o, jsonb_array_elements(o.items_json) as item
       where (item ->> 'productId')::int = $1`,
      [productId],
    );
    const { rows: left } = await db.query<{ units: number }>(
      'select coalesce(sum(quantity), 0)::int as units from product_stock where product_id = $1',
      [productId],
    );
    const unitsSold = sold.reduce((sum, row) => sum + row.units, 0);
    const steps = Object.fromEntries(STEPS.map((step) => [step, summary(recorder.timings.get(step)!)])) as Record<
      Step,
      ReturnType<typeof summary>
    >;
    const result = {
      label,
      seconds: Math.round(seconds * 10) / 10,
      unitsSold,
      unitsLeft: left[0]!.units,
      orders: orderCount[0]!.count,
      overLimit: sold.filter((row) => row.units > 1).length,
      errors5xx: STEPS.reduce((sum, step) => sum + steps[step].status5xx, 0),
      turnedAway503: STEPS.reduce((sum, step) => sum + steps[step].status503, 0),
      timeouts: recorder.timeouts,
      noAnswer: recorder.noAnswer,
      inLine: lineWaits(recorder.inLine),
      outcomes,
      steps,
    };
    log(
      `${label}: sold ${unitsSold} of ${UNITS} in ${result.orders} orders, ${result.overLimit} over the limit, ${result.errors5xx} 5xx, ${result.timeouts} timeouts, ${result.noAnswer} unanswered, ${result.seconds} s`,
    );
    return result;
  };

  const two = await runDrop('two instances', proxyBoth.origin);
  const one = await runDrop('one instance', proxyOne.origin);

  // A signed-in shopper's product page against a visitor's kept one, one instance, side by side:
  // the document, then the `.data` request its scripts send for the shopper's own parts (React
  // Router asks for every loader's data at once, so the address has no `_routes`), each from
  // browsers that hold a session and the signed-in marker.
  const { rows: seeded } = await db.query<{ id: number }>('select min(id) as id from products');
  const pagePath = `/product/${seeded[0]!.id}`;
  const dataPath = `${pagePath}.data`;
  log(
    `product page ${pagePath}: a visitor's, a signed-in shopper's, then its ${dataPath}, ${PAGE_SECONDS} s each on one instance`,
  );
  const signedInCookies = shoppers.slice(0, 10).map((shopper) => `${shopper.cookie}; ${SIGNED_IN_MARKER}=1`);
  const pageLoad = { connections: 10, durationSec: PAGE_SECONDS, warmupSec: 2 };
  const visitor = await loadTest(originA, pagePath, pageLoad);
  const signedIn = await loadTest(originA, pagePath, { ...pageLoad, cookies: signedInCookies });
  const signedInData = await loadTest(originA, dataPath, { ...pageLoad, cookies: signedInCookies });
  const ratioTo = (rate: number) => Math.round((rate / visitor.requestsPerSec) * 100) / 100;
  const signedInRatio = ratioTo(signedIn.requestsPerSec);
  // A page view costs the instance one document and one `.data` request: views a second, were it
  // to serve nothing else.
  const signedInViewsPerSec = Math.round(10 / (1 / signedIn.requestsPerSec + 1 / signedInData.requestsPerSec)) / 10;
  const signedInViewRatio = ratioTo(signedInViewsPerSec);

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
    settings: {
      shoppers: SHOPPERS,
      arrivalSeconds: ARRIVAL_SECONDS,
      units: UNITS,
      sizes: SIZES,
      limitPerShopper: 1,
      abandonEvery: ABANDON_EVERY,
      queueAtOnce: QUEUE_AT_ONCE,
      queuePerSecond: QUEUE_PER_SECOND,
    },
    targets: TARGETS,
    runs: [two, one],
    productPage: {
      path: pagePath,
      visitor,
      signedIn,
      signedInRatio,
      signedInData,
      signedInViewsPerSec,
      signedInViewRatio,
    },
  };
  writeFileSync(path.join(ROOT, 'bench/drop-results.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(
    `\nDrop bench: ${UNITS} units over ${SIZES.length} sizes, one per shopper; ${SHOPPERS} signed-in shoppers within ${ARRIVAL_SECONDS} s of the minute`,
  );
  console.log(
    `${machine.cpus} CPUs (${machine.cpuModel}), Node ${process.version}: the instances, PostgreSQL, the proxy, the sandbox and the shoppers share them.\n`,
  );
  console.log(
    table(
      [
        'run',
        'sold',
        'orders',
        'over limit',
        '5xx',
        '503',
        'timeouts',
        'unanswered',
        'paid',
        'abandoned',
        'sold out',
        'seconds',
      ],
      [two, one].map((run) => [
        run.label,
        String(run.unitsSold),
        String(run.orders),
        String(run.overLimit),
        String(run.errors5xx),
        String(run.turnedAway503),
        String(run.timeouts),
        String(run.noAnswer),
        String(run.outcomes.paid),
        String(run.outcomes.abandoned),
        String(run.outcomes['sold out']),
        String(run.seconds),
      ]),
    ),
  );
  for (const run of [two, one]) {
    console.log(
      `${run.label}: of ${run.inLine.shoppers} shoppers who reached the product page, ${run.inLine.waited} waited in line (${QUEUE_AT_ONCE} let in at the minute, then ${QUEUE_PER_SECOND} a second): p50 ${run.inLine.p50Seconds} s, p95 ${run.inLine.p95Seconds} s, longest ${run.inLine.maxSeconds} s`,
    );
  }
  console.log('');
  console.log(
    table(
      ['run', 'step', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'],
      [two, one].flatMap((run) =>
        STEPS.map((step) => [
          run.label,
          step,
          String(run.steps[step].requests),
          String(run.steps[step].requestsPerSec),
          String(run.steps[step].p50Ms),
          String(run.steps[step].p95Ms),
          String(run.steps[step].p99Ms),
        ]),
      ),
    ),
  );
  console.log(
    `\nProduct page on one instance: a visitor's ${visitor.requestsPerSec} req/s (p99 ${visitor.latencyP99Ms} ms), a signed-in shopper's ${signedIn.requestsPerSec} req/s (p99 ${signedIn.latencyP99Ms} ms): ${signedInRatio}×`,
  );
  console.log(
    `Its ${dataPath} for a signed-in shopper (their menu, badges, hearts): ${signedInData.requestsPerSec} req/s (p99 ${signedInData.latencyP99Ms} ms); document and data together: ${signedInViewsPerSec} page views/s, ${signedInViewRatio}× a visitor's`,
  );
  console.log('Results: bench/drop-results.json');
  const errors = two.errors5xx + two.timeouts + two.noAnswer;
  console.log(
    `drop: units=${UNITS} sold=${two.unitsSold} over_limit=${two.overLimit} errors=${errors} p99_add_ms=${Math.round(two.steps['add to cart'].p99Ms)} p99_pay_ms=${Math.round(two.steps['Continue to Payment'].p99Ms)} p99_callback_ms=${Math.round(two.steps['payment callback'].p99Ms)} signed_in_ratio=${signedInRatio.toFixed(2)} signed_in_view_ratio=${signedInViewRatio.toFixed(2)}`,
  );
  if (two.unitsSold > UNITS || two.overLimit > 0 || one.unitsSold > UNITS || one.overLimit > 0) process.exitCode = 1;
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
