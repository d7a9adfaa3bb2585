// The distinct visitors on SQLite (storage/visitor-marks.ts), inside the click batch's transaction:
// the day's key made when missing, each visit's mark stored once, a count for each mark new to the
// link and day, then the keys and marks of the days that are over deleted.
import { daysOf, newDayKey, type VisitorBatch, visitorMarker } from '../visitor-marks.ts';

type Marker = ReturnType<typeof visitorMarker>;

import type { SqliteAccess } from './database.ts';

const HOUR_NAMES = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/** Within transaction() only. */
export function addVisitsSqlite({ run, statement }: SqliteAccess, batch: VisitorBatch): void {
  const markers = new Map<number, Marker>();
  for (const day of daysOf(batch.visits)) {
    // One writer at a time on SQLite: the first batch of the day makes its key, the others read it.
    run(
      'INSERT INTO visitor_keys (day, key) VALUES (?, ?) ON CONFLICT (day) DO NOTHING',
      day,
      newDayKey(),
    );
    const row = statement('SELECT key FROM visitor_keys WHERE day = ?').get(day) as {
      key: Uint8Array;
    };
    markers.set(day, visitorMarker(row.key));
  }
  /** New marks per link, day and facet value: one upsert each rather than one per visitor. */
  const counts = new Map<
    string,
    { linkId: number; day: number; facet: string; value: string; n: number }
  >();
  const countOne = (linkId: number, day: number, facet: string, value: string) => {
    const key = `${linkId}/${day}/${facet}/${value}`;
    const count = counts.get(key);
    if (count) count.n++;
    else counts.set(key, { linkId, day, facet, value, n: 1 });
  };
  // In the order of the table's key: a batch of new visitors then adds to each page of the
  // marks once, rather than to pages all over a table larger than SQLite's cache, at random.
  const marks = batch.visits
    .map(({ linkId, day, hour, visitor }) => ({
      linkId,
      day,
      hour,
      mark: (markers.get(day) as Marker)(visitor, linkId),
    }))
    .sort((a, b) => a.day - b.day || a.linkId - b.linkId || (a.mark < b.mark ? -1 : 1));
  for (const { linkId, day, hour, mark } of marks) {
    // A link deleted since its clicks were counted has no visitors to add to.
    const added = run(
      `INSERT INTO visitor_marks (day, link_id, mark)
       SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM links WHERE id = ?2)
       ON CONFLICT DO NOTHING`,
      day,
      linkId,
      mark,
    );
    if (added.changes === 0) continue;
    countOne(linkId, day, 'visitor', '');
    countOne(linkId, day, 'hour_visitor', HOUR_NAMES[hour] as string);
  }
  for (const { linkId, day, facet, value, n } of counts.values()) {
    run(
      `INSERT INTO click_stats (link_id, day, facet, value, clicks) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (link_id, day, facet, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
      linkId,
      day,
      facet,
      value,
      n,
    );
  }
  if (batch.forgetBefore !== undefined) {
    run('DELETE FROM visitor_marks WHERE day < ?', batch.forgetBefore);
    run('DELETE FROM visitor_keys WHERE day < ?', batch.forgetBefore);
  }
}
