// The storage's clicks on PostgreSQL: the counts and statistics a batch adds, with the batch's
// number so that a retry of a stored batch adds nothing, and a link's statistics.
import {
  type ClickStorage,
  DAILY_FACETS_SQL,
  HOURLY_FACETS_SQL,
  hoursToPrune,
  REFERRER_GROUPS,
  REFERRERS_KEPT,
  type StatFacet,
} from '../storage.ts';
import { guarded, type Sql } from './database.ts';
import { addVisitsPostgres } from './visitor-queries.ts';

/**
 * Keeps the REFERRERS_KEPT most clicked referrers (ties by host) of the link and days given as
 * `[{"id", "day"}]` JSON, and adds the others' clicks to REFERRER_GROUPS.other, in one statement.
 * Apart from the statement that adds the clicks, which stays one: trimming again changes nothing,
 * so a retry after a lost answer does what is left. Only rows this statement deletes are added, so
 * two instances trimming the same day count no click twice.
 */
const KEEP_TOP_REFERRERS = `WITH touched AS (
    SELECT DISTINCT r.id, r.day FROM jsonb_to_recordset($1::text::jsonb) AS r(id bigint, day integer)),
  ranked AS (
    SELECT s.link_id, s.day, s.value,
      row_number() OVER (PARTITION BY s.link_id, s.day ORDER BY s.clicks DESC, s.value) AS rank
    FROM click_stats s JOIN touched t ON s.link_id = t.id AND s.day = t.day
    WHERE s.facet = 'referrer' AND s.value <> $2),
  dropped AS (
    DELETE FROM click_stats s USING ranked r
    WHERE r.rank > $3 AND s.link_id = r.link_id AND s.day = r.day AND s.facet = 'referrer'
      AND s.value = r.value
    RETURNING s.link_id, s.day, s.clicks)
  INSERT INTO click_stats AS s (link_id, day, facet, value, clicks)
  SELECT link_id, day, 'referrer', $2, sum(clicks) FROM dropped
  GROUP BY link_id, day ORDER BY link_id, day
  ON CONFLICT (link_id, day, facet, value) DO UPDATE SET clicks = s.clicks + excluded.clicks`;

/**
 * `writer`: this process, as the writer of its click batches; `storedBatchColumn`: its last
 * stored batch, as a column (see queries.ts).
 */
