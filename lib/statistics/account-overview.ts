// The account's overview for the options "Statistics" section: the service's GET /v1/stats where
// its contract offers it, else this browser's own record of the account's clicks (lib/stats), in
// one shape the section draws.
import type * as z from 'zod/mini';
import { AccountStatsAnswerJson, type AccountStatsJson } from '../../contract/account-stats.ts';
import type { Account } from '../account/account.ts';
import type { CallOptions } from '../api/client.ts';
import { offersOperation } from '../api/service-offer.ts';
import { type ClickRecord, dateOf, dayNumber } from '../stats/click-record.ts';
import { readClickRecord } from '../stats/click-record-store.ts';

/** The ranges the section offers, by their length in UTC days (today the last). */
export const OVERVIEW_RANGES = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 } as const;
export type OverviewRange = keyof typeof OVERVIEW_RANGES;

export const ACCOUNT_STATS_PATH = 'v1/stats';

/** The entries a list shows, most first. */
export const OVERVIEW_TOP = 50;

export type OverviewDay = { date: string; humans: number; bots: number };
export type OverviewLink = { shortUrl: string; clicks: number };

export type Overview = {
  /** `service`: the service's figures; `local`: what this browser saw of the links' clicks. */
  source: 'service' | 'local';
  days: OverviewDay[];
  humans: number;
  bots: number;
  /** Of the clicks, those from the links' QR codes; only from the service. */
  qrScans?: number;
  links: OverviewLink[];
  /** The service's lists by name (groups of GET /v1/stats); empty from the local record. */
  groups: AccountStatsJson['groups'];
};

/** The first and last UTC dates of a range ending today. */
export function rangeDates(range: OverviewRange, now: number): { from: string; to: string } {
  const today = dayNumber(now);
  return { from: dateOf(today - OVERVIEW_RANGES[range] + 1), to: dateOf(today) };
}

/** The service's answer for the range, every list. */
export async function readServiceOverview(
  account: Account,
  range: OverviewRange,
  { signal, now = Date.now() }: CallOptions & { now?: number } = {},
): Promise<Overview> {
  const { from, to } = rangeDates(range, now);
  const query = new URLSearchParams({ from, to });
  const client = await account.client();
  const answer = await client.call(
    'get',
    `${ACCOUNT_STATS_PATH}?${query}`,
    AccountStatsAnswerJson as z.ZodMiniType<AccountStatsAnswerJson>,
    { signal },
  );
  const { stats } = answer;
  return {
    source: 'service',
    days: stats.days.map(({ date, humans, bots }) => ({ date, humans, bots })),
    humans: stats.humans,
    bots: stats.bots,
    qrScans: stats.qr_scans,
    links: (stats.groups.link ?? []).map(({ short_url, clicks }) => ({
      shortUrl: short_url,
      clicks,
    })),
    groups: stats.groups,
  };
}

/**
 * The overview from this browser's record of the account's clicks (the gains it saw between
 * reads of the list, click-record.ts): clicks per day and the most clicked links; no bots, no
 * lists. The record keeps 90 days: a longer range shows what it has.
 */
export function localOverview(record: ClickRecord, range: OverviewRange, now: number): Overview {
  const today = dayNumber(now);
  const first = today - OVERVIEW_RANGES[range] + 1;
  const perDay = new Map<number, number>();
  const links: OverviewLink[] = [];
  for (const [shortUrl, link] of Object.entries(record)) {
    let clicks = 0;
    for (let i = 0; i + 1 < link.days.length; i += 2) {
      const day = link.days[i] ?? 0;
      const gained = link.days[i + 1] ?? 0;
      if (day < first || day > today) continue;
      clicks += gained;
      perDay.set(day, (perDay.get(day) ?? 0) + gained);
    }
    if (clicks > 0) links.push({ shortUrl, clicks });
  }
  links.sort((a, b) => b.clicks - a.clicks || (a.shortUrl < b.shortUrl ? -1 : 1));
  const days: OverviewDay[] = [];
  for (let day = first; day <= today; day++) {
    days.push({ date: dateOf(day), humans: perDay.get(day) ?? 0, bots: 0 });
  }
  return {
    source: 'local',
    days,
    humans: days.reduce((sum, day) => sum + day.humans, 0),
    bots: 0,
    links: links.slice(0, OVERVIEW_TOP),
    groups: {},
  };
}

/** The overview of the account: the service's where its contract offers it, else the local one. */
export async function readAccountOverview(
  account: Account,
  range: OverviewRange,
  options: CallOptions & { now?: number } = {},
): Promise<Overview> {
  const offer = await account.serviceOffer().catch(() => undefined);
  if (offersOperation(offer, 'accountStats')) {
    return readServiceOverview(account, range, options);
  }
  const now = options.now ?? Date.now();
  return localOverview(await readClickRecord(account.connection.id, now), range, now);
}
