// Several service processes on one PostgreSQL database, started through the command line as an
// operator would: `serve --db postgres://…`. Runs in the PostgreSQL suite (npm run test:postgres),
// whose global setup provides the cluster.
import { Agent } from 'node:http';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../test/support/postgres-cluster.ts';
import {
  eventually,
  killServiceProcesses,
  redirectBurst,
  runCli,
  STARTS_PROCESSES,
  serveProcess as serve,
} from '../../test/support/service-process.ts';
import {
  api,
  backHalfOf,
  expectProblem,
  idOf,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import { SCHEMA_VERSION } from './postgres/schema.ts';

let database: { url: string; drop(): Promise<void> };
let agent: Agent;

const maintenanceUrl = () => {
  const url = process.env.SHORTLINK_TEST_POSTGRES_URL;
  if (!url) throw new Error('SHORTLINK_TEST_POSTGRES_URL is not set: run npm run test:postgres.');
  return url;
};

beforeAll(async () => {
  database = await createDatabase(maintenanceUrl());
  agent = new Agent({ keepAlive: true, maxSockets: 50 });
});
afterAll(async () => {
  agent.destroy();
  killServiceProcesses();
  await database.drop();
});

describe('two instances on one PostgreSQL database', STARTS_PROCESSES, () => {
  it('share accounts, links, uniqueness and every click, and stop on SIGTERM losing none', async () => {
    const migrated = await runCli(['migrate', '--db', database.url]);
    expect(migrated).toMatchObject({
      code: 0,
      stdout: `${database.url} is at schema version ${SCHEMA_VERSION}.\n`,
    });
    const created = await runCli([
      'account',
      'create',
      '--email',
      'pg@example.com',
      '--db',
      database.url,
    ]);
    expect(created.code).toBe(0);
    const key = created.stdout.trimEnd().split('\n').at(-1) as string;

    const [one, two] = await Promise.all([serve(database.url), serve(database.url)]);
    const viaOne = api(one.baseUrl, key);
    const viaTwo = api(two.baseUrl, key);

    // Created on one, read on the other.
    const link = (await viaOne.create({ destination_url: 'https://example.com/shared' })).body;
    const id = idOf(link.short_url);
    expect((await viaTwo.retrieve(id)).body.destination_url).toBe('https://example.com/shared');

    // One back-half raced across both instances: exactly one wins.
    const racers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? viaOne : viaTwo).create({
          destination_url: `https://example.com/racer/${i}`,
          back_half: 'contested',
        }),
      ),
    );
    expect(racers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const loser of racers.filter((answer) => answer.status !== 200)) {
      expectProblem(loser, 409, 'back_half_taken', 'back_half');
    }

    // Updated on one, the other redirects to the new destination within a second (LISTEN/NOTIFY),
    // though it had the old one cached; deleted on one, the other answers 404 within a second.
    const cachedPath = `/${backHalfOf(link.short_url)}`;
    const linkHost = new URL(link.short_url).host;
    const locationOnTwo = async () =>
      (await rawRequest(two.baseUrl, cachedPath, { agent, host: linkHost, method: 'HEAD' })).headers
        .location;
    expect(await locationOnTwo()).toBe('https://example.com/shared');
    expect((await viaOne.update(id, { destination_url: 'https://example.com/moved' })).status).toBe(
      200,
    );
    const within = async (check: () => Promise<boolean>) => {
      for (const giveUpAt = Date.now() + 1_000; Date.now() < giveUpAt; ) {
        if (await check()) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return check();
    };
    expect(await within(async () => (await locationOnTwo()) === 'https://example.com/moved')).toBe(
      true,
    );
    const doomed = (await viaTwo.create({ destination_url: 'https://example.com/doomed' })).body;
    const doomedPath = `/${backHalfOf(doomed.short_url)}`;
    const statusOnTwo = async () =>
      (await rawRequest(two.baseUrl, doomedPath, { agent, host: linkHost, method: 'HEAD' })).status;
    expect(await statusOnTwo()).toBe(302);
    expect((await viaOne.remove(idOf(doomed.short_url))).status).toBe(200);
    expect(await within(async () => (await statusOnTwo()) === 404)).toBe(true);

    // An end set on one is kept by the other within a second, though it had the link cached.
    const ending = (await viaTwo.create({ destination_url: 'https://example.com/ending' })).body;
    const endingPath = `/${backHalfOf(ending.short_url)}`;
    const endingOnTwo = async () =>
      (await rawRequest(two.baseUrl, endingPath, { agent, host: linkHost, method: 'HEAD' })).headers
        .location;
    expect(await endingOnTwo()).toBe('https://example.com/ending');
    await rawRequest(two.baseUrl, endingPath, { agent, host: linkHost });
    const ended = { max_clicks: 1, expired_url: 'https://example.com/ended' };
    expect((await viaOne.update(idOf(ending.short_url), ended)).status).toBe(200);
    expect(await within(async () => (await endingOnTwo()) === 'https://example.com/ended')).toBe(
      true,
    );
    // A bulk edit on one moves the other's cached destinations within a second too.
    const bulked = (await viaTwo.create({ destination_url: 'https://old.example/bulk' })).body;
    const bulkedOnTwo = async () =>
      (
        await rawRequest(two.baseUrl, `/${backHalfOf(bulked.short_url)}`, {
          agent,
          host: linkHost,
          method: 'HEAD',
        })
      ).headers.location;
    expect(await bulkedOnTwo()).toBe('https://old.example/bulk');
    const edit = await viaOne.send<{ changed: number }>('PATCH', '/v1/links', {
      links: [idOf(bulked.short_url)],
      replace_destination_host: { from: 'old.example', to: 'new.example' },
    });
    expect(edit.body.changed).toBe(1);
    expect(await within(async () => (await bulkedOnTwo()) === 'https://new.example/bulk')).toBe(
      true,
    );
    // Clicks counted on one reach the other's click limit once written and read again (~1 s).
    const limited = (
      await viaOne.create({ destination_url: 'https://example.com/few', ...ended, max_clicks: 3 })
    ).body;
    const limitedPath = `/${backHalfOf(limited.short_url)}`;
    const limitedOnTwo = async () =>
      (await rawRequest(two.baseUrl, limitedPath, { agent, host: linkHost, method: 'HEAD' }))
        .headers.location;
    expect(await limitedOnTwo()).toBe('https://example.com/few');
    for (let i = 0; i < 3; i++)
      await rawRequest(one.baseUrl, limitedPath, { agent, host: linkHost });
    expect(
      await eventually(async () => (await limitedOnTwo()) === 'https://example.com/ended', 3_000),
    ).toBe(true);

    // 2,000 redirects at once, split over both, then both stopped: every click is in the database.
    const path = `/${backHalfOf(link.short_url)}`;
    const host = new URL(link.short_url).host;
    const answers = await Promise.all(
      Array.from({ length: 2_000 }, (_, i) =>
        rawRequest(i % 2 ? one.baseUrl : two.baseUrl, path, { agent, host }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(2_000);
    one.child.kill('SIGTERM');
    two.child.kill('SIGTERM');
    expect(await Promise.all([one.exit, two.exit])).toEqual([0, 0]);

    const again = await serve(database.url);
    const stored = (await api(again.baseUrl, key).retrieve(id)).body;
    expect(stored.clicks).toBe(2_000);
    // And every one in the statistics, written in the same statement (2 days: midnight may pass).
    const stats = (await api(again.baseUrl, key).stats(id, 2)).body.stats;
    expect(stats.humans + stats.bots).toBe(2_000);
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  });

  it('lose no click when one is stopped by SIGTERM in the middle of a burst on both', async () => {
    const key = (
      await runCli(['account', 'create', '--email', 'burst@example.com', '--db', database.url])
    ).stdout
      .trimEnd()
      .split('\n')
      .at(-1) as string;
    const [one, two] = await Promise.all([serve(database.url), serve(database.url)]);
    const link = (await api(one.baseUrl, key).create({ destination_url: 'https://example.com/b' }))
      .body;
    const burst = redirectBurst([one.baseUrl, two.baseUrl], `/${backHalfOf(link.short_url)}`, {
      host: new URL(link.short_url).host,
      agent,
      workers: 8,
    });
    try {
      expect(await eventually(() => burst.redirected(one.baseUrl) >= 300, 30_000)).toBe(true);
      one.child.kill('SIGTERM');
      expect(await one.exit).toBe(0);
      // The other goes on answering after the first is gone.
      const afterStop = burst.redirected(two.baseUrl);
      expect(await eventually(() => burst.redirected(two.baseUrl) >= afterStop + 300, 30_000)).toBe(
        true,
      );
    } finally {
      await burst.stop();
    }
    expect(burst.others()).toEqual({});
    expect(burst.counts.failures.get(two.baseUrl)).toBe(0);
    two.child.kill('SIGTERM');
    expect(await two.exit).toBe(0);

    // Every 302 either instance answered is a click in the database, and nothing more.
    const again = await serve(database.url);
    const stored = (await api(again.baseUrl, key).retrieve(idOf(link.short_url))).body;
    expect(stored.clicks).toBe(burst.redirected());
    const stats = (await api(again.baseUrl, key).stats(idOf(link.short_url), 2)).body.stats;
    expect(stats.humans + stats.bots).toBe(burst.redirected());
    expect(stats.devices.reduce((sum, device) => sum + device.clicks, 0)).toBe(stats.humans);
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  }, 90_000);

  it('share one rate limit per account and one per address, whichever instance is asked', async () => {
    const limited = await createDatabase(maintenanceUrl());
    try {
      const keyOf = async (args: string[]) => {
        const result = await runCli([...args, '--db', limited.url]);
        expect(result.code).toBe(0);
        return result.stdout.trimEnd().split('\n').at(-1) as string;
      };
      const firstKey = await keyOf(['account', 'create', '--email', 'busy@example.com']);
      const secondKey = await keyOf(['key', 'create', '--email', 'busy@example.com']);
      const calmKey = await keyOf(['account', 'create', '--email', 'calm@example.com']);
      // Two connections each at most (plus each one's LISTEN): the requests below queue for them.
      const limits = ['--rate-limit', '10', '--address-rate-limit', '30', '--db-pool', '2'];
      const pair = await Promise.all([serve(limited.url, limits), serve(limited.url, limits)]);
      const [one, two] = pair.map((instance) => instance.baseUrl) as [string, string];

      // Ten requests of one account, with both its keys, at once over both instances: all pass;
      // the eleventh is refused, on either instance, with either key.
      const ten = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api(i % 2 ? one : two, i % 3 ? firstKey : secondKey).list(),
        ),
      );
      expect(ten.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      for (const [baseUrl, key] of [
        [one, firstKey],
        [two, secondKey],
      ] as const) {
        const refused = await api(baseUrl, key).list();
        const problem = expectProblem(refused, 429, 'rate_limited');
        expect(problem.message).toMatch(
          /for this account \(10 a minute, shared by all its API keys\)/,
        );
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(problem.message).toContain(`${retryAfter} seconds`);
      }
      // Another account has a budget of its own.
      expect((await api(one, calmKey).list()).status).toBe(200);
      expect((await api(two, calmKey).list()).status).toBe(200);

      // The address: 14 requests so far from 127.0.0.1 (the refused ones count too). Sixteen more
      // without a key, at once over both, are answered 401; then every request from this address
      // is refused before its key is looked at, a good key on either instance too.
      const sixteen = await Promise.all(
        Array.from({ length: 16 }, (_, i) => api(i % 2 ? one : two).list()),
      );
      expect(sixteen.map((answer) => answer.status)).toEqual(Array(16).fill(401));
      for (const baseUrl of [one, two]) {
        const refused = await api(baseUrl, calmKey).list();
        expect(expectProblem(refused, 429, 'rate_limited').message).toMatch(
          /from this address \(30 a minute\)/,
        );
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      const sql = postgres(limited.url, { max: 1, onnotice: () => {} });
      try {
        const [{ connections }] = (await sql`SELECT count(*)::int AS connections
          FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`) as unknown as [
          { connections: number },
        ];
        expect(connections).toBeLessThanOrEqual(6);
      } finally {
        await sql.end();
      }
      for (const instance of pair) instance.child.kill('SIGTERM');
      expect(await Promise.all(pair.map((instance) => instance.exit))).toEqual([0, 0]);
    } finally {
      await limited.drop();
    }
  });

  it('see a key revoked, a plan changed and a domain added by the command line at once', async () => {
    const keyOf = async (args: string[]) =>
      (await runCli([...args, '--db', database.url])).stdout.trimEnd().split('\n').at(-1) as string;
    const kept = await keyOf(['account', 'create', '--email', 'admin@example.com']);
    const revoked = await keyOf(['key', 'create', '--email', 'admin@example.com']);
    const pair = await Promise.all([serve(database.url), serve(database.url)]);
    const baseUrls = pair.map((instance) => instance.baseUrl);
    for (const baseUrl of baseUrls) expect((await api(baseUrl, revoked).list()).status).toBe(200);

    expect((await runCli(['key', 'revoke', '--key', revoked, '--db', database.url])).code).toBe(0);
    for (const baseUrl of baseUrls) {
      expectProblem(await api(baseUrl, revoked).list(), 401, 'unauthorized');
      expect((await api(baseUrl, kept).list()).status).toBe(200);
    }
    const domainAdded = await runCli([
      'domain',
      'add',
      '--short-domain',
      'localhost:8787',
      '--email',
      'admin@example.com',
      '--host',
      'go.example.org',
      '--db',
      database.url,
    ]);
    expect(domainAdded.code).toBe(0);
    for (const baseUrl of baseUrls) {
      const created = await api(baseUrl, kept).create({
        destination_url: 'https://example.com/on-a-domain',
        domain: 'go.example.org',
      });
      expect(created.body.short_url).toMatch(/^https:\/\/go\.example\.org\//);
    }
    // A fallback set by the command line holds on both at once: it is read at each such request.
    const fallbackSet = await runCli([
      'domain',
      'set',
      '--short-domain',
      'localhost:8787',
      '--host',
      'go.example.org',
      '--not-found-url',
      'https://www.example.org/missing',
      '--db',
      database.url,
    ]);
    expect(fallbackSet.code).toBe(0);
    for (const baseUrl of baseUrls) {
      const answer = await rawRequest(baseUrl, '/unknown', { agent, host: 'go.example.org' });
      expect(answer.headers.location).toBe('https://www.example.org/missing');
    }
    const planned = ['account', 'plan', '--email', 'admin@example.com', '--plan', 'free'];
    expect((await runCli([...planned, '--db', database.url])).code).toBe(0);
    for (const baseUrl of baseUrls) {
      expectProblem(await api(baseUrl, kept).list(), 403, 'paid_plan_required');
    }
    for (const instance of pair) instance.child.kill('SIGTERM');
    expect(await Promise.all(pair.map((instance) => instance.exit))).toEqual([0, 0]);
  });

  it('ends with one sentence, password hidden, when the database cannot be reached', async () => {
    const url = new URL(maintenanceUrl());
    url.password = 'secret';
    url.port = '1';
    const result = await runCli(['serve', '--port', '0', '--db', url.href]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^The database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres could not be opened \(.+\)\. Check that PostgreSQL runs there/,
    );
    expect(result.stderr).not.toContain('secret');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
