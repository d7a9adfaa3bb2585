import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { IMPORT_REPORT_COLUMNS } from '../../../../contract/import-report.ts';
import { newImportJob } from '../../../../lib/import/import-links.ts';
import { planImportText, rowsToSend } from '../../../../lib/import/import-plan.ts';
import { importJobReportCsv, setAsideRows } from './import-report.ts';

const account = {
  links: [
    { shortUrl: 'https://sho.rt/same', destinationUrl: 'https://example.com/same' },
    { shortUrl: 'https://sho.rt/taken', destinationUrl: 'https://example.com/other' },
  ],
  domains: [],
};

/** The report the dialog downloads for a file checked and handed to the background. */
function reportOf(text: string): string[][] {
  const result = planImportText(text, account);
  if (!result.ok) throw new Error(result.issue.code);
  const job = newImportJob(
    'account',
    rowsToSend(result.plan, 'skip'),
    false,
    setAsideRows(result.plan, false),
  );
  const csv = importJobReportCsv(job);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
}

describe('the import report the dialog downloads', () => {
  it('has the columns of the service’s report, and every row set aside names its destination and back-half', () => {
    const rows = reportOf(
      [
        'url,slug',
        'https://example.com/new,new',
        'https://example.com/same,same',
        'not a url,bad',
        'https://example.com/mine,taken',
        'https://example.com/same,',
      ].join('\n'),
    );
    expect(rows[0]).toEqual([...IMPORT_REPORT_COLUMNS]);
    expect(rows.slice(1).map((cells) => cells.slice(0, 5))).toEqual([
      ['2', 'not sent', '', 'https://example.com/new', 'new'],
      ['3', 'already_there', 'https://sho.rt/same', 'https://example.com/same', 'same'],
      ['4', 'invalid', '', 'not a url', 'bad'],
      ['5', 'back_half_taken', '', 'https://example.com/mine', 'taken'],
      ['6', 'already_there', 'https://sho.rt/same', 'https://example.com/same', ''],
    ]);
    expect(rows[3]?.[5]).toMatch(/not a web address/);
  });

  it('writes a cell a spreadsheet would run, fullwidth signs too, after a quote mark', () => {
    const rows = reportOf(
      ['url,slug', '＝HYPERLINK("https://evil.example"),＋1', '=HYPERLINK("x"),@x'].join('\n'),
    );
    expect(rows.slice(1).map((cells) => [cells[3], cells[4]])).toEqual([
      [`'＝HYPERLINK("https://evil.example")`, "'＋1"],
      [`'=HYPERLINK("x")`, "'@x"],
    ]);
  });
});
