// What the storage reads for an account's click statistics (GET /v1/stats): sums over the
// account's roll-up of the per-link daily counts of click_stats (click-stats.ts), kept in step by
// each engine's `<engine>/account-rollup.ts`, one query per list, each engine in its
// `<engine>/account-stats-queries.ts`.

import type { StatFacet } from './click-stats.ts';

/** The account and its whole UTC days, `fromDay` to `toDay` included; `peopleOnly`: no bots. */
export type AccountStatsQuery = {
  accountId: number;
  fromDay: number;
  toDay: number;
  peopleOnly: boolean;
};

/** The facets of people's clicks that are summed by value across the account's links. */
export type AccountFacet = 'referrer' | 'device' | 'browser' | 'os' | 'country';

/** A day's people, bots or QR scans (`facet` `human`, `bot` or `qr`) of every link together. */
/** A day's count of one facet; `bot_qr` (the bots' scans, among `qr`) only for people only. */
export type AccountDayCount = {
  day: number;
  facet: 'human' | 'bot' | 'qr' | 'bot_qr';
  clicks: number;
};

export type AccountLinkCount = { domain: string; backHalf: string; clicks: number };

export type AccountStatsStorage = {
  /** The range's days with clicks: people, bots (not with peopleOnly) and QR scans. */
  accountDays(query: AccountStatsQuery): Promise<AccountDayCount[]>;
  /** The `limit` most clicked links (people and bots, or people only), most first, ties by id. */
  accountTopLinks(query: AccountStatsQuery, limit: number): Promise<AccountLinkCount[]>;
  /** The `limit` most clicked values of a facet, most first, ties by value. */
  accountTopValues(
    query: AccountStatsQuery,
    facet: AccountFacet,
    limit: number,
  ): Promise<{ value: string; clicks: number }[]>;
  /**
   * The clicks of the links whose destination's query names a `utm_campaign`, by that parameter's
   * first value as written (not decoded: the caller reads the campaign's name from it).
   */
  accountCampaigns(query: AccountStatsQuery): Promise<{ value: string; clicks: number }[]>;
};

/**
 * The facets the account's roll-up (account_stats, kept by the engines' account-rollup.ts) sums
 * per account, facet, day and value: the days' counts and the lists of AccountFacet. As an SQL
 * list too, for the engines' triggers and backfills.
 */
export const ROLLUP_FACETS: readonly StatFacet[] = [
  'human',
  'bot',
  'qr',
  'bot_qr',
  'referrer',
  'device',
  'browser',
  'os',
  'country',
];
export const ROLLUP_FACETS_SQL = ROLLUP_FACETS.map((facet) => `'${facet}'`).join(', ');
