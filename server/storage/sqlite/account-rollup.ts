// The account's roll-up on SQLite: what GET /v1/stats reads instead of the click_stats rows of
// every link of the account, written in the click batch's transaction. The batch's counts are
// added by addToAccountRollup, summed by account first: a trigger on every count, even one that
// does nothing, cost the batch's write 70 % more. Triggers follow what else changes the sums: the
// batch's trimming of referrers to REFERRERS_KEPT (moved to '<other>' here too), a destination's
// new campaign (the link's clicks move with it), and a link's deletion (deleted links take their
// statistics, as the sums over the links' rows did).
import { ROLLUP_FACETS, ROLLUP_FACETS_SQL } from '../account-stats.ts';
import { REFERRER_GROUPS, type StatCount } from '../click-stats.ts';
import type { SqliteAccess } from './database.ts';

/**
 * The first `utm_campaign` parameter of a destination (an SQL text expression) as written, or NULL
 * when its query has none: what URLSearchParams finds, before decoding (account-stats.ts).
 */
export function utmCampaignSql(destination: string): string {
  const beforeHash = `substr(${destination}, 1, instr(${destination} || '#', '#') - 1)`;
  const params = `('&' || substr(${beforeHash}, instr(${beforeHash}, '?') + 1) || '&')`;
  const from = `substr(${params}, instr(${params}, '&utm_campaign=') + 14)`;
  return `(CASE WHEN instr(${beforeHash}, '?') > 0 AND instr(${params}, '&utm_campaign=') > 0
    THEN substr(${from}, 1, instr(${from}, '&') - 1) END)`;
}

/**
 * Adds a click batch's counts to the roll-up of their links' accounts, summed by account, facet,
 * day and value; those of links deleted meanwhile are left, as click_stats leaves them. Inside the
 * batch's transaction.
 */
