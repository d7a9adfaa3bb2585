import { describe, expect, it } from 'vitest';
import { linksToCsv } from '../entrypoints/options/links/links-csv.ts';
import { markCell, readCell, toCsv } from './csv.ts';
import { decodeImportFile, importRows, readImportText } from './import-file.ts';
import { checkImportRow } from './import-rows.ts';

/** Titles a spreadsheet would run, or that a careless reader would change; every one a valid title. */
const HOSTILE_TITLES = [
  '=1+1',
  '=HYPERLINK("https://evil.example","click")',
  '+1',
  '-1',
  '@SUM(A1)',
  '＝1+1',
  '＝HYPERLINK("https://evil.example")',
  '＋1',
  '－1',
  '＠SUM(A1)',
  ' =1',
  '  two leading spaces',
  'two trailing spaces  ',
  ' both ',
  '\u00A0=1',
  '\u3000＝1',
  '\uFEFF=1',
  '\uFEFFafter a byte-order mark',
  "'=x",
  "''=x",
  "'+1",
  "' =1",
  "'plain",
  "'",
  "''",
  '-',
  '=',
  '"=quoted"',
  'a=b',
  'Plain, with "quotes" and commas',
  '',
];

const reimported = (csv: string) => {
  const decoded = decodeImportFile(new TextEncoder().encode(csv));
  if (!('text' in decoded)) throw new Error(decoded.problem);
  const read = readImportText(decoded.text);
  if (!read.ok) throw new Error(read.problem);
  return importRows(read.table).map((row) => {
    const checked = checkImportRow(row);
    if (!checked.ok) throw new Error(`row ${checked.row}: ${checked.reason}`);
    return checked.link;
  });
};

describe('one rule for cells a spreadsheet would run, on write and on read', () => {
  it(`gives back each of ${HOSTILE_TITLES.length} hostile titles exactly through Export CSV and Import`, () => {
    expect(HOSTILE_TITLES.length).toBeGreaterThanOrEqual(27);
    const csv = linksToCsv(
      HOSTILE_TITLES.map((title, index) => ({
        shortUrl: `https://go.example.com/t${index}`,
        destinationUrl: `https://example.com/${index}`,
        title,
        clicks: 0,
        createdAt: '2026-11-22T10:00:00+00:00',
      })),
    );
    expect(reimported(csv).map((link) => link.title)).toEqual(HOSTILE_TITLES);
  });

  it.each([...HOSTILE_TITLES, '\t=1', '\r=1', '\n=1', 'line\nbreak', "'\t=1"])(
    'reads back %j as it was written',
    (cell) => {
      expect(readCell(markCell(cell))).toBe(cell);
    },
  );

  it.each([
    '=1+1',
    '+1',
    '-1',
    '@x',
    '\t=1',
    '\r=1',
    ' =1',
    '＝HYPERLINK("x")',
    '＋1',
    '－1',
    '＠x',
    '\uFEFF=1',
    "'=x",
  ])('writes %j after a quote mark, so no spreadsheet runs it', (cell) => {
    expect(toCsv([[cell]])).toBe(`"'${cell.replaceAll('"', '""')}"`);
  });

  it.each([
    ['a cell that is only text', 'Plan', 'Plan'],
    ['a hand-written cell with spaces around it', ' Plan ', 'Plan'],
    ["another program's quote before a formula", "'=SUM(1,2)", '=SUM(1,2)'],
    ["a quote of the cell's own before text", "'plain", "'plain"],
  ])('reads %s', (_, raw, read) => {
    expect(readCell(raw)).toBe(read);
  });
});
