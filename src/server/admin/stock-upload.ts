// The stock upload: a CSV file of product_id,size,quantity rows that sets many sizes' counts at
// once. It is checked whole and previewed (each size's units now and the count it will get); any
// bad row, named by its line, refuses the whole file. Applying checks the file again, as sent again
// by the preview's form, and writes every count in one transaction, in the stock lock order, with
// an audit entry per product. The preview's counts come back with it, each with the mark of the
// size's latest movement then: what sold since is kept, as the product save does, and a size
// changed by hand since (another upload, an adjustment, this Apply sent twice) refuses the file
// (inventory/stock.ts `changeCountsByHand`).
import { inArray } from 'drizzle-orm';

import { SIZES } from '../../common/catalog.ts';
import { parseSerialId } from '../../common/ids.ts';
import { STOCK_UPLOAD_HEADERS, STOCK_UPLOAD_MAX_BYTES, STOCK_UPLOAD_MAX_ROWS } from '../../common/stock-adjustments.ts';
import { STOCK_QUANTITY_MAX } from '../../common/stock-movements.ts';
import type { Database } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { FailureError, type Failure } from '../errors.ts';
import { changeCountsByHand, countsAsSeen, HandCountsRefused, type HandCountProblem } from '../inventory/stock.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { reservedUnits } from './stock.ts';

const HEADERS = STOCK_UPLOAD_HEADERS.join(',');
const number = (value: number) => value.toLocaleString('en-IN');
/** Problems listed at most; the rest are counted. */
const PROBLEMS_LISTED = 100;

export const STOCK_UPLOAD_MESSAGES = {
  noFile: 'Choose a CSV file to upload.',
  tooBig: (bytes: number) =>
    `The file is ${number(Math.ceil(bytes / 1024))} KB; upload at most ${STOCK_UPLOAD_MAX_BYTES / 1024} KB at a time.`,
  notText: 'The file is not text: save it as CSV (comma-separated values, UTF-8).',
  empty: `The file is empty: its first line must be the headers ${HEADERS}.`,
  headers: (found: string) => `Line 1: the headers must be ${HEADERS}; the file has "${found}".`,
  noRows: 'The file has its headers but no rows.',
  tooManyRows: (rows: number) =>
    `The file has ${number(rows)} rows; upload at most ${number(STOCK_UPLOAD_MAX_ROWS)} at a time.`,
  unclosedQuote: (line: number) => `Line ${line}: a quoted value is never closed.`,
  columns: (line: number, found: number) => `Line ${line}: a row has 3 values (${HEADERS}); this one has ${found}.`,
  productId: (line: number, found: string) =>
    `Line ${line}: "${found}" is not a product id (the number in the product's admin address).`,
  unknownProduct: (line: number, id: number) => `Line ${line}: there is no product with id ${id}.`,
  unknownSize: (line: number, found: string) =>
    `Line ${line}: "${found}" is not a size: the sizes are ${SIZES.slice(0, -1).join(', ')} and ${SIZES.at(-1)}.`,
  notOffered: (line: number, name: string, id: number, size: string) =>
    `Line ${line}: ${name} (product ${id}) is not offered in size ${size}.`,
  notWhole: (line: number, found: string) => `Line ${line}: the quantity "${found}" is not a whole number.`,
  negative: (line: number, found: string) => `Line ${line}: the quantity ${found} is below 0.`,
  tooLarge: (line: number, found: string) =>
    `Line ${line}: the quantity ${found} is more than ${number(STOCK_QUANTITY_MAX)}, the most a size holds.`,
  duplicate: (line: number, id: number, size: string, first: number) =>
    `Line ${line}: product ${id} size ${size} is also on line ${first}.`,
  changedSince: (line: number, name: string, id: number, size: string) =>
    `Line ${line}: ${name} (product ${id}) size ${size} was changed by hand since the preview.`,
  refused: 'Nothing was changed: fix the file and preview it again.',
  stale: 'The preview is out of date: preview the file again, then apply it.',
} as const;

