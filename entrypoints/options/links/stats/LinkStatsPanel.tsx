import { useId, useMemo, useState } from 'react';
import type { Account } from '../../../../lib/account/account.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import { t } from '../../../../lib/i18n/t.ts';
import {
  addDays,
  localDate,
  type RangeChoice,
  rangesFor,
} from '../../../../lib/statistics/link-range.ts';
import { BucketTable } from './BucketTable.tsx';
import { ClicksChart } from './ClicksChart.tsx';
import { type CustomDates, RangePicker } from './RangePicker.tsx';
import { RankedBars } from './RankedBars.tsx';
import { StatsFigures } from './StatsFigures.tsx';
import { bucketsToCsv, downloadBucketsCsv, type ShownColumns } from './stats-csv.ts';
import { changeSentence, chartLabel, shownBuckets, totalBots, totalClicks } from './stats-shown.ts';
import { countryName, deviceName, referrerRows } from './stats-view.ts';
import { useLinkRange } from './use-link-range.ts';
import './stats.css';

/** A custom range starts as the last 30 days, for the person to move from. */
const firstCustomDates = (): CustomDates => {
  const today = localDate(new Date());
  return { from: addDays(today, -29), to: today };
};

/**
 * A link's clicks over a range in the viewer's time zone: the totals (clicks, people, QR scans,
 * bots) and their change on the range before, a chart with its numbers as a table on demand and
 * as a CSV file, then where they came from: referrers, devices, browsers, systems and countries.
 * Loaded with the details pane only.
 */
export default function LinkStatsPanel({ link, account }: { link: Link; account: Account }) {
  const [choice, setChoice] = useState<RangeChoice>('30d');
  const [custom, setCustom] = useState<CustomDates>(firstCustomDates);
  const [excludeBots, setExcludeBots] = useState(false);
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const excludeId = useId();
  const ranges = useMemo(() => rangesFor(choice, new Date(), custom), [choice, custom]);
  const load = useLinkRange(account, link.shortUrl, choice, ranges);

  if (load.state === 'none') return null;
  const local = load.state === 'local';
  const stats = load.state === 'shown' ? load.stats : undefined;
  const shown =
    load.state === 'shown' || load.state === 'local'
      ? {
          choice: load.choice,
          ranges: load.ranges,
          granularity: stats?.granularity ?? 'day',
          buckets: shownBuckets(
            stats?.buckets ?? (local ? load.buckets : []),
            stats?.granularity ?? 'day',
            excludeBots,
          ),
        }
      : undefined;
  const columns: ShownColumns = {
    bots: !local && !excludeBots,
    visitors: stats?.visitors !== undefined,
    qrScans: stats?.qrScans !== undefined,
  };
  const clicks = shown ? totalClicks(shown.buckets) : 0;
  const previous =
    load.state === 'shown' && load.previous
      ? totalClicks(shownBuckets(load.previous.buckets, load.previous.granularity, excludeBots))
      : undefined;
  const label = shown ? chartLabel(shown.choice, shown.granularity, shown.ranges.current) : '';
  const clicksLabel = t('statsClicks');

  return (
    <section className="link-stats" aria-labelledby={headingId}>
      <div className="stats-head">
        <h4 id={headingId}>{local ? t('clicksSeenByThisBrowser') : t('statsClicks')}</h4>
        <RangePicker choice={choice} custom={custom} onChoice={setChoice} onCustom={setCustom} />
      </div>
      {load.state === 'loading' && <p className="hint">{t('statsLoading')}</p>}
      {load.state === 'failed' && (
        <p className="hint" role="status">
          {t('statsFailed', load.message)}
        </p>
      )}
      {shown && (
        <>
          {stats && (
            <>
              <p className="stats-exclude">
                <input
                  id={excludeId}
                  type="checkbox"
                  checked={excludeBots}
                  onChange={(event) => setExcludeBots(event.target.checked)}
                />
                <label htmlFor={excludeId}>{t('statsExcludeBots')}</label>
              </p>
              <StatsFigures
                figures={{
                  clicks,
                  visitors: stats.visitors,
                  qrScans: stats.qrScans,
                  bots: excludeBots ? undefined : totalBots(shown.buckets),
                }}
                change={
                  previous === undefined
                    ? undefined
                    : changeSentence(shown.choice, clicks, previous)
                }
              />
            </>
          )}
          <ClicksChart
            points={shown.buckets}
            label={label}
            clicksLabel={clicksLabel}
            botsLabel={t('statsBots')}
          />
          <p className="stats-actions">
            <button type="button" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {t('statsShowAsTable')}
            </button>
            <button
              type="button"
              onClick={() =>
                downloadBucketsCsv(
                  `statistics-${shown.ranges.current.from.slice(0, 10)}-${shown.ranges.current.to.slice(0, 10)}.csv`,
                  bucketsToCsv(shown.buckets, columns),
                )
              }
            >
              {t('statsDownloadCsv')}
            </button>
          </p>
          {asTable && (
            <BucketTable
              buckets={shown.buckets}
              granularity={shown.granularity}
              columns={columns}
              caption={label}
              clicksLabel={clicksLabel}
            />
          )}
          <RankedBars heading={t('statsReferrers')} rows={referrerRows(stats?.referrers ?? [])} />
          <RankedBars
            heading={t('statsDevices')}
            rows={(stats?.devices ?? []).map((d) => ({
              name: deviceName(d.type),
              clicks: d.clicks,
            }))}
          />
          <RankedBars heading={t('statsBrowsers')} rows={stats?.browsers ?? []} names="proper" />
          <RankedBars heading={t('statsSystems')} rows={stats?.systems ?? []} names="proper" />
          <RankedBars
            heading={t('statsCountries')}
            rows={(stats?.countries ?? []).map((c) => ({
              name: countryName(c.code),
              clicks: c.clicks,
            }))}
          />
        </>
      )}
    </section>
  );
}
