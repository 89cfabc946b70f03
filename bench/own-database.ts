// What the benchmarks that load generated rows share: a database of their own on the PostgreSQL
// server, dropped at the end (or on Ctrl-C), a seeded random source so every run loads the same
// rows, and a log line with the seconds since the start.
import pg from 'pg';

const cleanups: (() => Promise<void>)[] = [];

/** Runs the clean-ups registered so far, the last first. */
export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Adds a clean-up to run at the end, before the database is dropped. */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: dropping the bench database...`);
    void runCleanups().finally(() => process.exit(130));
  });
}

/** The PostgreSQL server the benchmarks make their databases on. */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Creates the database `name` next to BENCH_DATABASE_URL's (existing data is never touched) and
 * gives its URL; runCleanups drops it.
 */
export async function ownDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  onCleanup(async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A small seeded PRNG (mulberry32), so that every run generates the same rows. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (probability: number) => next() < probability;
  return { next, pick, chance };
}

const startedAt = performance.now();

/** A line of the run's log, with the seconds since it started. */
export function log(message: string): void {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0).padStart(4);
  console.log(`[${seconds}s] ${message}`);
}
