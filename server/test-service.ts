// A real service over HTTP on a free port with a throw-away database, for tests and benchmarks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDomain, createAccount, revokeKey } from './admin.ts';
import type { Logger } from './app.ts';
import type { Plan } from './db.ts';
import { type RunningService, startService } from './service.ts';

export type TestService = {
  baseUrl: string;
  shortDomain: string;
  dbFile: string;
  service: RunningService;
  /** Creates an account and returns its API key. */
  createAccount(email: string, plan?: Plan): string;
  addDomain(email: string, host: string): void;
  revokeKey(key: string): void;
  stop(): Promise<void>;
};

const silentLogger: Logger = { info() {}, error() {} };

export async function startTestService(
  options: { rateLimitPerMinute?: number; dbFile?: string; logger?: Logger } = {},
): Promise<TestService> {
  const dir = options.dbFile ? undefined : mkdtempSync(path.join(tmpdir(), 'shortlink-test-'));
  const dbFile = options.dbFile ?? path.join(dir as string, 'service.db');
  const service = await startService({
    dbFile,
    port: 0,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    logger: options.logger ?? silentLogger,
  });
  return {
    baseUrl: service.baseUrl,
    shortDomain: service.shortDomain,
    dbFile,
    service,
    createAccount: (email, plan = 'paid') => createAccount(service.store, email, plan),
    addDomain: (email, host) => addDomain(service.store, email, host, service.shortDomain),
    revokeKey: (key) => revokeKey(service.store, key),
    async stop() {
      await service.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
