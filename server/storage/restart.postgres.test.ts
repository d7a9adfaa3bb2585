// The database going away under two instances, in the middle of a burst of redirects, and coming
// back; a link changed the moment it is back: a cluster of this file's own (the suite's shared one
// must stay up for the other files).
import { Agent } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  createDatabase,
  type PostgresCluster,
  startPostgresCluster,
} from '../../test/support/postgres-cluster.ts';
import {
  eventually,
  killServiceProcesses,
  redirectBurst,
  runCli,
  serveProcess,
} from '../../test/support/service-process.ts';
import {
  api,
  backHalfOf,
  expectProblem,
  idOf,
  rawRequest,
} from '../../test/support/test-helpers.ts';

let cluster: PostgresCluster;
let agent: Agent;

beforeAll(async () => {
  // Stopped with -m immediate as by a crash: a commit acknowledged must be in the log by then
  // (with synchronous_commit=off, the last 600 ms or so of acknowledged click writes were lost).
  cluster = await startPostgresCluster({ durable: true });
  agent = new Agent({ keepAlive: true, maxSockets: 50 });
});
afterAll(() => {
  agent.destroy();
  killServiceProcesses();
  cluster?.stop();
});

describe('two instances whose database stops and starts again', () => {
  it.each(['immediate', 'fast'] as const)(
    'answer 503 meanwhile, keep redirecting cached links, write every click once it is back, and never exit (pg_ctl stop -m %s)',
    async (mode) => {
      const { url } = await createDatabase(cluster.url);
      const created = await runCli([
        'account',
        'create',
        '--email',
        'gone@example.com',
        '--db',
        url,
      ]);
      const key = created.stdout.trimEnd().split('\n').at(-1) as string;
      // Rate limits on: counted in the database, and in memory while it is away.
      const limits = ['--rate-limit', '100000', '--address-rate-limit', '100000'];
      const instances = await Promise.all([serveProcess(url, limits), serveProcess(url, limits)]);
      const [one, two] = instances.map((instance) => instance.baseUrl) as [string, string];
      onTestFailed(() => {
        for (const instance of instances) console.error(instance.output());
      });
      const link = (await api(one, key).create({ destination_url: 'https://example.com/hot' }))
        .body;
      const cold = (await api(one, key).create({ destination_url: 'https://example.com/cold' }))
        .body;
      const host = new URL(link.short_url).host;
      const path = `/${backHalfOf(link.short_url)}`;

      // The hot link in both instances' caches first (HEAD: cached, no click), so that no redirect
      // of it needs the database when it goes (on a loaded machine an instance may not have
      // answered its first redirect yet by then).
      for (const baseUrl of [one, two]) {
        expect((await rawRequest(baseUrl, path, { host, agent, method: 'HEAD' })).status).toBe(302);
      }
      const burst = redirectBurst([one, two], path, { host, agent, workers: 4 });
      try {
        expect(
          await eventually(
            () => burst.redirected(one) >= 150 && burst.redirected(two) >= 150,
            30_000,
          ),
        ).toBe(true);
        cluster.stopServer(mode);

        const whenStopped = burst.redirected();

        for (const baseUrl of [one, two]) {
          const listed = await api(baseUrl, key).list();
          expectProblem(listed, 503, 'service_unavailable');
          expect(Number(listed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expectProblem(
            await api(baseUrl, key).create({ destination_url: 'https://example.com/new' }),
            503,
            'service_unavailable',
          );
          // The description of the API needs no database.
          expect((await api(baseUrl).send('GET', '/v1/openapi.json')).status).toBe(200);
          // A link no instance has cached cannot be looked up: come back later.
          const uncached = await rawRequest(baseUrl, `/${backHalfOf(cold.short_url)}`, { host });
          expect(uncached.status).toBe(503);
          expect(Number(uncached.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
        // Cached links go on redirecting, long enough for click writes to fail and be retried.
        expect(await eventually(() => burst.redirected() >= whenStopped + 600, 30_000)).toBe(true);
        expect(
          await eventually(() => /Clicks not written/.test(instances[0]?.output() ?? ''), 10_000),
        ).toBe(true);

        cluster.startServer();
        for (const baseUrl of [one, two]) {
          expect(
            await eventually(
              async () => (await api(baseUrl, key).retrieve(idOf(link.short_url))).status === 200,
              30_000,
            ),
          ).toBe(true);
        }
        const whenBack = burst.redirected();
        expect(await eventually(() => burst.redirected() >= whenBack + 300, 30_000)).toBe(true);
      } finally {
        await burst.stop();
      }
      expect(burst.others()).toEqual({});
      expect([...burst.counts.failures.values()]).toEqual([0, 0]);
      // Neither exited (what one printed shows why it did).
      expect(
        instances.map((instance) => (instance.exited() ? instance.output() : 'running')),
      ).toEqual(['running', 'running']);

      // Every 302 answered is a click in the database once the instances have written what they
      // held: neither fewer (lost while it was away) nor more (a retried write counted twice).
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        const stored = async () =>
          Number(
            (await sql`SELECT clicks FROM links WHERE back_half = ${backHalfOf(link.short_url)}`)[0]
              ?.clicks,
          );
        expect(await eventually(async () => (await stored()) === burst.redirected(), 30_000)).toBe(
          true,
        );
        for (const instance of instances) instance.child.kill('SIGTERM');
        expect(await Promise.all(instances.map((instance) => instance.exit))).toEqual([0, 0]);
        expect(await stored()).toBe(burst.redirected());
      } finally {
        await sql.end();
      }
    },
    120_000,
  );
});

describe('a link updated on one instance right after the database is back', () => {
  it('is redirected to its new destination by the other instance within a second', async () => {
    const { url } = await createDatabase(cluster.url);
    const created = await runCli(['account', 'create', '--email', 'back@example.com', '--db', url]);
    const key = created.stdout.trimEnd().split('\n').at(-1) as string;
    const instances = await Promise.all([serveProcess(url), serveProcess(url)]);
    const [one, two] = instances.map((instance) => instance.baseUrl) as [string, string];
    onTestFailed(() => {
      for (const instance of instances) console.error(instance.output());
    });
    const before = 'https://example.com/before';
    const after = 'https://example.com/after';
    const link = (await api(one, key).create({ destination_url: before })).body;
    const host = new URL(link.short_url).host;
    const path = `/${backHalfOf(link.short_url)}`;
    const locationOnTwo = async () =>
      (await rawRequest(two, path, { host, agent, method: 'HEAD' })).headers.location;
    expect(await locationOnTwo()).toBe(before);

    cluster.stopServer('fast');
    // Redirected meanwhile (it is cached), for long enough for the reconnections to back off.
    for (const backAt = Date.now() + 5_000; Date.now() < backAt; await delay(100)) {
      expect(await locationOnTwo()).toBe(before);
    }
    cluster.startServer();
    let updatedAt = 0;
    expect(
      await eventually(async () => {
        const updated = await api(one, key).update(idOf(link.short_url), {
          destination_url: after,
        });
        updatedAt = Date.now();
        return updated.status === 200;
      }, 30_000),
    ).toBe(true);

    // Within a second the new place is answered, and every redirect asked for after that second
    // leads there.
    const stale: number[] = [];
    let freshAfter = Number.POSITIVE_INFINITY;
    for (let sentAt = 0; sentAt < 1_500; sentAt = Date.now() - updatedAt) {
      const location = await locationOnTwo();
      if (location === after) freshAfter = Math.min(freshAfter, Date.now() - updatedAt);
      else if (sentAt >= 1_000) stale.push(sentAt);
      await delay(20);
    }
    expect(stale).toEqual([]);
    expect(freshAfter).toBeLessThan(1_000);
    expect(await locationOnTwo()).toBe(after);
    for (const instance of instances) instance.child.kill('SIGTERM');
    expect(await Promise.all(instances.map((instance) => instance.exit))).toEqual([0, 0]);
  }, 60_000);
});
