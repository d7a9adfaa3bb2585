// The import's report: every row the import set aside (the service's `import --report`) or every
// row of the import (the extension's "Download report"), one a line, in one column order for both.
// The column names and the outcomes are a file format, read by programs: English words, as our
// export writes them; the reasons are sentences for the person.
import { csvFile } from './csv.ts';

export const IMPORT_REPORT_COLUMNS = [
  'row',
  'outcome',
  'short_url',
  'destination_url',
  'back_half',
  'reason',
] as const;

/**
 * One row of the file and what became of it. `destinationUrl` and `backHalf` are the row's own
 * (normalised when the row could be read as a link), so that a row set aside can be found and
 * fixed; `shortUrl` is the link made, or the one already there.
 */
export type ImportReportRow = {
  row: number;
  outcome: string;
  shortUrl?: string;
  destinationUrl: string;
  backHalf?: string;
  reason?: string;
};

export function importReportCsv(rows: readonly ImportReportRow[]): string {
  return csvFile(
    IMPORT_REPORT_COLUMNS,
    rows.map((row) => [
      String(row.row),
      row.outcome,
      row.shortUrl ?? '',
      row.destinationUrl,
      row.backHalf ?? '',
      row.reason ?? '',
    ]),
  );
}
