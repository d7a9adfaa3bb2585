// The account's click statistics on the wire: the answer of GET /v1/stats (every link of the
// caller's account together) and what its query may ask for.
import * as z from 'zod/mini';
import { DEVICE_TYPES, REFERRER_KINDS } from './link-stats.ts';

/** The lists the overview may be asked for (`group_by`, a comma list); all when none is said. */
export const ACCOUNT_STATS_GROUPS = [
  'link',
  'referrer',
  'device',
  'browser',
  'os',
  'country',
  'campaign',
] as const;
export type AccountStatsGroup = (typeof ACCOUNT_STATS_GROUPS)[number];

/** How many entries each list names at most: the most clicked. */
export const ACCOUNT_STATS_TOP = 50;

const Clicks = z.number();

/** One UTC day of the range: every link of the account together. */
export const AccountStatsDayJson = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  humans: z.number(),
  bots: z.number(),
  qr_scans: z.number(),
});
export type AccountStatsDayJson = z.infer<typeof AccountStatsDayJson>;

/**
 * The lists asked for (`group_by`), each the ACCOUNT_STATS_TOP most clicked, most first (ties by
 * name). Only people's clicks are broken down by referrer, device, browser, system and country;
 * `link` counts people and bots (people only with `bots=exclude`).
 */
export const AccountStatsGroupsJson = z.object({
  link: z.optional(
    z.array(
      z.object({
        /** The link's host as its path names it (`/v1/links/<domain>/<back_half>`). */
        domain: z.string(),
        back_half: z.string(),
        short_url: z.string(),
        clicks: Clicks,
      }),
    ),
  ),
  /** As a link's referrers (contract/link-stats.ts): `host` null but where `kind` is `host`. */
  referrer: z.optional(
    z.array(
      z.object({ host: z.nullable(z.string()), kind: z.enum(REFERRER_KINDS), clicks: Clicks }),
    ),
  ),
  device: z.optional(z.array(z.object({ type: z.enum(DEVICE_TYPES), clicks: Clicks }))),
  browser: z.optional(z.array(z.object({ name: z.string(), clicks: Clicks }))),
  /** Operating systems by name, as the User-Agent parser names them; else `Other`. */
  os: z.optional(z.array(z.object({ name: z.string(), clicks: Clicks }))),
  country: z.optional(z.array(z.object({ code: z.string(), clicks: Clicks }))),
  /** The `utm_campaign` of the links' destinations; links without one are in no entry. */
  campaign: z.optional(z.array(z.object({ name: z.string(), clicks: Clicks }))),
});
export type AccountStatsGroupsJson = z.infer<typeof AccountStatsGroupsJson>;

/**
 * The click statistics of every link of the account over whole UTC days: `from` included, `to`
 * not (ISO instants). Totals and `days` count people and bots apart (bots 0 with `bots=exclude`);
 * `qr_scans` are among them. Links deleted take their statistics with them.
 */
export const AccountStatsJson = z.object({
  from: z.string(),
  to: z.string(),
  humans: z.number(),
  bots: z.number(),
  qr_scans: z.number(),
  /** Every UTC day of the range, oldest first, none missing. */
  days: z.array(AccountStatsDayJson),
  groups: AccountStatsGroupsJson,
});
export type AccountStatsJson = z.infer<typeof AccountStatsJson>;
export const AccountStatsAnswerJson = z.object({
  success: z.literal(true),
  stats: AccountStatsJson,
});
export type AccountStatsAnswerJson = z.infer<typeof AccountStatsAnswerJson>;
