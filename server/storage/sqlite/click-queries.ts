// The storage's clicks on SQLite: the counts and statistics a batch adds, and a link's statistics.
import type { ClickStorage, StoredStats } from '../storage.ts';
import type { SqliteAccess } from './database.ts';

export function clickQueries({ all, run, transaction }: SqliteAccess): ClickStorage {
  return {
    async addClicks(counts, _batch, stats = []) {
      if (counts.size === 0 && stats.length === 0) return;
      transaction(() => {
        for (const [id, count] of counts) {
          run('UPDATE links SET clicks = clicks + ? WHERE id = ?', count, id);
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
      });
    },

    async clickStats(linkId, fromDay, toDay) {
      return {
        counts: all<StoredStats['counts'][number]>(
          `SELECT day, facet, value, clicks FROM click_stats
           WHERE link_id = ?1 AND day BETWEEN ?2 AND ?3 AND facet IN ('human', 'bot')
           UNION ALL
           SELECT ?3, facet, value, sum(clicks) FROM click_stats
           WHERE link_id = ?1 AND day BETWEEN ?2 AND ?3 AND facet NOT IN ('human', 'bot')
           GROUP BY facet, value`,
          linkId,
          fromDay,
          toDay,
        ),
      };
    },
  };
}
