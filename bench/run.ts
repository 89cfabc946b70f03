// `npm run bench`: builds the store and the floor page (bench/floor: a bare React Router 8 page),
// serves each through the store's server (the same app factory and middleware) on a free loopback
// port with a fresh PGlite database, and measures them side by side in one run: Lighthouse (mobile,
// each run's CPU slowdown set from the benchmarkIndex it measured) and first-load JavaScript per
// page (split between the framework and the store's own code by the build's source maps), then
// Interaction to Next Paint of the shoppers' main taps (bench/interactions.ts), then autocannon load
// tests; then the load tests again with the store on the PostgreSQL server. Every page's figures
// are also given as a ratio to the floor's (ADR 0056). Prints a table and writes bench/results.json. Missed targets are reported, not failed: the exit code is non-zero
// only when a measurement itself could not be made.
//
// `npm run bench -- --lighthouse-only` stops after Lighthouse and first-load JavaScript, for work
// on the pages: it writes bench/.tmp/results.json, leaving bench/results.json to full runs.
// BENCH_LIGHTHOUSE_RUNS sets how many Lighthouse runs each page gets (9 by default; fewer to try a
// change quickly, at the price of a median that moves more).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import type { Result } from 'lighthouse';
import pg from 'pg';

import { INTERACTION_RUNS, INTERACTION_TARGET_MS, interactionTable, measureInteractions } from './interactions.ts';
import { firstLoadJs, frameworkShare, type FirstLoadJs, type FirstLoadShare } from './js-size.ts';
import {
  failingAudits,
  htmlReport,
  launchChrome,
  median,
  medianRun,
  networkRequests,
  performanceFindings,
  runLighthouse,
  type Chrome,
  type Finding,
  type LighthouseRun,
  type LighthouseScores,
} from './lighthouse.ts';
import { loadTest, type LoadResult } from './load.ts';
import {
  buildFloor,
  buildStoreWithSourceMaps,
  freePort,
  ROOT,
  SOURCE_MAPS_DIR,
  startStore,
  type RunningStore,
} from './server.ts';
import { signUpShoppers } from './shoppers.ts';
import { table } from './table.ts';

// ── What is measured ────────────────────────────────────────────────────────────────────────
/** Pages Lighthouse and the first-load JS measurement visit, checked against every page target. */
export const PAGES: string[] = ['/', '/products', '/products?category=jackets', '/product/1'];

/** Pages measured the same way but checked for their first-load JS only (TARGETS.accountFirstLoadJsKbGzip). */
export const ACCOUNT_PAGES: string[] = ['/login', '/signup'];

interface LoadTarget {
  /** How the report names it. */
  name: string;
  path: string;
  /** Served by the floor's server rather than the store's. */
  floor?: boolean;
  /** Requested by signed-in shoppers, one per connection, rather than by a visitor. */
  signedIn?: boolean;
}
const HEALTHZ: LoadTarget = { name: '/healthz', path: '/healthz' };
const FLOOR: LoadTarget = { name: 'floor /', path: '/', floor: true };
const PRODUCT: LoadTarget = { name: '/product/1 visitor', path: '/product/1' };
const PRODUCT_SIGNED_IN: LoadTarget = { name: '/product/1 signed in', path: '/product/1', signedIn: true };
const SEARCH: LoadTarget = { name: '/api/search?q=jack', path: '/api/search?q=jack' };

/** What the load test hits on PGlite, in turn. Extend as pages land. */
export const LOAD_TARGETS: LoadTarget[] = [
  HEALTHZ,
  FLOOR,
  PRODUCT,
  PRODUCT_SIGNED_IN,
  { name: '/', path: '/' },
  SEARCH,
];

