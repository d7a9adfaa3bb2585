// Health checks: live while the process runs, ready while the database answers with the schema
// this process expects; never limited, counted or logged.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import type { Logger } from '../shared/logger.ts';

let t: TestService | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

const get = (path: string) => fetch(`${t?.baseUrl}${path}`);

describe('the health checks', () => {
  it('answer live and ready while the database answers', async () => {
    t = await startTestService();
    const live = await get('/v1/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ success: true, status: 'live' });
    const ready = await get('/v1/health/ready');
    expect(ready.status).toBe(200);
    // No schema version: anyone may ask.
    expect(await ready.json()).toEqual({ success: true, status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('are never rate-limited: 300 probes a minute with an address limit of 60', async () => {
    t = await startTestService({ addressRateLimitPerMinute: 60 });
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      statuses.add((await get('/v1/health/live')).status);
      statuses.add((await get('/v1/health/ready')).status);
    }
    expect([...statuses]).toEqual([200]);
    // The API itself is still limited for this address.
    const client = api(t.baseUrl, 'sk_wrong');
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push((await client.list()).status);
    expect(answers.at(-1)).toBe(429);
  });

  it('write nothing to the log', async () => {
    const lines: string[] = [];
    const logger: Logger = {
      info: (message) => lines.push(message),
      error: (message) => lines.push(message),
    };
    t = await startTestService({ logger });
    for (let i = 0; i < 5; i++) {
      await get('/v1/health/live');
      await get('/v1/health/ready');
    }
    expect(lines).toEqual([]);
  });

  it('answer ready 503 with the usual error body once the database is gone, live 200', async () => {
    t = await startTestService();
    await t.service.store.close();
    const ready = await get('/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({
      success: false,
      code: 'service_unavailable',
      message: 'The service is not ready: the database does not answer. Try again in 5 seconds.',
    });
    expect((await get('/v1/health/live')).status).toBe(200);
  });

  it('answer ready 503 when the schema is not the one the service migrated to', async () => {
    let offset = 0;
    t = await startTestService({
      wrapStorage: (store) =>
        Object.assign(Object.create(store), {
          schemaVersion: async () => (await store.schemaVersion()) + offset,
        }),
    });
    expect((await get('/v1/health/ready')).status).toBe(200);
    offset = 1;
    const ready = await get('/v1/health/ready');
    expect(ready.status).toBe(503);
    expect((await ready.json()).message).toBe(
      "The service is not ready: the database's schema is not the version this service migrated it to. Try again in 5 seconds.",
    );
  });

  it.runIf(process.env.SHORTLINK_TEST_ENGINE !== 'postgres')(
    'answer ready 503 once the database files are deleted under the running service',
    async () => {
      t = await startTestService();
      const key = await t.createAccount('deleted@example.com');
      await api(t.baseUrl, key).create({ destination_url: 'https://example.com/before' });
      expect((await get('/v1/health/ready')).status).toBe(200);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${t.dbFile}${suffix}`, { force: true });
      const ready = await get('/v1/health/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        success: false,
        code: 'service_unavailable',
        message:
          'The service is not ready: its database file was deleted or replaced while it ran; restart it. Try again in 5 seconds.',
      });
      expect((await get('/v1/health/live')).status).toBe(200);
    },
  );
});
