// The account's roll-up on PostgreSQL: what GET /v1/stats reads instead of the click_stats rows of
// every link of the account. Triggers keep it in step inside the statement that changes a count or
// a link (so in the click batch's own statement), whatever writes it: the batch's adds, its
// trimming of referrers to REFERRERS_KEPT (moved to '<other>' here too), a destination's new
// campaign (the link's clicks move with it), and a link's deletion (deleted links take their
// statistics). Statement-level triggers: a batch's thousands of counts are summed in one upsert.
// Not a call from addClicks as on SQLite: the batch's counts are added in one statement that adds
// nothing when it retries a batch already stored (click-queries.ts), and only a trigger on that
// statement sees which counts it did add.
import { ROLLUP_FACETS_SQL } from '../account-stats.ts';

/**
 * Adds the counts of `changes` (rows of link_id, facet, day, value and clicks, as SQL) to the
 * roll-up of their links' accounts, sorted so that instances writing at once lock in one order.
 * A count whose link is gone (deleted with it) is left: the link's deletion took it already.
 */
const applyChanges = (changes: string) => `
     WITH changed AS (${changes}),
       counted AS (
         SELECT l.account_id, c.facet, c.day, c.value, c.clicks
         FROM changed c JOIN links l ON l.id = c.link_id WHERE c.facet IN (${ROLLUP_FACETS_SQL})
         UNION ALL
         SELECT l.account_id, 'campaign_' || c.facet, c.day, utm_campaign_of(l.destination_url),
           c.clicks
         FROM changed c JOIN links l ON l.id = c.link_id
         WHERE c.facet IN ('human', 'bot') AND utm_campaign_of(l.destination_url) IS NOT NULL)
     INSERT INTO account_stats AS a (account_id, facet, day, value, clicks)
     SELECT account_id, facet, day, value, sum(clicks) FROM counted
     GROUP BY account_id, facet, day, value ORDER BY account_id, facet, day, value
     ON CONFLICT (account_id, facet, day, value) DO UPDATE SET clicks = a.clicks + excluded.clicks;
     WITH changed AS (${changes})
     INSERT INTO link_click_totals AS t (link_id, account_id, humans, clicks)
     SELECT c.link_id, l.account_id, sum(CASE WHEN c.facet = 'human' THEN c.clicks ELSE 0 END),
       sum(c.clicks)
     FROM changed c JOIN links l ON l.id = c.link_id WHERE c.facet IN ('human', 'bot')
     GROUP BY c.link_id, l.account_id ORDER BY c.link_id
     ON CONFLICT (link_id) DO UPDATE SET humans = t.humans + excluded.humans,
       clicks = t.clicks + excluded.clicks;`;

/** One statement-level trigger function and its trigger, for one kind of change of click_stats. */
const onClickStats = (name: string, event: string, tables: string, changes: string) => `
   CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN ${applyChanges(changes)}
     RETURN NULL;
   END $$;
   CREATE TRIGGER ${name} AFTER ${event} ON click_stats REFERENCING ${tables}
     FOR EACH STATEMENT EXECUTE FUNCTION ${name}();`;

/** The link `row`'s people and bots per day, as the campaign rows of `campaign` (SQL). */
const campaignRows = (row: 'OLD' | 'NEW', campaign: string) =>
  `SELECT 'campaign_' || facet AS facet, day, ${campaign} AS value, clicks FROM click_stats
   WHERE link_id = ${row}.id AND facet IN ('human', 'bot') AND ${campaign} IS NOT NULL`;

/** Takes `rows` (facet, day, value, clicks: each key once) from the account of the link OLD. */
const takeFromAccount = (rows: string) =>
  `UPDATE account_stats AS a SET clicks = a.clicks - s.clicks FROM (${rows}) AS s
   WHERE a.account_id = OLD.account_id AND a.facet = s.facet AND a.day = s.day
     AND a.value = s.value;`;

/** Fills the roll-up from the links' counts: the migration's last step (and the tests'). */
export const ACCOUNT_ROLLUP_BACKFILL = `INSERT INTO account_stats (account_id, facet, day, value, clicks)
     SELECT account_id, facet, day, value, sum(clicks) FROM (
       SELECT l.account_id, s.facet, s.day, s.value, s.clicks
       FROM click_stats s JOIN links l ON l.id = s.link_id
       WHERE s.facet IN (${ROLLUP_FACETS_SQL})
       UNION ALL
       SELECT l.account_id, 'campaign_' || s.facet, s.day, utm_campaign_of(l.destination_url),
         s.clicks
       FROM click_stats s JOIN links l ON l.id = s.link_id
       WHERE s.facet IN ('human', 'bot') AND utm_campaign_of(l.destination_url) IS NOT NULL) AS c
     GROUP BY account_id, facet, day, value;
   INSERT INTO link_click_totals (link_id, account_id, humans, clicks)
     SELECT s.link_id, l.account_id, sum(CASE WHEN s.facet = 'human' THEN s.clicks ELSE 0 END),
       sum(s.clicks)
     FROM click_stats s JOIN links l ON l.id = s.link_id
     WHERE s.facet IN ('human', 'bot') GROUP BY s.link_id, l.account_id;`;