/** A row of the file, checked: the size's units available to sell now, those reserved, and the count it gets. */
export interface UploadRow {
  line: number;
  productId: number;
  productName: string;
  size: string;
  now: number;
  /** Units in open checkouts, orders not yet shipped and exchanges: on the shelf, but not in `now`. */
  reserved: number;
  /** The mark of the size's latest movement when `now` was read (`SeenCount.mark`). */
  mark: string;
  quantity: number;
}

/** The file refused: why, each bad row by its line (the first PROBLEMS_LISTED, and how many more). */
export interface UploadRefusal {
  ok: false;
  kind: 'invalid';
  message: string;
  problems: string[];
  more: number;
}

/** The line a problem names, to list problems in the file's order. */
const lineOf = (problem: string) => Number(/^Line (\d+)/.exec(problem)?.[1] ?? 0);

const refuse = (problems: readonly string[], message: string = STOCK_UPLOAD_MESSAGES.refused): UploadRefusal => ({
  ok: false,
  kind: 'invalid',
  message,
  problems: problems.slice(0, PROBLEMS_LISTED),
  more: Math.max(0, problems.length - PROBLEMS_LISTED),
});

/**
 * The file's records by the line each starts on (RFC 4180: quoted values may hold commas, quotes
 * doubled and line breaks); blank lines are skipped. A quote never closed is a problem of its line.
 */
function parseCsv(text: string): { records: Array<{ line: number; cells: string[] }> } | { problem: string } {
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  // Whether the cell so far holds anything but blanks: a quote opens a quoted value only before that.
  let filled = false;
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    filled = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += char;
      }
    } else if (char === '"' && !filled) {
      cell = '';
      filled = true;
      quoted = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      filled = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      if (char.trim() !== '') filled = true;
      cell += char;
    }
  }
  if (quoted) return { problem: STOCK_UPLOAD_MESSAGES.unclosedQuote(start) };
  endRecord();
  return { records };
}

/**
 * The file as sent: its bytes, read as UTF-8 (a byte-order mark is dropped), its line ends made
 * LF before it is measured. The preview gets the file as saved; Apply gets it back from a form
 * field, whose line ends the browser sends as CRLF: measured as sent, a file just under the limit
 * would pass its preview and fail its Apply.
 */
function readText(bytes: Uint8Array): { text: string } | { problem: string } {
  if (bytes.length === 0) return { problem: STOCK_UPLOAD_MESSAGES.empty };
  // CRLF at most doubles a file: anything larger is too big whatever its line ends.
  if (bytes.length > 2 * STOCK_UPLOAD_MAX_BYTES) return { problem: STOCK_UPLOAD_MESSAGES.tooBig(bytes.length) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true })
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n');
  } catch {
    return { problem: STOCK_UPLOAD_MESSAGES.notText };
  }
  const size = Buffer.byteLength(text, 'utf8');
  if (size > STOCK_UPLOAD_MAX_BYTES) return { problem: STOCK_UPLOAD_MESSAGES.tooBig(size) };
  // A spreadsheet's binary file, or a picture, is not a CSV even where its bytes decode.
  if (text.includes('\u0000')) return { problem: STOCK_UPLOAD_MESSAGES.notText };
  return { text };
}

interface ParsedRow {
  line: number;
  productId: number;
  size: string;
  quantity: number;
}

/** One row's own checks (before the catalog is read): its values, or why it is refused. */
function parseRow(line: number, cells: string[]): ParsedRow | string {
  if (cells.length !== STOCK_UPLOAD_HEADERS.length) return STOCK_UPLOAD_MESSAGES.columns(line, cells.length);
  const [idText, sizeText, quantityText] = cells.map((cell) => cell.trim()) as [string, string, string];
  const productId = parseSerialId(idText);
  if (productId === null) return STOCK_UPLOAD_MESSAGES.productId(line, idText.slice(0, 40));
  const size = sizeText.toUpperCase();
  if (!(SIZES as readonly string[]).includes(size))
    return STOCK_UPLOAD_MESSAGES.unknownSize(line, sizeText.slice(0, 20));
  const shown = quantityText.slice(0, 20);
  if (/^-\s*\d+$/.test(quantityText)) return STOCK_UPLOAD_MESSAGES.negative(line, shown);
  if (!/^\+?\d+$/.test(quantityText)) return STOCK_UPLOAD_MESSAGES.notWhole(line, shown);
  const quantity = Number(quantityText);
  if (quantity > STOCK_QUANTITY_MAX) return STOCK_UPLOAD_MESSAGES.tooLarge(line, shown);
  return { line, productId, size, quantity };
}

