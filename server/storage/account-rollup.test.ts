// The account's roll-up (account_stats and link_click_totals, kept by each engine's
// account-rollup.ts) answers the overview exactly as the sums over every link's click_stats rows
// did (test/support/account-stats-from-links.ts): people, bots and scans over several days and
// accounts, ranges that cut days, referrers trimmed to the 50 kept, a destination's campaign
// changed, a link deleted (its clicks leave the account's), and a database filled by the backfill.
// Runs on SQLite and, in the PostgreSQL suite, on PostgreSQL.
import { DatabaseSync } from 'node:sqlite';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AccountStatsFromLinks,
  accountStatsFromLinks,
} from '../../test/support/account-stats-from-links.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { campaignNamed, campaignOf } from '../clicks/account-stats-routes.ts';
import type { AccountFacet, AccountStatsQuery } from './account-stats.ts';
import { ACCOUNT_ROLLUP_BACKFILL as POSTGRES_BACKFILL } from './postgres/account-rollup.ts';
import { ACCOUNT_ROLLUP_BACKFILL as SQLITE_BACKFILL } from './sqlite/account-rollup.ts';
import type { StatCount, Storage } from './storage.ts';

const FIRST_DAY = 20_400;
const DAYS = 8;
const FACETS: AccountFacet[] = ['referrer', 'device', 'browser', 'os', 'country'];

/** Destinations whose campaign the roll-up must read as URLSearchParams does. */
const DESTINATIONS = [
  'https://example.com/a?utm_source=x&utm_campaign=spring',
  'https://example.com/b?utm_campaign=spring',
  'https://example.com/c?utm_campaign=sp+ring%21&utm_campaign=later',
  'https://example.com/d?utm_campaign=%20%C3%A9t%C3%A9%20',
  'https://example.com/e?utm_campaign=',
  'https://example.com/f#?utm_campaign=in-the-fragment',
  'https://example.com/g&utm_campaign=in-the-path',
  'https://example.com/h?xutm_campaign=not-it&UTM_CAMPAIGN=nor-this',
  'https://example.com/i?utm_campaign=autumn#top',
  'https://example.com/j',
  'https://example.com/k?utm_campaign=spring',
  'https://example.com/l?a=1',
];

/** A small fixed pseudo-random sequence, so that a failure can be run again as it was. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** One batch's counts for these links: people, bots, scans and every list, on random days. */
function batchFor(linkIds: number[], next: (below: number) => number): StatCount[] {
  const stats: StatCount[] = [];
  for (const linkId of linkIds) {
    for (let n = next(3); n >= 0; n--) {
      const day = FIRST_DAY + next(DAYS);
      const count = (facet: StatCount['facet'], value: string, clicks: number) => {
        if (clicks > 0) stats.push({ linkId, day, facet, value, clicks });
      };
      const humans = 1 + next(20);
      const bots = next(4);
      const scans = next(humans + 1);
      count('human', '', humans);
      count('bot', '', bots);
      count('qr', '', scans + (bots > 0 ? 1 : 0));
      count('bot_qr', '', bots > 0 ? 1 : 0);
      count('hour_human', String(next(24)).padStart(2, '0'), humans);
      count('referrer', next(4) === 0 ? '<other>' : `r${next(7)}.example`, humans);
      count('device', ['desktop', 'mobile', 'tablet'][next(3)] as string, humans);
      count('browser', ['Chrome', 'Firefox', 'Other'][next(3)] as string, humans);
      count('os', ['Windows', 'Android', 'iOS'][next(3)] as string, humans);
      count('country', ['DE', 'FR', 'GB', 'US'][next(4)] as string, humans);
    }
  }
  return stats;
}

/** Referrers from `hosts` distinct hosts on one day of one link: past 50, the rest are trimmed. */
const manyReferrers = (linkId: number, day: number, hosts: number, from = 0): StatCount[] =>
  Array.from({ length: hosts }, (_, i) => ({
    linkId,
    day,
    facet: 'referrer' as const,
    value: `many${from + i}.example`,
    clicks: 1 + (i % 5),
  }));

const sumByName = (entries: [string | undefined, number][]) => {
  const totals = new Map<string, number>();
  for (const [name, clicks] of entries) {
    if (name !== undefined) totals.set(name, (totals.get(name) ?? 0) + clicks);
  }
  return [...totals].sort(([a], [b]) => (a < b ? -1 : 1));
};

/** Expects every read of the overview to be the same from the roll-up as from the links' rows. */
async function expectSameAnswers(store: Storage, old: AccountStatsFromLinks, accountId: number) {
  const ranges = [
    [FIRST_DAY, FIRST_DAY + DAYS - 1],
    [FIRST_DAY + 2, FIRST_DAY + 4],
    [FIRST_DAY + 5, FIRST_DAY + 5],
    [FIRST_DAY - 30, FIRST_DAY - 1],
  ] as const;
  for (const [fromDay, toDay] of ranges) {
    for (const peopleOnly of [false, true]) {
      const query: AccountStatsQuery = { accountId, fromDay, toDay, peopleOnly };
      const where = JSON.stringify(query);
      const byDay = (a: { day: number; facet: string }, b: { day: number; facet: string }) =>
        a.day - b.day || (a.facet < b.facet ? -1 : 1);
      expect(
        (await store.accountDays(query)).map((row) => ({ ...row })).sort(byDay),
        where,
      ).toEqual((await old.days(query)).sort(byDay));
      for (const limit of [50, 3, 1]) {
        expect(
          (await store.accountTopLinks(query, limit)).map((row) => ({ ...row })),
          `${where} top ${limit}`,
        ).toEqual(await old.topLinks(query, limit));
        for (const facet of FACETS) {
          expect(
            (await store.accountTopValues(query, facet, limit)).map((row) => ({ ...row })),
            `${where} ${facet} top ${limit}`,
          ).toEqual(await old.topValues(query, facet, limit));
        }
      }
      const campaigns = await store.accountCampaigns(query);
      expect(
        sumByName(campaigns.map(({ value, clicks }) => [campaignNamed(value), clicks])),
        `${where} campaigns`,
      ).toEqual(
        sumByName(
          (await old.campaignLinks(query)).map(({ destinationUrl, clicks }) => [
            campaignOf(destinationUrl),
            clicks,
          ]),
        ),
      );
    }
  }
}

