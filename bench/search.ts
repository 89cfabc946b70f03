// `npm run bench:search`: live search (src/server/catalog/search.ts) over 100,000 products, on a
// PostgreSQL server and on in-memory PGlite. Prints p50/p99 of the live search and the EXPLAIN
// (ANALYZE) plans of a common substring and two typos, each of which must find its candidates the
// way stated below (reading the first products, or products_name_trgm_idx) and never scan the
// table, and writes the same figures to bench/search-results.json. Every search's answer (the ids of its
// suggestions, in order) must equal the one kept in bench/search-answers.json, so that a change
// made for speed cannot change what shoppers are shown; delete that file to record new answers.
//
// The server run uses a database of its own, created next to BENCH_DATABASE_URL's and dropped at
// the end (default postgres://postgres@127.0.0.1:5432/test); existing data is never touched.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import {
  containingQuery,
  normaliseSearchText,
  openLiveSearch,
  similarQuery,
  withSearchSettings,
} from '../src/server/catalog/search.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { products, type NewProduct } from '../src/server/db/schema.ts';
import { CATEGORIES, COLLECTIONS, SIZES, type CategorySlug } from '../src/common/catalog.ts';
import { log, ownDatabase, randomSource, runCleanups } from './own-database.ts';

const PRODUCT_COUNT = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const INSERT_BATCH = 1_000;
const ROUNDS = 10;
const TARGET_P99_MS = 10;
const RESULTS_FILE = path.join(import.meta.dirname, 'search-results.json');
const ANSWERS_FILE = path.join(import.meta.dirname, 'search-answers.json');

// ── What is searched ───────────────────────────────────────────────────────────────────────
const SUBSTRINGS = [
  'jack',
  'jacket',
  'hood',
  'hoodie',
  'oversized',
  'polo',
  'sweat',
  'anime',
  'retro',
  'trap',
  'navratri',
  'bomber',
  'graphic',
  'washed black',
  'garba',
  'cartoon',
];
const TYPOS = [
  'jaket',
  'hodie',
  'oversied',
  'swetshirt',
  'vintge',
  'grafic',
  'bomer',
  'cartun',
  'polo shrt',
  'nostalgik',
];
/**
 * Texts without three letters or digits in a row give the LIKE no trigram to look up, so they
 * cost a scan; timed separately (median of 5), not part of p50/p99.
 */
const SHORT_TEXTS = ['bl', 'j', '%', 'zq'];
/**
 * Shown with EXPLAIN (ANALYZE): the substring step for a common word and the fuzzy step for a
 * common and a rarer typo, with the way each must find its candidates (search.ts, SAMPLE_ROWS).
 */
const EXPLAINED = [
  { step: 'containing', text: 'jack', way: 'reading' },
  { step: 'similar', text: 'polo shrt', way: 'reading' },
  { step: 'similar', text: 'vintge', way: 'index' },
] as const;
type Way = (typeof EXPLAINED)[number]['way'];

// ── Catalogue generator: realistic, varied names ──────────────────────────────────────────────
const COLOURS = ['Black', 'Washed Black', 'Off White', 'Olive', 'Maroon', 'Navy', 'Sand', 'Lilac', 'Acid Wash', 'Rust'];
const ADJECTIVES = [
  'Classic',
  'Vintage',
  'Retro',
  'Neon',
  'Faded',
  'Distressed',
  'Minimal',
  'Loud',
  'Cosmic',
  'Electric',
  'Midnight',
  'Sunset',
  'Street',
  'Urban',
  'Chill',
  'Savage',
  'Limited',
  'Heavyweight',
];
const THEMES = [
  'Anime',
  'Trap Lord',
  'Saturday Cartoons',
  'Nostalgic 90s',
  'Garba Night',
  'Navratri Drop',
  'Skate Club',
  'Cricket Fever',
  'Monsoon',
  'Bollywood',
  'Chai Break',
  'Metro Rider',
  'Pixel Arcade',
  'Astro Kid',
  'Desi Hip Hop',
  'Graffiti',
  'Tiger Stripe',
  'Lotus',
  'Mumbai Local',
  'Bring Your Childhood',
  'Graphic',
  'Typography',
  'Smiley',
  'Comic Strip',
];
const GARMENTS: Record<CategorySlug, string[]> = {
  jackets: ['Bomber Jacket', 'Denim Jacket', 'Varsity Jacket', 'Puffer Jacket', 'Coach Jacket', 'Windbreaker'],
  sweatshirts: ['Hoodie', 'Zip Hoodie', 'Crewneck Sweatshirt', 'Sweatshirt'],
  oversized: ['Oversized Tee', 'Oversized T-Shirt', 'Drop Shoulder Tee'],
  'regular-fit': ['Regular Fit Tee', 'Crew Tee', 'Graphic T-Shirt', 'Pocket Tee'],
  polos: ['Polo', 'Polo Shirt', 'Pique Polo'],
};

