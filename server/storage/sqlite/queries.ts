// The storage on SQLite (node:sqlite), on the file open.ts opens and migrates: its queries, one
// transaction per write, by what they hold: accounts, keys and domains (account-queries.ts), links
// (link-queries.ts), clicks and statistics (click-queries.ts). node:sqlite is synchronous; the
// Storage interface is not, so each operation runs at once and returns a settled Promise.
import type { Storage } from '../storage.ts';
import { accountQueries } from './account-queries.ts';
import { clickQueries } from './click-queries.ts';
import { createAccess } from './database.ts';
import { linkQueries } from './link-queries.ts';
import { openDatabase, type SqliteOptions } from './open.ts';
import { schemaVersionOf } from './schema.ts';
import { tagQueries } from './tag-queries.ts';

/**
 * Opens (creating when missing) the database file, migrated. Throws StorageOpenError when the file
 * cannot be used; operations reject with StorageUnavailable when the database is locked, full or
 * failing, having changed nothing.
 */
export async function openSqliteStorage(
  file: string,
  options: SqliteOptions = {},
): Promise<Storage> {
  const db = openDatabase(file, options);
  const access = createAccess(db);

  return {
    engine: 'sqlite',

    async schemaVersion() {
      return access.guarded(() => schemaVersionOf(db));
    },

    ...accountQueries(access),
    ...linkQueries(access),
    ...clickQueries(access),
    ...tagQueries(access).storage,

    // One process serves a SQLite file, and it drops its own cache entries as it changes links:
    // nothing to hear, and no connection to lose.
    async watchLinkChanges() {},

    async close() {
      db.close();
    },
  };
}
