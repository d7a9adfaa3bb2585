// Health checks for load balancers and orchestrators: mounted before the API's rate limits and
// authentication, and left out of the request log and metrics (service.ts), since they are asked
// every few seconds by machines, not people.
import { statSync } from 'node:fs';
import { Hono } from 'hono';
import { ErrorCode } from '../../contract/limits.ts';
import type { ErrorBodyJson } from '../../contract/wire.ts';
import type { Storage } from '../storage/storage.ts';

/** Where the API mounts these routes. */
export const HEALTH_PATH = '/v1/health/';

const PROBE_PATHS: ReadonlySet<string> = new Set([`${HEALTH_PATH}live`, `${HEALTH_PATH}ready`]);

/**
 * Whether a request target (as the client sent it) is one of the probes the request log and the
 * metrics leave out: its exact path, never a prefix, so that no other path passes for one.
 */
export const isHealthProbe = (target: string | undefined) =>
  PROBE_PATHS.has(target?.split('?', 1)[0] ?? '');

/** How long ready waits for the database before saying it does not answer. */
const READY_TIMEOUT_MS = 2_000;
const RETRY_AFTER_SECONDS = 5;

/** A file's device and inode, or undefined when there is no such file. */
function identityOf(file: string): string | undefined {
  try {
    const { dev, ino } = statSync(file);
    return `${dev}:${ino}`;
  } catch {
    return undefined;
  }
}

/**
 * SQLite: whether the database file, or its write-ahead log, is no longer the one opened. Deleted
 * or replaced under the running service, its open connection goes on writing to files that no
 * process will open again, and answering every write 200.
 */
export function watchDatabaseFiles(file: string): () => boolean {
  const opened = [file, `${file}-wal`]
    .map((path) => ({ path, identity: identityOf(path) }))
    .filter(({ identity }) => identity !== undefined);
  return () => opened.some(({ path, identity }) => identityOf(path) !== identity);
}

export type HealthDeps = {
  store: Pick<Storage, 'schemaVersion'>;
  /** SQLite on a file: whether its files were deleted or replaced since it was opened. */
  databaseFilesReplaced?: () => boolean;
};

/**
 * `GET /live`: the process runs. `GET /ready`: the database answers, its files are the ones opened,
 * and its schema is the one this process migrated it to when it started (a database swapped for an
 * older copy, or migrated on by a newer version of the service, is not one this process can
 * serve). The answer names no version (anyone may ask it): the `migrate` command prints it.
 */
export function createHealthRoutes({ store, databaseFilesReplaced }: HealthDeps) {
  // Read once at start, right after opening migrated the database.
  const atStart = store.schemaVersion().catch(() => undefined);
  const routes = new Hono();

  routes.get('/live', (c) => c.json({ success: true, status: 'live' }));

  routes.get('/ready', async (c) => {
    const unavailable = (reason: string) => {
      const body: ErrorBodyJson = {
        success: false,
        code: ErrorCode.serviceUnavailable,
        message: `The service is not ready: ${reason}. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
      };
      return c.json(body, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
    });
    let version: number;
    try {
      version = await Promise.race([store.schemaVersion(), timeout]);
    } catch {
      return unavailable('the database does not answer');
    } finally {
      clearTimeout(timer);
    }
    if (databaseFilesReplaced?.()) {
      return unavailable('its database file was deleted or replaced while it ran; restart it');
    }
    const expected = (await atStart) ?? version;
    if (version !== expected) {
      return unavailable("the database's schema is not the version this service migrated it to");
    }
    return c.json({ success: true, status: 'ready' });
  });

  return routes;
}
