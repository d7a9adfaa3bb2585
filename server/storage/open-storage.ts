// Chooses the storage engine from the database location the service is given (--db, SHORTLINK_DB):
// a postgres:// URL is PostgreSQL, anything else a SQLite file.
import { openPostgresStorage, type PostgresOptions } from './postgres/queries.ts';
import type { SqliteOptions } from './sqlite/open.ts';
import { openSqliteStorage } from './sqlite/queries.ts';
import type { Storage } from './storage.ts';

export type StorageOptions = SqliteOptions & PostgresOptions;

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** Opens and migrates the database at `location`. */
export function openStorage(location: string, options: StorageOptions = {}): Promise<Storage> {
  return isPostgresUrl(location)
    ? openPostgresStorage(location, options)
    : openSqliteStorage(location, options);
}
