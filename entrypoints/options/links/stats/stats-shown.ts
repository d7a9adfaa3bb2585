// What the statistics pane shows of a range, worked out apart from the screen: each bucket in the
// viewer's time zone (hours as local hours, days as the dates asked for, months), what it counts
// with or without bots, the totals, and the change on the previous range.
import type { StatsGranularity } from '../../../../contract/link-stats.ts';
import { formatDate, formatNumber } from '../../../../lib/i18n/format.ts';
import { type MessageKey, plural, t } from '../../../../lib/i18n/t.ts';
import {
  changeOnPrevious,
  localHour,
  type RangeChoice,
  shownHour,
} from '../../../../lib/statistics/link-range.ts';
import type { RangeBucket } from '../../../../lib/statistics/link-range-call.ts';
import { dayName } from './stats-view.ts';

export type ShownBucket = {
  /** The bucket as a spreadsheet reads it: YYYY-MM-DDTHH:00 (local), YYYY-MM-DD or YYYY-MM. */
  period: string;
  /** Its start as the service said it (UTC). */
  startUtc: string;
  /** Where the chart puts it: seconds, a local instant for hours, the date's UTC midnight else. */
  at: number;
  /** As the page writes it, in the person's language. */
  label: string;
  /** Short, for the chart's axis. */
  tick: string;
  clicks: number;
  bots: number;
  visitors: number | undefined;
  qrScans: number | undefined;
};

/** How a bucket of each size is read: where it sits and how it is written. */
function placed(start: string, granularity: StatsGranularity) {
  const startMs = Date.parse(start);
  if (granularity === 'hour') {
    const shown = new Date(shownHour(startMs));
    return {
      period: localHour(startMs),
      at: shown.getTime() / 1000,
      label: formatDate(shown, {
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }),
      tick: formatDate(shown, { hour: 'numeric', minute: '2-digit' }),
    };
  }
  // Days and months are the service's UTC ones, named by their date: the dates asked for.
  const date = new Date(startMs).toISOString().slice(0, 10);
  const at = Date.parse(`${date}T00:00:00Z`) / 1000;
  if (granularity === 'day') return { period: date, at, label: dayName(date), tick: dayName(date) };
  const month = formatDate(new Date(at * 1000), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return { period: date.slice(0, 7), at, label: month, tick: month };
}

/** The buckets as shown: with `excludeBots`, the clicks are the people's only and bots none. */
export function shownBuckets(
  buckets: RangeBucket[],
  granularity: StatsGranularity,
  excludeBots: boolean,
): ShownBucket[] {
  return buckets.map((bucket) => ({
    ...placed(bucket.start, granularity),
    startUtc: bucket.start,
    clicks: bucket.humans + (excludeBots ? 0 : bucket.bots),
    bots: excludeBots ? 0 : bucket.bots,
    visitors: bucket.visitors,
    qrScans: bucket.qrScans,
  }));
}

export const totalClicks = (buckets: { clicks: number }[]) =>
  buckets.reduce((sum, bucket) => sum + bucket.clicks, 0);
export const totalBots = (buckets: { bots: number }[]) =>
  buckets.reduce((sum, bucket) => sum + bucket.bots, 0);

const CHANGE_ON: Record<RangeChoice, MessageKey> = {
  '24h': 'statsChangeOn24Hours',
  '7d': 'statsChangeOn7Days',
  '30d': 'statsChangeOn30Days',
  '90d': 'statsChangeOn90Days',
  '12m': 'statsChangeOn12Months',
  custom: 'statsChangeOnPeriod',
};

/** "+18 % on the previous 7 days"; undefined when the previous range had no clicks. */
export function changeSentence(
  choice: RangeChoice,
  current: number,
  previous: number,
): string | undefined {
  const change = changeOnPrevious(current, previous);
  if (change === undefined) return undefined;
  const percent = formatNumber(change, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  });
  return t(CHANGE_ON[choice], percent);
}

/** The chart's name and its table's caption: what is counted per what, over which range. */
export function chartLabel(
  choice: RangeChoice,
  granularity: StatsGranularity,
  range: { from: string; to: string; days: number },
): string {
  if (choice === '24h' && granularity === 'hour') return t('statsChartLabel24Hours');
  if (choice === '12m' && granularity === 'month') return t('statsChartLabel12Months');
  if (choice === 'custom')
    return t('statsChartLabelCustom', dayName(range.from), dayName(range.to));
  return plural('statsChartLabel', range.days);
}

/** The first column's heading: what one bucket is. */
export const bucketHeading = (granularity: StatsGranularity) =>
  t(granularity === 'hour' ? 'statsHour' : granularity === 'month' ? 'statsMonth' : 'statsDay');