/** Runs SQL statements on the test service's database, either engine. */
async function execute(dbFile: string, statements: { sqlite: string; postgres: string }) {
  if (/^postgres(ql)?:\/\//.test(dbFile)) {
    const sql = postgres(dbFile, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statements.postgres);
    } finally {
      await sql.end({ timeout: 1 });
    }
    return;
  }
  const db = new DatabaseSync(dbFile);
  try {
    db.exec(statements.sqlite);
  } finally {
    db.close();
  }
}

describe("the account's roll-up", () => {
  let running: TestService | undefined;
  let old: AccountStatsFromLinks | undefined;
  afterEach(async () => {
    await old?.close();
    await running?.stop();
  });

  it('answers as the sums over every link did: days, top links, lists and campaigns', async () => {
    running = await startTestService();
    const { store } = running.service;
    old = accountStatsFromLinks(running.dbFile);
    const accounts: number[] = [];
    const linksOf = new Map<number, { id: number; backHalf: string }[]>();
    for (const email of ['one@example.com', 'two@example.com']) {
      await running.createAccount(email);
      const accountId = (await store.accountByEmail(email))?.id as number;
      accounts.push(accountId);
      const links = [];
      for (const [n, destinationUrl] of DESTINATIONS.entries()) {
        const backHalf = `${email.slice(0, 3)}${n}`;
        const row = await store.insertLink(accountId, {
          domain: '',
          backHalf,
          destinationUrl,
          title: '',
          createdAt: 0,
        });
        links.push({ id: row.id, backHalf });
      }
      linksOf.set(accountId, links);
    }
    const [one, two] = accounts as [number, number];
    const oneLinks = linksOf.get(one) ?? [];
    const allIds = [...linksOf.values()].flat().map(({ id }) => id);
    const next = numbers(37);
    /** Writes counts as a click batch does: one per link, day, facet and value. */
    const write = async (written: StatCount[]) => {
      const merged = new Map<string, StatCount>();
      for (const stat of written) {
        const key = `${stat.linkId}/${stat.day}/${stat.facet}/${stat.value}`;
        const seen = merged.get(key);
        merged.set(key, { ...stat, clicks: stat.clicks + (seen?.clicks ?? 0) });
      }
      const stats = [...merged.values()];
      const counts = new Map<number, number>();
      for (const { linkId, facet, clicks } of stats) {
        if (facet === 'human' || facet === 'bot')
          counts.set(linkId, (counts.get(linkId) ?? 0) + clicks);
      }
      await store.addClicks(counts, undefined, stats);
    };
    for (let batch = 0; batch < 4; batch++) await write(batchFor(allIds, next));
    const trimmed = oneLinks[0]?.id as number;
    await write(manyReferrers(trimmed, FIRST_DAY + 3, 70));
    await write(manyReferrers(trimmed, FIRST_DAY + 3, 20, 60));
    for (const accountId of accounts) await expectSameAnswers(store, old, accountId);

    // A destination's campaign changes, goes and comes; a link is deleted; then more clicks.
    const changes: [number, string][] = [
      [1, 'https://example.com/b?utm_campaign=summer'],
      [2, 'https://example.com/c'],
      [9, 'https://example.com/j?utm_campaign=spring'],
      [10, 'https://example.com/k?utm_campaign=spring&x=1'],
    ];
    for (const [n, destinationUrl] of changes) {
      await store.updateLink(one, '', oneLinks[n]?.backHalf as string, { destinationUrl });
    }
    expect(await store.deleteLink(one, '', oneLinks[0]?.backHalf as string)).toBe(true);
    await expectSameAnswers(store, old, one);
    await write(batchFor(allIds.slice(1), next));
    for (const accountId of accounts) await expectSameAnswers(store, old, accountId);
    expect(
      (
        await store.accountTopLinks(
          { accountId: two, fromDay: FIRST_DAY, toDay: FIRST_DAY + DAYS, peopleOnly: false },
          50,
        )
      ).length,
    ).toBe(DESTINATIONS.length);

    // The migration's backfill, on this database emptied of its roll-up, gives the same.
    await execute(running.dbFile, {
      sqlite: `DELETE FROM account_stats; DELETE FROM link_click_totals; ${SQLITE_BACKFILL}`,
      postgres: `DELETE FROM account_stats; DELETE FROM link_click_totals; ${POSTGRES_BACKFILL}`,
    });
    for (const accountId of accounts) await expectSameAnswers(store, old, accountId);
  });
});
