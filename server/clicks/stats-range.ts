// The range a link's statistics are asked for: `days=N` (the last N UTC days, as before), or
// `from` and `to` (ISO dates or instants) with a `granularity`, and the answer's buckets.

import { ErrorCode } from '../../contract/limits.ts';
import {
  STATS_DEFAULT_DAYS,
  STATS_GRANULARITIES,
  STATS_HOURS_KEPT_DAYS,
  STATS_MAX_DAYS,
  type StatsBucketJson,
  type StatsGranularity,
} from '../../contract/link-stats.ts';
import { HttpProblem } from '../http/problems.ts';
import type { StatCount } from '../storage/storage.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A range in whole hours (granularity `hour`) or whole UTC days: `fromMs` included, `toMs` not. */
export type StatsRange = { fromMs: number; toMs: number; granularity: StatsGranularity };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An instant with its zone: `Z` or an offset. Without one, which hour it is would be a guess. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

const invalid = (field: string, message: string) =>
  new HttpProblem(ErrorCode.invalidField, message, { field });

/** A `from` or `to` as milliseconds; a date is its first instant (UTC), `end`: its last. */
function instantOf(field: 'from' | 'to', text: string, end: boolean): number {
  if (DATE.test(text)) {
    const ms = Date.parse(`${text}T00:00:00Z`);
    // Date.parse takes 2026-02-30 for March 2nd: only a date that reads back the same is one.
    if (Number.isFinite(ms) && new Date(ms).toISOString().startsWith(text)) {
      return end ? ms + DAY_MS : ms;
    }
  } else if (INSTANT.test(text)) {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms;
  }
  throw invalid(
    field,
    `"${field}" must be an ISO date (2026-11-26) or an instant with its zone (2026-11-26T13:00:00Z).`,
  );
}

function daysAsked(text: string): number {
  const days = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(days >= 1 && days <= STATS_MAX_DAYS)) {
    throw invalid('days', `"days" must be a whole number from 1 to ${STATS_MAX_DAYS}.`);
  }
  return days;
}

/** The range a query asks for, at `now`; 400 invalid_field naming what is wrong. */
export function rangeAsked(query: (name: string) => string | undefined, now: number): StatsRange {
  const [days, from, to, granularityText] = ['days', 'from', 'to', 'granularity'].map(query);
  const granularity = granularityText ?? 'day';
  if (!(STATS_GRANULARITIES as readonly string[]).includes(granularity)) {
    throw invalid('granularity', `"granularity" must be one of ${STATS_GRANULARITIES.join(', ')}.`);
  }
  const unit = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const tomorrow = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  let fromMs: number;
  let toMs: number;
  if (from === undefined && to === undefined) {
    const count = days === undefined ? STATS_DEFAULT_DAYS : daysAsked(days);
    if (granularity === 'hour') {
      // The last 24 hours, this one included, unless days are asked for.
      toMs = (Math.floor(now / HOUR_MS) + 1) * HOUR_MS;
      fromMs = days === undefined ? toMs - DAY_MS : tomorrow - count * DAY_MS;
    } else {
      toMs = tomorrow;
      fromMs = tomorrow - count * DAY_MS;
    }
  } else {
    if (days !== undefined) throw invalid('days', '"days" cannot be given with "from" or "to".');
    toMs = to === undefined ? now : instantOf('to', to, true);
    fromMs =
      from === undefined ? toMs - STATS_DEFAULT_DAYS * DAY_MS : instantOf('from', from, false);
    if (fromMs >= toMs) throw invalid('to', '"to" must come after "from".');
    if (toMs - fromMs > STATS_MAX_DAYS * DAY_MS) {
      throw invalid('from', `"from" must be at most ${STATS_MAX_DAYS} days before "to".`);
    }
  }
  fromMs = Math.floor(fromMs / unit) * unit;
  toMs = Math.ceil(toMs / unit) * unit;
  if (
    granularity === 'hour' &&
    fromMs < (Math.floor(now / DAY_MS) - STATS_HOURS_KEPT_DAYS) * DAY_MS
  ) {
    throw invalid(
      'from',
      `Hours are kept for ${STATS_HOURS_KEPT_DAYS} days: "from" must be within them for "granularity=hour".`,
    );
  }
  return { fromMs, toMs, granularity: granularity as StatsGranularity };
}

/** The UTC days a range touches: the first and the last, included. */
export const daysOf = (range: StatsRange) => ({
  fromDay: Math.floor(range.fromMs / DAY_MS),
  toDay: Math.ceil(range.toMs / DAY_MS) - 1,
});

const bucketStart = (ms: number, granularity: StatsGranularity) => {
  if (granularity === 'hour') return Math.floor(ms / HOUR_MS) * HOUR_MS;
  const date = new Date(Math.floor(ms / DAY_MS) * DAY_MS);
  return granularity === 'day'
    ? date.getTime()
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth());
};

const nextStart = (start: number, granularity: StatsGranularity) => {
  if (granularity !== 'month') return start + (granularity === 'hour' ? HOUR_MS : DAY_MS);
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1);
};

const COUNTED = { human: 'humans', bot: 'bots', qr: 'qr_scans', visitor: 'visitors' } as const;
const HOURLY = {
  hour_human: 'humans',
  hour_bot: 'bots',
  hour_qr: 'qr_scans',
  hour_visitor: 'visitors',
} as const;

/** A bucket with all its counts, as summed; on the wire, compactBucket's. */
type CountedBucket = {
  start: string;
  humans: number;
  bots: number;
  qr_scans: number;
  visitors: number;
};

/**
 * The bucket as the answer sends it: its counts that are 0 left out (the contract reads an absent
 * count as 0), which halves a year of mostly empty days.
 */
export function compactBucket(bucket: CountedBucket): StatsBucketJson {
  const compact: StatsBucketJson = { start: bucket.start };
  if (bucket.humans !== 0) compact.humans = bucket.humans;
  if (bucket.bots !== 0) compact.bots = bucket.bots;
  if (bucket.qr_scans !== 0) compact.qr_scans = bucket.qr_scans;
  if (bucket.visitors !== 0) compact.visitors = bucket.visitors;
  return compact;
}

/**
 * The range's buckets, oldest first and none missing, from the day counts (or, for hours, the
 * hour counts) of the days it touches. A month bucket counts only the days of the range.
 */
export function bucketsOf(counts: Omit<StatCount, 'linkId'>[], range: StatsRange): CountedBucket[] {
  const { fromMs, toMs, granularity } = range;
  const buckets = new Map<number, CountedBucket>();
  for (
    let start = bucketStart(fromMs, granularity);
    start < toMs;
    start = nextStart(start, granularity)
  ) {
    const iso = new Date(start).toISOString();
    buckets.set(start, { start: iso, humans: 0, bots: 0, qr_scans: 0, visitors: 0 });
  }
  for (const { day, facet, value, clicks } of counts) {
    let at = day * DAY_MS;
    let field: (typeof COUNTED)[keyof typeof COUNTED] | undefined;
    if (granularity === 'hour') {
      field = HOURLY[facet as keyof typeof HOURLY];
      at += Number(value) * HOUR_MS;
    } else {
      field = COUNTED[facet as keyof typeof COUNTED];
    }
    if (field === undefined || at < fromMs || at >= toMs) continue;
    const bucket = buckets.get(bucketStart(at, granularity));
    if (bucket) bucket[field] += clicks;
  }
  return [...buckets.values()];
}
