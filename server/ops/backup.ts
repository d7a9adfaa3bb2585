// `service backup`: a consistent copy of a SQLite database while the service runs and writes
// (SQLite's online backup, in one step: one read transaction, so writers go on in WAL mode and
// the copy is the database as of one moment), checked, then moved into place. Never a partial
// file: the copy is written beside the target under another name and renamed only once it
// passed its check.
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
// The namespace, not named imports: Node.js 22.13–22.15 has node:sqlite without backup().
import * as sqlite from 'node:sqlite';
import { notAFile } from '../shared/file-kind.ts';
import { nodeTooOldForBackup } from '../shared/node-version.ts';

/** Refused or failed; the message says why and what to do, and nothing was left behind. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupResult = { links: number; bytes: number; ms: number };

/** What to say instead, on PostgreSQL: its own tool makes consistent copies of a live database. */
export const POSTGRES_BACKUP_ADVICE =
  'On PostgreSQL, back up with pg_dump, which copies a consistent snapshot while the service runs: pg_dump --format=custom --no-owner --no-privileges --file FILE "postgres://…" (restore with pg_restore --clean --if-exists --no-owner --dbname "postgres://…" FILE).';

/** All pages in one step: a copy of one moment, never restarted by the service's writes. */
const ALL_PAGES = 2_147_483_647;
const BUSY_TIMEOUT_MS = 5_000;

const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;

function refusal(error: unknown, options: { db: string; to: string }): BackupError {
  const primary = Number((error as { errcode?: number }).errcode) & 0xff;
  const code = (error as NodeJS.ErrnoException).code;
  const folder = path.dirname(path.resolve(options.to));
  if (primary === SQLITE_FULL || code === 'ENOSPC')
    return new BackupError(
      `The disk holding ${folder} filled up during the backup; nothing was left there: free some space or back up to another disk.`,
    );
  if ([SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_IOERR].includes(primary) || code === 'EROFS')
    return new BackupError(
      `The backup could not be written to ${folder} (${error instanceof Error ? error.message : String(error)}); nothing was left there: choose a folder this user can write to.`,
    );
  return new BackupError(
    `The backup of ${options.db} failed (${error instanceof Error ? error.message : String(error)}); nothing was left at ${options.to}.`,
  );
}

export async function backupSqlite(options: {
  db: string;
  to: string;
  force?: boolean;
}): Promise<BackupResult> {
  const started = performance.now();
  const tooOld = nodeTooOldForBackup();
  if (tooOld) throw new BackupError(tooOld);
  const to = path.resolve(options.to);
  const folder = path.dirname(to);
  if (!existsSync(options.db)) throw new BackupError(`There is no database at ${options.db}.`);
  if (path.resolve(options.db) === to)
    throw new BackupError('--to names the database itself: choose another file.');
  const existing = lstatSync(to, { throwIfNoEntry: false });
  // --force replaces a file, never a pipe, a device or a link: renaming onto them would swap a
  // plain file in for what others read or write there.
  const kind = existing && notAFile(existing);
  if (kind)
    throw new BackupError(
      `${options.to} is ${kind}, not a file: a backup replaces only a regular file, so choose another name.`,
    );
  if (existing && !options.force)
    throw new BackupError(
      `${options.to} already exists: choose another file, or add --force to replace it.`,
    );
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new BackupError(
      `The backup cannot be written to ${folder} (${(error as NodeJS.ErrnoException).code}): choose a folder that exists and that this user can write to.`,
    );
  }

  const partial = path.join(folder, `.${path.basename(to)}.partial-${process.pid}`);
  const removePartial = (suffixes = ['', '-journal', '-wal', '-shm']) => {
    for (const suffix of suffixes) rmSync(partial + suffix, { force: true });
  };
  // Created owner-only before SQLite writes to it (its journals take the file's mode): the copy
  // holds what the database holds, which is owner-only too.
  removePartial();
  try {
    closeSync(openSync(partial, 'wx', 0o600));
  } catch (error) {
    throw refusal(error, options);
  }
  const source = new sqlite.DatabaseSync(options.db, { timeout: BUSY_TIMEOUT_MS });
  try {
    await sqlite.backup(source, partial, { rate: ALL_PAGES });
  } catch (error) {
    removePartial();
    throw refusal(error, options);
  } finally {
    source.close();
  }

  let links: number;
  try {
    const copy = new sqlite.DatabaseSync(partial, { readOnly: true });
    try {
      const checks = copy.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
      const verdict = checks.map((row) => row.integrity_check).join('; ');
      if (verdict !== 'ok')
        throw new BackupError(
          `The copy of ${options.db} failed its integrity check (${verdict}); nothing was left at ${options.to}. Check the database itself with: sqlite3 ${options.db} "PRAGMA integrity_check"`,
        );
      links = Number((copy.prepare('SELECT count(*) AS n FROM links').get() as { n: number }).n);
    } finally {
      copy.close();
    }
    renameSync(partial, to);
  } catch (error) {
    removePartial();
    throw error instanceof BackupError ? error : refusal(error, options);
  } finally {
    // The check's read-only connection leaves the copy's WAL files (SQLite keeps them for the
    // next reader); they hold nothing the copy lacks.
    removePartial(['-journal', '-wal', '-shm']);
  }
  return { links, bytes: statSync(to).size, ms: performance.now() - started };
}
