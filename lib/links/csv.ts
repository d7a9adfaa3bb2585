// CSV as both the options page's export and the popup's "Copy as CSV" write it: RFC 4180, CRLF line
// ends, every cell quoted, cells a spreadsheet would run as a formula defused. papaparse writes it.
import { unparse } from 'papaparse';

/**
 * Cells a spreadsheet could read as a formula: papaparse's own list (= + - @ tab, carriage return)
 * widened to any leading whitespace or line feed (spreadsheets trim them and then evaluate) and the
 * full-width ＝＋－＠ that some spreadsheets fold to their ASCII forms. Such a cell gets a leading `'`.
 */
export const FORMULA_START = /^[\s=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

/** The rows, without a line end after the last. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return unparse(
    rows.map((row) => [...row]),
    { quotes: true, escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}