/**
 * Checks a stock file whole: its size and encoding, its headers, how many rows, and every row
 * against the catalog (the product, the size it is offered in, the count, no size twice). Returns
 * the rows with each size's units now, or every problem by its line.
 */
export async function checkStockUpload(
  db: Database,
  bytes: Uint8Array,
): Promise<{ ok: true; rows: UploadRow[] } | UploadRefusal> {
  const read = readText(bytes);
  if ('problem' in read) return refuse([read.problem]);
  const parsed = parseCsv(read.text);
  if ('problem' in parsed) return refuse([parsed.problem]);
  const [header, ...records] = parsed.records;
  if (!header) return refuse([STOCK_UPLOAD_MESSAGES.empty]);
  const found = header.cells.map((cell) => cell.trim().toLowerCase());
  if (header.line !== 1 || found.join(',') !== HEADERS) {
    return refuse([STOCK_UPLOAD_MESSAGES.headers(header.cells.join(',').slice(0, 80))]);
  }
  if (records.length === 0) return refuse([STOCK_UPLOAD_MESSAGES.noRows]);
  if (records.length > STOCK_UPLOAD_MAX_ROWS) return refuse([STOCK_UPLOAD_MESSAGES.tooManyRows(records.length)]);

  const problems: string[] = [];
  const rows: ParsedRow[] = [];
  for (const { line, cells } of records) {
    const row = parseRow(line, cells);
    if (typeof row === 'string') problems.push(row);
    else rows.push(row);
  }
  const ids = [...new Set(rows.map((row) => row.productId))];
  const [catalog, seen, reserved] = ids.length
    ? await Promise.all([
        db
          .select({ id: products.id, name: products.name, sizes: products.sizes })
          .from(products)
          .where(inArray(products.id, ids)),
        countsAsSeen(db, rows),
        reservedUnits(db, ids),
      ])
    : [[], new Map(), new Map()];
  const byId = new Map(catalog.map((product) => [product.id, product]));
  const firstLine = new Map<string, number>();
  const checked: UploadRow[] = [];
  for (const row of rows) {
    const product = byId.get(row.productId);
    const key = `${row.productId}:${row.size}`;
    const first = firstLine.get(key);
    if (!product) problems.push(STOCK_UPLOAD_MESSAGES.unknownProduct(row.line, row.productId));
    else if (!product.sizes.includes(row.size)) {
      problems.push(STOCK_UPLOAD_MESSAGES.notOffered(row.line, product.name, product.id, row.size));
    } else if (first !== undefined)
      problems.push(STOCK_UPLOAD_MESSAGES.duplicate(row.line, row.productId, row.size, first));
    else {
      firstLine.set(key, row.line);
      const { units, mark } = seen.get(key) ?? { units: 0, mark: '0' };
      checked.push({ ...row, productName: product.name, now: units, reserved: reserved.get(key) ?? 0, mark });
    }
  }
  if (problems.length > 0) {
    // In the file's order, whichever check found them.
    return refuse(problems.sort((a, b) => lineOf(a) - lineOf(b)));
  }
  return { ok: true, rows: checked };
}

/** The counts a preview showed, sent back with the file: "product_id,size,count,mark" a line. */
export function previewCounts(rows: readonly UploadRow[]): string {
  return rows.map((row) => `${row.productId},${row.size},${row.now},${row.mark}`).join('\n');
}

