// Chooses the storage engine from the database location the service is given (--db, SHORTLINK_DB).
import { openSqliteStorage, type SqliteOptions } from './sqlite.ts';
import type { Storage } from './storage.ts';

export type StorageOptions = SqliteOptions;

/** Opens and migrates the database at `location`: a file path (SQLite). */
export function openStorage(location: string, options: StorageOptions = {}): Promise<Storage> {
  return openSqliteStorage(location, options);
}
