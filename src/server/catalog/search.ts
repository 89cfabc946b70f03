// Search by product name (docs/product.md §2 "Navbar", §7 "search by name contains text, limit 10",
// §9). Names that contain the text come first; close spellings ("jaket", "hodie") follow, through
// pg_trgm word similarity. Both conditions are on lower(name), so products_name_trgm_idx serves
// them. A search is one prepared statement, planned once per connection (suggestionsQuery; ADR
// 0059), and on a server one round trip (openLiveSearch). bench/search.ts measures this over
// 100,000 products.
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  or,
  sql,
  type Placeholder,
  type Query,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { Database, DatabaseHandle } from '../db/client.ts';
import { products, type Product } from '../db/schema.ts';
import { listedNow } from '../drops/rules.ts';
import { availabilitySql } from '../inventory/stock.ts';
import { availabilityOf } from '../../common/stock.ts';

export const SEARCH_LIMIT = 10;
// The name of suggestionsQuery's prepared statement on each connection of the pool.
const SUGGESTIONS_STATEMENT = 'live_search_suggestions';
const SEARCH_MAX_LENGTH = 100;

// pg_trgm's default (0.6) misses one-letter typos: word_similarity('jaket', 'bomber jacket') is
// 0.44. Words that merely share letters ('jack' and 'black', 'polo' and 'pool') score 0.4.
const WORD_SIMILARITY_THRESHOLD = 0.42;

// Live search ranks at most this many matching rows per step, so a common word ("tee" in a
// quarter of a large catalog) costs about the same as a rare one. Up to this many matches the
// order is exact; beyond it, the suggestions are the best of the first CANDIDATE_POOL found.
const CANDIDATE_POOL = 100;

// Where the pool comes from. Through the trigram index every match is found before the first is
// read: a word in a sixth of the catalog ("jack"; "swetshirt" is close to a quarter of it) builds
// a bitmap of tens of thousands of rows to keep CANDIDATE_POOL of them. Reading the products in id
// order and stopping at the pool's last costs only the rows read, but reads them all for a rare
// word. So the first SAMPLE_ROWS products, which reading starts with, decide: when their matches,
// spread evenly, would fill the pool within half of the step's budget, reading goes on, up to the
// budget; otherwise, or when the budget runs out first, the index finds the pool. Both take the
// first matches in the table, in id order when reading and in storage order through the index's
// bitmap: the same rows while products are stored in id order.
const SAMPLE_ROWS = 200;
// Rows worth reading rather than asking the index, at 100,000 products: testing a LIKE on a name
// costs under a microsecond, word similarity five to ten, the index a fraction of one per match.
const CONTAINING_SCAN_ROWS = 3_000;
const CLOSE_SCAN_ROWS = 2_000;

export type SearchSuggestion = Pick<Product, 'id' | 'name' | 'images' | 'pricePaise' | 'sizes'> & {
  availability: string;
};

/**
 * The text a search runs on: control characters (PostgreSQL refuses a NUL) become spaces, then it
 * is trimmed and cut (not refused) at SEARCH_MAX_LENGTH characters, never inside an emoji.
 */
export function normaliseSearchText(text: string): string {
  const cleaned = text.replace(/\p{Cc}/gu, ' ').trim();
  return Array.from(cleaned).slice(0, SEARCH_MAX_LENGTH).join('').trim();
}

/** Makes `%`, `_` and `\` match themselves in a LIKE pattern (backslash is the default escape). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The live search: a text's suggestions. */
export type LiveSearch = (text: string) => Promise<SearchSuggestion[]>;

// What suggestionsQuery runs under (see SearchSettings).
const SUGGESTIONS_SETTINGS: SearchSettings = { preferTrigramIndex: true, planOnce: true };

