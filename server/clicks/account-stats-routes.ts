// GET /v1/stats: the click statistics of every link of the caller's account together, summed by
// the storage from the account's roll-up of the links' daily counts (one query per list). What a click batch has not
// written yet (at most one write interval) is not in it: unlike one link's statistics, adding the
// clicks held in memory would mean finding the account of every link they belong to.
import { type Context, Hono } from 'hono';
import {
  ACCOUNT_STATS_GROUPS,
  ACCOUNT_STATS_TOP,
  type AccountStatsAnswerJson,
  type AccountStatsGroup,
  type AccountStatsGroupsJson,
} from '../../contract/account-stats.ts';
import { ErrorCode } from '../../contract/limits.ts';
import { DEVICE_TYPES } from '../../contract/link-stats.ts';
import type { AccountEnv } from '../accounts/auth.ts';
import { jsonResponse } from '../http/compress.ts';
import { HttpProblem } from '../http/problems.ts';
import type { AccountStatsQuery } from '../storage/account-stats.ts';
import { botsAsked } from './stats-privacy.ts';
import { daysOf, rangeAsked } from './stats-range.ts';
import type { StatsRouteDeps } from './stats-routes.ts';
import { referrerJson } from './stats-routes.ts';

const DAY_MS = 86_400_000;

const invalid = (field: string, message: string) =>
  new HttpProblem(ErrorCode.invalidField, message, { field });

/** The lists a `group_by` asks for: every one when it is absent. */
export function groupsAsked(text: string | undefined): AccountStatsGroup[] {
  if (text === undefined) return [...ACCOUNT_STATS_GROUPS];
  const names = text.split(',').map((name) => name.trim());
  if (!names.every((name) => (ACCOUNT_STATS_GROUPS as readonly string[]).includes(name))) {
    throw invalid(
      'group_by',
      `"group_by" must be a comma list of ${ACCOUNT_STATS_GROUPS.join(', ')}.`,
    );
  }
  return ACCOUNT_STATS_GROUPS.filter((group) => names.includes(group));
}

/** The campaign a destination carries: its `utm_campaign`, when it has a non-empty one. */
export function campaignOf(destinationUrl: string): string | undefined {
  try {
    const name = new URL(destinationUrl).searchParams.get('utm_campaign')?.trim();
    return name ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The campaign a `utm_campaign` value names as a destination's query writes it (what the storage
 * keeps): decoded as campaignOf decodes it, when it is not empty.
 */
export function campaignNamed(written: string): string | undefined {
  const name = new URLSearchParams(`utm_campaign=${written}`).get('utm_campaign')?.trim();
  return name ? name : undefined;
}

/** Sums by name, then the ACCOUNT_STATS_TOP most clicked, most first, ties by name. */
function topByName(entries: Iterable<[string, number]>): [string, number][] {
  const totals = new Map<string, number>();
  for (const [name, clicks] of entries) totals.set(name, (totals.get(name) ?? 0) + clicks);
  return [...totals]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, ACCOUNT_STATS_TOP);
}

export function accountStatsRoutes(deps: StatsRouteDeps): Hono<AccountEnv> {
  const { store, clicks, domains, clock } = deps;
  const routes = new Hono<AccountEnv>();

  /** One list, read by one query. */
  const readGroup = async (
    group: AccountStatsGroup,
    query: AccountStatsQuery,
  ): Promise<AccountStatsGroupsJson> => {
    const top = ACCOUNT_STATS_TOP;
    switch (group) {
      case 'link':
        return {
          link: (await store.accountTopLinks(query, top)).map(({ domain, backHalf, clicks }) => ({
            domain: domains.hostOf(domain),
            back_half: backHalf,
            short_url: domains.shortUrl(domain, backHalf),
            clicks,
          })),
        };
      case 'campaign': {
        const values = await store.accountCampaigns(query);
        const named = values.flatMap(({ value, clicks }) => {
          const name = campaignNamed(value);
          return name === undefined ? [] : [[name, clicks] as [string, number]];
        });
        return { campaign: topByName(named).map(([name, clicks]) => ({ name, clicks })) };
      }
      case 'referrer': {
        const values = await store.accountTopValues(query, 'referrer', top);
        return { referrer: values.map(({ value, clicks }) => referrerJson(value, clicks)) };
      }
      case 'device': {
        const values = await store.accountTopValues(query, 'device', top);
        const typed = values.map(({ value, clicks }): [string, number] => [
          (DEVICE_TYPES as readonly string[]).includes(value) ? value : 'other',
          clicks,
        ]);
        return {
          device: topByName(typed).map(([type, clicks]) => ({
            type: type as (typeof DEVICE_TYPES)[number],
            clicks,
          })),
        };
      }
      case 'country': {
        const values = await store.accountTopValues(query, 'country', top);
        return { country: values.map(({ value, clicks }) => ({ code: value, clicks })) };
      }
      default: {
        const values = await store.accountTopValues(query, group, top);
        return { [group]: values.map(({ value, clicks }) => ({ name: value, clicks })) };
      }
    }
  };

  routes.get('/', async (c: Context<AccountEnv>) => {
    // Only a range of whole UTC days, as `from` and `to` say it (or the last 30 days).
    const range = rangeAsked(
      (name) => (name === 'from' || name === 'to' ? c.req.query(name) : undefined),
      clock.now(),
    );
    const groups = groupsAsked(c.req.query('group_by'));
    const bots = botsAsked(c.req.query('bots'));
    const { fromDay, toDay } = daysOf(range);
    const query: AccountStatsQuery = {
      accountId: c.get('owner').accountId,
      fromDay,
      toDay,
      peopleOnly: bots === 'exclude',
    };
    // Inside settled(): no click write of this process lands between the lists' reads.
    const [dayCounts, lists] = await clicks.settled(() =>
      Promise.all([
        store.accountDays(query),
        Promise.all(groups.map((group) => readGroup(group, query))),
      ]),
    );
    const days = Array.from({ length: toDay - fromDay + 1 }, (_, i) => ({
      date: new Date((fromDay + i) * DAY_MS).toISOString().slice(0, 10),
      humans: 0,
      bots: 0,
      qr_scans: 0,
    }));
    // People only: the bots' scans (bot_qr, asked for only then) are taken from the scans.
    const field = { human: 'humans', bot: 'bots', qr: 'qr_scans', bot_qr: 'qr_scans' } as const;
    for (const { day, facet, clicks } of dayCounts) {
      const entry = days[day - fromDay];
      if (entry) entry[field[facet]] += facet === 'bot_qr' ? -clicks : clicks;
    }
    const total = (name: 'humans' | 'bots' | 'qr_scans') =>
      days.reduce((sum, day) => sum + day[name], 0);
    const answer: AccountStatsAnswerJson = {
      success: true,
      stats: {
        from: new Date(range.fromMs).toISOString(),
        to: new Date(range.toMs).toISOString(),
        humans: total('humans'),
        bots: total('bots'),
        qr_scans: total('qr_scans'),
        days,
        groups: Object.assign({}, ...lists),
      },
    };
    return jsonResponse(answer, c.req.header('accept-encoding'));
  });

  return routes;
}
