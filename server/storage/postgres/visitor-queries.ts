// The distinct visitors on PostgreSQL (storage/visitor-marks.ts), after the click batch's own
// statement: the day's key made by whichever instance needs it first, each visit's mark stored
// once, a count for each mark new to the link and day, then the keys and marks of the days that
// are over deleted. Each step may run again (the retry of a batch whose answer was lost): a mark
// already stored counts nothing, so no visitor is counted twice however often it runs.
import { daysOf, newDayKey, type VisitorBatch, visitorMarker } from '../visitor-marks.ts';

type Marker = ReturnType<typeof visitorMarker>;

import type { Sql } from './database.ts';

/**
 * The marks as `[{"id", "day", "hour", "mark"}]` JSON: those stored by this statement (and by no
 * other instance before) are counted, per day and per hour of first sight.
 */
const ADD_MARKS = `WITH v AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS v(id bigint, day integer, hour integer, mark text)),
  added AS (
    INSERT INTO visitor_marks (day, link_id, mark)
    SELECT day, id, mark FROM v WHERE EXISTS (SELECT 1 FROM links WHERE id = v.id)
    ORDER BY day, id, mark
    ON CONFLICT DO NOTHING
    RETURNING day, link_id, mark),
  firsts AS (
    SELECT v.id, v.day, v.hour FROM added JOIN v
      ON v.id = added.link_id AND v.day = added.day AND v.mark = added.mark),
  counts AS (
    SELECT id, day, 'visitor' AS facet, '' AS value, count(*) AS n FROM firsts GROUP BY id, day
    UNION ALL
    SELECT id, day, 'hour_visitor', lpad(hour::text, 2, '0'), count(*) FROM firsts
    GROUP BY id, day, hour)
  INSERT INTO click_stats AS s (link_id, day, facet, value, clicks)
  SELECT id, day, facet, value, n FROM counts ORDER BY id, day, facet, value
  ON CONFLICT (link_id, day, facet, value) DO UPDATE SET clicks = s.clicks + excluded.clicks`;

export async function addVisitsPostgres(sql: Sql, batch: VisitorBatch): Promise<void> {
  const markers = new Map<number, Marker>();
  for (const day of daysOf(batch.visits)) {
    // Two statements: the read sees the key of an instance that made it at the same moment, which
    // a read in the same statement (one snapshot) would not.
    await sql`INSERT INTO visitor_keys (day, key) VALUES (${day}, ${newDayKey()})
      ON CONFLICT (day) DO NOTHING`;
    const [row] = await sql<{ key: Uint8Array }[]>`SELECT key FROM visitor_keys WHERE day = ${day}`;
    if (row) markers.set(day, visitorMarker(row.key));
  }
  const marks = batch.visits
    .filter(({ day }) => markers.has(day))
    .map(({ linkId, day, hour, visitor }) => ({
      id: linkId,
      day,
      hour,
      mark: (markers.get(day) as Marker)(visitor, linkId),
    }));
  if (marks.length > 0) {
    await sql.unsafe(ADD_MARKS, [JSON.stringify(marks)], { prepare: true });
  }
  if (batch.forgetBefore !== undefined) {
    await sql`DELETE FROM visitor_marks WHERE day < ${batch.forgetBefore}`;
    await sql`DELETE FROM visitor_keys WHERE day < ${batch.forgetBefore}`;
  }
}
