import { useEffect, useId, useState } from 'react';
import type { Account } from '../../../../lib/account/account.ts';
import type { Link, LinkStats } from '../../../../lib/api/schemas.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { plural, t } from '../../../../lib/i18n/t.ts';
import { recordedDays } from '../../../../lib/stats/click-record.ts';
import { readLinkClickRecord } from '../../../../lib/stats/click-record-store.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';
import { ClicksChart } from './ClicksChart.tsx';
import {
  type ClicksDay,
  chartLabel,
  countryName,
  dayName,
  deviceName,
  referrerRows,
  STATS_RANGES,
  type StatsRange,
} from './stats-view.ts';
import './stats.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'failed'; message: string }
  | { state: 'shown'; stats: LinkStats }
  /** The service has no statistics: this browser's own record of the link (click-record.ts). */
  | { state: 'local'; days: ClicksDay[] };

/** The link's days from the account's local record; undefined when this browser never saw it. */
async function localDays(account: Account, shortUrl: string, days: number) {
  const record = await readLinkClickRecord(account.connection.id, shortUrl);
  return recordedDays(record, shortUrl, days, Date.now())?.map(({ date, clicks }) => ({
    date,
    humans: clicks,
    bots: 0,
  }));
}

type RankedRow = {
  name: string;
  clicks: number;
  /** A host: read left to right whatever the page's direction. */
  address?: boolean;
};

function Ranked({ heading, rows }: { heading: string; rows: RankedRow[] }) {
  const id = useId();
  if (rows.length === 0) return null;
  return (
    <section className="stats-list" aria-labelledby={id}>
      <h4 id={id}>{heading}</h4>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.address ? <bdi dir="ltr">{row.name}</bdi> : row.name}</th>
              <td>{formatNumber(row.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A link's clicks per day as a chart (people, bots apart) with its numbers as a table on demand,
 * then where they came from: referrers, devices and countries. Loaded with the details pane only.
 */
export default function LinkStatsPanel({ link, account }: { link: Link; account: Account }) {
  const [days, setDays] = useState<StatsRange>(30);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const rangeId = useId();

  useEffect(() => {
    const lifetime = new AbortController();
    setLoaded((before) => (before.state === 'shown' ? before : { state: 'loading' }));
    account
      .client()
      .then((client) => client.getLinkStats(link.shortUrl, days, { signal: lifetime.signal }))
      .then(async (stats) => {
        if (stats) return { state: 'shown', stats } as const;
        const local = await localDays(account, link.shortUrl, days);
        return local ? ({ state: 'local', days: local } as const) : ({ state: 'none' } as const);
      })
      .then(
        (next) => {
          if (!lifetime.signal.aborted) setLoaded(next);
        },
        (error: unknown) => {
          if (lifetime.signal.aborted) return;
          setLoaded({ state: 'failed', message: describeApiError(error).message });
        },
      );
    return () => lifetime.abort();
  }, [account, link.shortUrl, days]);

  if (loaded.state === 'none') return null;
  const stats = loaded.state === 'shown' ? loaded.stats : undefined;
  const local = loaded.state === 'local';
  const shownDays = stats?.days ?? (loaded.state === 'local' ? loaded.days : undefined);
  const peopleLabel = local ? t('statsClicks') : t('statsPeople');

  return (
    <section className="link-stats" aria-labelledby={headingId}>
      <div className="stats-head">
        <h4 id={headingId}>{local ? t('clicksSeenByThisBrowser') : t('statsClicks')}</h4>
        <label htmlFor={rangeId}>{t('statsRange')}</label>
        <select
          id={rangeId}
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as StatsRange)}
        >
          {STATS_RANGES.map((range) => (
            <option key={range} value={range}>
              {plural('statsLastDays', range)}
            </option>
          ))}
        </select>
      </div>
      {loaded.state === 'loading' && <p className="hint">{t('statsLoading')}</p>}
      {loaded.state === 'failed' && (
        <p className="hint" role="status">
          {t('statsFailed', loaded.message)}
        </p>
      )}
      {shownDays && (
        <>
          {stats && (
            <p className="stats-totals">
              {t(
                'statsTotals',
                formatNumber(stats.days.reduce((sum, day) => sum + day.humans, 0)),
                formatNumber(stats.days.reduce((sum, day) => sum + day.bots, 0)),
              )}
            </p>
          )}
          <ClicksChart
            days={shownDays}
            label={chartLabel(days)}
            peopleLabel={peopleLabel}
            botsLabel={t('statsBots')}
          />
          <p>
            <button type="button" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {t('statsShowAsTable')}
            </button>
          </p>
          {asTable && (
            <table className="stats-days">
              <caption>{chartLabel(days)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('statsDay')}</th>
                  <th scope="col">{peopleLabel}</th>
                  {!local && <th scope="col">{t('statsBots')}</th>}
                </tr>
              </thead>
              <tbody>
                {shownDays.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">
                      <time dateTime={day.date}>{dayName(day.date)}</time>
                    </th>
                    <td>{formatNumber(day.humans)}</td>
                    {!local && <td>{formatNumber(day.bots)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Ranked heading={t('statsReferrers')} rows={referrerRows(stats?.referrers ?? [])} />
          <Ranked
            heading={t('statsDevices')}
            rows={(stats?.devices ?? []).map((d) => ({
              name: deviceName(d.type),
              clicks: d.clicks,
            }))}
          />
          <Ranked
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
