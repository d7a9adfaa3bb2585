// The service's storage: node:sqlite in one file, migrated at start-up, one transaction per write.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

/** The empty string is the default short domain; a custom domain is its lower-case host. */
export type DomainKey = string;
export const DEFAULT_DOMAIN: DomainKey = '';

export type Plan = 'paid' | 'free';

export type KeyOwner = { accountId: number; plan: Plan; keyHash: string };

export type LinkRow = {
  id: number;
  domain: DomainKey;
  backHalf: string;
  destinationUrl: string;
  title: string;
  clicks: number;
  createdAt: number;
};

export type DomainRow = { host: string; createdAt: number };

export class UniqueViolation extends Error {
  override name = 'UniqueViolation';
}

const MIGRATIONS: string[] = [
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
];

function migrate(db: DatabaseSync): void {
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as {
    user_version: number;
  };
  for (let next = version; next < MIGRATIONS.length; next++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[next] as string);
      db.exec(`PRAGMA user_version = ${next + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message);
}

const LINK_COLUMNS = `id, domain, back_half AS backHalf, destination_url AS destinationUrl, title,
  clicks, created_at AS createdAt`;

export type Store = ReturnType<typeof openStore>;

/** Opens (creating when missing) the database file and returns its typed operations. */
export function openStore(file: string) {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  migrate(db);

  const cache = new Map<string, StatementSync>();
  const statement = (sql: string): StatementSync => {
    let prepared = cache.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      cache.set(sql, prepared);
    }
    return prepared;
  };
  const get = <T>(sql: string, ...params: SQLInputValue[]) =>
    statement(sql).get(...params) as T | undefined;
  const all = <T>(sql: string, ...params: SQLInputValue[]) => statement(sql).all(...params) as T[];
  const run = (sql: string, ...params: SQLInputValue[]) => statement(sql).run(...params);

  const transaction = <T>(work: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };

  return {
    keyOwner(keyHash: string): KeyOwner | undefined {
      return get<KeyOwner>(
        `SELECT a.id AS accountId, a.plan AS plan, k.key_hash AS keyHash FROM api_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
        keyHash,
      );
    },

    accountByEmail(email: string): { id: number; plan: Plan } | undefined {
      return get('SELECT id, plan FROM accounts WHERE email = ?', email);
    },

    createAccount(email: string, plan: Plan, keyHash: string, now: number): number {
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
          if (isUniqueViolation(error)) throw new UniqueViolation(`account ${email} exists`);
          throw error;
        }
      });
    },

    addKey(accountId: number, keyHash: string, now: number): void {
      transaction(() =>
        run(
          'INSERT INTO api_keys (account_id, key_hash, created_at) VALUES (?, ?, ?)',
          accountId,
          keyHash,
          now,
        ),
      );
    },

    setPlan(accountId: number, plan: Plan): void {
      transaction(() => run('UPDATE accounts SET plan = ? WHERE id = ?', plan, accountId));
    },

    /** Returns whether a live key with this hash existed. */
    revokeKey(keyHash: string, now: number): boolean {
      return transaction(
        () =>
          run(
            'UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL',
            now,
            keyHash,
          ).changes > 0,
      );
    },

    addDomain(accountId: number, host: string, now: number): void {
      transaction(() => {
        try {
          run(
            'INSERT INTO domains (account_id, host, created_at) VALUES (?, ?, ?)',
            accountId,
            host,
            now,
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new UniqueViolation(`domain ${host} is taken`);
          throw error;
        }
      });
    },

    domainsOf(accountId: number): DomainRow[] {
      return all<DomainRow>(
        'SELECT host, created_at AS createdAt FROM domains WHERE account_id = ? ORDER BY created_at, id',
        accountId,
      );
    },

    ownsDomain(accountId: number, host: string): boolean {
      return (
        get('SELECT 1 AS found FROM domains WHERE account_id = ? AND host = ?', accountId, host) !==
        undefined
      );
    },

    isCustomDomain(host: string): boolean {
      return get('SELECT 1 AS found FROM domains WHERE host = ?', host) !== undefined;
    },

    /** Inserts a link; throws UniqueViolation when the back-half is taken on that domain. */
    insertLink(accountId: number, link: Omit<LinkRow, 'id' | 'clicks'>): LinkRow {
      return transaction(() => {
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
          if (isUniqueViolation(error)) throw new UniqueViolation('back-half taken');
          throw error;
        }
      });
    },

    linksOf(accountId: number): LinkRow[] {
      return all<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? ORDER BY created_at DESC, id DESC`,
        accountId,
      );
    },

    /**
     * The account's links newest first, read a row at a time as the caller asks for them. Its own
     * statement, so that two lists can be read at once; returning the iterator early ends the read.
     */
    eachLinkOf(accountId: number): IterableIterator<LinkRow> {
      return db
        .prepare(
          `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? ORDER BY created_at DESC, id DESC`,
        )
        .iterate(accountId) as IterableIterator<LinkRow>;
    },

    linkOf(accountId: number, domain: DomainKey, backHalf: string): LinkRow | undefined {
      return get<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? AND domain = ? AND back_half = ?`,
        accountId,
        domain,
        backHalf,
      );
    },

    updateLink(id: number, changes: { destinationUrl?: string; title?: string }): void {
      transaction(() =>
        run(
          `UPDATE links SET destination_url = coalesce(?, destination_url), title = coalesce(?, title)
           WHERE id = ?`,
          changes.destinationUrl ?? null,
          changes.title ?? null,
          id,
        ),
      );
    },

    deleteLink(id: number): void {
      transaction(() => run('DELETE FROM links WHERE id = ?', id));
    },

    redirectTarget(
      domain: DomainKey,
      backHalf: string,
    ): { id: number; destinationUrl: string } | undefined {
      return get(
        'SELECT id, destination_url AS destinationUrl FROM links WHERE domain = ? AND back_half = ?',
        domain,
        backHalf,
      );
    },

    /** Adds pending click counts, all in one transaction. */
    addClicks(pending: Map<number, number>): void {
      if (pending.size === 0) return;
      transaction(() => {
        for (const [id, count] of pending) {
          run('UPDATE links SET clicks = clicks + ? WHERE id = ?', count, id);
        }
      });
    },

    close(): void {
      db.close();
    },
  };
}
