// `npm run bench`: builds the store, serves the production build on a free loopback port with a
// fresh PGlite database, and measures it: Lighthouse (mobile, default config) and first-load
// JavaScript per page, then an autocannon load test per target; then the load test again with the
// store on the PostgreSQL server. Prints a table and writes bench/results.json. Missed targets
// are reported, not failed: the exit code is non-zero only when a measurement itself could not be
// made.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { firstLoadJs, type FirstLoadJs } from './js-size.ts';
import {
  failingAudits,
  htmlReport,
  launchChrome,
  medianLighthouse,
  networkRequests,
  performanceFindings,
  type Chrome,
  type Finding,
  type LighthouseScores,
} from './lighthouse.ts';
import { loadTest, type LoadResult } from './load.ts';
import { buildStore, freePort, ROOT, startStore, type RunningStore } from './server.ts';
import { table } from './table.ts';

// ── What is measured ────────────────────────────────────────────────────────────────────────
/** Pages Lighthouse and the first-load JS measurement visit. Extend as pages land. */
export const PAGES: string[] = ['/', '/products', '/products?category=jackets', '/product/1'];

/** Paths the load test hits, one after the other, on PGlite. Extend as pages land. */
export const LOAD_TARGETS: string[] = ['/', '/healthz', '/product/1', '/api/search?q=jack'];

/** Paths also load-tested with the store on the PostgreSQL server (BENCH_DATABASE_URL). */
export const SERVER_LOAD_TARGETS: string[] = ['/product/1', '/api/search?q=jack'];
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Targets for every page in PAGES. */
export const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  firstLoadJsKbGzip: 150,
  lcpMs: 2000,
  /** Strictly below. */
  cls: 0.05,
} as const;

const LIGHTHOUSE_RUNS = 3;
const LOAD = { connections: 10, durationSec: 10, warmupSec: 2 };
// ────────────────────────────────────────────────────────────────────────────────────────────

const BENCH_DIR = import.meta.dirname;
const TMP_DIR = path.join(BENCH_DIR, '.tmp');
const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');

interface Check {
  value: number;
  target: string;
  pass: boolean;
}

interface PageResult {
  path: string;
  url: string;
  lighthouse: {
    median: LighthouseScores;
    runs: LighthouseScores[];
    report: string;
  };
  firstLoadJs: FirstLoadJs;
  checks: Record<keyof typeof TARGETS, Check>;
  /** Only when performance misses its target: the LCP element and the top failing audits. */
  performanceFindings?: { lcpElement: string[]; findings: Finding[] };
  /** Only for accessibility, best practices or SEO below target: the audits that failed. */
  failingAudits?: Partial<Record<'accessibility' | 'bestPractices' | 'seo', Finding[]>>;
}

const CATEGORY_IDS = { accessibility: 'accessibility', bestPractices: 'best-practices', seo: 'seo' } as const;

let store: RunningStore | undefined;
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
  if (store) {
    const s = store;
    store = undefined;
    await s.stop();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and Chrome...`);
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

  log('building (npm run build)...');
  buildStore();

  const port = await freePort();
  log(`starting the production server on 127.0.0.1:${port} (DATA_DIR=${path.relative(ROOT, dataDir)})...`);
  store = await startStore({ port, dataDir, logFile: path.join(TMP_DIR, 'server.log') });
  const { origin } = store;
  log(`ready: ${JSON.stringify(store.ready)}`);

  // A running store has served its pages before; the first render of each is not what is measured.
  for (const page of new Set([...PAGES, ...LOAD_TARGETS])) {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(new URL(page, origin), { headers: { 'Accept-Encoding': 'gzip' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${page} answered ${res.status}`);
    }
  }

  chrome = await launchChrome(path.join(TMP_DIR, 'chrome-profile'));
  const pages: PageResult[] = [];
  let lighthouseVersion = '';
  let userAgent = '';
  for (const page of PAGES) {
    const url = new URL(page, origin).href;
    const { runs, median } = await medianLighthouse(chrome, url, LIGHTHOUSE_RUNS, (run, i) =>
      log(
        `lighthouse ${page} run ${i + 1}/${LIGHTHOUSE_RUNS}: performance ${run.scores.performance}, ` +
          `LCP ${run.scores.lcpMs} ms, TBT ${run.scores.tbtMs} ms`,
      ),
    );
    lighthouseVersion = median.lhr.lighthouseVersion;
    userAgent = median.lhr.environment.hostUserAgent;
    const report = path.join(TMP_DIR, `lighthouse-${slug(page)}.html`);
    writeFileSync(report, htmlReport(median.lhr));

    const js = await firstLoadJs(url, networkRequests(median.lhr));
    log(`first-load JS ${page}: ${js.kbGzip} KB gzipped in ${js.scripts.length} files`);

    const s = median.scores;
    const checks = {
      performance: atLeast(s.performance, TARGETS.performance),
      accessibility: atLeast(s.accessibility, TARGETS.accessibility),
      bestPractices: atLeast(s.bestPractices, TARGETS.bestPractices),
      seo: atLeast(s.seo, TARGETS.seo),
      firstLoadJsKbGzip: atMost(js.kbGzip, TARGETS.firstLoadJsKbGzip),
      lcpMs: atMost(s.lcpMs, TARGETS.lcpMs),
      cls: below(s.cls, TARGETS.cls),
    };
    pages.push({
      path: page,
      url,
      lighthouse: { median: s, runs: runs.map((r) => r.scores), report: path.relative(ROOT, report) },
      firstLoadJs: js,
      checks,
      ...(checks.performance.pass ? {} : { performanceFindings: performanceFindings(median.lhr) }),
    });
    const missedCategories = (Object.keys(CATEGORY_IDS) as (keyof typeof CATEGORY_IDS)[]).filter(
      (k) => !checks[k].pass,
    );
    if (missedCategories.length) {
      pages.at(-1)!.failingAudits = Object.fromEntries(
        missedCategories.map((k) => [k, failingAudits(median.lhr, CATEGORY_IDS[k])]),
      );
    }
  }
  chrome.kill();
  chrome = undefined;

  const load: (LoadResult & { database: string })[] = [];
  for (const target of LOAD_TARGETS) {
    log(`load test ${target} (pglite): ${LOAD.connections} connections, ${LOAD.durationSec} s...`);
    load.push({ database: 'pglite', ...(await loadTest(origin, target, LOAD)) });
  }
  const database = store.ready.database;
  await store.stop();
  store = undefined;

  // The same pages with the store on the PostgreSQL server, in a database of the bench's own.
  const serverDb = `ttt_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${serverDb}"`);
  try {
    const url = new URL(SERVER_URL);
    url.pathname = `/${serverDb}`;
    const serverPort = await freePort();
    log(`starting the production server on the PostgreSQL server (database ${serverDb})...`);
    store = await startStore({
      port: serverPort,
      dataDir: path.join(TMP_DIR, 'data-postgres'),
      logFile: path.join(TMP_DIR, 'server-postgres.log'),
      databaseUrl: url.toString(),
    });
    for (const target of SERVER_LOAD_TARGETS) {
      await (await fetch(new URL(target, store.origin))).arrayBuffer();
      log(`load test ${target} (postgres): ${LOAD.connections} connections, ${LOAD.durationSec} s...`);
      load.push({ database: 'postgres', ...(await loadTest(store.origin, target, LOAD)) });
    }
    await store.stop();
    store = undefined;
  } finally {
    await admin.query(`drop database if exists "${serverDb}" with (force)`);
    await admin.end();
  }

  return { database, lighthouseVersion, userAgent, pages, load };
}

