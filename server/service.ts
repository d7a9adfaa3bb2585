// Wires the store, the API and the redirects into one HTTP server, and stops it without losing
// a write.
import { statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { type CountryResponse, open, type Reader } from 'maxmind';
import { clientAddress } from './accounts/auth.ts';
import { createApp } from './app.ts';
import { createClickCapture } from './clicks/click-capture.ts';
import { createClickClassifier } from './clicks/click-facts.ts';
import { createClickCounter } from './clicks/clicks.ts';
import { createDomainFallbacks } from './clicks/domain-fallbacks.ts';
import { createPasswordChecks, PASSWORD_GUESSES_PER_MINUTE } from './clicks/password-posts.ts';
import { createRedirectCache, createRedirectHandler } from './clicks/redirects.ts';
import type { CheckOptions } from './health-checks/check-destination.ts';
import {
  createDestinationChecker,
  DEFAULT_CHECK_INTERVAL_MS,
  type DestinationChecker,
} from './health-checks/destination-checker.ts';
import { openRateLimiter } from './http/rate-limit.ts';
import { createDestinationRules, watchBlockedHosts } from './links/destinations.ts';
import { createStorageListReader } from './lists/list-json.ts';
import { createListReader } from './lists/list-reader.ts';
import { isHealthProbe, watchDatabaseFiles } from './ops/health-routes.ts';
import { NO_METRICS, type ServiceMetrics } from './ops/metrics.ts';
import { type Clock, systemClock } from './shared/clock.ts';
import { megabytes, notAFile } from './shared/file-kind.ts';
import type { Logger } from './shared/logger.ts';
import { createShortDomains } from './shared/short-domain.ts';
import { scrub, withRequestLog } from './shared/structured-log.ts';
import { openStorage } from './storage/open-storage.ts';
import { SERVICE_BUSY_TIMEOUT_MS, type Synchronous } from './storage/sqlite/open.ts';
import { type Storage, StorageUnavailable } from './storage/storage.ts';

export type ServiceOptions = {
  /** Where the data lives: a SQLite file path, or a postgres:// URL. */
  db: string;
  port: number;
  /** The interface to listen on; loopback unless told otherwise. */
  host?: string;
  /** Host (and port) of short URLs on the default domain; `localhost:<port>` when omitted. */
  shortDomain?: string;
  /** API requests per minute per account (all its keys together); 0 turns the limit off. */
  rateLimitPerMinute?: number;
  /** When commits reach the disk (see Synchronous). */
  synchronous?: Synchronous;
  /** PostgreSQL: connections this instance keeps open at most (10 when omitted). */
  dbPoolSize?: number;
  /** API requests per minute per client address, before the key is looked at; 0: off. */
  addressRateLimitPerMinute?: number;
  /** Proxies whose X-Forwarded-For names the client's address (see clientAddress). */
  trustedProxies?: string[];
  /** A file of hosts that destinations may not lead to (one host or `*.suffix` a line). */
  blockedHostsFile?: string;
  /** A GeoLite2-Country database: with it, the click statistics count countries. */
  geoipFile?: string;
  /** A query parameter by which a visitor opts out of the statistics (`--no-track-param`). */
  noTrackParam?: string;
  /** Click statistics besides the counts (on unless false; off only to measure what they cost). */
  statistics?: boolean;
  logger?: Logger;
  /** Prometheus metrics (metrics.ts), served on a port of their own by the caller. */
  metrics?: ServiceMetrics;
  /** How long stop() lets requests in flight finish before it closes their connections. */
  shutdownTimeoutMs?: number;
  /** Stamps creation times and says which UTC day a click is on; the system's unless told (tests). */
  clock?: Clock;
  /**
   * Checks each link's destination once in this time, spread over it (destination-checker.ts);
   * without it, only when asked (POST …/check).
   */
  checkIntervalMs?: number;
  /** The checks' options: private addresses allowed; in tests, the resolver and timeouts. */
  checkOptions?: CheckOptions;
  /** Tests only: wraps the opened storage, to stretch its timings or make it fail. */
  wrapStorage?: (store: Storage) => Storage;
};

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
/**
 * Generous: ten accounts' worth, since clients behind one NAT or proxy share an address; it is
 * there to turn away floods of requests with no key or wrong keys.
 */
export const DEFAULT_ADDRESS_RATE_LIMIT_PER_MINUTE = 6_000;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 5_000;

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => {
    if (error === undefined) console.error(scrub(message));
    else console.error(scrub(message), error);
  },
};

