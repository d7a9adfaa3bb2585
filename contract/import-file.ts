// Reading a file to import: its bytes as text (or why it is not a CSV file), the CSV as a table,
// which columns hold what (in our own export and in the exports of the services people move from),
// and the table as rows of cells. Shared by the extension's "Import links" (in a worker) and the
// service's `import` command, so that both read a file the same way; what a row must be to become
// a link is in import-rows.ts. The column names and where each was read are in
// test/fixtures/import/README.md.
import Papa from 'papaparse';
import { readCell } from './csv.ts';

/** What the extension takes in one import; the service's command line takes any number. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export type ImportField =
  | 'destination'
  | 'backHalf'
  | 'title'
  | 'domain'
  | 'shortUrl'
  | 'tags'
  | 'expiresAt'
  | 'maxClicks';

/** Which column (0-based) holds each field; a destination is required to import. */
export type ColumnMap = Partial<Record<ImportField, number>>;

/**
 * Header names, compared in lower case with everything but letters and digits dropped (so
 * `Long URL`, `long_url` and `longUrl` are one name), first match wins within a field.
 */
const NAMES: Record<ImportField, readonly string[]> = {
  destination: [
    'destinationurl', // ours, Dub's export ("Destination URL")
    'longurl', // Bitly (long_url), Shlink (longUrl)
    'originalurl', // Short.io (originalURL)
    'destination', // Rebrandly
    'target', // Kutt
    'url', // YOURLS, Dub's API (url)
    'targeturl',
    'redirecturl',
  ],
  backHalf: [
    'backhalf',
    'slug',
    'keyword', // YOURLS
    'shortcode', // Shlink
    'slashtag', // Rebrandly
    'customurl',
    'key', // Dub
    'address', // Kutt
    'path', // Short.io
    'alias',
  ],
  title: ['title', 'description' /* Kutt */, 'name'],
  domain: ['domain', 'domainname', 'shortdomain'],
  shortUrl: [
    'shorturl', // ours (short_url), Short.io (shortURL), Rebrandly (shortUrl), Shlink
    'shortlink', // Dub's export ("Short link"), Dub's API (shortLink)
    'link', // Bitly, Kutt
    'bitlink',
  ],
  // Names separated by `,` (ours, Dub's "Tags", Bitly's `tags` list) or `|` (Shlink's "Tags").
  tags: ['tags', 'tag'],
  expiresAt: [
    'expiresat' /* ours (expires_at), Dub's API (expiresAt) */,
    'validuntil' /* Shlink */,
  ],
  maxClicks: ['maxclicks' /* ours (max_clicks) */, 'maxvisits' /* Shlink */],
};

const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The columns a header row names, by the names above. */
export function recogniseColumns(header: readonly string[]): ColumnMap {
  const keys = header.map(headerKey);
  const columns: ColumnMap = {};
  const used = new Set<number>();
  for (const field of Object.keys(NAMES) as ImportField[]) {
    for (const name of NAMES[field]) {
      const index = keys.findIndex((key, i) => key === name && !used.has(i));
      if (index >= 0) {
        columns[field] = index;
        used.add(index);
        break;
      }
    }
  }
  return columns;
}

const looksLikeAddress = (cell: string) => /^\s*https?:\/\//i.test(cell);

/** A file read into rows of cells, with what each column holds as far as it could be told. */
export type ImportTable = {
  /** The first row's cells when it is a header, else undefined (a list of addresses). */
  header: string[] | undefined;
  rows: string[][];
  /** Each row's number as a spreadsheet shows it: blank rows are skipped but keep their number. */
  rowNumbers: number[];
  columns: ColumnMap;
  delimiter: string;
};

/**
 * What keeps a file from being read, as a code and its values: the extension says it in the
 * person's language (its messages), the service's command line in English (`importIssueEnglish`).
 */
