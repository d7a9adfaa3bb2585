// A link's destination changes its campaign, or the link is deleted, while a click batch adds to
// the link, on two PostgreSQL connections interleaved: whichever commits first, the account's
// roll-up (account_stats, kept by the triggers of postgres/account-rollup.ts) must end as the
// counts of its links, under their campaigns, now are. It holds because the batch's statement
// updates the row of every link it adds to and adds statistics only to the links it updated, so
// the two wait for each other: statistics written without the link's row left a campaign's or a
// deleted link's clicks behind, and a batch adding to a link deleted meanwhile failed on the
// foreign key (the whole batch, tried again later).
// Runs in the PostgreSQL suite only.
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  meanwhileHeld,
  openRaceDatabase,
  type RaceDatabase,
} from '../../test/support/postgres-races.ts';
import { clickQueries } from './postgres/click-queries.ts';
import type { Sql } from './postgres/database.ts';

const DAY = 20_500;
const BEFORE = 'https://example.com/?utm_campaign=before';
const AFTER = 'https://example.com/?utm_campaign=after';

let races: RaceDatabase;
let links = 0;

beforeAll(async () => {
  races = await openRaceDatabase('campaigns@example.com');
});
afterAll(() => races.close());

/** A new link on the campaign "before", with 3 people counted on its first day already. */
async function linkWithClicks() {
  const backHalf = `campaign-${++links}`;
  const day = DAY + 10 * links;
  await races.store.insertLinks(races.accountId, [
    { domain: '', backHalf, destinationUrl: BEFORE, title: '', createdAt: 1 },
  ]);
  const link = await races.store.linkOf(races.accountId, '', backHalf);
  if (!link) throw new Error('The link was not made.');
  await races.store.addClicks(new Map([[link.id, 3]]), undefined, [
    { linkId: link.id, day, facet: 'human', value: '', clicks: 3 },
  ]);
  return { linkId: link.id, day };
}

/**
 * A click batch (the storage's own addClicks, on `sql`): 5 people on the link's first day, where a
 * count is stored already, and 2 on the next, where none is.
 */
const addPeople = (
  sql: postgres.Sql | postgres.TransactionSql,
  { linkId, day }: { linkId: number; day: number },
) =>
  // A transaction runs the same statements as a connection; the batch's writer is not read here.
  clickQueries(sql as unknown as Sql, 'races', 'NULL').addClicks(
    new Map([[linkId, 7]]),
    undefined,
    [
      { linkId, day, facet: 'human', value: '', clicks: 5 },
      { linkId, day: day + 1, facet: 'human', value: '', clicks: 2 },
    ],
  );

const changeCampaign = (sql: postgres.Sql | postgres.TransactionSql, linkId: number) =>
  sql`UPDATE links SET destination_url = ${AFTER} WHERE id = ${linkId}`;

const deleteLink = (sql: postgres.Sql | postgres.TransactionSql, linkId: number) =>
  sql`DELETE FROM links WHERE id = ${linkId}`;

type RollupRow = { facet: string; day: number; value: string; clicks: number };

/**
 * The account's people per day and per campaign, as stored in the roll-up and as the counts of its
 * links (under their campaign now) say.
 */
async function rollupAndTruth() {
  const stored = await races.first<RollupRow[]>`
    SELECT facet, day, value, clicks::integer AS clicks FROM account_stats
    WHERE account_id = ${races.accountId} AND facet IN ('human', 'campaign_human') AND clicks <> 0
    ORDER BY facet, day, value`;
  const truth = await races.first<RollupRow[]>`
    SELECT facet, day, value, sum(clicks)::integer AS clicks FROM (
      SELECT s.facet, s.day, s.value, s.clicks FROM click_stats s JOIN links l ON l.id = s.link_id
      WHERE l.account_id = ${races.accountId} AND s.facet = 'human'
      UNION ALL
      SELECT 'campaign_human', s.day, utm_campaign_of(l.destination_url), s.clicks
      FROM click_stats s JOIN links l ON l.id = s.link_id
      WHERE l.account_id = ${races.accountId} AND s.facet = 'human'
        AND utm_campaign_of(l.destination_url) IS NOT NULL) AS counts
    GROUP BY facet, day, value ORDER BY facet, day, value`;
  return { stored: [...stored], truth: [...truth] };
}

/** The roll-up as the links' counts are, the link's 3 + 5 people of `day` under "after". */
async function expectMovedToAfter(day: number) {
  const { stored, truth } = await rollupAndTruth();
  expect(truth).toContainEqual({ facet: 'campaign_human', day, value: 'after', clicks: 8 });
  expect(stored).toEqual(truth);
}

describe("the account's roll-up when a link changes or goes while a batch adds to it", () => {
  it('are right when the batch adds first and the campaign changes meanwhile', async () => {
    const link = await linkWithClicks();
    await meanwhileHeld(
      races.first,
      (tx) => addPeople(tx, link),
      () => changeCampaign(races.second, link.linkId),
    );
    await expectMovedToAfter(link.day);
  });

  it('are right when the campaign changes first and the batch adds meanwhile', async () => {
    const link = await linkWithClicks();
    await meanwhileHeld(
      races.second,
      (tx) => changeCampaign(tx, link.linkId),
      () => addPeople(races.first, link),
    );
    await expectMovedToAfter(link.day);
  });

  it('leave nothing of a link deleted while a batch adds to it', async () => {
    const link = await linkWithClicks();
    await meanwhileHeld(
      races.first,
      (tx) => addPeople(tx, link),
      () => deleteLink(races.second, link.linkId),
    );
    const { stored, truth } = await rollupAndTruth();
    expect(truth.filter((row) => row.day === link.day)).toEqual([]);
    expect(stored).toEqual(truth);
  });

  it('leave nothing of a link a batch adds to while it is deleted', async () => {
    const link = await linkWithClicks();
    await meanwhileHeld(
      races.second,
      (tx) => deleteLink(tx, link.linkId),
      () => addPeople(races.first, link),
    );
    const { stored, truth } = await rollupAndTruth();
    expect(truth.filter((row) => row.day === link.day)).toEqual([]);
    expect(stored).toEqual(truth);
  });
});
