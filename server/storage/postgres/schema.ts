// The PostgreSQL schema: every migration in order, applied at start-up in one transaction, and
// the version a database is at (the schema_migrations table).
import { ACCOUNT_ROLLUP_MIGRATION } from './account-rollup.ts';
import type { Sql } from './database.ts';

/** Every step, in order; applied under an advisory lock so instances starting at once take turns. */
export const MIGRATIONS: string[] = [
  `CREATE TABLE accounts (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     email text NOT NULL UNIQUE,
     plan text NOT NULL CHECK (plan IN ('paid', 'free')),
     created_at bigint NOT NULL
   );
   CREATE TABLE api_keys (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     key_hash text NOT NULL UNIQUE,
     created_at bigint NOT NULL,
     revoked_at bigint
   );
   CREATE TABLE domains (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     host text NOT NULL UNIQUE,
     created_at bigint NOT NULL
   );
   CREATE TABLE links (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     domain text NOT NULL,
     back_half text NOT NULL,
     destination_url text NOT NULL,
     title text NOT NULL,
     clicks bigint NOT NULL DEFAULT 0,
     created_at bigint NOT NULL,
     UNIQUE (domain, back_half)
   );
   CREATE INDEX links_by_account ON links (account_id, created_at DESC, id DESC);`,
  // The last click batch each process stored (Storage.addClicks), written in the statement that
  // adds its clicks: a retry after a lost answer knows whether the commit happened.
  `CREATE TABLE click_writers (
     writer text PRIMARY KEY,
     batch bigint NOT NULL,
     updated_at bigint NOT NULL
   );`,
  // Rate-limit windows, one row per account or client address. Unlogged: no WAL is written for
  // them (they are counted on every API request), and a crash or a failover that empties the
  // table only restarts the windows.
  `CREATE UNLOGGED TABLE request_windows (
     key text PRIMARY KEY,
     ends_at bigint NOT NULL,
     count bigint NOT NULL
   );`,
  // Click statistics: counts per link, UTC day and facet (storage.ts StatFacet), never a row per
  // click.
  `CREATE TABLE click_stats (
     link_id bigint NOT NULL REFERENCES links(id) ON DELETE CASCADE,
     day integer NOT NULL,
     facet text NOT NULL,
     value text NOT NULL,
     clicks bigint NOT NULL,
     PRIMARY KEY (link_id, day, facet, value)
   );`,
  // When a link ends: an instant (ms), a click limit, where it leads after; and the visits after.
  `ALTER TABLE links ADD COLUMN expires_at bigint,
     ADD COLUMN max_clicks bigint,
     ADD COLUMN expired_url text,
     ADD COLUMN expired_visits bigint NOT NULL DEFAULT 0;`,
  // A link's password: scrypt's self-describing string (salt and parameters with the hash).
  `ALTER TABLE links ADD COLUMN password_hash text;`,
  // Where a custom domain sends visitors its links do not serve: an unknown back-half, the root.
  `ALTER TABLE domains ADD COLUMN not_found_url text, ADD COLUMN root_url text;`,
  // Destination health (destination-health.ts): the state found, when to check next, and the lease
  // of the check running (claimed with FOR UPDATE SKIP LOCKED, so instances never share a check).
  `ALTER TABLE links ADD COLUMN destination_status text NOT NULL DEFAULT 'unchecked',
     ADD COLUMN destination_status_code integer,
     ADD COLUMN destination_reason text,
     ADD COLUMN destination_final_url text,
     ADD COLUMN destination_checked_at bigint,
     ADD COLUMN destination_errors_in_row integer NOT NULL DEFAULT 0,
     ADD COLUMN destination_next_check_at bigint,
     ADD COLUMN destination_check_asked_at bigint,
     ADD COLUMN check_leased_until bigint;
   CREATE INDEX links_check_due ON links (destination_next_check_at NULLS FIRST, id);
   CREATE INDEX links_by_destination_status ON links (destination_status, account_id);`,
  // Tags: an account's, unique by the key of their name (contract/tag-fields.ts tagKey), and which
  // links carry them. A link's tags are read by link (the primary key), a tag's links by tag.
  `CREATE TABLE tags (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     name text NOT NULL,
     name_key text NOT NULL,
     color text NOT NULL,
     UNIQUE (account_id, name_key)
   );
   CREATE TABLE link_tags (
     link_id bigint NOT NULL REFERENCES links(id) ON DELETE CASCADE,
     tag_id bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
     PRIMARY KEY (link_id, tag_id)
   );
   CREATE INDEX link_tags_by_tag ON link_tags (tag_id, link_id);`,
  // A link's tags as JSON text on its own row, so that a list reads them with the link and not
  // by a query per link (issue 36: the list as fast with tags as without). The triggers keep it
  // right at every write of a link's tags or of a tag (renamed, recoloured; deleted cascades).
  `ALTER TABLE links ADD COLUMN tags_json text NOT NULL DEFAULT '[]';
   CREATE FUNCTION link_tags_json(link bigint) RETURNS text LANGUAGE sql STABLE AS $$
     SELECT coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name,
         'color', t.color) ORDER BY t.name_key, t.id)
       FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = link), '[]')::text
   $$;
   UPDATE links SET tags_json = link_tags_json(id) WHERE id IN (SELECT link_id FROM link_tags);
   CREATE FUNCTION link_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN
       UPDATE links SET tags_json = link_tags_json(id) WHERE id = OLD.link_id;
     ELSE
       UPDATE links SET tags_json = link_tags_json(id) WHERE id = NEW.link_id;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER link_tags_changed AFTER INSERT OR DELETE ON link_tags
     FOR EACH ROW EXECUTE FUNCTION link_tags_changed();
   CREATE FUNCTION tag_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE links SET tags_json = link_tags_json(id)
     WHERE id IN (SELECT link_id FROM link_tags WHERE tag_id = NEW.id);
     RETURN NULL;
   END $$;
   CREATE TRIGGER tag_changed AFTER UPDATE OF name, name_key, color ON tags
     FOR EACH ROW EXECUTE FUNCTION tag_changed();`,
  // The account's statistics (account-stats-queries.ts) read one facet of each link's days: by
  // link and facet, its days in order, without the link's other facets' rows.
  `CREATE INDEX click_stats_by_facet ON click_stats (link_id, facet, day) INCLUDE (value, clicks);`,
  // A tag changed while another transaction tags or untags a link with it: each trigger read the
  // other's work as it was before, so the link kept the tag's old name (a new name's key blocked
  // the tagging, a new case or colour did not), or kept a tag just taken off. A link's tags are
  // now written holding a share lock on the tag, which a change of the tag waits for and which
  // waits for one: whichever comes second then reads the first's work, committed.
  `CREATE OR REPLACE FUNCTION link_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN
       PERFORM 1 FROM tags WHERE id = OLD.tag_id FOR SHARE;
       UPDATE links SET tags_json = link_tags_json(id) WHERE id = OLD.link_id;
     ELSE
       PERFORM 1 FROM tags WHERE id = NEW.tag_id FOR SHARE;
       UPDATE links SET tags_json = link_tags_json(id) WHERE id = NEW.link_id;
     END IF;
     RETURN NULL;
   END $$;`,
  // Distinct visitors (storage/visitor-marks.ts): each UTC day's random key, made by the first
  // instance that needs it (INSERT … ON CONFLICT DO NOTHING, then read), and the marks seen on a
  // link that day; both deleted once the day is over, leaving only the counts in click_stats.
  `CREATE TABLE visitor_keys (
     day integer PRIMARY KEY,
     key bytea NOT NULL
   );
   CREATE TABLE visitor_marks (
     day integer NOT NULL,
     link_id bigint NOT NULL REFERENCES links(id) ON DELETE CASCADE,
     mark text NOT NULL,
     PRIMARY KEY (day, link_id, mark)
   );
   CREATE INDEX visitor_marks_by_link ON visitor_marks (link_id);`,
  // The account's statistics summed as the clicks are written (account-rollup.ts), filled from
  // the links' counts: the overview reads an account's days, not every link's.
  ACCOUNT_ROLLUP_MIGRATION,
];

/** The schema version this service brings a database to: one per migration. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Any constant: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_404_711;

/** Brings the schema up to date; throws when the database is newer than this service. */
export async function migrate(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, applied_at bigint NOT NULL)`;
    const [row] = await tx<{ version: number | null }[]>`
      SELECT max(version) AS version FROM schema_migrations`;
    const version = row?.version ?? 0;
    if (version > MIGRATIONS.length) {
      throw new Error(
        `its schema version ${version} is newer than this service's ${MIGRATIONS.length}: run a newer version of the service`,
      );
    }
    for (let next = version; next < MIGRATIONS.length; next++) {
      await tx.unsafe(MIGRATIONS[next] as string);
      await tx`INSERT INTO schema_migrations (version, applied_at) VALUES (${next + 1}, ${Date.now()})`;
    }
  });
}

export async function schemaVersion(sql: Sql): Promise<number> {
  const [row] = await sql<{ version: number }[]>`
    SELECT max(version) AS version FROM schema_migrations`;
  return row?.version ?? 0;
}
