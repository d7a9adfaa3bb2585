// "Download report": every row of the import, what became of it, and its short URL. The column
// names and the outcomes are a file format (English words, as the service's own report and our
// export write them, read by programs); the reasons are sentences for the person, in the language
// the dialog spoke when the row was checked (the service's own words when it refused a row).
import type { ImportJob } from '../../../../lib/import/import-links.ts';
import { toCsv } from '../../../../lib/links/csv.ts';

export function importReportCsv(job: ImportJob): string {
  const rows = job.rows.map((row) => [
    String(row.row),
    row.outcome ?? 'not sent',
    row.shortUrl ?? '',
    row.destinationUrl,
    row.backHalf ?? '',
    row.reason ?? '',
  ]);
  const header = 'row,outcome,short_url,destination_url,back_half,reason';
  return `\uFEFF${header}\r\n${toCsv(rows)}\r\n`;
}
