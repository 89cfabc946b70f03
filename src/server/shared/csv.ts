// CSV files staff download (orders for accounting, the GST return's figures). A spreadsheet runs a
// cell that starts with =, +, - or @ (or a tab or carriage return before one) as a formula, so text
// that could come from a shopper (a name, an address) is written with a leading apostrophe there;
// amounts and counts are written as numbers and never neutralised.

/** A cell: text (neutralised if it could run), a count, money in paise (written as rupees), or empty. */
export type CsvCell = string | number | { paise: number } | null | undefined;

const RUNS_AS_FORMULA = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return (cell.paise / 100).toFixed(2);
  return RUNS_AS_FORMULA.test(cell) ? `'${cell}` : cell;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV document (RFC 4180, CRLF line ends) from a header row and rows, with a byte-order mark so
 * spreadsheets read names in Indian scripts as UTF-8.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => quoted(cellText(cell))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
