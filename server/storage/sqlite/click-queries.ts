// The storage's clicks on SQLite: the counts and statistics a batch adds, and a link's statistics.
import {
  type ClickStorage,
  DAILY_FACETS_SQL,
  HOURLY_FACETS_SQL,
  hoursToPrune,
  REFERRER_GROUPS,
  REFERRERS_KEPT,
  type StatCount,
  type StoredStats,
} from '../storage.ts';
import { addToAccountRollup } from './account-rollup.ts';
import type { SqliteAccess } from './database.ts';
import { addVisitsSqlite } from './visitor-queries.ts';

/** The link's referrers of the day past the REFERRERS_KEPT most clicked (ties by host). */
const REFERRERS_PAST_KEPT = `SELECT value, clicks FROM click_stats
  WHERE link_id = ?1 AND day = ?2 AND facet = 'referrer' AND value <> ?3
  ORDER BY clicks DESC, value LIMIT -1 OFFSET ?4`;

/** The link and days whose referrers a batch adds to. */
function referrerDays(stats: StatCount[]): { linkId: number; day: number }[] {
  const days = new Map<string, { linkId: number; day: number }>();
  for (const { linkId, day, facet } of stats) {
    if (facet === 'referrer') days.set(`${linkId}/${day}`, { linkId, day });
  }
  return [...days.values()];
}

export function clickQueries(access: SqliteAccess): ClickStorage {
  const { all, run, statement, transaction } = access;
  /** Keeps a day's REFERRERS_KEPT most clicked referrers, and adds the others' clicks to one. */
  const keepTopReferrers = (linkId: number, day: number) => {
    const { rows } = statement(
      `SELECT count(*) AS rows FROM click_stats
       WHERE link_id = ? AND day = ? AND facet = 'referrer' AND value <> ?`,
    ).get(linkId, day, REFERRER_GROUPS.other) as { rows: number };
    if (rows <= REFERRERS_KEPT) return;
    const past = [linkId, day, REFERRER_GROUPS.other, REFERRERS_KEPT] as const;
    run(
      `INSERT INTO click_stats (link_id, day, facet, value, clicks)
       SELECT ?1, ?2, 'referrer', ?3, sum(clicks) FROM (${REFERRERS_PAST_KEPT}) WHERE true
       ON CONFLICT (link_id, day, facet, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
      ...past,
    );
    run(
      `DELETE FROM click_stats WHERE link_id = ?1 AND day = ?2 AND facet = 'referrer'
       AND value IN (SELECT value FROM (${REFERRERS_PAST_KEPT}))`,
      ...past,
    );
  };

  return {
    async addClicks(counts, _batch, stats = [], expiredVisits = new Map(), visitors) {
      if (counts.size === 0 && stats.length === 0 && expiredVisits.size === 0 && !visitors) return;
      transaction(() => {
        for (const [id, count] of counts) {
          run('UPDATE links SET clicks = clicks + ? WHERE id = ?', count, id);
        }
        for (const [id, count] of expiredVisits) {
          run('UPDATE links SET expired_visits = expired_visits + ? WHERE id = ?', count, id);
        }
        // A link deleted since its clicks were counted has no statistics to add to.
        for (const stat of stats) {
          run(
            `INSERT INTO click_stats (link_id, day, facet, value, clicks)
             SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)
             ON CONFLICT (link_id, day, facet, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
            stat.linkId,
            stat.day,
            stat.facet,
            stat.value,
            stat.clicks,
            stat.linkId,
          );
        }
        addToAccountRollup(access, stats);
        for (const { linkId, day } of referrerDays(stats)) keepTopReferrers(linkId, day);
        for (const { linkId, beforeDay } of hoursToPrune(stats)) {
          run(
            `DELETE FROM click_stats WHERE link_id = ? AND day < ?
             AND facet IN (${HOURLY_FACETS_SQL})`,
            linkId,
            beforeDay,
          );
        }
        if (visitors) addVisitsSqlite(access, visitors);
      });
    },

    async clickStats(linkId, fromDay, toDay) {
      return {
        counts: all<StoredStats['counts'][number]>(
          `SELECT day, facet, value, clicks FROM click_stats
           WHERE link_id = ?1 AND day BETWEEN ?2 AND ?3 AND facet IN (${DAILY_FACETS_SQL})
           UNION ALL
           SELECT ?3, facet, value, sum(clicks) FROM click_stats
           WHERE link_id = ?1 AND day BETWEEN ?2 AND ?3 AND facet NOT IN (${DAILY_FACETS_SQL})
           GROUP BY facet, value`,
          linkId,
          fromDay,
          toDay,
        ),
      };
    },
  };
}