export function clickQueries(sql: Sql, writer: string, storedBatchColumn: string): ClickStorage {
  return {
    addClicks: (counts, batch, stats = [], expiredVisits = new Map(), visitors) =>
      guarded(async () => {
        if (counts.size === 0 && stats.length === 0 && expiredVisits.size === 0 && !visitors)
          return;
        // One row per link, clicks and expired visits together: a statement updates a row once.
        // Every link with statistics too (adding 0 where it has no count): the statistics go only
        // to the links this update found and locked, so that a link deleted or changed meanwhile
        // waits for the batch, or the batch for it, and the roll-up's triggers see one order.
        const linkIds = [
          ...new Set([...counts.keys(), ...expiredVisits.keys(), ...stats.map((s) => s.linkId)]),
        ];
        // Array literals (`{1,2}`): whole numbers only, cast in the query (see fetch_types).
        const ids = `{${linkIds.join(',')}}`;
        const added = `{${linkIds.map((id) => counts.get(id) ?? 0).join(',')}}`;
        const expired = `{${linkIds.map((id) => expiredVisits.get(id) ?? 0).join(',')}}`;
        // The statistics as one JSON text: their values are text, which array literals would
        // have to quote. Sorted, so that instances adding to the same rows lock them in one order.
        const statRows = JSON.stringify(
          stats
            .map((s) => ({ id: s.linkId, day: s.day, facet: s.facet, value: s.value, n: s.clicks }))
            .sort(
              (a, b) =>
                a.id - b.id ||
                a.day - b.day ||
                (a.facet < b.facet ? -1 : a.facet > b.facet ? 1 : 0) ||
                (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
            ),
        );
        // One statement: every count is added, atomically, or none is; and with them the batch's
        // number, unless it is stored already: then this is the retry of a write whose commit
        // happened but whose answer was lost, and it adds nothing. Without a number, always.
        await sql`WITH claimed AS (
            INSERT INTO click_writers AS w (writer, batch, updated_at)
            SELECT ${writer}, ${batch ?? 0}, ${Date.now()} WHERE ${batch !== undefined}
            ON CONFLICT (writer) DO UPDATE SET batch = excluded.batch,
              updated_at = excluded.updated_at
            WHERE w.batch < excluded.batch
            RETURNING 1),
          go AS (SELECT ${batch === undefined} OR EXISTS (SELECT 1 FROM claimed) AS ok),
          counted AS (
            UPDATE links AS l SET clicks = l.clicks + v.n, expired_visits = l.expired_visits + v.e
            FROM unnest(${ids}::bigint[], ${added}::bigint[], ${expired}::bigint[]) AS v(id, n, e)
            WHERE l.id = v.id AND (SELECT ok FROM go)
            RETURNING l.id)
          INSERT INTO click_stats AS s (link_id, day, facet, value, clicks)
          SELECT r.id, r.day, r.facet, r.value, r.n
          FROM jsonb_to_recordset(${statRows}::text::jsonb)
            AS r(id bigint, day integer, facet text, value text, n bigint)
          WHERE r.id IN (SELECT id FROM counted)
          ORDER BY r.id, r.day, r.facet, r.value
          ON CONFLICT (link_id, day, facet, value) DO UPDATE SET clicks = s.clicks + excluded.clicks`;
        const referrerDays = stats
          .filter((stat) => stat.facet === 'referrer')
          .map((stat) => ({ id: stat.linkId, day: stat.day }));
        if (referrerDays.length > 0) {
          await sql.unsafe(
            KEEP_TOP_REFERRERS,
            [JSON.stringify(referrerDays), REFERRER_GROUPS.other, REFERRERS_KEPT],
            { prepare: true },
          );
        }
        // Hours past HOURS_KEPT_DAYS: deleting again, on a retry, changes nothing.
        const pruned = hoursToPrune(stats);
        if (pruned.length > 0) {
          await sql.unsafe(
            `DELETE FROM click_stats s
             USING unnest($1::bigint[], $2::integer[]) AS v(id, before_day)
             WHERE s.link_id = v.id AND s.day < v.before_day
               AND s.facet IN (${HOURLY_FACETS_SQL})`,
            [
              `{${pruned.map((p) => p.linkId).join(',')}}`,
              `{${pruned.map((p) => p.beforeDay).join(',')}}`,
            ],
            { prepare: true },
          );
        }
        if (visitors) await addVisitsPostgres(sql, visitors);
      }),

    clickStats: (linkId, fromDay, toDay) =>
      guarded(async () => {
        // Two statements would let a batch be stored between them: the batch is read with the rows.
        const rows = (await sql.unsafe(
          `WITH s AS (
             SELECT day, facet, value, clicks FROM click_stats
             WHERE link_id = $1 AND day BETWEEN $2 AND $3 AND facet IN (${DAILY_FACETS_SQL})
             UNION ALL
             SELECT $3::integer, facet, value, sum(clicks)::bigint FROM click_stats
             WHERE link_id = $1 AND day BETWEEN $2 AND $3 AND facet NOT IN (${DAILY_FACETS_SQL})
             GROUP BY facet, value)
           SELECT s.day, s.facet, s.value, s.clicks, b."storedBatch"
           FROM (SELECT ${storedBatchColumn}) AS b LEFT JOIN s ON true`,
          [linkId, fromDay, toDay],
          { prepare: true },
        )) as unknown as {
          day: number;
          facet: StatFacet | null;
          value: string;
          clicks: number;
          storedBatch: number | null;
        }[];
        const storedBatch = rows[0]?.storedBatch ?? 0;
        return {
          counts: rows
            .filter((row) => row.facet !== null)
            .map(({ day, facet, value, clicks }) => ({
              day,
              facet: facet as StatFacet,
              value,
              clicks,
            })),
          storedBatch,
        };
      }),
  };
}
