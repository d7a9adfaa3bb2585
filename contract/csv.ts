// CSV as both programs write it (the extension's export, "Copy as CSV" and import report; the
// service's import report) and read it back (the import, contract/import-file.ts): RFC 4180, CRLF
// line ends, every cell quoted, and one rule for a cell a spreadsheet would run as a formula,
// marked on write and unmarked on read, so that an export imported again gives back every cell.
import Papa from 'papaparse';

/**
 * A cell that gets a leading `'` on write: one a spreadsheet could run as a formula (papaparse's
 * list, = + - @ tab and carriage return, widened to any leading whitespace or line feed, which
 * spreadsheets trim before they evaluate, and the fullwidth ＝＋－＠ some fold to ASCII), one whose
 * edges are whitespace that a reader would trim, and one that starts with `'` itself, so that
 * reading the mark back can never take a quote the cell had of its own.
 */
const MARKED_START = /^[\s'=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;
const TRIMMED_END = /\s$/u;

const needsMark = (cell: string) => MARKED_START.test(cell) || TRIMMED_END.test(cell);

/** The cell as it is written: with a leading `'` when it needs one (see MARKED_START). */
export function markCell(cell: string): string {
  return needsMark(cell) ? `'${cell}` : cell;
}

/**
 * A cell as read: a marked cell (a `'` before what would have needed the mark) exactly as it was
 * before the mark; any other cell without its surrounding whitespace (a hand-written `a, b`).
 * `readCell(markCell(x))` is `x` for every text.
 */
export function readCell(raw: string): string {
  const unmarked = (cell: string) =>
    cell.startsWith("'") && needsMark(cell.slice(1)) ? cell.slice(1) : undefined;
  const trimmed = raw.trim();
  return unmarked(raw) ?? unmarked(trimmed) ?? trimmed;
}

/** The rows, every cell marked and quoted, without a line end after the last. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(markCell)),
    { quotes: true, escapeFormulae: false, newline: '\r\n' },
  );
}

/** A file: a byte-order mark (so spreadsheets read UTF-8), the header, the rows, a CRLF after each. */
export function csvFile(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${columns.join(',')}\r\n${rows.length > 0 ? `${toCsv(rows)}\r\n` : ''}`;
}
