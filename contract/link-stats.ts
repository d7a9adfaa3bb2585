// A link's click statistics on the wire: the answer of GET /v1/links/<domain>/<back_half>/stats
// and what its query may ask for.
import * as z from 'zod/mini';

/**
 * The query parameter a link's QR code carries (`?qr=1`): a redirect with it counts a scan too. The
 * service's contract names it (the `qr` parameter of GET /{back_half}) when it counts scans.
 */
export const QR_MARKER = { name: 'qr', value: '1' } as const;

/** How many days of click statistics may be asked for, and how many when none is said. */
export const STATS_MAX_DAYS = 365;
export const STATS_DEFAULT_DAYS = 30;

/**
 * The buckets a range may be counted in (`granularity`); hours only over the last
 * STATS_HOURS_KEPT_DAYS days, which is how long the service keeps them.
 */
export const STATS_GRANULARITIES = ['hour', 'day', 'month'] as const;
export type StatsGranularity = (typeof STATS_GRANULARITIES)[number];
export const STATS_HOURS_KEPT_DAYS = 14;

/** `bots=`: `exclude` answers for people only (see docs/statistics-privacy.md). */
export const STATS_BOTS = ['include', 'exclude'] as const;

/**
 * One hour, UTC day or UTC month of a range: `start` an ISO instant (UTC). A count that is 0 is
 * left out (a year of days is mostly empty ones): absent is 0. `visitors` and `qr_scans` are
 * counted where the answer's own `visitors` and `qr_scans` are there.
 */
export const StatsBucketJson = z.object({
  start: z.string(),
  humans: z.optional(z.number()),
  bots: z.optional(z.number()),
  qr_scans: z.optional(z.number()),
  visitors: z.optional(z.number()),
});
export type StatsBucketJson = z.infer<typeof StatsBucketJson>;

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;

/**
 * Where a click came from: a `host`, none (`direct`), or one of the groups that stand for many:
 * hosts that are IP addresses (`ip_address`, never said which) and the hosts past the most
 * clicked (`other`).
 */
export const REFERRER_KINDS = ['host', 'direct', 'ip_address', 'other'] as const;

/** The referrers a link's statistics name at most; the clicks of the others are one `other`. */
export const STATS_MAX_REFERRERS = 50;

/**
 * A link's click statistics over the last `days.length` UTC days (today last): people and bots
 * apart, and of the people's clicks the referrers, device types, browsers, operating systems and
 * countries, each list sorted
 * by clicks, most first. Referrers: at most STATS_MAX_REFERRERS, then `other` last; `host` is
 * null but where `kind` is `host`.
 */
export const LinkStatsJson = z.object({
  humans: z.number(),
  bots: z.number(),
  days: z.array(
    z.object({
      date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      humans: z.number(),
      bots: z.number(),
      qr_scans: z.number(),
      visitors: z.optional(z.number()),
    }),
  ),
  /** The range counted, ISO instants (UTC): `from` included, `to` not. */
  from: z.string(),
  to: z.string(),
  granularity: z.enum(STATS_GRANULARITIES),
  /** The range in buckets of `granularity`, oldest first, none missing; their zero counts left out. */
  buckets: z.array(StatsBucketJson),
  /** Of the clicks (people and bots), those that came from the link's QR code (`?qr=1`). */
  qr_scans: z.number(),
  /** Distinct visitors (see docs/statistics-privacy.md); absent from services that do not count them. */
  visitors: z.optional(z.number()),
  referrers: z.array(
    z.object({
      host: z.nullable(z.string()),
      kind: z.enum(REFERRER_KINDS),
      clicks: z.number(),
    }),
  ),
  devices: z.array(z.object({ type: z.enum(DEVICE_TYPES), clicks: z.number() })),
  /** Browsers and operating systems by name, as the User-Agent parser names them; else `Other`. */
  browsers: z.array(z.object({ name: z.string(), clicks: z.number() })),
  systems: z.array(z.object({ name: z.string(), clicks: z.number() })),
  countries: z.array(z.object({ code: z.string(), clicks: z.number() })),
  /** Visits after the link expired, since it was made: apart from clicks, and in no day. */
  expired_visits: z.number(),
});
export type LinkStatsJson = z.infer<typeof LinkStatsJson>;
export const LinkStatsAnswerJson = z.object({ success: z.literal(true), stats: LinkStatsJson });
export type LinkStatsAnswerJson = z.infer<typeof LinkStatsAnswerJson>;
