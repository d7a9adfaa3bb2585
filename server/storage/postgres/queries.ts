// The storage on PostgreSQL, for running several instances on one database: its queries. The
// driver's settings are in database.ts, the schema in schema.ts, and how the instances hear of each
// other's link changes in link-changes.ts.
import { randomUUID } from 'node:crypto';
import {
  type DomainRow,
  type KeyOwner,
  type LinkRow,
  type Plan,
  type RedirectTarget,
  type StatFacet,
  type Storage,
  StorageOpenError,
} from '../storage.ts';
import { connect, guarded, redacted, storageError, unique } from './database.ts';
import { LINK_CHANGES, listenForLinkChanges } from './link-changes.ts';
import { migrate, schemaVersion } from './schema.ts';

const LINK_COLUMNS = `id, domain, back_half AS "backHalf", destination_url AS "destinationUrl", title,
  clicks, created_at AS "createdAt"`;

/** How often each instance removes ended rate-limit windows and the rows of stopped processes. */
const SWEEP_MS = 5 * 60_000;
/** How long a process's last click batch is kept after its last write (it has stopped). */
const CLICK_WRITER_KEPT_MS = 7 * 24 * 3_600_000;

/** A row read with STORED_BATCH: no batch stored yet is batch 0. */
function withStoredBatch(row: LinkRow): LinkRow {
  return { ...row, storedBatch: row.storedBatch ?? 0 };
}

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
  const STORED_BATCH = `(SELECT batch FROM click_writers WHERE writer = '${writer}') AS "storedBatch"`;
  sweep.unref();
  let listener: { close(): Promise<void> } | undefined;

  return {
    engine: 'postgres',

    schemaVersion: () => guarded(() => schemaVersion(sql)),

    keyOwner: (keyHash) =>
      guarded(async () => {
        const [owner] = await sql<KeyOwner[]>`
          SELECT a.id AS "accountId", a.plan, k.key_hash AS "keyHash"
          FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL`;
        return owner;
      }),

    accountByEmail: (email) =>
      guarded(async () => {
        const [account] = await sql<{ id: number; plan: Plan }[]>`
          SELECT id, plan FROM accounts WHERE email = ${email}`;
        return account;
      }),

    createAccount: (email, plan, keyHash, now) =>
      unique(
        () =>
          sql.begin(async (tx) => {
            const [account] = await tx<{ id: number }[]>`
              INSERT INTO accounts (email, plan, created_at) VALUES (${email}, ${plan}, ${now})
              RETURNING id`;
            const id = (account as { id: number }).id;
            await tx`INSERT INTO api_keys (account_id, key_hash, created_at)
              VALUES (${id}, ${keyHash}, ${now})`;
            return id;
          }) as Promise<number>,
        `account ${email} exists`,
      ),

    addKey: (accountId, keyHash, now) =>
      guarded(async () => {
        await sql`INSERT INTO api_keys (account_id, key_hash, created_at)
          VALUES (${accountId}, ${keyHash}, ${now})`;
      }),

    setPlan: (accountId, plan) =>
      guarded(async () => {
        await sql`UPDATE accounts SET plan = ${plan} WHERE id = ${accountId}`;
      }),

    revokeKey: (keyHash, now) =>
      guarded(async () => {
        const result = await sql`UPDATE api_keys SET revoked_at = ${now}
          WHERE key_hash = ${keyHash} AND revoked_at IS NULL`;
        return result.count > 0;
      }),

    addDomain: (accountId, host, now) =>
      unique(async () => {
        await sql`INSERT INTO domains (account_id, host, created_at)
          VALUES (${accountId}, ${host}, ${now})`;
      }, `domain ${host} is taken`),

    domainsOf: (accountId) =>
      guarded(async () => [
        ...(await sql<DomainRow[]>`
          SELECT host, created_at AS "createdAt" FROM domains
          WHERE account_id = ${accountId} ORDER BY created_at, id`),
      ]),

    ownsDomain: (accountId, host) =>
      guarded(async () => {
        const rows = await sql`SELECT 1 FROM domains
          WHERE account_id = ${accountId} AND host = ${host}`;
        return rows.length > 0;
      }),

    isCustomDomain: (host) =>
      guarded(async () => (await sql`SELECT 1 FROM domains WHERE host = ${host}`).length > 0),

    insertLink: (accountId, link) =>
      unique(async () => {
        const [row] = await sql<{ id: number }[]>`
          INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
          VALUES (${accountId}, ${link.domain}, ${link.backHalf}, ${link.destinationUrl},
                  ${link.title}, ${link.createdAt})
          RETURNING id`;
        return { ...link, id: (row as { id: number }).id, clicks: 0 };
      }, 'back-half taken'),

    insertLinks: (accountId, links) =>
      guarded(async () => {
        if (links.length === 0) return { taken: [] };
        // One statement, so one transaction; the rows as one JSON parameter (postgres.js sends
        // no text arrays without fetch_types).
        const stored = await sql<{ domain: string; backHalf: string }[]>`
          INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
          SELECT ${accountId}, domain, back_half, destination_url, title, created_at
          FROM json_to_recordset(${JSON.stringify(
            links.map((link) => ({
              domain: link.domain,
              back_half: link.backHalf,
              destination_url: link.destinationUrl,
              title: link.title,
              created_at: link.createdAt,
            })),
          )}::text::json) AS v(domain text, back_half text, destination_url text, title text,
                         created_at bigint)
          ON CONFLICT (domain, back_half) DO NOTHING
          RETURNING domain, back_half AS "backHalf"`;
        const made = new Set(stored.map((row) => `${row.domain}/${row.backHalf}`));
        return { taken: links.filter((link) => !made.has(`${link.domain}/${link.backHalf}`)) };
      }),

    async *eachLinkOf(accountId) {
      // A cursor: 500 rows at a time, however many links there are.
      const batches = sql
        .unsafe(
          `SELECT ${LINK_COLUMNS}, ${STORED_BATCH} FROM links WHERE account_id = $1
           ORDER BY created_at DESC, id DESC`,
          [accountId],
          { prepare: true },
        )
        .cursor(500);
      try {
        for await (const rows of batches) {
          for (const row of rows) yield withStoredBatch(row as unknown as LinkRow);
        }
      } catch (error) {
        throw storageError(error);
      }
    },

    linkOf: (accountId, domain, backHalf) =>
      guarded(async () => {
        const [link] = await sql.unsafe(
          `SELECT ${LINK_COLUMNS}, ${STORED_BATCH} FROM links
           WHERE account_id = $1 AND domain = $2 AND back_half = $3`,
          [accountId, domain, backHalf],
          { prepare: true },
        );
        return link ? withStoredBatch(link as unknown as LinkRow) : undefined;
      }),

    updateLink: (accountId, domain, backHalf, changes) =>
      guarded(async () => {
        // The announcement is part of the change: sent at its commit, never without it.
        const [link] = await sql.unsafe(
          `WITH changed AS (
             UPDATE links SET destination_url = coalesce($1, destination_url),
               title = coalesce($2, title)
             WHERE account_id = $3 AND domain = $4 AND back_half = $5
             RETURNING ${LINK_COLUMNS})
           SELECT changed.*, pg_notify('${LINK_CHANGES}', domain || '/' || "backHalf") AS notified,
             ${STORED_BATCH}
           FROM changed`,
          [changes.destinationUrl ?? null, changes.title ?? null, accountId, domain, backHalf],
          { prepare: true },
        );
        if (!link) return undefined;
        const { notified: _, ...row } = link as unknown as LinkRow & { notified: unknown };
        return withStoredBatch(row);
      }),

    deleteLink: (accountId, domain, backHalf) =>
      guarded(async () => {
        const deleted = await sql`WITH gone AS (
            DELETE FROM links
            WHERE account_id = ${accountId} AND domain = ${domain} AND back_half = ${backHalf}
            RETURNING domain, back_half)
          SELECT pg_notify(${LINK_CHANGES}, domain || '/' || back_half) FROM gone`;
        return deleted.length > 0;
      }),

    redirectTarget: (domain, backHalf) =>
      guarded(async () => {
        const [target] = await sql<RedirectTarget[]>`
          SELECT id, destination_url AS "destinationUrl" FROM links
          WHERE domain = ${domain} AND back_half = ${backHalf}`;
        return target;
      }),

    addClicks: (counts, batch, stats = []) =>
      guarded(async () => {
        if (counts.size === 0 && stats.length === 0) return;
        // Array literals (`{1,2}`): whole numbers only, cast in the query (see fetch_types).
        const ids = `{${[...counts.keys()].join(',')}}`;
        const added = `{${[...counts.values()].join(',')}}`;
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
            UPDATE links AS l SET clicks = l.clicks + v.n
            FROM unnest(${ids}::bigint[], ${added}::bigint[]) AS v(id, n)
            WHERE l.id = v.id AND (SELECT ok FROM go)
            RETURNING 1)
          INSERT INTO click_stats AS s (link_id, day, facet, value, clicks)
          SELECT r.id, r.day, r.facet, r.value, r.n
          FROM jsonb_to_recordset(${statRows}::text::jsonb)
            AS r(id bigint, day integer, facet text, value text, n bigint)
          WHERE (SELECT ok FROM go) AND EXISTS (SELECT 1 FROM links WHERE id = r.id)
          ORDER BY r.id, r.day, r.facet, r.value
          ON CONFLICT (link_id, day, facet, value) DO UPDATE SET clicks = s.clicks + excluded.clicks`;
      }),

    clickStats: (linkId, fromDay, toDay) =>
      guarded(async () => {
        // Two statements would let a batch be stored between them: the batch is read with the rows.
        const rows = (await sql.unsafe(
          `WITH s AS (
             SELECT day, facet, value, clicks FROM click_stats
             WHERE link_id = $1 AND day BETWEEN $2 AND $3 AND facet IN ('human', 'bot')
             UNION ALL
             SELECT $3::integer, facet, value, sum(clicks)::bigint FROM click_stats
             WHERE link_id = $1 AND day BETWEEN $2 AND $3 AND facet NOT IN ('human', 'bot')
             GROUP BY facet, value)
           SELECT s.day, s.facet, s.value, s.clicks, b."storedBatch"
           FROM (SELECT ${STORED_BATCH}) AS b LEFT JOIN s ON true`,
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
