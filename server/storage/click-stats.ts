// What the click statistics store: one count per link, UTC day, facet and value (the click_stats
// table), never a row per click.
import { STATS_HOURS_KEPT_DAYS } from '../../contract/link-stats.ts';

/**
 * What the click statistics count, per link and UTC day: `human` and `bot` clicks and `qr` scans
 * (among them; value ''; `bot_qr` the bots' scans), `visitor` (distinct people), and
 * of the people's clicks the referrer host ('' for direct, or one of REFERRER_GROUPS), the device
 * type, the browser and operating system (a name the User-Agent parser knows, or OTHER_NAME) and
 * the country code.
 */
export type StatFacet =
  | 'human'
  | 'bot'
  | 'qr'
  | 'bot_qr'
  | 'visitor'
  | HourFacet
  | 'hour_visitor'
  | 'referrer'
  | 'device'
  | 'browser'
  | 'os'
  | 'country';

/**
 * The same three counts per hour of the day (value: the hour, '00' to '23'), kept HOURS_KEPT_DAYS
 * days: older ones are deleted as a link's clicks are written.
 */
export type HourFacet = 'hour_human' | 'hour_bot' | 'hour_qr' | 'hour_bot_qr';
export const HOUR_FACETS: readonly HourFacet[] = [
  'hour_human',
  'hour_bot',
  'hour_qr',
  'hour_bot_qr',
];
export const HOURS_KEPT_DAYS = STATS_HOURS_KEPT_DAYS;

/**
 * The facets counted per day (with their hours): a read gives them day by day; the others are
 * summed over the days read. `visitor` and `hour_visitor` count the marks first seen that day and
 * hour (visitor-marks.ts). As SQL lists, for the engines' queries.
 */
const HOURLY_FACETS: readonly StatFacet[] = [...HOUR_FACETS, 'hour_visitor'];
const DAILY_FACETS: readonly StatFacet[] = [
  'human',
  'bot',
  'qr',
  'bot_qr',
  'visitor',
  ...HOURLY_FACETS,
];
const sqlList = (facets: readonly StatFacet[]) => facets.map((facet) => `'${facet}'`).join(', ');
export const HOURLY_FACETS_SQL = sqlList(HOURLY_FACETS);
export const DAILY_FACETS_SQL = sqlList(DAILY_FACETS);

/** The links whose hours a batch adds to, and the day before which their hours are deleted. */
export function hoursToPrune(stats: StatCount[]): { linkId: number; beforeDay: number }[] {
  const latest = new Map<number, number>();
  for (const { linkId, day, facet } of stats) {
    if (facet.startsWith('hour_')) latest.set(linkId, Math.max(latest.get(linkId) ?? 0, day));
  }
  return [...latest].map(([linkId, day]) => ({ linkId, beforeDay: day - HOURS_KEPT_DAYS }));
}

/** A browser or operating system the parser does not name, or a click it did not parse. */
export const OTHER_NAME = 'Other';

/**
 * The referrer hosts kept per link and day, most clicks first; the clicks of the others are
 * added to REFERRER_GROUPS.other. Fifty names every site a link is really shared on (a campaign
 * has a few dozen at most), and bounds a day's referrer rows to 51 however many made-up hosts
 * arrive: 365 days of a link stay under 19,000 rows, and a link's statistics answer fast.
 */
export const REFERRERS_KEPT = 50;

/**
 * Referrer values that are no host: '<' and '>' are never in a URL's host, so no host can be one.
 */
export const REFERRER_GROUPS = {
  /** The clicks of the referrers past the REFERRERS_KEPT most clicked. */
  other: '<other>',
  /** Referrers whose host is an IP address: it may name a person's machine, so not which one. */
  ipAddress: '<ip address>',
} as const;

/** One count of the click statistics; `day` is days since 1970-01-01 (UTC). */
export type StatCount = {
  linkId: number;
  day: number;
  facet: StatFacet;
  value: string;
  clicks: number;
};

/** A link's stored statistics of some days; `storedBatch` as in LinkRow. */
export type StoredStats = {
  counts: Omit<StatCount, 'linkId'>[];
  storedBatch?: number;
};
