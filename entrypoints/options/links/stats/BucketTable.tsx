import type { StatsGranularity } from '../../../../contract/link-stats.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { t } from '../../../../lib/i18n/t.ts';
import type { ShownColumns } from './stats-csv.ts';
import { bucketHeading, type ShownBucket } from './stats-shown.ts';

/** The chart's numbers, one row a bucket, with the columns the pane shows. */
export function BucketTable({
  buckets,
  granularity,
  columns,
  caption,
  clicksLabel,
}: {
  buckets: ShownBucket[];
  granularity: StatsGranularity;
  columns: ShownColumns;
  caption: string;
  clicksLabel: string;
}) {
  return (
    <table className="stats-days">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{bucketHeading(granularity)}</th>
          <th scope="col">{clicksLabel}</th>
          {columns.visitors && <th scope="col">{t('statsPeople')}</th>}
          {columns.qrScans && <th scope="col">{t('statsQrScans')}</th>}
          {columns.bots && <th scope="col">{t('statsBots')}</th>}
        </tr>
      </thead>
      <tbody>
        {buckets.map((bucket) => (
          <tr key={bucket.startUtc}>
            <th scope="row">
              <time dateTime={bucket.period}>{bucket.label}</time>
            </th>
            <td>{formatNumber(bucket.clicks)}</td>
            {columns.visitors && <td>{formatNumber(bucket.visitors ?? 0)}</td>}
            {columns.qrScans && <td>{formatNumber(bucket.qrScans ?? 0)}</td>}
            {columns.bots && <td>{formatNumber(bucket.bots)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