export function addToAccountRollup({ all, run }: SqliteAccess, stats: StatCount[]): void {
  const counted = stats.filter(({ facet }) => ROLLUP_FACETS.includes(facet));
  if (counted.length === 0) return;
  const links = new Map(
    all<{ id: number; accountId: number; campaign: string | null }>(
      `SELECT id, account_id AS accountId, ${utmCampaignSql('destination_url')} AS campaign
       FROM links WHERE id IN (SELECT value FROM json_each(?))`,
      JSON.stringify([...new Set(counted.map(({ linkId }) => linkId))]),
    ).map((link) => [link.id, link]),
  );
  const sums = new Map<string, [number, string, number, string, number]>();
  const add = (accountId: number, facet: string, day: number, value: string, clicks: number) => {
    const key = JSON.stringify([accountId, facet, day, value]);
    const sum = sums.get(key);
    if (sum) sum[4] += clicks;
    else sums.set(key, [accountId, facet, day, value, clicks]);
  };
  const totals = new Map<number, { accountId: number; humans: number; clicks: number }>();
  for (const { linkId, day, facet, value, clicks } of counted) {
    const link = links.get(linkId);
    if (!link) continue;
    add(link.accountId, facet, day, value, clicks);
    if (facet !== 'human' && facet !== 'bot') continue;
    if (link.campaign !== null)
      add(link.accountId, `campaign_${facet}`, day, link.campaign, clicks);
    const total = totals.get(linkId) ?? { accountId: link.accountId, humans: 0, clicks: 0 };
    total.clicks += clicks;
    if (facet === 'human') total.humans += clicks;
    totals.set(linkId, total);
  }
  for (const sum of sums.values()) {
    run(
      `INSERT INTO account_stats (account_id, facet, day, value, clicks) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id, facet, day, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
      ...sum,
    );
  }
  for (const [linkId, { accountId, humans, clicks }] of totals) {
    run(
      `INSERT INTO link_click_totals (link_id, account_id, humans, clicks) VALUES (?, ?, ?, ?)
       ON CONFLICT (link_id) DO UPDATE SET humans = humans + excluded.humans,
         clicks = clicks + excluded.clicks`,
      linkId,
      accountId,
      humans,
      clicks,
    );
  }
}

/**
 * A referrer's count deleted while its link lives is the batch trimming the link's day to
 * REFERRERS_KEPT (click-queries.ts): its clicks move to '<other>', in the account's roll-up too.
 * Every other count is deleted only with its link (whose deletion took it already) or is not
 * rolled up (the hours).
 */
const MOVE_TO_OTHER_REFERRERS = `UPDATE account_stats SET clicks = clicks - OLD.clicks
     WHERE account_id = (SELECT account_id FROM links WHERE id = OLD.link_id)
       AND facet = 'referrer' AND day = OLD.day AND value = OLD.value;
   INSERT INTO account_stats (account_id, facet, day, value, clicks)
     SELECT account_id, 'referrer', OLD.day, '${REFERRER_GROUPS.other}', OLD.clicks
     FROM links WHERE id = OLD.link_id
     ON CONFLICT (account_id, facet, day, value) DO UPDATE SET clicks = clicks + excluded.clicks;`;

/** Takes the link `row`'s people and bots from the campaign `campaign` (an SQL expression). */
const takeFromCampaign = (row: 'OLD', campaign: string) =>
  `UPDATE account_stats AS a SET clicks = a.clicks - s.clicks
   FROM (SELECT 'campaign_' || facet AS facet, day, clicks FROM click_stats
         WHERE link_id = ${row}.id AND facet IN ('human', 'bot')) AS s
   WHERE a.account_id = ${row}.account_id AND a.facet = s.facet AND a.day = s.day
     AND a.value = ${campaign};`;

/** Fills the roll-up from the links' counts: the migration's last step (and the tests'). */
export const ACCOUNT_ROLLUP_BACKFILL = `INSERT INTO account_stats (account_id, facet, day, value, clicks)
     SELECT account_id, facet, day, value, sum(clicks) FROM (
       SELECT l.account_id, s.facet, s.day, s.value, s.clicks
       FROM click_stats s JOIN links l ON l.id = s.link_id
       WHERE s.facet IN (${ROLLUP_FACETS_SQL})
       UNION ALL
       SELECT l.account_id, 'campaign_' || s.facet, s.day,
         ${utmCampaignSql('l.destination_url')}, s.clicks
       FROM click_stats s JOIN links l ON l.id = s.link_id
       WHERE s.facet IN ('human', 'bot') AND ${utmCampaignSql('l.destination_url')} IS NOT NULL)
     GROUP BY account_id, facet, day, value;
   INSERT INTO link_click_totals (link_id, account_id, humans, clicks)
     SELECT s.link_id, l.account_id, sum(iif(s.facet = 'human', s.clicks, 0)), sum(s.clicks)
     FROM click_stats s JOIN links l ON l.id = s.link_id
     WHERE s.facet IN ('human', 'bot') GROUP BY s.link_id;`;

/**
 * account_stats: per account, facet, UTC day and value, the sum of the account's links'
 * click_stats (ROLLUP_FACETS_SQL), and as `campaign_human` and `campaign_bot` the people and bots
 * of the links whose destination names a campaign (value: utmCampaignSql); link_click_totals:
 * each link's people and clicks of all time, in the order the top links are read
 * (account-top-links.ts). A count deleted with its link is not taken twice: the link's row is gone
 * when the cascade deletes its counts. Rows that reach 0 stay (the reads leave them out). The
 * last statements fill both from an existing database.
 */
export const ACCOUNT_ROLLUP_MIGRATION = `CREATE TABLE account_stats (
     account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     facet TEXT NOT NULL,
     day INTEGER NOT NULL,
     value TEXT NOT NULL,
     clicks INTEGER NOT NULL,
     PRIMARY KEY (account_id, facet, day, value)
   ) WITHOUT ROWID;
   CREATE TABLE link_click_totals (
     link_id INTEGER PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
     account_id INTEGER NOT NULL,
     humans INTEGER NOT NULL,
     clicks INTEGER NOT NULL
   );
   CREATE INDEX link_click_totals_by_clicks ON link_click_totals (account_id, clicks DESC, link_id);
   CREATE INDEX link_click_totals_by_humans ON link_click_totals (account_id, humans DESC, link_id);
   CREATE TRIGGER referrer_trimmed AFTER DELETE ON click_stats
   WHEN OLD.facet = 'referrer' AND OLD.value <> '${REFERRER_GROUPS.other}'
   BEGIN ${MOVE_TO_OTHER_REFERRERS} END;
   CREATE TRIGGER link_deleted_from_account_stats BEFORE DELETE ON links BEGIN
     UPDATE account_stats AS a SET clicks = a.clicks - s.clicks
     FROM (SELECT facet, day, value, clicks FROM click_stats
           WHERE link_id = OLD.id AND facet IN (${ROLLUP_FACETS_SQL})) AS s
     WHERE a.account_id = OLD.account_id AND a.facet = s.facet AND a.day = s.day
       AND a.value = s.value;
     ${takeFromCampaign('OLD', utmCampaignSql('OLD.destination_url'))}
   END;
   CREATE TRIGGER link_campaign_changed AFTER UPDATE OF destination_url ON links
   WHEN ${utmCampaignSql('OLD.destination_url')} IS NOT ${utmCampaignSql('NEW.destination_url')}
   BEGIN
     ${takeFromCampaign('OLD', utmCampaignSql('OLD.destination_url'))}
     INSERT INTO account_stats (account_id, facet, day, value, clicks)
       SELECT NEW.account_id, 'campaign_' || facet, day, ${utmCampaignSql('NEW.destination_url')},
         clicks
       FROM click_stats WHERE link_id = NEW.id AND facet IN ('human', 'bot')
         AND ${utmCampaignSql('NEW.destination_url')} IS NOT NULL
       ON CONFLICT (account_id, facet, day, value) DO UPDATE SET clicks = clicks + excluded.clicks;
   END;
   ${ACCOUNT_ROLLUP_BACKFILL}`;