/** What is also load-tested with the store on the PostgreSQL server (BENCH_DATABASE_URL). */
export const SERVER_LOAD_TARGETS: LoadTarget[] = [HEALTHZ, FLOOR, PRODUCT, PRODUCT_SIGNED_IN, SEARCH];
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The targets (ADR 0056, ADR 0034). Those of a page apply to every page in PAGES; CLS must be 0. */
export const TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  fcpMs: 1200,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0,
  /**
   * The store's own code in a page's first-load JavaScript: at most this over the framework's (React
   * DOM, React, the scheduler and React Router) in the same page, split by the build's source maps.
   */
  firstLoadJsOverFloorKbGzip: 15,
  /** The pages in ACCOUNT_PAGES. */
  accountFirstLoadJsKbGzip: 130,
  /** A visitor's product page: requests per second as a share of /healthz's, in the same run. */
  productShareOfHealthz: 0.5,
  productP99Ms: 20,
} as const;

/** Lighthouse runs of each page; the median run (Lighthouse's computeMedianRun) is reported whole. */
const LIGHTHOUSE_RUNS = positiveInteger('BENCH_LIGHTHOUSE_RUNS', 9);
/** Each target is warmed up once, then loaded `runs` times, the targets taken in turn; medians are reported. */
const LOAD = { connections: 10, durationSec: 10, warmupSec: 2, runs: 3 };
// The bench signs up a shopper per connection, all from 127.0.0.1: its stores get a signup limit of
// their own (the default is 10 an hour per address), as settings, the defaults untouched.
const STORE_ENV = { RATE_LIMIT_SIGNUPS_PER_IP_PER_HOUR: '100' };
// ────────────────────────────────────────────────────────────────────────────────────────────

const LIGHTHOUSE_ONLY = parseArgs({ options: { 'lighthouse-only': { type: 'boolean', default: false } } }).values[
  'lighthouse-only'
];

const BENCH_DIR = import.meta.dirname;
const TMP_DIR = path.join(BENCH_DIR, '.tmp');
const RESULTS_FILE = LIGHTHOUSE_ONLY ? path.join(TMP_DIR, 'results.json') : path.join(BENCH_DIR, 'results.json');

interface Check {
  value: number;
  target: string;
  pass: boolean;
}

type PageCheck =
  'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'firstLoadJsKbGzip';

/** A page's figures divided by the floor's (null where the floor's is 0). */
interface VsFloor {
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  firstLoadJs: number | null;
}

/** One Lighthouse run's figures, how fast the machine was at its start, and the slowdown set from that. */
type RunFigures = LighthouseScores & { benchmarkIndex: number; cpuSlowdownMultiplier: number };

interface Measured {
  path: string;
  url: string;
  lighthouse: {
    /** The median run (Lighthouse's computeMedianRun, see medianRun), its figures whole. */
    medianRun: RunFigures;
    /** Which of `runs` it is, from 0. */
    medianRunIndex: number;
    runs: RunFigures[];
    report: string;
  };
  firstLoadJs: FirstLoadJs;
  /** The store's pages only: how much of their first-load JavaScript is the framework's. */
  firstLoadShare?: FirstLoadShare;
}

interface Spread {
  min: number;
  median: number;
  max: number;
}

/**
 * How the CPU slowdown was set: each run's from the benchmarkIndex measured at its own start
 * (cpuSlowdownFor). Over every measured run of every page, how far the machine and so the slowdown
 * moved, and the load average at the start and the end of the Lighthouse runs.
 */
interface Calibration {
  method: string;
  runsBenchmarkIndex: Spread;
  runsCpuSlowdownMultiplier: Spread;
  loadAverage: { start: number[]; end: number[] };
}

interface PageResult extends Measured {
  /** Every target for PAGES; the first-load JS only for ACCOUNT_PAGES. */
  checks: Partial<Record<PageCheck, Check>>;
  vsFloor: VsFloor;
  /** Only when performance misses its target: the LCP element and the top failing audits. */
  performanceFindings?: { lcpElement: string[]; findings: Finding[] };
  /** Only for accessibility, best practices or SEO below target: the audits that failed. */
  failingAudits?: Partial<Record<'accessibility' | 'bestPractices' | 'seo', Finding[]>>;
}

