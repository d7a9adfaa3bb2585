// A real service over HTTP on a free port with a throw-away database, for tests and benchmarks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDomain, createAccount, revokeKey } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import type { CheckOptions } from '../../server/health-checks/check-destination.ts';
import type { ServiceMetrics } from '../../server/ops/metrics.ts';
import { type RunningService, startService } from '../../server/service.ts';
import type { Clock } from '../../server/shared/clock.ts';
import type { Logger } from '../../server/shared/logger.ts';
import type { LinkRow, Plan, Storage } from '../../server/storage/storage.ts';
import { createDatabase } from './postgres-cluster.ts';
import { storedLinksOf } from './stored-links.ts';

export type TestService = {
  baseUrl: string;
  shortDomain: string;
  /**
   * The same server by IP address: a site to shorten in browser tests. Its home page answers on
   * any host, and 127.0.0.1 is not the short domain, whose own addresses the service refuses as
   * destinations (a link to a short link would loop).
   */
  pageOrigin: string;
  /** Where the data lives: a SQLite file, or a PostgreSQL URL in the suite's PostgreSQL run. */
  dbFile: string;
  service: RunningService;
  /** Creates an account and returns its API key. */
  createAccount(email: string, plan?: Plan): Promise<string>;
  addDomain(email: string, host: string): Promise<void>;
  revokeKey(key: string): Promise<void>;
  /**
   * Writes links of the key's account straight into the database: many at once, and without
   * spending the key's rate limit. Default domain, empty title and now unless told otherwise.
   */
  insertLinks(key: string, links: SeedLink[]): Promise<void>;
  /** The key's links as stored, read from the database (not through the rate-limited API). */
  storedLinks(key: string): Promise<LinkRow[]>;
  /**
   * Moves the service's clock `ms` ahead of what it reads now, so that what it stamps next (a
   * link's creation time, a click's day) comes that much later without a test waiting for it.
   * Only forward, since the tests of a worker share the service. The clock then stands at the jump,
   * ahead of the real time and so of the next tests' browser, until the real time passes it.
   */
  advanceClock(ms: number): void;
  stop(): Promise<void>;
};

export type SeedLink = {
  backHalf: string;
  destinationUrl: string;
  title?: string;
  domain?: string;
  createdAt?: number;
  clicks?: number;
};

const silentLogger: Logger = { info() {}, error() {} };

/** The real time, or later where a test has moved it ahead (see TestService.advanceClock). */
function createForwardClock(): Clock & { advance(ms: number): void } {
  let notBefore = 0;
  const clock = {
    now: () => Math.max(Date.now(), notBefore),
    advance(ms: number) {
      if (!(ms >= 0)) throw new Error(`The service's clock only moves forward, not by ${ms} ms.`);
      notBefore = clock.now() + ms;
    },
  };
  return clock;
}

async function ownerOf(service: RunningService, key: string): Promise<number> {
  const owner = await service.store.keyOwner(hashApiKey(key));
  if (!owner) throw new Error('No live account has this API key.');
  return owner.accountId;
}

export async function startTestService(
  options: {
    rateLimitPerMinute?: number;
    addressRateLimitPerMinute?: number;
    trustedProxies?: string[];
    blockedHostsFile?: string;
    dbFile?: string;
    logger?: Logger;
    metrics?: ServiceMetrics;
    wrapStorage?: (store: Storage) => Storage;
    geoipFile?: string;
    /** A clock of the test's own (advanceClock then refuses to move it). */
    clock?: Clock;
    /** The destination checker's schedule and options (off unless given: checkDue() still runs it). */
    checkIntervalMs?: number;
    checkOptions?: CheckOptions;
    shutdownTimeoutMs?: number;
    noTrackParam?: string;
  } = {},
): Promise<TestService> {
  const forwardClock = createForwardClock();
  // The engine: SQLite in a temporary folder, or, in the suite's PostgreSQL run
  // (SHORTLINK_TEST_ENGINE=postgres), a fresh database in the cluster its global setup started.
  const postgresUrl = process.env.SHORTLINK_TEST_POSTGRES_URL;
  const onPostgres = !options.dbFile && process.env.SHORTLINK_TEST_ENGINE === 'postgres';
  if (onPostgres && !postgresUrl) throw new Error('SHORTLINK_TEST_POSTGRES_URL is not set.');
  const database = onPostgres ? await createDatabase(postgresUrl as string) : undefined;
  const dir =
    options.dbFile || database ? undefined : mkdtempSync(path.join(tmpdir(), 'shortlink-test-'));
  const dbFile = database?.url ?? options.dbFile ?? path.join(dir as string, 'service.db');
  const service = await startService({
    db: dbFile,
    port: 0,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    addressRateLimitPerMinute: options.addressRateLimitPerMinute ?? 0,
    trustedProxies: options.trustedProxies,
    blockedHostsFile: options.blockedHostsFile,
    logger: options.logger ?? silentLogger,
    metrics: options.metrics,
    wrapStorage: options.wrapStorage,
    geoipFile: options.geoipFile,
    clock: options.clock ?? forwardClock,
    checkIntervalMs: options.checkIntervalMs,
    checkOptions: options.checkOptions,
    shutdownTimeoutMs: options.shutdownTimeoutMs,
    noTrackParam: options.noTrackParam,
  });
  return {
    baseUrl: service.baseUrl,
    shortDomain: service.shortDomain,
    pageOrigin: service.baseUrl.replace('//localhost:', '//127.0.0.1:'),
    dbFile,
    service,
    createAccount: (email, plan = 'paid') =>
      createAccount(service.store, email, plan, service.clock),
    addDomain: (email, host) =>
      addDomain(service.store, email, host, service.shortDomain, service.clock),
    revokeKey: (key) => revokeKey(service.store, key, service.clock),
    async insertLinks(key, links) {
      const accountId = await ownerOf(service, key);
      const clicks = new Map<number, number>();
      for (const link of links) {
        const row = await service.store.insertLink(accountId, {
          domain: link.domain ?? '',
          backHalf: link.backHalf,
          destinationUrl: link.destinationUrl,
          title: link.title ?? '',
          createdAt: link.createdAt ?? service.clock.now(),
        });
        if (link.clicks) clicks.set(row.id, link.clicks);
      }
      await service.store.addClicks(clicks);
    },
    storedLinks: async (key) => storedLinksOf(service.store, await ownerOf(service, key)),
    advanceClock(ms) {
      if (options.clock) throw new Error("This service runs on its test's own clock: move that.");
      forwardClock.advance(ms);
    },
    async stop() {
      await service.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
