// A link's statistics over the chosen range and the range before it, loaded while the details
// pane shows them; this browser's own record where the service keeps none.
import { useEffect, useState } from 'react';
import type { Account } from '../../../../lib/account/account.ts';
import {
  datesIn,
  localDate,
  type RangeChoice,
  type RangePair,
} from '../../../../lib/statistics/link-range.ts';
import {
  fetchLinkRange,
  type LinkRangeStats,
  type RangeBucket,
} from '../../../../lib/statistics/link-range-call.ts';
import { recordedDays } from '../../../../lib/stats/click-record.ts';
import { readLinkClickRecord } from '../../../../lib/stats/click-record-store.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';

export type RangeLoad =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'failed'; message: string }
  /** `previous`: undefined when the range before could not be had (no comparison then). */
  | {
      state: 'shown';
      choice: RangeChoice;
      ranges: RangePair;
      stats: LinkRangeStats;
      previous?: LinkRangeStats;
    }
  /** The service has no statistics: this browser's own record of the link (click-record.ts). */
  | { state: 'local'; choice: RangeChoice; ranges: RangePair; buckets: RangeBucket[] };

/** The record's days within the range (its dates; the last day for "24 hours"); none when unseen. */
async function localBuckets(account: Account, shortUrl: string, ranges: RangePair) {
  const { from, to, granularity } = ranges.current;
  const today = localDate(new Date());
  const byDates = granularity !== 'hour';
  const count = byDates ? Math.min(Math.max(datesIn(from, today), 1), 366) : 1;
  const record = await readLinkClickRecord(account.connection.id, shortUrl);
  return recordedDays(record, shortUrl, count, Date.now())
    ?.filter(({ date }) => !byDates || (date >= from && date <= to))
    .map(({ date, clicks }) => ({
      start: `${date}T00:00:00.000Z`,
      humans: clicks,
      bots: 0,
      visitors: undefined,
      qrScans: undefined,
    }));
}

/** Loads `ranges` when they change; none (a custom range being typed) keeps what is shown. */
export function useLinkRange(
  account: Account,
  shortUrl: string,
  choice: RangeChoice,
  ranges: RangePair | undefined,
): RangeLoad {
  const [load, setLoad] = useState<RangeLoad>({ state: 'loading' });
  const rangesKey = ranges ? JSON.stringify(ranges) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the ranges are a new object at each render; their text says when they change.
  useEffect(() => {
    if (!ranges) return;
    const lifetime = new AbortController();
    const { signal } = lifetime;
    setLoad((before) => (before.state === 'shown' ? before : { state: 'loading' }));
    (async (): Promise<RangeLoad> => {
      const client = await account.client();
      const previousAsked = fetchLinkRange(client, shortUrl, ranges.previous, {
        signal,
        lastDaysToo: false,
      }).catch(() => undefined);
      const stats = await fetchLinkRange(client, shortUrl, ranges.current, { signal });
      if (stats) return { state: 'shown', choice, ranges, stats, previous: await previousAsked };
      const buckets = await localBuckets(account, shortUrl, ranges);
      return buckets ? { state: 'local', choice, ranges, buckets } : { state: 'none' };
    })().then(
      (next) => {
        if (!signal.aborted) setLoad(next);
      },
      (error: unknown) => {
        if (!signal.aborted) setLoad({ state: 'failed', message: describeApiError(error).message });
      },
    );
    return () => lifetime.abort();
  }, [account, shortUrl, choice, rangesKey]);

  return load;
}