/**
 * As the SQLite roll-up (sqlite/account-rollup.ts), with utm_campaign_of for its campaign text.
 * A link's deletion locks the link first, as the deletion itself would: a batch adding to it
 * (whose statement updates the link's row, click-queries.ts) finishes before the roll-up's rows are
 * taken, so that the two never wait for each other. A destination's change waits for the batch
 * (or the batch for it) on the same row (rollup-races.postgres.test.ts).
 */
export const ACCOUNT_ROLLUP_MIGRATION = `CREATE FUNCTION utm_campaign_of(destination text)
   RETURNS text LANGUAGE sql IMMUTABLE AS $$
     SELECT CASE WHEN strpos(u, '?') > 0
       THEN substring('&' || substr(u, strpos(u, '?') + 1) FROM '&utm_campaign=([^&]*)') END
     FROM (SELECT split_part(destination, '#', 1) AS u) AS d
   $$;
   CREATE TABLE account_stats (
     account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     facet text NOT NULL,
     day integer NOT NULL,
     value text NOT NULL,
     clicks bigint NOT NULL,
     PRIMARY KEY (account_id, facet, day, value)
   );
   CREATE TABLE link_click_totals (
     link_id bigint PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
     account_id bigint NOT NULL,
     humans bigint NOT NULL,
     clicks bigint NOT NULL
   );
   CREATE INDEX link_click_totals_by_clicks ON link_click_totals (account_id, clicks DESC, link_id);
   CREATE INDEX link_click_totals_by_humans ON link_click_totals (account_id, humans DESC, link_id);
   ${onClickStats('click_stats_added', 'INSERT', 'NEW TABLE AS added', 'SELECT link_id, facet, day, value, clicks FROM added')}
   ${onClickStats(
     'click_stats_changed',
     'UPDATE',
     'OLD TABLE AS old_counts NEW TABLE AS new_counts',
     `SELECT n.link_id, n.facet, n.day, n.value, n.clicks - o.clicks AS clicks
      FROM new_counts n JOIN old_counts o USING (link_id, day, facet, value)`,
   )}
   ${onClickStats('click_stats_deleted', 'DELETE', 'OLD TABLE AS removed', 'SELECT link_id, facet, day, value, -clicks AS clicks FROM removed')}
   CREATE FUNCTION link_deleted_from_account_stats() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM 1 FROM links WHERE id = OLD.id FOR UPDATE;
     ${takeFromAccount(
       `SELECT facet, day, value, clicks FROM click_stats
        WHERE link_id = OLD.id AND facet IN (${ROLLUP_FACETS_SQL})
        UNION ALL ${campaignRows('OLD', 'utm_campaign_of(OLD.destination_url)')}`,
     )}
     RETURN OLD;
   END $$;
   CREATE TRIGGER link_deleted_from_account_stats BEFORE DELETE ON links
     FOR EACH ROW EXECUTE FUNCTION link_deleted_from_account_stats();
   CREATE FUNCTION link_campaign_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${takeFromAccount(campaignRows('OLD', 'utm_campaign_of(OLD.destination_url)'))}
     INSERT INTO account_stats AS a (account_id, facet, day, value, clicks)
     SELECT NEW.account_id, facet, day, value, clicks
     FROM (${campaignRows('NEW', 'utm_campaign_of(NEW.destination_url)')}) AS s
     ORDER BY facet, day
     ON CONFLICT (account_id, facet, day, value) DO UPDATE SET clicks = a.clicks + excluded.clicks;
     RETURN NULL;
   END $$;
   CREATE TRIGGER link_campaign_changed AFTER UPDATE OF destination_url ON links FOR EACH ROW
     WHEN (utm_campaign_of(OLD.destination_url) IS DISTINCT FROM utm_campaign_of(NEW.destination_url))
     EXECUTE FUNCTION link_campaign_changed();
   ${ACCOUNT_ROLLUP_BACKFILL}`;
