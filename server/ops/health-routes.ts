// Health checks for load balancers and orchestrators: mounted before the API's rate limits and
// authentication, and left out of the request log and metrics (service.ts), since they are asked
// every few seconds by machines, not people.
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

/**
 * `GET /live`: the process runs. `GET /ready`: the database answers and its schema is the one this
 * process migrated it to when it started (a database swapped for an older copy, or migrated on by a
 * newer version of the service, is not one this process can serve).
 */
export function createHealthRoutes(store: Pick<Storage, 'schemaVersion'>) {
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
    const expected = (await atStart) ?? version;
    if (version !== expected) {
      return unavailable(
        `the database's schema is at version ${version}, this service's at ${expected}`,
      );
    }
    return c.json({ success: true, status: 'ready', schema_version: version });
  });

  return routes;
}
