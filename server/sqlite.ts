// The storage on SQLite (node:sqlite): one file, migrated at start-up, one transaction per write.
// node:sqlite is synchronous; the Storage interface is not, so each operation runs at once and
// returns a settled Promise.
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  type DomainKey,
  type DomainRow,
  type KeyOwner,
  type LinkRow,
  type NewLink,
  type Plan,
  type RedirectTarget,
  type Storage,
  StorageOpenError,
  StorageUnavailable,
  UniqueViolation,
} from './storage.ts';

/** SQLite's primary result codes that pass with time or an operator's help (sqlite3.h). */
const TRANSIENT_SQLITE_CODES = new Set([
  5, // SQLITE_BUSY: another connection holds the lock
  6, // SQLITE_LOCKED
  7, // SQLITE_NOMEM
  8, // SQLITE_READONLY
  10, // SQLITE_IOERR
  13, // SQLITE_FULL
  14, // SQLITE_CANTOPEN
  15, // SQLITE_PROTOCOL
]);

/** node:sqlite's error, as StorageUnavailable when it is one that passes; anything else as is. */
function storageError(error: unknown): unknown {
  if (error instanceof StorageUnavailable || !(error instanceof Error)) return error;
  const { errcode, errstr } = error as Error & { errcode?: number; errstr?: string };
  if (typeof errcode === 'number' && TRANSIENT_SQLITE_CODES.has(errcode & 0xff)) {
    return new StorageUnavailable(errstr ?? error.message, { cause: error });
  }
  return error;
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
];

const schemaVersionOf = (db: DatabaseSync) =>
  (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

/**
 * Brings the schema up to date, one step per transaction. The version is read inside the
 * transaction, under the write lock, so instances starting at once each apply a step only once.
 */
function migrate(db: DatabaseSync): void {
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

/**
 * Runs work in one write transaction. A failure rolls back and rethrows the failure itself: when
 * SQLite already ended the transaction (a full disk, an I/O error), the rollback's own complaint
 * ("no transaction is active") must not hide what went wrong.
 */
function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // The first error is the one to report.
      }
    }
    throw error;
  }
}

const LINK_COLUMNS = `id, domain, back_half AS backHalf, destination_url AS destinationUrl, title,
  clicks, created_at AS createdAt`;

/**
 * How long a write waits for another connection's lock before it fails as StorageUnavailable.
 * node:sqlite is synchronous, so this wait blocks the whole event loop: the service keeps it short
 * and retries later instead (a command-line tool, which serves nobody, can wait longer). The
 * service's own writers hold the lock briefly (measured here: a create 0.3 ms, an admin command's
 * write 0.7 ms, a click flush of 1,000 links 0.8 ms, at most 3.7 ms), so 25 ms rides over them.
 */
export const SERVICE_BUSY_TIMEOUT_MS = 25;

function openError(file: string, error: unknown): StorageOpenError {
  const { errcode, errstr, code } = error as { errcode?: number; errstr?: string; code?: string };
  const reason = errstr ?? (error instanceof Error ? error.message : String(error));
  const primary = typeof errcode === 'number' ? errcode & 0xff : undefined;
  let advice: string;
  if (primary === 26 || primary === 11) {
    advice = `is damaged or is not a Short Link database (${reason}). Restore it from a backup, or move it aside to start with an empty one`;
  } else if (primary === 8 || primary === 14 || code === 'EACCES' || code === 'EROFS') {
    advice = `cannot be opened for writing (${reason}). Give the service's user write access to the file and its folder, or choose another file with --db`;
  } else if (primary === 5 || primary === 6) {
    advice = `is locked by another process (${reason}). Wait for it to finish, or stop it, and start again`;
  } else {
    advice = `could not be opened (${reason})`;
  }
  return new StorageOpenError(`The database file ${file} ${advice}.`, { cause: error });
}

/** Creates a missing database file readable and writable by its owner only. */
function createPrivateFile(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  if (existsSync(file)) return;
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * When a commit reaches the disk. WAL with `normal` syncs only at checkpoints: a process crash loses
 * nothing, but a power cut or a kernel crash can roll back writes already answered 200 (the database
 * stays consistent). `full` syncs the log at every commit, so an answered write survives those too.
 */
export type Synchronous = 'normal' | 'full';
export const DEFAULT_SYNCHRONOUS: Synchronous = 'normal';

export type SqliteOptions = { busyTimeoutMs?: number; synchronous?: Synchronous };

/** How long opening waits for the lock: instances starting at once take turns to migrate. */
const OPEN_BUSY_TIMEOUT_MS = 5_000;

function openDatabase(file: string, options: SqliteOptions): DatabaseSync {
  let db: DatabaseSync | undefined;
  try {
    if (file !== ':memory:') createPrivateFile(file);
    db = new DatabaseSync(file);
    db.exec(`PRAGMA busy_timeout = ${OPEN_BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec(`PRAGMA synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db);
    db.exec(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? SERVICE_BUSY_TIMEOUT_MS}`);
    return db;
  } catch (error) {
    db?.close();
    throw openError(file, error);
  }
}

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
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) {
      throw new UniqueViolation(message);
    }
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

    async linksOf(accountId) {
      return all<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? ORDER BY created_at DESC, id DESC`,
        accountId,
      );
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

    async addClicks(counts) {
      if (counts.size === 0) return;
      transaction(() => {
        for (const [id, count] of counts) {
          run('UPDATE links SET clicks = clicks + ? WHERE id = ?', count, id);
        }
      });
    },

    // One process serves a SQLite file, and it drops its own cache entries as it changes links.
    async watchLinkChanges() {},

    async close() {
      db.close();
    },
  };
}
