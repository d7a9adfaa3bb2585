// "Download CSV": the buckets shown, with their columns, by the Links export's CSV rules
// (contract/csv.ts: every cell quoted, a cell a spreadsheet would run marked).
import { csvFile } from '../../../../contract/csv.ts';
import type { ShownBucket } from './stats-shown.ts';

/** Which of the optional columns the pane shows. */
export type ShownColumns = { bots: boolean; visitors: boolean; qrScans: boolean };

/** The file: `period` as the viewer's zone has it, `start_utc` as the service said it. */
export function bucketsToCsv(buckets: ShownBucket[], columns: ShownColumns): string {
  const header = [
    'period',
    'start_utc',
    'clicks',
    ...(columns.visitors ? ['visitors'] : []),
    ...(columns.qrScans ? ['qr_scans'] : []),
    ...(columns.bots ? ['bots'] : []),
  ];
  const count = (value: number | undefined) => String(value ?? 0);
  const rows = buckets.map((bucket) => [
    bucket.period,
    bucket.startUtc,
    count(bucket.clicks),
    ...(columns.visitors ? [count(bucket.visitors)] : []),
    ...(columns.qrScans ? [count(bucket.qrScans)] : []),
    ...(columns.bots ? [count(bucket.bots)] : []),
  ]);
  return csvFile(header, rows);
}

export function downloadBucketsCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