interface LoadEntry extends LoadResult {
  database: string;
  target: string;
  server: 'store' | 'floor';
  signedIn: boolean;
  /** Each run's figures; the entry's own are their medians (counts: their sums). */
  runs: Pick<LoadResult, 'requestsPerSec' | 'latencyP50Ms' | 'latencyP99Ms'>[];
  /** Requests per second divided by the floor page's in the same database's run. */
  vsFloor: number | null;
}

interface LoadChecks {
  productShareOfHealthz: Check;
  productP99Ms: Check;
}

const CATEGORY_IDS = { accessibility: 'accessibility', bestPractices: 'best-practices', seo: 'seo' } as const;

let store: RunningStore | undefined;
let floor: RunningStore | undefined;
let chrome: Chrome | undefined;

async function cleanup(): Promise<void> {
  if (chrome) {
    const c = chrome;
    chrome = undefined;
    try {
      c.kill();
    } catch (error) {
      console.error(`could not stop Chrome (pid ${c.pid}): ${String(error)}`);
    }
  }
  for (const server of [store, floor]) await server?.stop();
  store = undefined;
  floor = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and Chrome...`);
    void cleanup().finally(() => process.exit(130));
  });
}

function log(message: string) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0).padStart(4);
  console.log(`[${seconds}s] ${message}`);
}

const startedAt = performance.now();

async function measure() {
  rmSync(TMP_DIR, { recursive: true, force: true });
  mkdirSync(TMP_DIR, { recursive: true });
  const dataDir = path.join(TMP_DIR, 'data');

  log('building the store (with source maps, kept aside) and the floor page (bench/floor)...');
  buildStoreWithSourceMaps();
  buildFloor();

  log(`starting the production server (DATA_DIR=${path.relative(ROOT, dataDir)}) and the floor's...`);
  store = await startStore({
    port: await freePort(),
    dataDir,
    logFile: path.join(TMP_DIR, 'server.log'),
    env: STORE_ENV,
  });
  // The floor's server stays up for both databases' load tests: its page reads no data.
  floor = await startStore({
    port: await freePort(),
    dataDir: path.join(TMP_DIR, 'data-floor'),
    logFile: path.join(TMP_DIR, 'server-floor.log'),
    entry: 'bench/floor/server.ts',
  });
  const origins = { store: store.origin, floor: floor.origin };
  log(`ready: store ${store.origin} ${JSON.stringify(store.ready)}, floor ${floor.origin}`);

  // A running store has served its pages before; the first render of each is not what is measured.
  const storePages = [...PAGES, ...ACCOUNT_PAGES, ...LOAD_TARGETS.filter((t) => !t.floor).map((t) => t.path)];
  for (const url of [...new Set(storePages)].map((p) => new URL(p, origins.store)).concat(new URL(origins.floor))) {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${url.href} answered ${res.status}`);
    }
  }

  // Lighthouse takes the floor and the pages in turn, run after run, so that a slow moment of the
  // machine falls on all of them alike rather than on one page's runs.
  chrome = await launchChrome(path.join(TMP_DIR, 'chrome-profile'));
  const targets = [
    { name: 'floor', path: '/', url: origins.floor },
    ...[...PAGES, ...ACCOUNT_PAGES].map((p) => ({ name: p, path: p, url: new URL(p, origins.store).href })),
  ];
  // One run of each first, not kept: Chrome's and the servers' first loads are not what is measured.
  for (const target of targets) {
    const run = await runLighthouse(chrome, target.url);
    log(`lighthouse warm-up ${target.name}: benchmarkIndex ${run.benchmarkIndex}`);
  }
  const loadAtStart = os.loadavg();
  const runs = new Map<string, LighthouseRun[]>(targets.map((t) => [t.name, []]));
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    for (const target of targets) {
      const run = await runLighthouse(chrome, target.url);
      runs.get(target.name)!.push(run);
      log(
        `lighthouse ${target.name} run ${i + 1}/${LIGHTHOUSE_RUNS}: performance ${run.scores.performance}, ` +
          `FCP ${run.scores.fcpMs} ms, LCP ${run.scores.lcpMs} ms, TBT ${run.scores.tbtMs} ms, ` +
          `benchmarkIndex ${run.benchmarkIndex} so CPU ${run.cpuSlowdownMultiplier}×`,
      );
    }
  }
  const loadAtEnd = os.loadavg();
  chrome.kill();
  chrome = undefined;
  const allRuns = [...runs.values()].flat();
  const calibration: Calibration = {
    method: "each run's own benchmarkIndex, through Lighthouse's throttling guide's calculator (cpuSlowdownFor)",
    runsBenchmarkIndex: spread(allRuns.map((r) => r.benchmarkIndex)),
    runsCpuSlowdownMultiplier: spread(allRuns.map((r) => r.cpuSlowdownMultiplier)),
    loadAverage: { start: loadAtStart.map(round2), end: loadAtEnd.map(round2) },
  };

  const measured = new Map<string, Measured & { lhr: Result }>();
  for (const target of targets) {
    const pageRuns = runs.get(target.name)!;
    const mid = medianRun(pageRuns);
    const report = path.join(TMP_DIR, `lighthouse-${target.name === 'floor' ? 'floor' : slug(target.path)}.html`);
    writeFileSync(report, htmlReport(mid.lhr));
    const js = await firstLoadJs(target.url, networkRequests(mid.lhr));
    const share =
      target.name === 'floor'
        ? undefined
        : frameworkShare(js.scripts, path.join(ROOT, 'build/client/assets'), SOURCE_MAPS_DIR);
    log(
      `first-load JS ${target.name}: ${js.kbGzip} KB gzipped in ${js.scripts.length} files` +
        (share ? ` (framework ${share.frameworkKbGzip}, own ${share.ownKbGzip})` : ''),
    );
    measured.set(target.name, {
      path: target.path,
      url: target.url,
      lighthouse: {
        medianRun: figures(mid),
        medianRunIndex: pageRuns.indexOf(mid),
        runs: pageRuns.map(figures),
        report: path.relative(ROOT, report),
      },
      firstLoadJs: js,
      ...(share && { firstLoadShare: share }),
      lhr: mid.lhr,
    });
  }
  const { lhr: floorLhr, ...floorResult } = measured.get('floor')!;
  const pages = [...PAGES, ...ACCOUNT_PAGES].map((p) => pageResult(measured.get(p)!, floorResult));
  // What a shopper's taps cost, on the same store, after Lighthouse has left the machine.
  const interactions = LIGHTHOUSE_ONLY
    ? []
    : await measureInteractions(origins.store, (await signUpShoppers(origins.store, dataDir, 1))[0]!, log);
  const lighthouse = {
    lighthouseVersion: floorLhr.lighthouseVersion,
    userAgent: floorLhr.environment.hostUserAgent,
    calibration,
    floor: floorResult,
    pages,
    interactions,
  };
  if (LIGHTHOUSE_ONLY) return { ...lighthouse, database: store.ready.database, load: [], loadChecks: undefined };

  const load = await loadTests(
    'pglite',
    LOAD_TARGETS,
    origins,
    await signUpShoppers(origins.store, dataDir, LOAD.connections),
  );
  const database = store.ready.database;
  await store.stop();
  store = undefined;

  // The same targets with the store on the PostgreSQL server, in a database of the bench's own.
  const serverDb = `ttt_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${serverDb}"`);
  try {
    const url = new URL(SERVER_URL);
    url.pathname = `/${serverDb}`;
    log(`starting the production server on the PostgreSQL server (database ${serverDb})...`);
    const serverDataDir = path.join(TMP_DIR, 'data-postgres');
    store = await startStore({
      port: await freePort(),
      dataDir: serverDataDir,
      logFile: path.join(TMP_DIR, 'server-postgres.log'),
      databaseUrl: url.toString(),
      env: STORE_ENV,
    });
    for (const target of SERVER_LOAD_TARGETS) {
      if (!target.floor) await (await fetch(new URL(target.path, store.origin))).arrayBuffer();
    }
    const shoppers = await signUpShoppers(store.origin, serverDataDir, LOAD.connections);
    load.push(...(await loadTests('postgres', SERVER_LOAD_TARGETS, { ...origins, store: store.origin }, shoppers)));
    await store.stop();
    store = undefined;
  } finally {
    await admin.query(`drop database if exists "${serverDb}" with (force)`);
    await admin.end();
  }
  await floor.stop();
  floor = undefined;

  const loadChecks = { pglite: checkLoad(load, 'pglite'), postgres: checkLoad(load, 'postgres') };
  return { ...lighthouse, database, load, loadChecks };
}

function figures(run: LighthouseRun): RunFigures {
  return { ...run.scores, benchmarkIndex: run.benchmarkIndex, cpuSlowdownMultiplier: run.cpuSlowdownMultiplier };
}

function spread(values: number[]): Spread {
  return { min: Math.min(...values), median: median(values), max: Math.max(...values) };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A positive whole number from the environment, or `fallback` when it is not set. */
function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more, not ${raw}`);
  return value;
}

/** A page's checks, its ratios to the floor, and why it misses what it misses. */
function pageResult({ lhr, ...page }: Measured & { lhr: Result }, floorPage: Measured): PageResult {
  const s = page.lighthouse.medianRun;
  const kb = page.firstLoadJs.kbGzip;
  const checks: PageResult['checks'] = ACCOUNT_PAGES.includes(page.path)
    ? { firstLoadJsKbGzip: atMost(kb, TARGETS.accountFirstLoadJsKbGzip) }
    : {
        performance: atLeast(s.performance, TARGETS.performance),
        accessibility: atLeast(s.accessibility, TARGETS.accessibility),
        bestPractices: atLeast(s.bestPractices, TARGETS.bestPractices),
        seo: atLeast(s.seo, TARGETS.seo),
        fcpMs: atMost(s.fcpMs, TARGETS.fcpMs),
        lcpMs: atMost(s.lcpMs, TARGETS.lcpMs),
        tbtMs: atMost(s.tbtMs, TARGETS.tbtMs),
        cls: atMost(s.cls, TARGETS.cls),
        firstLoadJsKbGzip: atMost(
          kb,
          Math.round((page.firstLoadShare!.frameworkKbGzip + TARGETS.firstLoadJsOverFloorKbGzip) * 10) / 10,
        ),
      };
  const f = floorPage.lighthouse.medianRun;
  const result: PageResult = {
    ...page,
    checks,
    vsFloor: {
      fcp: ratio(s.fcpMs, f.fcpMs),
      lcp: ratio(s.lcpMs, f.lcpMs),
      tbt: ratio(s.tbtMs, f.tbtMs),
      firstLoadJs: ratio(kb, floorPage.firstLoadJs.kbGzip),
    },
  };
  if (checks.performance?.pass === false) result.performanceFindings = performanceFindings(lhr);
  const missed = (Object.keys(CATEGORY_IDS) as (keyof typeof CATEGORY_IDS)[]).filter((k) => checks[k]?.pass === false);
  if (missed.length) {
    result.failingAudits = Object.fromEntries(missed.map((k) => [k, failingAudits(lhr, CATEGORY_IDS[k])]));
  }
  return result;
}

/**
 * Loads each target LOAD.runs times, the targets in turn (so that /healthz, the floor and the pages
 * share the machine's moments), signed-in targets with one shopper's cookie per connection.
 */
async function loadTests(
  database: string,
  targets: LoadTarget[],
  origins: { store: string; floor: string },
  cookies: string[],
): Promise<LoadEntry[]> {
  const runs = new Map<LoadTarget, LoadResult[]>(targets.map((t) => [t, []]));
  for (let i = 0; i < LOAD.runs; i++) {
    for (const target of targets) {
      log(`load test ${target.name} (${database}) run ${i + 1}/${LOAD.runs}...`);
      const result = await loadTest(target.floor ? origins.floor : origins.store, target.path, {
        connections: LOAD.connections,
        durationSec: LOAD.durationSec,
        // Once per target, before its first run.
        warmupSec: i === 0 ? LOAD.warmupSec : 0,
        ...(target.signedIn ? { cookies } : {}),
      });
      runs.get(target)!.push(result);
    }
  }
  const floorRps = median(runs.get(FLOOR)!.map((r) => r.requestsPerSec));
  return targets.map((target): LoadEntry => {
    const results = runs.get(target)!;
    const mid = (key: 'requestsPerSec' | 'latencyP50Ms' | 'latencyP99Ms' | 'latencyAvgMs') =>
      median(results.map((r) => r[key]));
    const sum = (key: 'totalRequests' | 'ok2xx' | 'non2xx' | 'errors' | 'timeouts') =>
      results.reduce((total, r) => total + r[key], 0);
    return {
      database,
      target: target.name,
      server: target.floor ? 'floor' : 'store',
      signedIn: target.signedIn ?? false,
      path: target.path,
      connections: LOAD.connections,
      durationSec: LOAD.durationSec,
      requestsPerSec: mid('requestsPerSec'),
      latencyP50Ms: mid('latencyP50Ms'),
      latencyP99Ms: mid('latencyP99Ms'),
      latencyAvgMs: mid('latencyAvgMs'),
      totalRequests: sum('totalRequests'),
      ok2xx: sum('ok2xx'),
      non2xx: sum('non2xx'),
      errors: sum('errors'),
      timeouts: sum('timeouts'),
      runs: results.map(({ requestsPerSec, latencyP50Ms, latencyP99Ms }) => ({
        requestsPerSec,
        latencyP50Ms,
        latencyP99Ms,
      })),
      vsFloor: ratio(mid('requestsPerSec'), floorRps),
    };
  });
}

/** The visitor's product page against /healthz of the same database's run. */
function checkLoad(load: LoadEntry[], database: string): LoadChecks {
  const find = (target: LoadTarget) => load.find((l) => l.database === database && l.target === target.name)!;
  const product = find(PRODUCT);
  return {
    productShareOfHealthz: atLeast(
      ratio(product.requestsPerSec, find(HEALTHZ).requestsPerSec) ?? 0,
      TARGETS.productShareOfHealthz,
    ),
    productP99Ms: atMost(product.latencyP99Ms, TARGETS.productP99Ms),
  };
}

function atLeast(value: number, target: number): Check {
  return { value, target: `>= ${target}`, pass: value >= target };
}

function atMost(value: number, target: number): Check {
  return { value, target: `<= ${target}`, pass: value <= target };
}

function ratio(value: number, floorValue: number): number | null {
  return floorValue > 0 ? Math.round((value / floorValue) * 100) / 100 : null;
}

function slug(page: string): string {
  return page.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
}

function mark(check: Check): string {
  return `${check.value} ${check.pass ? '✓' : '✗'}`;
}

function times(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(2)}×`;
}

function printReport(result: Awaited<ReturnType<typeof measure>>, seconds: number) {
  const t = TARGETS;
  console.log('');
  const c = result.calibration;
  const [i, m] = [c.runsBenchmarkIndex, c.runsCpuSlowdownMultiplier];
  console.log(
    `Lighthouse ${result.lighthouseVersion}, mobile, each run's CPU slowdown from its own benchmarkIndex ` +
      `(${i.min} to ${i.max}, median ${i.median}: ${m.min}× to ${m.max}×, median ${m.median}×; ` +
      `load average ${c.loadAverage.start.join(' ')} at the start, ${c.loadAverage.end.join(' ')} at the end). ` +
      `Each page's figures are its median run of ${LIGHTHOUSE_RUNS} (Lighthouse's computeMedianRun), ` +
      `the floor and the pages taken in turn. ${ACCOUNT_PAGES.join(' and ')} are checked for their first-load JS only.`,
  );
  const figure = (p: { checks: Partial<Record<PageCheck, Check>> }, key: PageCheck, value: number) => {
    const check = p.checks[key];
    return check ? mark(check) : String(value);
  };
  const rows = [
    { ...result.floor, name: 'floor (bare React Router)', checks: {} },
    ...result.pages.map((p) => ({ ...p, name: p.path })),
  ].map((p) => {
    const s = p.lighthouse.medianRun;
    return [
      p.name,
      figure(p, 'performance', s.performance),
      figure(p, 'accessibility', s.accessibility),
      figure(p, 'bestPractices', s.bestPractices),
      figure(p, 'seo', s.seo),
      figure(p, 'fcpMs', s.fcpMs),
      figure(p, 'lcpMs', s.lcpMs),
      figure(p, 'tbtMs', s.tbtMs),
      figure(p, 'cls', s.cls),
      `${figure(p, 'firstLoadJsKbGzip', p.firstLoadJs.kbGzip)} (${p.firstLoadJs.scripts.length} files)`,
      p.firstLoadShare ? `${p.firstLoadShare.frameworkKbGzip} + ${p.firstLoadShare.ownKbGzip}` : '',
      p.lighthouse.runs.map((r) => r.performance).join('/'),
      p.lighthouse.runs.map((r) => r.tbtMs).join('/'),
    ];
  });
  console.log(
    table(
      [
        'Page',
        `Perf (≥${t.performance})`,
        `A11y (${t.accessibility})`,
        `Best pr. (≥${t.bestPractices})`,
        `SEO (${t.seo})`,
        `FCP ms (≤${t.fcpMs})`,
        `LCP ms (≤${t.lcpMs})`,
        `TBT ms (≤${t.tbtMs})`,
        `CLS (${t.cls})`,
        `First-load JS KB gz (≤ framework + ${t.firstLoadJsOverFloorKbGzip}; account ≤${t.accountFirstLoadJsKbGzip})`,
        'Framework + own KB gz (source maps)',
        'Perf runs',
        'TBT runs',
      ],
      rows,
    ),
  );

  console.log('\nBeside the floor: each page’s figure divided by the floor page’s (– where the floor’s is 0)');
  console.log(
    table(
      ['Page', 'FCP', 'LCP', 'TBT', 'First-load JS'],
      result.pages.map((p) => [
        p.path,
        times(p.vsFloor.fcp),
        times(p.vsFloor.lcp),
        times(p.vsFloor.tbt),
        times(p.vsFloor.firstLoadJs),
      ]),
    ),
  );

  for (const page of result.pages) {
    if (!page.performanceFindings) continue;
    const { lcpElement, findings } = page.performanceFindings;
    console.log(
      `\nWhy ${page.path} misses performance ${t.performance} (median run; report: ${page.lighthouse.report}):`,
    );
    if (lcpElement.length) console.log(`  LCP element / phases:\n${lcpElement.map((l) => `    - ${l}`).join('\n')}`);
    for (const f of findings) {
      const savings = Object.entries(f.savings)
        .map(([metric, value]) => `${metric} −${value}${metric === 'CLS' ? '' : ' ms'}`)
        .join(', ');
      console.log(
        `  • ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''}${savings ? ` [est. ${savings}]` : ''}`,
      );
      for (const item of f.items) console.log(`      ${item}`);
    }
  }

  for (const page of result.pages) {
    for (const [category, findings] of Object.entries(page.failingAudits ?? {})) {
      console.log(`\n${page.path} ${category}: failing audits (report: ${page.lighthouse.report}):`);
      for (const f of findings) {
        console.log(`  • ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''}`);
        for (const item of f.items) console.log(`      ${item}`);
      }
    }
  }

  console.log(
    `\nInteraction to Next Paint (web-vitals onINP; a phone's screen, CPU 4× slower, ${INTERACTION_RUNS} runs each; ` +
      'input delay, handlers and paint are each phase’s own p75):',
  );
  console.log(interactionTable(result.interactions));

  // Not measured with --lighthouse-only.
  if (result.loadChecks) printLoad(result.load, result.loadChecks);

  const missed = [
    ...result.interactions
      .filter((i) => !i.pass)
      .map((i) => `interaction "${i.name}" p75 ${i.p75Ms} ms (target < ${INTERACTION_TARGET_MS} ms)`),
    ...result.pages.flatMap((p) =>
      Object.entries(p.checks)
        .filter(([, c]) => !c.pass)
        .map(([name, c]) => `${p.path} ${name} ${c.value} (target ${c.target})`),
    ),
    ...Object.entries(result.loadChecks ?? {}).flatMap(([database, checks]) =>
      Object.entries(checks)
        .filter(([, c]) => !c.pass)
        .map(([name, c]) => `${PRODUCT.name} ${database} ${name} ${c.value} (target ${c.target})`),
    ),
  ];
  console.log(
    `\n${missed.length ? `Targets missed: ${missed.join('; ')}` : 'All targets met.'}` +
      `\nNode ${process.version}, database ${result.database}, ${os.cpus().length} CPUs, ${seconds.toFixed(0)} s.` +
      ` Results: ${path.relative(ROOT, RESULTS_FILE)}`,
  );
}

/** The load tests' table, and the visitor's product page beside /healthz. */
function printLoad(load: LoadEntry[], loadChecks: Record<string, LoadChecks>) {
  console.log(
    `\nLoad test: autocannon, ${LOAD.connections} connections × ${LOAD.durationSec} s, ${LOAD.runs} runs per target ` +
      '(targets in turn; medians; requests counted over all runs), loopback. Signed in: one shopper per connection.',
  );
  console.log(
    table(
      ['Target', 'Database', 'Req/s', '× floor', 'p50 ms', 'p99 ms', 'Req/s per run', 'Requests', 'Non-2xx', 'Errors'],
      load.map((l) => [
        l.target,
        l.database,
        l.requestsPerSec.toFixed(1),
        times(l.vsFloor),
        String(l.latencyP50Ms),
        String(l.latencyP99Ms),
        l.runs.map((r) => r.requestsPerSec.toFixed(0)).join('/'),
        String(l.totalRequests),
        String(l.non2xx),
        String(l.errors + l.timeouts),
      ]),
    ),
  );
  console.log(`\n${PRODUCT.name} beside /healthz, in the same database's run:`);
  for (const [database, checks] of Object.entries(loadChecks)) {
    const rps = (target: LoadTarget) =>
      load.find((l) => l.database === database && l.target === target.name)!.requestsPerSec;
    const { productShareOfHealthz: share, productP99Ms: p99 } = checks;
    console.log(
      `  ${database}: req/s ${rps(PRODUCT)} ÷ ${rps(HEALTHZ)} = ${mark(share)} (target ${share.target}); ` +
        `p99 ${mark(p99)} ms (target ${p99.target} ms); ${PRODUCT_SIGNED_IN.name}: ${rps(PRODUCT_SIGNED_IN)} req/s`,
    );
  }
  console.log(`  (${PRODUCT_SIGNED_IN.name}: the target is 1.5 × its req/s before the change, in one run of each.)`);
}

try {
  const result = await measure();
  await cleanup();
  const seconds = (performance.now() - startedAt) / 1000;
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        timestamp: new Date().toISOString(),
        node: process.version,
        database: result.database,
        lighthouse: result.lighthouseVersion,
        browser: result.userAgent,
        machine: { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model },
        durationSec: Math.round(seconds),
        settings: {
          lighthouseRuns: LIGHTHOUSE_RUNS,
          lighthouseRun: "the median run, Lighthouse's computeMedianRun (nearest the median FCP and TTI)",
          formFactor: 'mobile',
          throttling: "lighthouse default (simulated), each run's CPU slowdown from its own benchmarkIndex",
          calibration: result.calibration,
          ...(LIGHTHOUSE_ONLY ? { lighthouseOnly: true } : { load: LOAD }),
        },
        targets: TARGETS,
        floor: result.floor,
        pages: result.pages,
        interactions: result.interactions,
        load: result.load,
        loadChecks: result.loadChecks,
      },
      null,
      2,
    )}\n`,
  );
  for (const dir of ['data', 'data-floor', 'data-postgres'])
    rmSync(path.join(TMP_DIR, dir), { recursive: true, force: true });
  printReport(result, seconds);
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanup();
  process.exitCode = 1;
}
