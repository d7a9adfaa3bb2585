// "Download report": every row of the import, what became of it, and its short URL.
import type { ImportJob } from '../../../../lib/import-links.ts';
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
