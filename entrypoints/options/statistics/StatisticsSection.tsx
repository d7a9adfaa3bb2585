import './statistics.css';
import { useEffect, useId, useState } from 'react';
import { useChosenAccount } from '../../../components/account/AccountSelect.tsx';
import { useAccount } from '../../../components/account/use-account.ts';
import type { Account } from '../../../lib/account/account.ts';
import { formatNumber } from '../../../lib/i18n/format.ts';
import { type MessageKey, plural, t } from '../../../lib/i18n/t.ts';
import { isConfigured } from '../../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../../lib/settings/settings.ts';
import {
  OVERVIEW_RANGES,
  type Overview,
  type OverviewRange,
  readAccountOverview,
} from '../../../lib/statistics/account-overview.ts';
import { describeApiError } from '../../../lib/wording/error-text.ts';
import { openLinkDetails } from '../links/details-request.ts';
import { ClicksChart } from '../links/stats/ClicksChart.tsx';
import { dayName } from '../links/stats/stats-view.ts';
import { OverviewList } from './OverviewList.tsx';
import { overviewLists } from './overview-lists.ts';

const RANGE_NAMES: Record<OverviewRange, MessageKey> = {
  '7d': 'overviewRange7Days',
  '30d': 'overviewRange30Days',
  '90d': 'overviewRange90Days',
  '12m': 'overviewRange12Months',
};

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'shown'; overview: Overview; range: OverviewRange };

/**
 * The "Statistics" section: the whole account's clicks per day, totals and most clicked links,
 * referrers, countries, devices, browsers, systems and campaigns, over a range. Loaded only when
 * shown (App.tsx), with the chart's library.
 */
export default function StatisticsSection({ settings }: { settings: Settings }) {
  const { chosen, accountSelect } = useChosenAccount(settings, 'statistics-account');
  return (
    <section className="options-section statistics-section" aria-labelledby="statistics-heading">
      <h2 id="statistics-heading">{t('sectionStatistics')}</h2>
      {accountSelect}
      {isConfigured(chosen) ? (
        <AccountOverview key={chosen.id} chosen={chosen} />
      ) : (
        <>
          <p>{t('linksNotConfigured')}</p>
          <p>
            <a href="#accounts">{t('linksGoToAccounts')}</a>
          </p>
        </>
      )}
    </section>
  );
}

function useOverview(account: Account, range: OverviewRange): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    const lifetime = new AbortController();
    // The figures on screen stay while another range loads.
    setLoaded((before) => (before.state === 'shown' ? before : { state: 'loading' }));
    readAccountOverview(account, range, { signal: lifetime.signal }).then(
      (overview) => {
        if (!lifetime.signal.aborted) setLoaded({ state: 'shown', overview, range });
      },
      (error: unknown) => {
        if (!lifetime.signal.aborted) {
          setLoaded({ state: 'failed', message: describeApiError(error).message });
        }
      },
    );
    return () => lifetime.abort();
  }, [account, range]);
  return loaded;
}

function AccountOverview({ chosen }: { chosen: AccountSettings }) {
  const account = useAccount(chosen);
  const [range, setRange] = useState<OverviewRange>('30d');
  const [asTable, setAsTable] = useState(false);
  const loaded = useOverview(account, range);
  const rangeId = useId();

  const overview = loaded.state === 'shown' ? loaded.overview : undefined;
  const local = overview?.source === 'local';
  const label = plural(
    'statsChartLabel',
    OVERVIEW_RANGES[loaded.state === 'shown' ? loaded.range : range],
  );
  const clicksLabel = t('statsClicks');
  const lists = overview && overviewLists(overview);
  const open = (shortUrl: string) => openLinkDetails(chosen.id, shortUrl);

  return (
    <div className="overview" aria-busy={loaded.state === 'loading'}>
      <div className="overview-head">
        <h3>{local ? t('clicksSeenByThisBrowser') : t('statsClicks')}</h3>
        <label htmlFor={rangeId}>{t('statsRange')}</label>
        <select
          id={rangeId}
          value={range}
          onChange={(event) => setRange(event.target.value as OverviewRange)}
        >
          {(Object.keys(OVERVIEW_RANGES) as OverviewRange[]).map((each) => (
            <option key={each} value={each}>
              {t(RANGE_NAMES[each])}
            </option>
          ))}
        </select>
      </div>
      {local && <p className="hint">{t('overviewLocalNote')}</p>}
      {loaded.state === 'loading' && <p className="hint">{t('overviewLoading')}</p>}
      {loaded.state === 'failed' && (
        <p className="notice error" role="alert">
          {t('overviewFailed', loaded.message)}
        </p>
      )}
      {overview && lists && (
        <>
          <p className="overview-totals" aria-live="polite">
            {local
              ? formatNumber(overview.humans)
              : t('statsTotals', formatNumber(overview.humans), formatNumber(overview.bots))}
            {overview.qrScans !== undefined &&
              ` · ${t('overviewQrScans', formatNumber(overview.qrScans))}`}
          </p>
          {overview.humans + overview.bots === 0 && <p>{t('overviewNoClicks')}</p>}
          <ClicksChart
            points={overview.days.map((day) => ({
              at: Date.parse(`${day.date}T00:00:00Z`) / 1000,
              tick: dayName(day.date),
              // As in a link's details: all clicks, the bots' part apart.
              clicks: day.humans + day.bots,
              bots: day.bots,
            }))}
            label={label}
            clicksLabel={clicksLabel}
            botsLabel={t('statsBots')}
          />
          <p>
            <button type="button" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {t('statsShowAsTable')}
            </button>
          </p>
          {asTable && (
            <table className="overview-days">
              <caption>{label}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('statsDay')}</th>
                  <th scope="col">{clicksLabel}</th>
                  {!local && <th scope="col">{t('statsBots')}</th>}
                </tr>
              </thead>
              <tbody>
                {overview.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">
                      <time dateTime={day.date}>{dayName(day.date)}</time>
                    </th>
                    <td>{formatNumber(day.humans + day.bots)}</td>
                    {!local && <td>{formatNumber(day.bots)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="overview-lists">
            <OverviewList heading={t('overviewTopLinks')} rows={lists.links} onOpen={open} />
            <OverviewList heading={t('statsReferrers')} rows={lists.referrers} />
            <OverviewList heading={t('statsCountries')} rows={lists.countries} />
            <OverviewList heading={t('statsDevices')} rows={lists.devices} />
            <OverviewList heading={t('overviewBrowsers')} rows={lists.browsers} />
            <OverviewList heading={t('overviewSystems')} rows={lists.systems} />
            <OverviewList heading={t('overviewCampaigns')} rows={lists.campaigns} />
          </div>
        </>
      )}
    </div>
  );
}
