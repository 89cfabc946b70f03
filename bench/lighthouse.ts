// Lighthouse through its Node API, against Debian's Chromium (never a downloaded browser). The
// default config is used as it is (mobile form factor, Lighthouse's simulated mobile throttling),
// but for the CPU slowdown, which each run sets from the benchmarkIndex it measured
// (cpuSlowdownFor).
import { existsSync, mkdirSync } from 'node:fs';

import * as chromeLauncher from 'chrome-launcher';
import { generateReport, type Flags, type Result } from 'lighthouse';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { Runner } from 'lighthouse/core/runner.js';

import { CHROME_PATH, CHROMIUM_FLAGS } from '../scripts/chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// Lighthouse drives Chrome itself, headless, on top of the flags every browser tool uses.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

export function chromePath(): string {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH}: install Debian's chromium or set CHROME_PATH.`);
  }
  return CHROME_PATH;
}

export type Chrome = chromeLauncher.LaunchedChrome;

export function launchChrome(userDataDir: string): Promise<Chrome> {
  mkdirSync(userDataDir, { recursive: true });
  return chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
    // The bench cleans up itself (server first, then Chrome) on Ctrl-C.
    handleSIGINT: false,
  });
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest Contentful Paint, ms. */
  lcpMs: number;
  /** Total Blocking Time, ms. */
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
}

export interface NetworkRequest {
  url: string;
  resourceType: string | undefined;
  mimeType: string | undefined;
  statusCode: number;
  transferSize: number;
  resourceSize: number;
}

export interface LighthouseRun {
  scores: LighthouseScores;
  /** How fast this machine's CPU was at the start of the run (Lighthouse's own benchmark). */
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated. */
  cpuSlowdownMultiplier: number;
  lhr: Result;
}

// Trace-recording hiccups Lighthouse itself says to retry ("Please run Lighthouse again").
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'PROTOCOL_TIMEOUT']);
const ATTEMPTS = 3;

/**
 * One Lighthouse navigation of `url` in the launched Chrome, its CPU slowdown set from the
 * benchmarkIndex measured at the start of that same run (cpuSlowdownFor); retried on a recording
 * hiccup.
 */
export async function runLighthouse(chrome: Chrome, url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(chrome, url);
    } catch (error) {
      const code = error instanceof LighthouseRuntimeError ? error.code : undefined;
      if (!code || !RETRYABLE.has(code) || attempt >= ATTEMPTS) throw error;
    }
  }
}

class LighthouseRuntimeError extends Error {
  readonly code: string;
  constructor(url: string, code: string, message: string) {
    super(`Lighthouse failed on ${url}: ${code} ${message}`);
    this.code = code;
  }
}

/**
 * Lighthouse's own `navigation` (its default export) in its two steps, so that the slowdown can be
 * set between them: the gathering step measures benchmarkIndex, then loads the page with the CPU
 * unthrottled (simulated throttling leaves the CPU alone while gathering), and the auditing step
 * simulates the page on a CPU `cpuSlowdownMultiplier` times slower. The slowdown is set in the
 * settings both steps share (the artifacts keep the very object), since Lighthouse refuses to audit
 * with settings other than those it gathered with.
 */
async function runLighthouseOnce(chrome: Chrome, url: string): Promise<LighthouseRun> {
  const flags: Flags = {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
  };
  const { artifacts, runnerOptions } = await navigationGather(undefined, url, { flags });
  const { settings } = runnerOptions.resolvedConfig;
  if (settings.throttlingMethod !== 'simulate' || artifacts.settings !== settings) {
    throw new Error(
      'Lighthouse no longer gathers with simulated throttling and shared settings: see runLighthouseOnce',
    );
  }
  settings.throttling.cpuSlowdownMultiplier = cpuSlowdownFor(artifacts.BenchmarkIndex);
  const result = await Runner.audit(artifacts, runnerOptions);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRuntimeError(url, lhr.runtimeError.code, lhr.runtimeError.message);
  return {
    scores: scoresOf(lhr),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    lhr,
  };
}

/**
 * The CPU slowdown that makes this machine Lighthouse's reference mobile device, from its
 * benchmarkIndex, as Lighthouse's throttling guide calibrates it ("Calibrating the CPU slowdown",
 * and the CPU throttling calculator it links): straight lines through 150 → 1×, 800 → 2×,
 * 1300 → 3×, then 1× more for every 233 (1533 → 4×, Lighthouse's default; 2000 → 6×). Rounded to
 * a tenth, as the calculator gives it. A machine below 150 is slower than the reference device
 * already, so 1× (no slowdown) is the nearest it comes.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return Math.round(multiplier * 10) / 10;
}

/** The middle value (the lower of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (!values.length) throw new Error('no values to take the median of');
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
}

/**
 * The median run of one page, as Lighthouse chooses it (computeMedianRun, in its own library):
 * the run nearest the median FCP and the median Time to Interactive together, the first and the
 * last moments of the load. Every figure, the report, the findings and the network requests are
 * that one run's; the median of each figure separately would mix runs.
 */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const lhr = computeMedianRun(runs.map((run) => run.lhr));
  return runs.find((run) => run.lhr === lhr)!;
}

