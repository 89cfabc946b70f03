// Search by product name (docs/product.md §2 "Navbar", §7 "search by name contains text, limit 10",
// §9). Names that contain the text come first; close spellings ("jaket", "hodie") follow, through
// pg_trgm word similarity. Both conditions are on lower(name), so products_name_trgm_idx serves
// them. bench/search.ts measures this over 100,000 products.
import { and, asc, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { Database } from '../db/client.ts';
import { products, type Product } from '../db/schema.ts';
import { listedNow } from '../drops/rules.ts';
import { availabilitySql } from '../inventory/stock.ts';

export const SEARCH_LIMIT = 10;
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

/** The live search's suggestions: at most SEARCH_LIMIT, containing matches first. */
export async function searchProducts(db: Database, text: string): Promise<SearchSuggestion[]> {
  const query = normaliseSearchText(text);
  if (query === '') return [];
  const likeUsesIndex = likeCanUseIndex(query);
  return withSearchSettings(
    db,
    async (tx) => {
      const containing = await containingQuery(tx, query);
      // pg_trgm ignores everything but letters and digits: "%" alone has no close spellings.
      if (containing.length >= SEARCH_LIMIT || !/[\p{L}\p{N}]/u.test(query)) return containing;

      if (!likeUsesIndex) await applySearchSettings(tx, { preferTrigramIndex: true });
      const found = new Set(containing.map((product) => product.id));
      const similar = (await similarQuery(tx, query)).filter((product) => !found.has(product.id));
      return [...containing, ...similar].slice(0, SEARCH_LIMIT);
    },
    { preferTrigramIndex: likeUsesIndex },
  );
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

async function applySearchSettings(tx: Database, { preferTrigramIndex = false }: SearchSettings): Promise<void> {
  await tx.execute(sql`select
    set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
    set_config('enable_seqscan', ${preferTrigramIndex ? 'off' : 'on'}, true)`);
}

/** A LIKE narrows through the index only if the text has three letters or digits in a row. */
function likeCanUseIndex(query: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(query);
}

/** Names containing the text (PostgreSQL's default LIKE escape is the backslash). */
export function containsText(query: string, name: AnyPgColumn = products.name): SQL {
  return sql`lower(${name}) like '%' || lower(${escapeLike(query)}::text) || '%'`;
}

function closeTo(query: string, name: AnyPgColumn = products.name): SQL {
  return sql`lower(${name}) %> lower(${query}::text)`;
}

function similarity(query: string, name: AnyPgColumn): SQL {
  return sql`word_similarity(lower(${query}::text), lower(${name}))`;
}

type NameCondition = (name: AnyPgColumn) => SQL;

/** Live search step 1: names containing the text. Exported so that the benchmark can EXPLAIN it. */
export function containingQuery(db: Database, query: string) {
  return rankCandidates(db, query, (name) => containsText(query, name), CONTAINING_SCAN_ROWS);
}

/** Live search step 2: names with a word close to the text. Run it inside withSearchSettings. */
export function similarQuery(db: Database, query: string) {
  return rankCandidates(db, query, (name) => closeTo(query, name), CLOSE_SCAN_ROWS);
}

/** The SEARCH_LIMIT closest of the candidates, with what a suggestion shows (units left: theirs only). */
function rankCandidates(db: Database, query: string, matches: NameCondition, scanRows: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      pricePaise: products.pricePaise,
      availability: availabilitySql.as('availability'),
      sizes: products.sizes,
    })
    .from(products)
    .where(and(inArray(products.id, candidateIds(db, matches, scanRows)), listedNow))
    .orderBy(desc(similarity(query, products.name)), asc(products.name), asc(products.id))
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