function readPreviewCounts(text: string): Map<string, { was: number; since: string }> | undefined {
  const seen = new Map<string, { was: number; since: string }>();
  for (const line of text.split('\n')) {
    const match = /^(\d{1,10}),([A-Z]{1,3}),(\d{1,6}),(\d{1,17})$/.exec(line.trim());
    if (!match || Number(match[3]) > STOCK_QUANTITY_MAX) return undefined;
    seen.set(`${match[1]}:${match[2]}`, { was: Number(match[3]), since: match[4]! });
  }
  return seen;
}

/** A count refused under the locks, in the upload's words: by its line and product. */
function problemOf(row: UploadRow, { why }: HandCountProblem): string {
  if (why === 'productGone') return STOCK_UPLOAD_MESSAGES.unknownProduct(row.line, row.productId);
  if (why === 'notOffered') {
    return STOCK_UPLOAD_MESSAGES.notOffered(row.line, row.productName, row.productId, row.size);
  }
  return STOCK_UPLOAD_MESSAGES.changedSince(row.line, row.productName, row.productId, row.size);
}

export interface AppliedRow extends UploadRow {
  before: number;
  after: number;
}

/**
 * Applies a stock file the preview showed: checked again whole (nothing is taken from the preview
 * but the counts it showed and their marks), then every count in one transaction. All or nothing:
 * a product or size gone since the check, or a size changed by hand since the preview, refuses
 * the file, each named by its line.
 */
export async function applyStockUpload(
  db: Database,
  actor: Actor,
  bytes: Uint8Array,
  previewed: string,
): Promise<{ ok: true; rows: AppliedRow[] } | UploadRefusal | Failure> {
  const checked = await checkStockUpload(db, bytes);
  if (!checked.ok) return checked;
  const seen = readPreviewCounts(previewed);
  const previews = checked.rows.map((row) => seen?.get(`${row.productId}:${row.size}`));
  if (!previews.every((preview) => preview !== undefined)) return refuse([], STOCK_UPLOAD_MESSAGES.stale);
  try {
    return await writeCounts(db, actor, checked.rows, previews);
  } catch (error) {
    if (error instanceof HandCountsRefused) {
      const rowOf = new Map(checked.rows.map((row) => [`${row.productId}:${row.size}`, row]));
      const problems = error.problems.map((problem) =>
        problemOf(rowOf.get(`${problem.count.productId}:${problem.count.size}`)!, problem),
      );
      const stale = error.problems.every(({ why }) => why === 'stale');
      return refuse(
        problems.sort((a, b) => lineOf(a) - lineOf(b)),
        stale ? STOCK_UPLOAD_MESSAGES.stale : STOCK_UPLOAD_MESSAGES.refused,
      );
    }
    if (error instanceof FailureError) return error.failure;
    throw error;
  }
}

/** Every count of the file in one transaction, from the preview's counts, with an audit entry per product. */
function writeCounts(
  db: Database,
  actor: Actor,
  checked: readonly UploadRow[],
  seen: ReadonlyArray<{ was: number; since: string }>,
): Promise<{ ok: true; rows: AppliedRow[] }> {
  return db.transaction(async (tx) => {
    const counted = await changeCountsByHand(
      tx,
      actor,
      checked.map((row, index) => ({
        productId: row.productId,
        size: row.size,
        kind: 'upload' as const,
        set: row.quantity,
        ...seen[index]!,
      })),
    );
    const after = new Map(counted.map((count) => [`${count.productId}:${count.size}`, count]));
    const rows = checked.map((row) => {
      const count = after.get(`${row.productId}:${row.size}`)!;
      return { ...row, before: count.before, after: count.after };
    });
    const byProduct = Map.groupBy(
      rows.filter((row) => row.before !== row.after),
      (row) => row.productId,
    );
    for (const [productId, changed] of byProduct) {
      await recordAudit(tx, actor, {
        action: 'stock.upload',
        entityType: 'product',
        entityId: productId,
        summary: `Stock upload for "${changed[0]!.productName}": ${changed.map((row) => `${row.size} ${row.before} → ${row.after}`).join(', ')}`,
        before: Object.fromEntries(changed.map((row) => [row.size, row.before])),
        after: Object.fromEntries(changed.map((row) => [row.size, row.after])),
      });
    }
    return { ok: true as const, rows };
  });
}