function scoresOf(lhr: Result): LighthouseScores {
  const category = (id: string) => {
    const score = lhr.categories[id]?.score;
    if (score === null || score === undefined) {
      throw new Error(`Lighthouse gave no ${id} score for ${lhr.finalDisplayedUrl}`);
    }
    return Math.round(score * 100);
  };
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} value for ${lhr.finalDisplayedUrl}`);
    return value;
  };
  return {
    performance: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(metric('first-contentful-paint')),
    speedIndexMs: Math.round(metric('speed-index')),
  };
}

/** Every request of the run, from the `network-requests` audit. */
export function networkRequests(lhr: Result): NetworkRequest[] {
  const details = lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined;
  if (!details?.items) throw new Error(`Lighthouse recorded no network requests for ${lhr.finalDisplayedUrl}`);
  return details.items.map((item) => ({
    url: String(item.url),
    resourceType: typeof item.resourceType === 'string' ? item.resourceType : undefined,
    mimeType: typeof item.mimeType === 'string' ? item.mimeType : undefined,
    statusCode: Number(item.statusCode ?? 0),
    transferSize: Number(item.transferSize ?? 0),
    resourceSize: Number(item.resourceSize ?? 0),
  }));
}

export function htmlReport(lhr: Result): string {
  return generateReport(lhr, 'html');
}

export interface Finding {
  id: string;
  title: string;
  displayValue: string | undefined;
  score: number | null;
  /** Estimated savings Lighthouse gives, per metric (ms, or unitless for CLS). */
  savings: Record<string, number>;
  /** Up to a few of the items it names (URLs, elements, phases). */
  items: string[];
}

/**
 * Why performance is where it is: the LCP element and its phases, then the failing performance
 * audits and insights, biggest estimated savings first.
 */
export function performanceFindings(lhr: Result, limit = 10): { lcpElement: string[]; findings: Finding[] } {
  const lcpElement = describeItems(lhr.audits['largest-contentful-paint-element']?.details, 8);
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const findings: Finding[] = [];
  for (const ref of refs) {
    if (ref.group === 'metrics') continue;
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const failing =
      audit.score !== null &&
      audit.score < 0.9 &&
      audit.scoreDisplayMode !== 'informative' &&
      audit.scoreDisplayMode !== 'notApplicable';
    if (!failing) continue;
    const savings: Record<string, number> = {};
    for (const [metric, value] of Object.entries(audit.metricSavings ?? {})) {
      if (typeof value === 'number' && value > 0) savings[metric] = Math.round(value * 1000) / 1000;
    }
    findings.push({
      id: ref.id,
      title: audit.title,
      displayValue: audit.displayValue,
      score: audit.score,
      savings,
      items: describeItems(audit.details, 4),
    });
  }
  const weight = (f: Finding) =>
    (f.savings.LCP ?? 0) + (f.savings.FCP ?? 0) + (f.savings.TBT ?? 0) + (f.savings.CLS ?? 0) * 10_000;
  findings.sort((a, b) => weight(b) - weight(a) || (a.score ?? 1) - (b.score ?? 1));
  return { lcpElement, findings: findings.slice(0, limit) };
}

/** The audits of a category that did not pass (what to fix when accessibility, SEO or best practices miss). */
export function failingAudits(lhr: Result, categoryId: string, limit = 10): Finding[] {
  const findings: Finding[] = [];
  for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
    findings.push({
      id: ref.id,
      title: audit.title,
      displayValue: audit.displayValue,
      score: audit.score,
      savings: {},
      items: describeItems(audit.details, 4),
    });
  }
  return findings.slice(0, limit);
}

/** A short text for each row of an audit's details (table, opportunity, list of tables, checklist). */
function describeItems(details: unknown, limit: number): string[] {
  if (!details || typeof details !== 'object') return [];
  const d = details as { type?: string; items?: unknown };
  if (d.type === 'list' && Array.isArray(d.items))
    return d.items.flatMap((sub) => describeItems(sub, limit)).slice(0, limit * 2);
  if (d.type === 'checklist' && d.items && typeof d.items === 'object') {
    return Object.entries(d.items as Record<string, { label?: string; value?: boolean }>)
      .filter(([, v]) => v.value === false)
      .map(([, v]) => `missing: ${v.label ?? '?'}`)
      .slice(0, limit);
  }
  if (!Array.isArray(d.items)) return [];
  return d.items.slice(0, limit).map((raw) => {
    const item = raw as Record<string, unknown>;
    const parts: string[] = [];
    const node = item.node as { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
    if (node?.snippet) parts.push(truncate(node.snippet, 140));
    if (typeof item.url === 'string') parts.push(item.url);
    if (typeof item.description === 'string') parts.push(truncate(item.description, 100));
    const location = item.sourceLocation as { url?: string } | undefined;
    if (typeof location?.url === 'string' && location.url !== item.url) parts.push(location.url);
    if (typeof item.phase === 'string' || typeof item.label === 'string') parts.push(String(item.phase ?? item.label));
    if (typeof item.subItems === 'object' && !parts.length) parts.push('(grouped)');
    for (const key of [
      'timing',
      'duration',
      'wastedMs',
      'reflowTime',
      'totalBytes',
      'wastedBytes',
      'transferSize',
      'percent',
    ]) {
      const value = item[key];
      if (typeof value === 'number') parts.push(`${key}=${Math.round(value)}`);
      else if (typeof value === 'string' && key === 'percent') parts.push(`${key}=${value}`);
    }
    if (!parts.length) parts.push(truncate(JSON.stringify(item), 140));
    return parts.join(' ');
  });
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
