// Opening the database file: created private when missing, its pragmas set, migrated; or a
// StorageOpenError that names the file and says what to do.
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { StorageOpenError } from '../storage.ts';
import { migrate } from './schema.ts';

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

export type SqliteOptions = {
  busyTimeoutMs?: number;
  synchronous?: Synchronous;
  /** Checkpoints in a worker thread rather than in the commits (checkpoints.ts): the service's. */
  backgroundCheckpoints?: boolean;
};

/** How long opening waits for the lock: instances starting at once take turns to migrate. */
const OPEN_BUSY_TIMEOUT_MS = 5_000;

export function openDatabase(file: string, options: SqliteOptions): DatabaseSync {
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
