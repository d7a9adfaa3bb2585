// The storage on SQLite (node:sqlite), on the file open.ts opens and migrates: its queries, one
// transaction per write, by what they hold: accounts, keys and domains (account-queries.ts), links
// (link-queries.ts), clicks and statistics (click-queries.ts). node:sqlite is synchronous; the
// Storage interface is not, so each operation runs at once and returns a settled Promise, but for
// creates: those of one turn of the event loop share a transaction at its end (write-batches.ts).
import type { Storage } from '../storage.ts';
import { accountQueries } from './account-queries.ts';
import { accountStatsQueries } from './account-stats-queries.ts';
import { checkpointInBackground } from './checkpoints.ts';
import { clickQueries } from './click-queries.ts';
import { createAccess } from './database.ts';
import { healthQueries } from './health-queries.ts';
import { linkQueries } from './link-queries.ts';
import { openDatabase, type SqliteOptions } from './open.ts';
import { schemaVersionOf } from './schema.ts';
import { tagQueries } from './tag-queries.ts';
import { createWriteBatches } from './write-batches.ts';

/** How often the service looks for another process's writes to the file. */
const OTHER_WRITERS_POLL_MS = 250;

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
  const checkpoints =
    options.backgroundCheckpoints && file !== ':memory:'
      ? checkpointInBackground(db, file)
      : undefined;
  const access = createAccess(db);
  const batches = createWriteBatches(db);
  const dataVersion = () =>
    (access.statement('PRAGMA data_version').get() as { data_version: number }).data_version;
  let otherWriters: NodeJS.Timeout | undefined;

  return {
    engine: 'sqlite',

    async schemaVersion() {
      return access.guarded(() => schemaVersionOf(db));
    },

    ...accountQueries(access),
    ...linkQueries(access, batches),
    ...accountStatsQueries(access),
    ...clickQueries(access),
    ...healthQueries(access),
    ...tagQueries(access).storage,

    // One process serves a SQLite file and drops its own cache entries as it changes links, but
    // the command line changes it from another process (links delete-expired, import). SQLite's
    // data_version moves only with another connection's commits: when it has, every link in
    // memory is read again before it is served, as after a lost connection (LinkChangeWatcher).
    async watchLinkChanges(watcher) {
      let seen = dataVersion();
      otherWriters = setInterval(() => {
        try {
          const now = dataVersion();
          if (now === seen) return;
          seen = now;
          watcher.back();
        } catch {
          // The database is away: the redirects find that out for themselves.
        }
      }, OTHER_WRITERS_POLL_MS);
      otherWriters.unref();
    },

    async close() {
      clearInterval(otherWriters);
      batches.flush();
      await checkpoints?.stop();
      db.close();
    },
  };
}