/**
 * The live search over this database. On a server, suggestionsQuery runs on connections of its own
 * that start with its settings, so a search is one round trip: setting them in a transaction took
 * four, which added 0.2 ms at the median and 1.8 ms at the 99th percentile. PGlite's one
 * connection is everyone's, so there each search sets them in a transaction.
 */
export function openLiveSearch(handle: DatabaseHandle): LiveSearch {
  const settled = handle.kind === 'postgres' ? handle.withSettings(runTimeSettings(SUGGESTIONS_SETTINGS)) : undefined;
  return (text) => searchProducts(handle.db, text, settled);
}

/**
 * The live search's suggestions: at most SEARCH_LIMIT, containing matches first. `settled` is a
 * database whose sessions already run under SUGGESTIONS_SETTINGS (openLiveSearch).
 */
export async function searchProducts(db: Database, text: string, settled?: Database): Promise<SearchSuggestion[]> {
  const query = normaliseSearchText(text);
  if (query === '') return [];
  if (likeCanUseIndex(query)) {
    if (settled) return suggestions(settled, query);
    return withSearchSettings(db, (tx) => suggestions(tx, query), SUGGESTIONS_SETTINGS);
  }
  // Without three letters or digits in a row the LIKE cannot narrow through the index, so the
  // containing step is planned with sequential scans allowed, the close spellings without.
  return withSearchSettings(db, async (tx) => {
    const containing = await containingQuery(tx, query);
    // pg_trgm ignores everything but letters and digits: "%" alone has no close spellings.
    if (containing.length >= SEARCH_LIMIT || !/[\p{L}\p{N}]/u.test(query)) return containing;

    await applySearchSettings(tx, { preferTrigramIndex: true });
    const found = new Set(containing.map((product) => product.id));
    const similar = (await similarQuery(tx, query)).filter((product) => !found.has(product.id));
    return [...containing, ...similar].slice(0, SEARCH_LIMIT);
  });
}

let suggestionsStatement: Query | undefined;

/**
 * suggestionsQuery for the text, as a prepared statement: PostgreSQL parses and plans it once per
 * pooled connection (PGlite, which names no statements, each time). Its SQL is built once, with
 * placeholders, and is the same for both engines' drivers: Drizzle took 0.3 to 0.8 ms of CPU to
 * build it, about what PostgreSQL takes to run it for a substring.
 */
async function suggestions(tx: Database, query: string): Promise<SearchSuggestion[]> {
  suggestionsStatement ??= suggestionsQuery(tx, {
    query: sql.placeholder('query'),
    pattern: sql.placeholder('pattern'),
  }).toSQL();
  const result = await tx._.session
    .prepareQuery(suggestionsStatement, undefined, SUGGESTIONS_STATEMENT, false)
    .execute({ query, pattern: escapeLike(query) });
  return (result as { rows: SuggestionRow[] }).rows.map((row) => ({
    id: row.id,
    name: row.name,
    images: row.images,
    pricePaise: row.price_paise,
    availability: availabilityOf(row.availability),
    sizes: row.sizes,
  }));
}

/** A row of suggestionsQuery as the driver gives it. */
interface SuggestionRow {
  id: number;
  name: string;
  images: string[];
  price_paise: number;
  availability: number;
  sizes: string[];
}

/** Products whose name contains the text or has a word close to it (normalised, non-blank text). */
export function nameMatches(query: string): SQL {
  return or(containsText(query), closeTo(query))!;
}

/** Order for nameMatches: containing names first, then the closest spellings, then by name. */
export function nameRelevance(query: string): SQL[] {
  return [desc(containsText(query)), desc(similarity(query, products.name)), asc(products.name)];
}

interface SearchSettings {
  /**
   * Make the planner take the trigram index. Left to itself it may pick a sequential scan that
   * stops after CANDIDATE_POOL rows; when matches are rarer than it guessed, that scan reads the
   * whole table, computing word similarity for every row (half a second at 100,000 products).
   */
  preferTrigramIndex?: boolean;
  /**
   * Plan a prepared statement once for every text (PostgreSQL's generic plan), not again for each
   * text: its shape does not depend on the text, since each step picks its way by its own counts,
   * and planning it cost a third of running it for a substring. The plan is made under these
   * settings, on the statement's first run on a connection (and again when the table's statistics
   * change), so the statement is only ever run with them.
   */
  planOnce?: boolean;
}