export type ImportIssue =
  | {
      code:
        | 'archive'
        | 'oldExcel'
        | 'pdf'
        | 'compressed'
        | 'notUtf8'
        | 'notText'
        | 'empty'
        | 'headerOnly'
        | 'noDestinationColumn';
    }
  | { code: 'image'; format: 'PNG' | 'JPEG' | 'GIF' }
  /** A quote opened on `line` (1-based, as an editor counts) is not closed where its cell ends. */
  | { code: 'unclosedQuote'; line: number };

const SAVE_AS_CSV = 'save it as CSV (comma- or semicolon-separated) and import that file';

/** An issue of a file in the English of the service's command line. */
export function importIssueEnglish(issue: ImportIssue): string {
  switch (issue.code) {
    case 'archive':
      return `This file is a spreadsheet or an archive (.xlsx, .ods, .zip), not a CSV file: ${SAVE_AS_CSV}.`;
    case 'oldExcel':
      return `This file is a spreadsheet in the old Excel format (.xls), not a CSV file: ${SAVE_AS_CSV}.`;
    case 'pdf':
      return `This file is a PDF document, not a CSV file: ${SAVE_AS_CSV}.`;
    case 'image':
      return `This file is an image (${issue.format}), not a CSV file: ${SAVE_AS_CSV}.`;
    case 'compressed':
      return `This file is a compressed file (.gz), not a CSV file: ${SAVE_AS_CSV}.`;
    case 'notUtf8':
      return `This file is not UTF-8 text, so it cannot be read as CSV: ${SAVE_AS_CSV}, choosing UTF-8.`;
    case 'notText':
      return `This file is not text: ${SAVE_AS_CSV}.`;
    case 'empty':
      return 'The file is empty: it has no links to import.';
    case 'headerOnly':
      return 'The file has a header but no rows: it has no links to import.';
    case 'noDestinationColumn':
      return 'No column holds the addresses: name it destination_url (or url, long_url), or choose it by hand.';
    case 'unclosedQuote':
      return `Line ${issue.line} opens a quote (") that is not closed where its cell ends, so the rows after it cannot be told apart: close the quote or remove it, and import the file again.`;
  }
}

export type ImportRead =
  | { ok: true; table: ImportTable }
  /** With a table: the file was read, but which column holds the addresses must be chosen. */
  | { ok: false; issue: ImportIssue; problem: string; table?: ImportTable };

const refuseFile = (issue: ImportIssue, table?: ImportTable) =>
  ({ ok: false, issue, problem: importIssueEnglish(issue), table }) as const;

/** A file's first bytes, when they say it is a spreadsheet, an image, a PDF or an archive. */
const NOT_TEXT: readonly [readonly number[], ImportIssue][] = [
  [[0x50, 0x4b, 0x03, 0x04], { code: 'archive' }],
  [[0xd0, 0xcf, 0x11, 0xe0], { code: 'oldExcel' }],
  [[0x25, 0x50, 0x44, 0x46], { code: 'pdf' }],
  [[0x89, 0x50, 0x4e, 0x47], { code: 'image', format: 'PNG' }],
  [[0xff, 0xd8, 0xff], { code: 'image', format: 'JPEG' }],
  [[0x47, 0x49, 0x46, 0x38], { code: 'image', format: 'GIF' }],
  [[0x1f, 0x8b], { code: 'compressed' }],
];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

/**
 * The text of a file's bytes, or why it is not a CSV file: a spreadsheet, an image or other
 * binary, or text that is not UTF-8. A byte-order mark is dropped.
 */
export function decodeImportFile(
  bytes: Uint8Array,
): { text: string } | { issue: ImportIssue; problem: string } {
  const refuse = (issue: ImportIssue) => ({ issue, problem: importIssueEnglish(issue) });
  for (const [magic, issue] of NOT_TEXT) {
    if (startsWith(bytes, magic)) return refuse(issue);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse({ code: 'notUtf8' });
  }
  if (text.includes('\0')) return refuse({ code: 'notText' });
  return { text };
}