export type RunningService = {
  server: Server;
  store: Storage;
  /** The clock it stamps with: the admin operations a test runs on `store` take it too. */
  clock: Clock;
  port: number;
  baseUrl: string;
  shortDomain: string;
  /** The destination checker: scheduled when checkIntervalMs is given; checkDue() in tests. */
  checker: DestinationChecker;
  /** Reads the blocked hosts file again, changed or not (SIGHUP). */
  reloadBlockedHosts(): void;
  stop(): Promise<void>;
};

/** GeoLite2-Country is about 10 MB and City about 70 MB: far more is not a GeoIP database. */
const MAX_GEOIP_BYTES = 256_000_000;

/** The GeoLite2-Country reader; a GeoIpError names the file and what is wrong with it. */
async function openCountries(file: string): Promise<Reader<CountryResponse>> {
  // The reader loads the whole file: a named pipe would wait forever, /dev/zero fill the memory.
  const stats = statSync(file, { throwIfNoEntry: false });
  const kind = stats && notAFile(stats);
  if (kind)
    throw new GeoIpError(
      `The GeoIP database ${file} is ${kind}, not a file: give a GeoLite2-Country .mmdb file.`,
    );
  if (stats && stats.size > MAX_GEOIP_BYTES)
    throw new GeoIpError(
      `The GeoIP database ${file} is ${megabytes(stats.size)}, larger than any GeoLite2-Country file (at most ${megabytes(MAX_GEOIP_BYTES)}): give a GeoLite2-Country .mmdb file.`,
    );
  try {
    return await open<CountryResponse>(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GeoIpError(
      `The GeoIP database ${file} could not be read (${reason}). Give a GeoLite2-Country .mmdb file.`,
    );
  }
}

export class GeoIpError extends Error {
  override name = 'GeoIpError';
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const logger = options.logger ?? consoleLogger;
  const clock = options.clock ?? systemClock;
  const host = options.host ?? '127.0.0.1';
  // Read before the database is opened: a bad file stops the start with nothing to undo.
  const blockedHosts =
    options.blockedHostsFile === undefined
      ? undefined
      : watchBlockedHosts(options.blockedHostsFile, (message) => logger.error(message));
  const countries =
    options.geoipFile === undefined ? undefined : await openCountries(options.geoipFile);
  const opened = await openStorage(options.db, {
    synchronous: options.synchronous,
    maxConnections: options.dbPoolSize,
    backgroundCheckpoints: true,
  });
  const metrics = options.metrics ?? NO_METRICS;
  const store = metrics.instrumentStorage(
    options.wrapStorage ? options.wrapStorage(opened) : opened,
  );
  const clicks = createClickCounter(store, {
    logger,
    clock,
    classify: options.statistics === false ? undefined : createClickClassifier({ countries }),
  });
  const redirects = createRedirectCache(store, clicks);
  metrics.watch({
    clicks,
    redirects,
    poolSize: store.engine === 'sqlite' ? 1 : (options.dbPoolSize ?? 10),
  });
  // Other instances on the same database change links too: drop what they change, and trust
  // nothing in memory while their changes may go unheard.
  await store.watchLinkChanges({
    changed: (link) => redirects.forget(link.domain, link.backHalf),
    lost: () => redirects.stopTrusting(),
    back: () => redirects.trustAgain(),
  });

  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => resolve());
    });
  } catch (error) {
    // A taken port, say: let go of the database, so the caller can report it and exit cleanly.
    await store.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const domains = createShortDomains(options.shortDomain ?? `localhost:${port}`);

  // SQLite's lists are written by a worker thread reading the file (list-reader.ts); a database
  // server does the reading elsewhere already, so its rows are turned into JSON here.
  const lists =
    store.engine === 'sqlite'
      ? createListReader({
          dbFile: options.db,
          shortDomain: domains.defaultHost,
          busyTimeoutMs: SERVICE_BUSY_TIMEOUT_MS,
        })
      : createStorageListReader(store, domains);
  const trustedProxies = new Set(options.trustedProxies ?? []);
  const checker = createDestinationChecker({
    store,
    clock,
    logger,
    intervalMs: options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS,
    checkOptions: options.checkOptions,
    onChecked: metrics.countCheck,
  });
  if (options.checkIntervalMs !== undefined) checker.start();
  const api = createApp({
    checker,
    store,
    databaseFilesReplaced:
      store.engine === 'sqlite' && options.db !== ':memory:'
        ? watchDatabaseFiles(options.db)
        : undefined,
    clicks,
    redirects,
    domains,
    destinations: createDestinationRules({
      domains,
      isCustomDomain: (hostname) => store.isCustomDomain(hostname),
      blockedHosts,
    }),
    lists,
    logger,
    rateLimitPerMinute: options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    addressRateLimitPerMinute:
      options.addressRateLimitPerMinute ?? DEFAULT_ADDRESS_RATE_LIMIT_PER_MINUTE,
    trustedProxies,
    clock,
    noTrackParam: options.noTrackParam,
  });
  const handleApi = metrics.instrumentApi(
    withRequestLog(logger, getRequestListener(api.fetch), isHealthProbe),
  );
  const handleRedirect = metrics.instrumentRedirects(
    createRedirectHandler({
      redirects,
      clicks,
      domains,
      clock,
      // In this process's memory on SQLite (one process owns the file), in the database on
      // PostgreSQL, so that guesses spread over instances are counted together.
      passwords: createPasswordChecks({
        guesses: openRateLimiter(store, 'password', PASSWORD_GUESSES_PER_MINUTE, {
          clock: () => clock.now(),
        }),
        trustedProxies,
      }),
      fallbacks: createDomainFallbacks(store),
      capture:
        options.statistics === false
          ? undefined
          : createClickCapture({
              addressOf: (req) => clientAddress(req, trustedProxies),
              noTrackParam: options.noTrackParam,
            }),
    }),
  );
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/v1/')) {
      void handleApi(req, res);
      return;
    }
    try {
      handleRedirect(req, res)?.catch((error: unknown) => redirectFailed(req, res, error));
    } catch (error) {
      redirectFailed(req, res, error);
    }
  });

  function redirectFailed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (error instanceof StorageUnavailable) {
      // A link not in the cache while the database cannot be read: ask the browser to come back.
      logger.error(`${req.method} ${req.url?.split('?')[0]}: ${error.message}`);
      if (!res.headersSent) {
        res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '5' });
      }
      res.end('The service cannot look this link up right now. Try again in a few seconds.');
      return;
    }
    logger.error(`${req.method} ${req.url?.split('?')[0]} failed`, error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('The service failed to answer.');
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      const shutdownTimeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
      const force = setTimeout(() => server.closeAllConnections(), shutdownTimeoutMs);
      // Checks running get the same time as requests; those still running then store nothing.
      const checksStopped = checker.stop(shutdownTimeoutMs);
      server.close(() => {
        clearTimeout(force);
        void Promise.all([clicks.stop(), lists.stop(), checksStopped])
          .then(() => store.close())
          .catch((error: unknown) => logger.error('Closing the database failed', error))
          .finally(resolve);
      });
      server.closeIdleConnections();
    });
    return stopping;
  };

  const loopbackOrAny = ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'].includes(host);
  return {
    server,
    store,
    clock,
    port,
    baseUrl: `http://${loopbackOrAny ? 'localhost' : host}:${port}`,
    shortDomain: domains.defaultHost,
    checker,
    reloadBlockedHosts: () => blockedHosts?.reload(),
    stop,
  };
}
