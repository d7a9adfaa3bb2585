// A link's statistics over a range, asked of the service through ApiClient.call: the range's
// buckets where the service counts ranges, its last days (`?days=`) where it does not.
import type { StatsGranularity } from '../../contract/link-stats.ts';
import { type ApiClient, type CallOptions, linkPath } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import type { LinkStats } from '../api/schemas.ts';
import type { AskedRange } from './link-range.ts';
import { LinkRangeAnswer, type RangeBucket } from './link-range-answer.ts';

export type { RangeBucket } from './link-range-answer.ts';

/** A link's statistics over a range: buckets of `granularity`, oldest first, and the breakdowns. */
export type LinkRangeStats = Omit<LinkRangeAnswer, 'buckets' | 'granularity' | 'days'> & {
  granularity: StatsGranularity;
  buckets: RangeBucket[];
};

export const linkRangePath = (shortUrl: string, range: AskedRange) => {
  const query = new URLSearchParams({
    from: range.from,
    to: range.to,
    granularity: range.granularity,
  });
  return `v1/links/${linkPath(shortUrl)}/stats?${query}`;
};

const daysAsBuckets = (days: LinkStats['days']): RangeBucket[] =>
  days.map(({ date, humans, bots }) => ({
    start: `${date}T00:00:00.000Z`,
    humans,
    bots,
    visitors: undefined,
    qrScans: undefined,
  }));

const noStatistics = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 405);

/**
 * The link's statistics over `range`; undefined when the service has none (404 or 405 to
 * `/stats`). A service whose answer has no buckets is asked again for its last `range.days` days
 * (`?days=`, which every version of ours answers), shown as daily buckets, unless `lastDaysToo`
 * is false: a range that does not end today (the one before, for a comparison) has no such
 * answer, and is undefined there.
 */
export async function fetchLinkRange(
  client: ApiClient,
  shortUrl: string,
  range: AskedRange,
  { signal, lastDaysToo = true }: CallOptions & { lastDaysToo?: boolean } = {},
): Promise<LinkRangeStats | undefined> {
  let answer: LinkRangeAnswer;
  try {
    answer = await client.call('get', linkRangePath(shortUrl, range), LinkRangeAnswer, { signal });
  } catch (error) {
    if (noStatistics(error)) return undefined;
    throw error;
  }
  const { buckets, granularity, days, ...rest } = answer;
  if (buckets !== undefined)
    return { ...rest, granularity: granularity ?? range.granularity, buckets };
  if (!lastDaysToo) return undefined;
  const older = await client.getLinkStats(shortUrl, range.days, { signal });
  if (!older) return undefined;
  const { days: olderDays, ...breakdowns } = older;
  // Only what the second answer counted: the first's totals were of a range it did not know.
  return {
    ...breakdowns,
    visitors: undefined,
    qrScans: undefined,
    browsers: [],
    systems: [],
    granularity: 'day',
    buckets: daysAsBuckets(olderDays),
  };
}