/**
 * Runs `work` in a transaction where close spellings use this module's threshold; outside it,
 * pg_trgm's stricter default applies. The settings are transaction-local, so pooled connections
 * keep the server's defaults.
 */
export function withSearchSettings<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
  settings: SearchSettings = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await applySearchSettings(tx, settings);
    return work(tx);
  });
}

async function applySearchSettings(tx: Database, settings: SearchSettings): Promise<void> {
  const calls = Object.entries(runTimeSettings(settings)).map(
    ([name, value]) => sql`set_config(${name}, ${value}, true)`,
  );
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

/** PostgreSQL's run-time settings for these search settings. */
function runTimeSettings({ preferTrigramIndex = false, planOnce = false }: SearchSettings): Record<string, string> {
  return {
    'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
    enable_seqscan: preferTrigramIndex ? 'off' : 'on',
    ...(planOnce && { plan_cache_mode: 'force_generic_plan' }),
  };
}

/** A LIKE narrows through the index only if the text has three letters or digits in a row. */
function likeCanUseIndex(query: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(query);
}

/** A statement's search text: as typed, and escaped for LIKE; values, or placeholders for them. */
interface SearchText {
  query: string | Placeholder;
  pattern: string | Placeholder;
}

function searchText(query: string): SearchText {
  return { query, pattern: escapeLike(query) };
}

/** Names containing the text (PostgreSQL's default LIKE escape is the backslash). */
export function containsText(query: string, name: AnyPgColumn = products.name): SQL {
  return containsPattern(escapeLike(query), name);
}

function containsPattern(pattern: string | Placeholder, name: AnyPgColumn = products.name): SQL {
  return sql`lower(${name}) like '%' || lower(${pattern}::text) || '%'`;
}

function closeTo(query: string | Placeholder, name: AnyPgColumn = products.name): SQL {
  return sql`lower(${name}) %> lower(${query}::text)`;
}

function similarity(query: string | Placeholder, name: AnyPgColumn): SQL {
  return sql`word_similarity(lower(${query}::text), lower(${name}))`;
}

type NameCondition = (name: AnyPgColumn) => SQL;

/** Live search step 1: names containing the text. Exported so that the benchmark can EXPLAIN it. */
export function containingQuery(db: Database, query: string) {
  const containing = db.$with('containing').as(containingStep(db, searchText(query)));
  return withSuggestionFields(db.with(containing), containing);
}

/** Live search step 2: names with a word close to the text. Run it inside withSearchSettings. */
export function similarQuery(db: Database, query: string) {
  const similar = db.$with('similar').as(similarStep(db, searchText(query)));
  return withSuggestionFields(db.with(similar), similar);
}

/**
 * Both steps in one statement, for a text the index can narrow by LIKE: the close spellings are
 * looked for only when fewer than SEARCH_LIMIT names contain the text, and fill the places left.
 * Run it inside withSearchSettings, with the trigram index preferred.
 */
function suggestionsQuery(db: Database, text: SearchText) {
  const containing = db.$with('containing').as(containingStep(db, text));
  const similar = db.$with('similar').as(
    similarStep(
      db,
      text,
      sql`(select count(*) from ${containing}) < ${SEARCH_LIMIT}
        and ${products.id} not in (select ${containing.id} from ${containing})`,
    ),
  );
  const found = db
    .select({ id: containing.id, score: containing.score, step: sql<number>`1`.as('step') })
    .from(containing)
    .unionAll(db.select({ id: similar.id, score: similar.score, step: sql<number>`2`.as('step') }).from(similar))
    .as('found');
  return withSuggestionFields(db.with(containing, similar), found, [asc(found.step)]);
}

function containingStep(db: Database, { query, pattern }: SearchText) {
  return rankCandidates(db, query, (name) => containsPattern(pattern, name), CONTAINING_SCAN_ROWS);
}

function similarStep(db: Database, { query }: SearchText, only?: SQL) {
  return rankCandidates(db, query, (name) => closeTo(query, name), CLOSE_SCAN_ROWS, only);
}

/**
 * The SEARCH_LIMIT closest of the candidates that are listed now (and meet `only`): their ids and
 * closeness. The candidates' names are read once, for their closeness; what a suggestion shows
 * beyond them is read for the ones kept (withSuggestionFields).
 */
function rankCandidates(
  db: Database,
  query: string | Placeholder,
  matches: NameCondition,
  scanRows: number,
  only?: SQL,
) {
  const score = similarity(query, products.name);
  return db
    .select({ id: products.id, name: products.name, score: sql<number>`${score}`.as('score') })
    .from(products)
    .where(and(only, inArray(products.id, candidateIds(db, matches, scanRows)), listedNow))
    .orderBy(desc(score), asc(products.name), asc(products.id))
    .limit(SEARCH_LIMIT);
}

type RankedIds = Subquery & { id: AnyPgColumn; score: SQL.Aliased<number> };

/** What a suggestion shows (units left: theirs only), for the ranked ids, closest first. */
function withSuggestionFields(db: Pick<Database, 'select'>, ranked: RankedIds, first: SQL[] = []) {
  return db
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      pricePaise: products.pricePaise,
      availability: availabilitySql.as('availability'),
      sizes: products.sizes,
    })
    .from(ranked)
    .innerJoin(products, eq(products.id, ranked.id))
    .orderBy(...first, desc(ranked.score), asc(products.name), asc(products.id))
    .limit(SEARCH_LIMIT);
}

