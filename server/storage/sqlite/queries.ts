// The storage on SQLite (node:sqlite): its queries, one transaction per write, on the file open.ts
// opens and migrates. node:sqlite is synchronous; the Storage interface is not, so each operation
// runs at once and returns a settled Promise.
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import {
  type DomainKey,
  type DomainRow,
  type KeyOwner,
  type LinkRow,
  type NewLink,
  type Plan,
  type RedirectTarget,
  type Storage,
  type StoredStats,
  UniqueViolation,
} from '../storage.ts';
import { inTransaction, isUniqueViolation, storageError } from './database.ts';
import { openDatabase, type SqliteOptions } from './open.ts';
import { schemaVersionOf } from './schema.ts';

const LINK_COLUMNS = `id, domain, back_half AS backHalf, destination_url AS destinationUrl, title,
  clicks, created_at AS createdAt`;

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

  const cache = new Map<string, StatementSync>();
  const statement = (sql: string): StatementSync => {
    let prepared = cache.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      cache.set(sql, prepared);
    }
    return prepared;
  };
  const guarded = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw storageError(error);
    }
  };
  const get = <T>(sql: string, ...params: SQLInputValue[]) =>
    guarded(() => statement(sql).get(...params) as T | undefined);
  const all = <T>(sql: string, ...params: SQLInputValue[]) =>
    guarded(() => statement(sql).all(...params) as T[]);
  const run = (sql: string, ...params: SQLInputValue[]) => statement(sql).run(...params);
  const transaction = <T>(work: () => T): T => guarded(() => inTransaction(db, work));
  const rethrowUnique = (error: unknown, message: string): never => {
    if (isUniqueViolation(error)) throw new UniqueViolation(message);
    throw error;
  };

  return {
    engine: 'sqlite',

    async schemaVersion() {
      return guarded(() => schemaVersionOf(db));
    },

    async keyOwner(keyHash) {
      return get<KeyOwner>(
        `SELECT a.id AS accountId, a.plan AS plan, k.key_hash AS keyHash FROM api_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
        keyHash,
      );
    },

    async accountByEmail(email) {
      return get<{ id: number; plan: Plan }>(
        'SELECT id, plan FROM accounts WHERE email = ?',
        email,
      );
    },

    async createAccount(email, plan, keyHash, now) {
      return transaction(() => {
        try {
          const { lastInsertRowid } = run(
            'INSERT INTO accounts (email, plan, created_at) VALUES (?, ?, ?)',
            email,
            plan,
            now,
          );
          run(
            'INSERT INTO api_keys (account_id, key_hash, created_at) VALUES (?, ?, ?)',
            lastInsertRowid,
            keyHash,
            now,
          );
          return Number(lastInsertRowid);
        } catch (error) {
          return rethrowUnique(error, `account ${email} exists`);
        }
      });
    },

    async addKey(accountId, keyHash, now) {
      transaction(() =>
        run(
          'INSERT INTO api_keys (account_id, key_hash, created_at) VALUES (?, ?, ?)',
          accountId,
          keyHash,
          now,
        ),
      );
    },

    async setPlan(accountId, plan) {
      transaction(() => run('UPDATE accounts SET plan = ? WHERE id = ?', plan, accountId));
    },

    async revokeKey(keyHash, now) {
      return transaction(
        () =>
          run(
            'UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL',
            now,
            keyHash,
          ).changes > 0,
      );
    },

    async addDomain(accountId, host, now) {
      transaction(() => {
        try {
          run(
            'INSERT INTO domains (account_id, host, created_at) VALUES (?, ?, ?)',
            accountId,
            host,
            now,
          );
        } catch (error) {
          rethrowUnique(error, `domain ${host} is taken`);
        }
      });
    },

    async domainsOf(accountId) {
      return all<DomainRow>(
        'SELECT host, created_at AS createdAt FROM domains WHERE account_id = ? ORDER BY created_at, id',
        accountId,
      );
    },

    async ownsDomain(accountId, host) {
      return (
        get('SELECT 1 AS found FROM domains WHERE account_id = ? AND host = ?', accountId, host) !==
        undefined
      );
    },

    async isCustomDomain(host) {
      return get('SELECT 1 AS found FROM domains WHERE host = ?', host) !== undefined;
    },

    async insertLink(accountId, link: NewLink) {
      return transaction((): LinkRow => {
        try {
          const { lastInsertRowid } = run(
            `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
            accountId,
            link.domain,
            link.backHalf,
            link.destinationUrl,
            link.title,
            link.createdAt,
          );
          return { ...link, id: Number(lastInsertRowid), clicks: 0 };
        } catch (error) {
          return rethrowUnique(error, 'back-half taken');
        }
      });
    },

    async insertLinks(accountId, links) {
      return transaction(() => {
        const taken: NewLink[] = [];
        for (const link of links) {
          const { changes } = run(
            `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
             VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (domain, back_half) DO NOTHING`,
            accountId,
            link.domain,
            link.backHalf,
            link.destinationUrl,
            link.title,
            link.createdAt,
          );
          if (Number(changes) === 0) taken.push(link);
        }
        return { taken };
      });
    },

    /**
     * The account's links newest first, read a row at a time as the caller asks for them. Its own
     * statement, so that two lists can be read at once; returning the iterator early ends the read.
     */
    async *eachLinkOf(accountId) {
      const rows = guarded(
        () =>
          db
            .prepare(
              `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? ORDER BY created_at DESC, id DESC`,
            )
            .iterate(accountId) as IterableIterator<LinkRow>,
      );
      try {
        for (;;) {
          const next = guarded(() => rows.next());
          if (next.done) return;
          yield next.value;
        }
      } finally {
        rows.return?.();
      }
    },

    async linkOf(accountId, domain: DomainKey, backHalf) {
      return get<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? AND domain = ? AND back_half = ?`,
        accountId,
        domain,
        backHalf,
      );
    },

    async updateLink(accountId, domain, backHalf, changes) {
      return transaction(
        () =>
          statement(
            `UPDATE links SET destination_url = coalesce(?, destination_url), title = coalesce(?, title)
             WHERE account_id = ? AND domain = ? AND back_half = ? RETURNING ${LINK_COLUMNS}`,
          ).get(
            changes.destinationUrl ?? null,
            changes.title ?? null,
            accountId,
            domain,
            backHalf,
          ) as LinkRow | undefined,
      );
    },

    async deleteLink(accountId, domain, backHalf) {
      return transaction(
        () =>
          run(
            'DELETE FROM links WHERE account_id = ? AND domain = ? AND back_half = ?',
            accountId,
            domain,
            backHalf,
          ).changes > 0,
      );
    },

    async redirectTarget(domain, backHalf) {
      return get<RedirectTarget>(
        'SELECT id, destination_url AS destinationUrl FROM links WHERE domain = ? AND back_half = ?',
        domain,
        backHalf,
      );
    },

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

    // One process serves a SQLite file, and it drops its own cache entries as it changes links:
    // nothing to hear, and no connection to lose.
    async watchLinkChanges() {},

    async close() {
      db.close();
    },
  };
}
