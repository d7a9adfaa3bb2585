// The storage on PostgreSQL, for running several instances on one database: its queries, by what
// they hold: accounts, keys and domains (account-queries.ts), links (link-queries.ts), clicks and
// statistics (click-queries.ts); the rate-limit windows the instances share are here. The driver's
// settings are in database.ts, the schema in schema.ts, and how the instances hear of each other's
// link changes in link-changes.ts.
import { randomUUID } from 'node:crypto';
import { type Storage, StorageOpenError } from '../storage.ts';
import { accountQueries } from './account-queries.ts';
import { accountStatsQueries } from './account-stats-queries.ts';
import { clickQueries } from './click-queries.ts';
import { connect, guarded, redacted } from './database.ts';
import { healthQueries } from './health-queries.ts';
import { listenForLinkChanges } from './link-changes.ts';
import { linkQueries } from './link-queries.ts';
import { migrate, schemaVersion } from './schema.ts';
import { tagQueries } from './tag-queries.ts';

/** How often each instance removes ended rate-limit windows and the rows of stopped processes. */
const SWEEP_MS = 5 * 60_000;
/** How long a process's last click batch is kept after its last write (it has stopped). */
const CLICK_WRITER_KEPT_MS = 7 * 24 * 3_600_000;

export type PostgresOptions = { maxConnections?: number };

export async function openPostgresStorage(
  url: string,
  options: PostgresOptions = {},
): Promise<Storage> {
  const sql = connect(url, { maxConnections: options.maxConnections ?? 10 });
  try {
    await migrate(sql);
  } catch (error) {
    await sql.end({ timeout: 1 });
    const reason = error instanceof Error ? error.message : String(error);
    throw new StorageOpenError(
      `The database at ${redacted(url)} could not be opened (${reason}). Check that PostgreSQL runs there and that --db names it with a user allowed to create tables.`,
      { cause: error },
    );
  }

  // Ended windows and the batches of processes long stopped are dead rows: swept now and then,
  // by whichever instance gets there first.
  const sweep = setInterval(() => {
    sql`DELETE FROM request_windows
      WHERE ends_at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint`.catch(() => {});
    sql`DELETE FROM click_writers WHERE updated_at < ${Date.now() - CLICK_WRITER_KEPT_MS}`.catch(
      () => {},
    );
  }, SWEEP_MS);
  /** This process, as the writer of its click batches. */
  const writer = randomUUID();
  /** The last batch of this process stored: read in the statement that reads the clicks. */
  const storedBatchColumn = `(SELECT batch FROM click_writers WHERE writer = '${writer}') AS "storedBatch"`;
  sweep.unref();
  let listener: { close(): Promise<void> } | undefined;

  return {
    engine: 'postgres',

    schemaVersion: () => guarded(() => schemaVersion(sql)),

    ...accountQueries(sql),
    ...linkQueries(sql, storedBatchColumn),
    ...accountStatsQueries(sql),
    ...clickQueries(sql, writer, storedBatchColumn),
    ...healthQueries(sql),
    ...tagQueries(sql),

    watchLinkChanges: async (watcher) => {
      listener = await listenForLinkChanges(url, watcher);
    },

    countRequest: (key, windowMs) =>
      guarded(async () => {
        // One statement, one round trip: the window is started or counted in, and the database's
        // clock (one for every instance) says when it ends.
        const [window] = await sql<{ count: number; msLeft: number }[]>`
          WITH now AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms)
          INSERT INTO request_windows AS w (key, ends_at, count)
          SELECT ${key}, ms + ${windowMs}, 1 FROM now
          ON CONFLICT (key) DO UPDATE SET
            ends_at = CASE WHEN w.ends_at <= excluded.ends_at - ${windowMs}
                           THEN excluded.ends_at ELSE w.ends_at END,
            count = CASE WHEN w.ends_at <= excluded.ends_at - ${windowMs}
                         THEN 1 ELSE w.count + 1 END
          RETURNING count, ends_at - (SELECT ms FROM now) AS "msLeft"`;
        return window as { count: number; msLeft: number };
      }),

    close: async () => {
      clearInterval(sweep);
      await listener?.close();
      await sql.end({ timeout: 5 });
    },
  };
}