/**
 * Reads CSV text (comma, semicolon, tab or bar separated, as papaparse detects; quoted line breaks
 * kept in their cell) or plain lines of addresses. CRLF, LF and CR each end a row, mixed in one
 * file as they come (papaparse alone takes the first it meets as the only one, and the rows ended
 * by the others ran into one cell). A quote left open refuses the file, naming its line: what
 * follows it can no longer be told apart into rows, and a guess would make links of folded or
 * split rows; nothing has been sent yet, so the person loses nothing by fixing one character.
 * The first row is a header when it names a destination column, or when none of its cells is an
 * address; else every row is data and the first column holding an address is the destination.
 */
export function readImportText(text: string): ImportRead {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (body.trim() === '') return refuseFile({ code: 'empty' });
  // The separator guessed with blank lines left out, as they would sway it; the rows read with
  // them kept, so that each row keeps the number a spreadsheet gives it.
  const { delimiter } = Papa.parse(body, {
    newline: '\n',
    skipEmptyLines: 'greedy',
    preview: 1,
  }).meta;
  const parsed = Papa.parse<string[]>(body, { newline: '\n', delimiter });
  const quote = parsed.errors.find((error) => error.type === 'Quotes');
  if (quote) {
    // The index papaparse gives is just after the opening quote, whichever quote error it is.
    const opened = Math.max(0, (quote.index ?? 1) - 1);
    const line = body.slice(0, opened).split('\n').length;
    return refuseFile({ code: 'unclosedQuote', line });
  }
  const numbered = parsed.data
    .map((cells, index) => ({ cells, number: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const rows = numbered.map(({ cells }) => cells);
  const first = rows[0] ?? [];
  const named = recogniseColumns(first);
  const firstIsData = named.destination === undefined && first.some(looksLikeAddress);
  const header = firstIsData ? undefined : first.map((cell) => cell.trim());
  const columns = firstIsData ? { destination: first.findIndex(looksLikeAddress) } : named;
  const table: ImportTable = {
    header,
    rows: firstIsData ? rows : rows.slice(1),
    rowNumbers: numbered.slice(firstIsData ? 0 : 1).map(({ number }) => number),
    columns,
    delimiter: parsed.meta.delimiter,
  };
  if (table.rows.length === 0) return refuseFile({ code: 'headerOnly' });
  if (columns.destination === undefined) return refuseFile({ code: 'noDestinationColumn' }, table);
  return { ok: true, table };
}

/** One data row as the import reads it; `row` is its number as a spreadsheet shows it. */
export type ImportRow = {
  row: number;
  destination: string;
  backHalf: string;
  title: string;
  domain: string;
  shortUrl: string;
  /** The tags cell as written: names separated by `,` or `|` (contract/import-rows.ts). */
  tags?: string;
  /** The expiry and click limit cells as written, checked by checkImportLinkEnd (import-rows.ts). */
  expiresAt?: string;
  maxClicks?: string;
};

export function importRows(table: ImportTable, columns: ColumnMap = table.columns): ImportRow[] {
  const cell = (cells: string[], field: ImportField) => {
    const index = columns[field];
    // A cell our export marked (contract/csv.ts) reads back exactly; nothing is ever evaluated.
    return index === undefined ? '' : readCell(cells[index] ?? '');
  };
  return table.rows.map((cells, index) => ({
    row: table.rowNumbers[index] ?? index + 1,
    destination: cell(cells, 'destination'),
    backHalf: cell(cells, 'backHalf'),
    // A title may not hold a line break (contract/wire.ts); one in a quoted cell becomes a space.
    title: cell(cells, 'title').replace(/\s*[\r\n]+\s*/g, ' '),
    domain: cell(cells, 'domain'),
    shortUrl: cell(cells, 'shortUrl'),
    tags: cell(cells, 'tags'),
    expiresAt: cell(cells, 'expiresAt'),
    maxClicks: cell(cells, 'maxClicks'),
  }));
}
