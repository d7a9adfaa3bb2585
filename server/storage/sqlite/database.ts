// The primitives every node:sqlite operation of the storage goes through: its errors turned into
// the storage's (StorageUnavailable, UniqueViolation), the one way to write in a transaction, and
// the prepared statements the queries (account-, link- and click-queries.ts) run.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { StorageUnavailable, UniqueViolation } from '../storage.ts';

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
export function storageError(error: unknown): unknown {
  if (error instanceof StorageUnavailable || !(error instanceof Error)) return error;
  const { errcode, errstr } = error as Error & { errcode?: number; errstr?: string };
  if (typeof errcode === 'number' && TRANSIENT_SQLITE_CODES.has(errcode & 0xff)) {
    return new StorageUnavailable(errstr ?? error.message, { cause: error });
  }
  return error;
}

/** SQLite's extended result codes for a UNIQUE or PRIMARY KEY constraint that failed (sqlite3.h). */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;

export const isUniqueViolation = (error: unknown): boolean => {
  const errcode = error instanceof Error ? (error as { errcode?: unknown }).errcode : undefined;
  return errcode === SQLITE_CONSTRAINT_UNIQUE || errcode === SQLITE_CONSTRAINT_PRIMARYKEY;
};

/**
 * Runs work in one write transaction. A failure rolls back and rethrows the failure itself: when
 * SQLite already ended the transaction (a full disk, an I/O error), the rollback's own complaint
 * ("no transaction is active") must not hide what went wrong.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
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

/** How the queries reach the database: statements prepared once, their errors as the storage's. */
export function createAccess(db: DatabaseSync) {
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
  return {
    db,
    statement,
    guarded,
    get: <T>(sql: string, ...params: SQLInputValue[]) =>
      guarded(() => statement(sql).get(...params) as T | undefined),
    all: <T>(sql: string, ...params: SQLInputValue[]) =>
      guarded(() => statement(sql).all(...params) as T[]),
    /** Inside transaction() only, which turns its errors into the storage's. */
    run: (sql: string, ...params: SQLInputValue[]) => statement(sql).run(...params),
    transaction: <T>(work: () => T): T => guarded(() => inTransaction(db, work)),
    rethrowUnique: (error: unknown, message: string): never => {
      if (isUniqueViolation(error)) throw new UniqueViolation(message);
      throw error;
    },
  };
}

export type SqliteAccess = ReturnType<typeof createAccess>;