function atLeast(value: number, target: number): Check {
  return { value, target: `>= ${target}`, pass: value >= target };
}

function atMost(value: number, target: number): Check {
  return { value, target: `<= ${target}`, pass: value <= target };
}

function below(value: number, target: number): Check {
  return { value: Number(value.toFixed(3)), target: `< ${target}`, pass: value < target };
}

function slug(page: string): string {
  return page.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
}

function mark(check: Check): string {
  return `${check.value} ${check.pass ? '✓' : '✗'}`;
}

function printReport(result: Awaited<ReturnType<typeof measure>>, seconds: number) {
  const t = TARGETS;
  console.log('');
  console.log(
    `Lighthouse ${result.lighthouseVersion}, mobile (default throttling), median of ${LIGHTHOUSE_RUNS} runs by performance`,
  );
  console.log(
    table(
      [
        'Page',
        `Perf (≥${t.performance})`,
        `A11y (${t.accessibility})`,
        `Best pr. (≥${t.bestPractices})`,
        `SEO (${t.seo})`,
        `LCP ms (≤${t.lcpMs})`,
        'TBT ms',
        `CLS (<${t.cls})`,
        `First-load JS KB gz (≤${t.firstLoadJsKbGzip})`,
        'Perf runs',
      ],
      result.pages.map((p) => [
        p.path,
        mark(p.checks.performance),
        mark(p.checks.accessibility),
        mark(p.checks.bestPractices),
        mark(p.checks.seo),
        mark(p.checks.lcpMs),
        String(p.lighthouse.median.tbtMs),
        mark(p.checks.cls),
        `${mark(p.checks.firstLoadJsKbGzip)} (${p.firstLoadJs.scripts.length} files)`,
        p.lighthouse.runs.map((r) => r.performance).join('/'),
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

  console.log(`\nLoad test: autocannon, ${LOAD.connections} connections, ${LOAD.durationSec} s per target (loopback)`);
  console.log(
    table(
      ['Target', 'Database', 'Req/s (avg)', 'p50 ms', 'p99 ms', 'Requests', 'Non-2xx', 'Errors'],
      result.load.map((l) => [
        l.path,
        l.database,
        l.requestsPerSec.toFixed(1),
        String(l.latencyP50Ms),
        String(l.latencyP99Ms),
        String(l.totalRequests),
        String(l.non2xx),
        String(l.errors + l.timeouts),
      ]),
    ),
  );

  const missed = result.pages.flatMap((p) =>
    Object.entries(p.checks)
      .filter(([, c]) => !c.pass)
      .map(([name, c]) => `${p.path} ${name} ${c.value} (target ${c.target})`),
  );
  console.log(
    `\n${missed.length ? `Targets missed: ${missed.join('; ')}` : 'All targets met.'}` +
      `\nNode ${process.version}, database ${result.database}, ${os.cpus().length} CPUs, ${seconds.toFixed(0)} s.` +
      ` Results: ${path.relative(ROOT, RESULTS_FILE)}`,
  );
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
          formFactor: 'mobile',
          throttling: 'lighthouse default',
          load: LOAD,
        },
        targets: TARGETS,
        pages: result.pages,
        load: result.load,
      },
      null,
      2,
    )}\n`,
  );
  rmSync(path.join(TMP_DIR, 'data'), { recursive: true, force: true });
  printReport(result, seconds);
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanup();
  process.exitCode = 1;
}