function generateProducts(count: number): NewProduct[] {
  const random = randomSource(20_240_914);
  const rows: NewProduct[] = [];
  for (let i = 1; i <= count; i += 1) {
    const category = random.pick(CATEGORIES).slug;
    const words = [
      random.next() < 0.5 ? random.pick(COLOURS) : null,
      random.next() < 0.6 ? random.pick(ADJECTIVES) : null,
      random.pick(THEMES),
      random.pick(GARMENTS[category]),
    ];
    const firstSize = Math.floor(random.next() * 3);
    rows.push({
      name: words.filter(Boolean).join(' '),
      images: [`/images/products/bench-${i}-1`, `/images/products/bench-${i}-2`],
      pricePaise: (499 + Math.floor(random.next() * 30) * 100) * 100,
      sizes: SIZES.slice(firstSize, firstSize + 3 + Math.floor(random.next() * 3)),
      collection: random.pick(COLLECTIONS).slug,
      category,
      deliveryInfo: {
        standardDelivery: '3-5 business days',
        expressDelivery: '1-2 business days',
        pincodeDelivery: true,
      },
    });
  }
  return rows;
}

// ── Measurement ─────────────────────────────────────────────────────────────────────────────
interface EngineResult {
  engine: string;
  products: number;
  loadSeconds: number;
  searches: number;
  p50: number;
  p99: number;
  max: number;
  /** Every timed text, in the order they are listed above. */
  medians: { text: string; medianMs: number; results: number }[];
  slowest: { text: string; medianMs: number; results: number }[];
  short: { text: string; medianMs: number; results: number }[];
  plans: { text: string; way: Way; plan: string }[];
  /** The ids each text's search suggests, in the order shown. */
  answers: Record<string, number[]>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function measure(engine: string, handle: DatabaseHandle): Promise<EngineResult> {
  const { db } = handle;
  log(`${engine}: migrating...`);
  await migrateDatabase(handle);

  log(`${engine}: inserting ${PRODUCT_COUNT.toLocaleString('en-IN')} products...`);
  const loadStartedAt = performance.now();
  const catalogue = generateProducts(PRODUCT_COUNT);
  for (let start = 0; start < catalogue.length; start += INSERT_BATCH) {
    await db.insert(products).values(catalogue.slice(start, start + INSERT_BATCH));
  }
  // VACUUM also merges the GIN index's pending list, as autovacuum would on a live server.
  await db.execute(sql`vacuum analyze products`);
  const loadSeconds = (performance.now() - loadStartedAt) / 1000;
  log(`${engine}: loaded in ${loadSeconds.toFixed(1)} s`);

  const search = openLiveSearch(handle);
  const texts = [...SUBSTRINGS, ...TYPOS];
  const answers: Record<string, number[]> = {};
  for (const text of [...texts, ...SHORT_TEXTS]) {
    answers[text] = (await search(text)).map((suggestion) => suggestion.id); // and warm-up
  }

  const random = randomSource(7);
  const runs = Array.from({ length: ROUNDS }, () => texts)
    .flat()
    .map((text) => ({ text, order: random.next() }))
    .sort((a, b) => a.order - b.order);
  const timings: number[] = [];
  const byText = new Map<string, number[]>();
  for (const { text } of runs) {
    const startedAt = performance.now();
    await search(text);
    const ms = performance.now() - startedAt;
    timings.push(ms);
    byText.set(text, [...(byText.get(text) ?? []), ms]);
  }
  timings.sort((a, b) => a - b);

  const medians = texts.map((text) => ({
    text,
    medianMs: round(
      percentile(
        [...(byText.get(text) ?? [])].sort((a, b) => a - b),
        0.5,
      ),
    ),
    results: answers[text]?.length ?? 0,
  }));
  const slowest = [...medians].sort((a, b) => b.medianMs - a.medianMs).slice(0, 5);

  const short = [];
  for (const text of SHORT_TEXTS) {
    const ms: number[] = [];
    let results = 0;
    for (let i = 0; i < 5; i += 1) {
      const shortStartedAt = performance.now();
      results = (await search(text)).length;
      ms.push(performance.now() - shortStartedAt);
    }
    short.push({
      text,
      medianMs: round(
        percentile(
          ms.sort((a, b) => a - b),
          0.5,
        ),
      ),
      results,
    });
  }

  const plans = [];
  for (const { step, text, way } of EXPLAINED) {
    const build = step === 'containing' ? containingQuery : similarQuery;
    const query = build(db, normaliseSearchText(text)).getSQL();
    // The settings the live search uses for these texts.
    const result = await withSearchSettings(db, (tx) => tx.execute(sql`explain (analyze, buffers) ${query}`), {
      preferTrigramIndex: true,
    });
    plans.push({
      text: `${step} step, ${JSON.stringify(text)}`,
      way,
      plan: rows<{ 'QUERY PLAN': string }>(result)
        .map((row) => row['QUERY PLAN'])
        .join('\n'),
    });
  }

  return {
    engine,
    products: PRODUCT_COUNT,
    loadSeconds: round(loadSeconds),
    searches: timings.length,
    p50: round(percentile(timings, 0.5)),
    p99: round(percentile(timings, 0.99)),
    max: round(timings.at(-1)!),
    medians,
    slowest,
    short,
    plans,
    answers,
  };
}

async function benchServer(): Promise<EngineResult> {
  const name = `ttt_bench_search_${process.pid}`;
  const url = await ownDatabase(name);
  const handle = await openDatabase({ url });
  try {
    const version = rows<{ server_version: string }>(await handle.db.execute(sql`show server_version`))[0];
    return await measure(`PostgreSQL ${version?.server_version ?? ''} (${name})`.trim(), handle);
  } finally {
    await handle.close();
    await runCleanups();
  }
}

async function benchPglite(): Promise<EngineResult> {
  const handle = await openDatabase({});
  try {
    return await measure('PGlite (in-memory)', handle);
  } finally {
    await handle.close();
  }
}

// ── Reporting ───────────────────────────────────────────────────────────────────────────────
function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

function report(result: EngineResult) {
  const verdict = result.p99 <= TARGET_P99_MS ? 'meets' : 'MISSES';
  console.log(
    `\n== ${result.engine}: ${result.products.toLocaleString('en-IN')} products, loaded in ${result.loadSeconds} s`,
  );
  console.log(
    `   ${result.searches} searches: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms ` +
      `(${verdict} the p99 target of ${TARGET_P99_MS} ms)`,
  );
  console.log('   slowest texts (median ms, suggestions):');
  for (const s of result.slowest)
    console.log(`     ${JSON.stringify(s.text).padEnd(14)} ${s.medianMs} ms, ${s.results}`);
  console.log('   texts too short for a trigram, not in p50/p99 (median ms, suggestions):');
  for (const s of result.short) console.log(`     ${JSON.stringify(s.text).padEnd(14)} ${s.medianMs} ms, ${s.results}`);
  for (const { text, way, plan } of result.plans) {
    console.log(`\n   EXPLAIN (ANALYZE, BUFFERS), ${text}, candidates expected by ${way}:`);
    console.log(plan.replace(/^/gm, '     '));
  }
}

/** The figures report() prints, kept in bench/search-results.json. */
function writeResults(results: EngineResult[]) {
  const engines = results.map((r) => ({
    engine: r.engine,
    products: r.products,
    loadSeconds: r.loadSeconds,
    searches: r.searches,
    p50Ms: r.p50,
    p99Ms: r.p99,
    maxMs: r.max,
    meetsP99Target: r.p99 <= TARGET_P99_MS,
    medians: r.medians,
    short: r.short,
    plans: r.plans,
  }));
  const file = {
    timestamp: new Date().toISOString(),
    node: process.version,
    rows: PRODUCT_COUNT,
    rounds: ROUNDS,
    targetP99Ms: TARGET_P99_MS,
    engines,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

/**
 * The texts whose suggestions differ from the kept answers. Both engines must give the same ones.
 * The first run keeps its answers; a run over another number of products compares nothing.
 */
function changedAnswers(result: EngineResult): string[] {
  if (!existsSync(ANSWERS_FILE)) {
    // One text a line, as Prettier writes it.
    const lines = Object.entries(result.answers).map(
      ([text, ids]) => `    ${JSON.stringify(text)}: [${ids.join(', ')}]`,
    );
    writeFileSync(ANSWERS_FILE, `{\n  "products": ${result.products},\n  "answers": {\n${lines.join(',\n')}\n  }\n}\n`);
    console.log(`\nKept the answers of ${result.engine} in ${path.relative(process.cwd(), ANSWERS_FILE)}`);
    return [];
  }
  const kept = JSON.parse(readFileSync(ANSWERS_FILE, 'utf8')) as {
    products: number;
    answers: Record<string, number[]>;
  };
  if (kept.products !== result.products) {
    console.log(`\nThe kept answers are for ${kept.products} products: not compared`);
    return [];
  }
  return Object.keys(result.answers).filter(
    (text) => JSON.stringify(result.answers[text]) !== JSON.stringify(kept.answers[text]),
  );
}

/** How a plan found its candidates: reading the first products, the trigram index, or a table scan. */
function wayTaken(plan: string): Way | 'a table scan' {
  if (plan.includes('Seq Scan on products')) return 'a table scan';
  const indexScan = plan.split('\n').find((line) => line.includes('Bitmap Index Scan on products_name_trgm_idx'));
  return indexScan && !indexScan.includes('never executed') ? 'index' : 'reading';
}

try {
  const results = [await benchServer(), await benchPglite()];
  results.forEach(report);
  writeResults(results);
  for (const result of results) {
    const changed = changedAnswers(result);
    if (changed.length > 0) {
      console.error(`\n${result.engine} suggests differently from the kept answers for: ${changed.join(', ')}`);
      process.exitCode = 1;
    }
  }
  for (const result of results) {
    for (const { text, way, plan } of result.plans) {
      const found = wayTaken(plan);
      if (found !== way) {
        console.error(`\n${result.engine}, ${text}: expected ${way}, the plan shows ${found}`);
        process.exitCode = 1;
      }
    }
  }
} catch (error) {
  await runCleanups();
  throw error;
}
