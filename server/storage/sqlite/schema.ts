// The SQLite schema: every migration in order, applied at start-up, and the version a file is at
// (PRAGMA user_version).
import type { DatabaseSync } from 'node:sqlite';
import { ACCOUNT_ROLLUP_MIGRATION } from './account-rollup.ts';
import { inTransaction } from './database.ts';

export const MIGRATIONS: string[] = [
  `CREATE TABLE accounts (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE,
     plan TEXT NOT NULL CHECK (plan IN ('paid', 'free')),
     created_at INTEGER NOT NULL
   );
   CREATE TABLE api_keys (
     id INTEGER PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     key_hash TEXT NOT NULL UNIQUE,
     created_at INTEGER NOT NULL,
     revoked_at INTEGER
   );
   CREATE TABLE domains (
     id INTEGER PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     host TEXT NOT NULL UNIQUE,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE links (
     id INTEGER PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     domain TEXT NOT NULL,
     back_half TEXT NOT NULL,
     destination_url TEXT NOT NULL,
     title TEXT NOT NULL,
     clicks INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     UNIQUE (domain, back_half)
   );
   CREATE INDEX links_by_account ON links (account_id, created_at DESC, id DESC);`,
  // Link ids are never reused (AUTOINCREMENT): a plain rowid goes back to a deleted link's id, and
  // anything still holding that id (clicks in memory, a request in flight) would reach the new link.
  `CREATE TABLE links_v2 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     domain TEXT NOT NULL,
     back_half TEXT NOT NULL,
     destination_url TEXT NOT NULL,
     title TEXT NOT NULL,
     clicks INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     UNIQUE (domain, back_half)
   );
   INSERT INTO links_v2 (id, account_id, domain, back_half, destination_url, title, clicks, created_at)
     SELECT id, account_id, domain, back_half, destination_url, title, clicks, created_at FROM links;
   DROP TABLE links;
   ALTER TABLE links_v2 RENAME TO links;
   CREATE INDEX links_by_account ON links (account_id, created_at DESC, id DESC);`,
  // Click statistics: counts per link, UTC day and facet (storage.ts StatFacet), never a row per
  // click. WITHOUT ROWID: the key is the row, stored once, in the order a link's days are read.
  `CREATE TABLE click_stats (
     link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
     day INTEGER NOT NULL,
     facet TEXT NOT NULL,
     value TEXT NOT NULL,
     clicks INTEGER NOT NULL,
     PRIMARY KEY (link_id, day, facet, value)
   ) WITHOUT ROWID;`,
  // When a link ends: an instant (ms), a click limit, where it leads after; and the visits after.
  `ALTER TABLE links ADD COLUMN expires_at INTEGER;
   ALTER TABLE links ADD COLUMN max_clicks INTEGER;
   ALTER TABLE links ADD COLUMN expired_url TEXT;
   ALTER TABLE links ADD COLUMN expired_visits INTEGER NOT NULL DEFAULT 0;`,
  // A link's password: scrypt's self-describing string (salt and parameters with the hash).
  `ALTER TABLE links ADD COLUMN password_hash TEXT;`,
  // Where a custom domain sends visitors its links do not serve: an unknown back-half, the root.
  `ALTER TABLE domains ADD COLUMN not_found_url TEXT;
   ALTER TABLE domains ADD COLUMN root_url TEXT;`,
  // Destination health (destination-health.ts): the state found, when to check next, and the lease
  // of the check running; links never checked (next check NULL) come first in the index.
  `ALTER TABLE links ADD COLUMN destination_status TEXT NOT NULL DEFAULT 'unchecked';
   ALTER TABLE links ADD COLUMN destination_status_code INTEGER;
   ALTER TABLE links ADD COLUMN destination_reason TEXT;
   ALTER TABLE links ADD COLUMN destination_final_url TEXT;
   ALTER TABLE links ADD COLUMN destination_checked_at INTEGER;
   ALTER TABLE links ADD COLUMN destination_errors_in_row INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE links ADD COLUMN destination_next_check_at INTEGER;
   ALTER TABLE links ADD COLUMN destination_check_asked_at INTEGER;
   ALTER TABLE links ADD COLUMN check_leased_until INTEGER;
   CREATE INDEX links_check_due ON links (destination_next_check_at, id);
   CREATE INDEX links_by_destination_status ON links (destination_status, account_id);`,
  // Tags: an account's, unique by the key of their name (contract/tag-fields.ts tagKey), and which
  // links carry them. A link's tags are read by link (the primary key), a tag's links by tag.
  `CREATE TABLE tags (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     name TEXT NOT NULL,
     name_key TEXT NOT NULL,
     color TEXT NOT NULL,
     UNIQUE (account_id, name_key)
   );
   CREATE TABLE link_tags (
     link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
     tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
     PRIMARY KEY (link_id, tag_id)
   ) WITHOUT ROWID;
   CREATE INDEX link_tags_by_tag ON link_tags (tag_id, link_id);`,
  // A link's tags as JSON text on its own row, so that a list reads them with the link and not
  // by a query per link (issue 36: the list as fast with tags as without). The triggers keep it
  // right at every write of a link's tags or of a tag (renamed, recoloured; deleted cascades).
  `ALTER TABLE links ADD COLUMN tags_json TEXT NOT NULL DEFAULT '[]';
   UPDATE links SET tags_json = (SELECT json_group_array(json_object('id', t.id, 'name', t.name,
       'color', t.color) ORDER BY t.name_key, t.id)
     FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = links.id)
   WHERE id IN (SELECT link_id FROM link_tags);
   CREATE TRIGGER link_tags_added AFTER INSERT ON link_tags BEGIN
     UPDATE links SET tags_json = (SELECT json_group_array(json_object('id', t.id, 'name', t.name,
         'color', t.color) ORDER BY t.name_key, t.id)
       FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = NEW.link_id)
     WHERE id = NEW.link_id;
   END;
   CREATE TRIGGER link_tags_removed AFTER DELETE ON link_tags BEGIN
     UPDATE links SET tags_json = (SELECT json_group_array(json_object('id', t.id, 'name', t.name,
         'color', t.color) ORDER BY t.name_key, t.id)
       FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = OLD.link_id)
     WHERE id = OLD.link_id;
   END;
   CREATE TRIGGER tag_changed AFTER UPDATE OF name, name_key, color ON tags BEGIN
     UPDATE links SET tags_json = (SELECT json_group_array(json_object('id', t.id, 'name', t.name,
         'color', t.color) ORDER BY t.name_key, t.id)
       FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = links.id)
     WHERE id IN (SELECT link_id FROM link_tags WHERE tag_id = NEW.id);
   END;`,
  // The account's statistics (account-stats-queries.ts) read one facet of each link's days: by
  // link and facet, its days in order, without the link's other facets' rows. The key's columns
  // (value) come with every index of a WITHOUT ROWID table: with clicks, the index covers them.
  `CREATE INDEX click_stats_by_facet ON click_stats (link_id, facet, day, clicks);`,
  // Distinct visitors (storage/visitor-marks.ts): each UTC day's random key, and the marks seen on
  // a link that day; both deleted once the day is over, leaving only the counts in click_stats.
  // Keyed by day first, so that a day's rows are deleted as one range.
  `CREATE TABLE visitor_keys (
     day INTEGER PRIMARY KEY,
     key BLOB NOT NULL
   );
   CREATE TABLE visitor_marks (
     day INTEGER NOT NULL,
     link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
     mark TEXT NOT NULL,
     PRIMARY KEY (day, link_id, mark)
   ) WITHOUT ROWID;
   CREATE INDEX visitor_marks_by_link ON visitor_marks (link_id);`,
  // The account's statistics summed as the clicks are written (account-rollup.ts), filled from
  // the links' counts: the overview reads an account's days, not every link's.
  ACCOUNT_ROLLUP_MIGRATION,
];

/** The schema version this service brings a database to: one per migration. */
export const SCHEMA_VERSION = MIGRATIONS.length;

export const schemaVersionOf = (db: DatabaseSync) =>
  (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

/**
 * Brings the schema up to date, one step per transaction. The version is read inside the
 * transaction, under the write lock, so instances starting at once each apply a step only once.
 */
export function migrate(db: DatabaseSync): void {
  for (;;) {
    const done = inTransaction(db, () => {
      const version = schemaVersionOf(db);
      if (version > MIGRATIONS.length) {
        throw new Error(
          `its schema version ${version} is newer than this service's ${MIGRATIONS.length}: run a newer version of the service`,
        );
      }
      if (version === MIGRATIONS.length) return true;
      db.exec(MIGRATIONS[version] as string);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      return false;
    });
    if (done) return;
  }
}