/**
 * The ids of at most CANDIDATE_POOL matching products, read from the first products or found
 * through the index (see SAMPLE_ROWS), in one statement: the counts gate each later branch, so
 * PostgreSQL runs a branch only when it is needed.
 */
function candidateIds(db: Database, matches: NameCondition, scanRows: number) {
  const firstProducts = (offset: number, rows: number) =>
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .orderBy(asc(products.id))
      .offset(offset)
      .limit(rows)
      .as('first_products');
  const sampleProducts = firstProducts(0, SAMPLE_ROWS);
  const nextProducts = firstProducts(SAMPLE_ROWS, scanRows - SAMPLE_ROWS);
  const sampleMatchesToRead = Math.ceil((CANDIDATE_POOL * SAMPLE_ROWS) / (scanRows / 2));

  const sampled = db
    .$with('sampled')
    .as(
      db
        .select({ id: sampleProducts.id })
        .from(sampleProducts)
        .where(matches(sampleProducts.name))
        .limit(CANDIDATE_POOL),
    );
  const read = db.$with('read').as(
    db
      .select({ id: sampled.id })
      .from(sampled)
      .unionAll(
        db
          .select({ id: nextProducts.id })
          .from(nextProducts)
          .where(sql`(select count(*) from ${sampled}) >= ${sampleMatchesToRead} and ${matches(nextProducts.name)}`),
      )
      .limit(CANDIDATE_POOL),
  );
  const candidates = db.$with('candidates').as(
    db
      .select({ id: read.id })
      .from(read)
      .where(sql`(select count(*) from ${read}) = ${CANDIDATE_POOL}`)
      .unionAll(
        db
          .select({ id: products.id })
          .from(products)
          .where(sql`(select count(*) from ${read}) < ${CANDIDATE_POOL} and ${matches(products.name)}`)
          .limit(CANDIDATE_POOL),
      ),
  );
  return db.with(sampled, read, candidates).select({ id: candidates.id }).from(candidates);
}
