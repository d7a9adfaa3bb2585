// GET /v1/links/<domain>/<back_half>/stats: a link's click statistics, from the aggregates the
// click batches write (clicks.ts), with what is still in memory added, as a link's clicks are.
import { type Context, Hono } from 'hono';
import { ErrorCode } from '../../contract/limits.ts';
import {
  DEVICE_TYPES,
  type LinkStatsAnswerJson,
  type LinkStatsJson,
  STATS_MAX_REFERRERS,
} from '../../contract/link-stats.ts';
import type { AccountEnv } from '../accounts/auth.ts';
import { jsonResponse } from '../http/compress.ts';
import { HttpProblem } from '../http/problems.ts';
import type { Clock } from '../shared/clock.ts';
import { linkIdentityOf } from '../shared/link-identity.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import { REFERRER_GROUPS, type StatCount, type Storage } from '../storage/storage.ts';
import { type ClickCounter, DAY_MS } from './clicks.ts';
import { botsAsked, peopleOnly } from './stats-privacy.ts';
import { bucketsOf, compactBucket, daysOf, rangeAsked, type StatsRange } from './stats-range.ts';

export type StatsRouteDeps = {
  store: Storage;
  clicks: ClickCounter;
  domains: ShortDomains;
  /** The clock that says which day is today (UTC). */
  clock: Clock;
};

type DayCount = Omit<StatCount, 'linkId'>;

/** Clicks by value, most first; ties by value, so the order is the same on every read. */
function ranked(totals: Map<string, number>): [string, number][] {
  return [...totals].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
}

type ReferrerJson = LinkStatsJson['referrers'][number];

/** A stored referrer value as the answer names it. */
export function referrerJson(value: string, clicks: number): ReferrerJson {
  if (value === '') return { host: null, kind: 'direct', clicks };
  if (value === REFERRER_GROUPS.other) return { host: null, kind: 'other', clicks };
  if (value === REFERRER_GROUPS.ipAddress) return { host: null, kind: 'ip_address', clicks };
  return { host: value, kind: 'host', clicks };
}

/**
 * The STATS_MAX_REFERRERS most clicked referrers of the days asked, then the others as one, last:
 * each day keeps its own most clicked (storage.ts REFERRERS_KEPT), and many days hold many.
 */
function topReferrers(totals: Map<string, number>): ReferrerJson[] {
  let others = totals.get(REFERRER_GROUPS.other) ?? 0;
  totals.delete(REFERRER_GROUPS.other);
  const all = ranked(totals);
  for (const [, clicks] of all.slice(STATS_MAX_REFERRERS)) others += clicks;
  const top = all
    .slice(0, STATS_MAX_REFERRERS)
    .map(([value, clicks]) => referrerJson(value, clicks));
  if (others > 0) top.push(referrerJson(REFERRER_GROUPS.other, others));
  return top;
}

/**
 * The answer's statistics of a range from the counts of the days it touches: the buckets and
 * totals of the range itself, the days and the lists of its whole days.
 */
export function summarize(
  counts: DayCount[],
  range: StatsRange,
): Omit<LinkStatsJson, 'expired_visits'> {
  const { fromDay, toDay } = daysOf(range);
  const perDay = Array.from({ length: toDay - fromDay + 1 }, (_, i) => ({
    date: new Date((fromDay + i) * DAY_MS).toISOString().slice(0, 10),
    humans: 0,
    bots: 0,
    qr_scans: 0,
    visitors: 0,
  }));
  const totals = {
    referrer: new Map<string, number>(),
    device: new Map<string, number>(),
    browser: new Map<string, number>(),
    os: new Map<string, number>(),
    country: new Map<string, number>(),
  };
  for (const { day, facet, value, clicks } of counts) {
    const entry = perDay[day - fromDay];
    if (!entry) continue;
    if (facet === 'human') entry.humans += clicks;
    else if (facet === 'bot') entry.bots += clicks;
    else if (facet === 'qr') entry.qr_scans += clicks;
    else if (facet === 'visitor') entry.visitors += clicks;
    else if (facet in totals) {
      const facetTotals = totals[facet as keyof typeof totals];
      facetTotals.set(value, (facetTotals.get(value) ?? 0) + clicks);
    }
  }
  const deviceType = (value: string) =>
    (DEVICE_TYPES as readonly string[]).includes(value)
      ? (value as (typeof DEVICE_TYPES)[number])
      : 'other';
  const buckets = bucketsOf(counts, range);
  return {
    humans: buckets.reduce((sum, bucket) => sum + bucket.humans, 0),
    bots: buckets.reduce((sum, bucket) => sum + bucket.bots, 0),
    qr_scans: buckets.reduce((sum, bucket) => sum + bucket.qr_scans, 0),
    // A day's count is its distinct visitors: a person on two days is counted on each.
    visitors: buckets.reduce((sum, bucket) => sum + bucket.visitors, 0),
    from: new Date(range.fromMs).toISOString(),
    to: new Date(range.toMs).toISOString(),
    granularity: range.granularity,
    buckets: buckets.map(compactBucket),
    days: perDay,
    referrers: topReferrers(totals.referrer),
    devices: ranked(totals.device).map(([type, clicks]) => ({ type: deviceType(type), clicks })),
    browsers: ranked(totals.browser).map(([name, clicks]) => ({ name, clicks })),
    systems: ranked(totals.os).map(([name, clicks]) => ({ name, clicks })),
    countries: ranked(totals.country).map(([code, clicks]) => ({ code, clicks })),
  };
}

/** Mounted at /v1/links before linkRoutes (whose `/*` would take the path), behind requireApiKey. */
export function statsRoutes(deps: StatsRouteDeps): Hono<AccountEnv> {
  const { store, clicks, domains, clock } = deps;
  const stats = new Hono<AccountEnv>();

  const answerStats = async (c: Context<AccountEnv>) => {
    const range = rangeAsked((name) => c.req.query(name), clock.now());
    const bots = botsAsked(c.req.query('bots'));
    const { fromDay, toDay } = daysOf(range);
    const identity = linkIdentityOf(c.req.url, domains, '/stats');
    // Visitors held in memory are counted only by the write that marks them (a mark stored
    // already is no new visitor): what is held is written first, when the database takes it.
    await clicks.flush();
    // As a link's clicks: what is stored plus what is held, read so that no batch is in both.
    const read = await clicks.settled(async () => {
      const link =
        identity &&
        (await store.linkOf(c.get('owner').accountId, identity.domain, identity.backHalf));
      if (!link) return undefined;
      const stored = await store.clickStats(link.id, fromDay, toDay);
      return {
        counts: [...stored.counts, ...clicks.pendingStatsOf(link.id, stored.storedBatch)],
        expiredVisits: link.expiredVisits + clicks.pendingExpiredOf(link.id, link.storedBatch),
      };
    });
    if (!read) throw new HttpProblem(ErrorCode.notFound, 'No link with this short URL.');
    const answer: LinkStatsAnswerJson = {
      success: true,
      stats: {
        ...summarize(bots === 'exclude' ? peopleOnly(read.counts) : read.counts, range),
        expired_visits: read.expiredVisits,
      },
    };
    // A year of days is ~16 kB of JSON: compressed as the list is, when the client accepts it.
    return jsonResponse(answer, c.req.header('accept-encoding'));
  };
  stats.get('/:host/:backHalf/stats', answerStats);
  // The identifier in one segment, its slash sent as %2F; without one, `<host>/stats` is the link
  // whose back-half is "stats", which linkRoutes answers.
  stats.get('/:link{.+%2[Ff].+}/stats', answerStats);

  return stats;
}
