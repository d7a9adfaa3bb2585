// An attacker's pass over the password form of a protected link: guessing (per link and client
// address, across instances on PostgreSQL, where a password set on one holds on the other), timing (scrypt on every wrong answer, an unknown link
// as it always was), caching and referrer headers, logs and metrics, HEAD, bodies too large or
// malformed, and a password put in the address.
import { scrypt } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../test/support/postgres-cluster.ts';
import { eventually } from '../../test/support/service-process.ts';
import {
  type Api,
  api,
  backHalfOf,
  idOf,
  type RawAnswer,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createMetrics, serveMetrics } from '../ops/metrics.ts';
import { createStructuredLogger } from '../shared/structured-log.ts';

// Every scrypt call of the service, counted: the service runs in this process.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return { ...original, scrypt: vi.fn(original.scrypt) };
});

const PASSWORD = 'Tr0ub4dor&3 secret';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestService;
let client: Api;
let logText = '';
let metricsServer: Server;
let metricsUrl: string;

beforeAll(async () => {
  const metrics = createMetrics();
  metricsServer = await serveMetrics(metrics, { port: 0 });
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
  t = await startTestService({
    // Each test comes from addresses of its own, named in X-Forwarded-For by the proxy it trusts.
    trustedProxies: ['127.0.0.1'],
    metrics,
    logger: createStructuredLogger({
      format: 'json',
      level: 'trace',
      stream: {
        write: (chunk: string) => {
          logText += chunk;
        },
      },
    }),
  });
  client = api(t.baseUrl, await t.createAccount('red-team@example.com'));
});
afterAll(async () => {
  await t.stop();
  metricsServer.close();
});

async function protectedLink() {
  const answer = await client.create({
    destination_url: 'https://example.com/vault',
    password: PASSWORD,
  });
  expect(answer.status).toBe(200);
  return answer.body.short_url;
}

/** A form post to a short link from `from` (the client address the proxy names). */
const post = (
  shortUrl: string,
  body: string,
  options: {
    from?: string;
    headers?: Record<string, string>;
    query?: string;
    baseUrl?: string;
  } = {},
): Promise<RawAnswer> =>
  rawRequest(options.baseUrl ?? t.baseUrl, `/${backHalfOf(shortUrl)}${options.query ?? ''}`, {
    method: 'POST',
    headers: { ...FORM, 'x-forwarded-for': options.from ?? '192.0.2.1', ...options.headers },
    body,
  });

const guess = (shortUrl: string, password: string, from?: string, baseUrl?: string) =>
  post(shortUrl, new URLSearchParams({ password }).toString(), { from, baseUrl });

const scryptCalls = () => vi.mocked(scrypt).mock.calls.length;

const onPostgres = process.env.SHORTLINK_TEST_ENGINE === 'postgres';

/** Two services on one new PostgreSQL database, an account's client on the first. */
async function onTwoInstances(
  run: (one: TestService, two: TestService, owner: Api) => Promise<void>,
): Promise<void> {
  const database = await createDatabase(process.env.SHORTLINK_TEST_POSTGRES_URL as string);
  const proxied = { trustedProxies: ['127.0.0.1'], dbFile: database.url };
  const one = await startTestService(proxied);
  const two = await startTestService(proxied);
  try {
    await run(one, two, api(one.baseUrl, await one.createAccount('instances@example.com')));
  } finally {
    await Promise.all([one.stop(), two.stop()]);
    await database.drop();
  }
}

describe('guessing', () => {
  it('is refused with 429 and Retry-After after 5 tries a minute per link and address, the right password too', async () => {
    const link = await protectedLink();
    for (let i = 0; i < 5; i++)
      expect((await guess(link, `wrong ${i}`, '198.51.100.7')).status).toBe(401);
    const refused = await guess(link, 'wrong 5', '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain(
      '<p role="alert">Too many wrong passwords. Wait a minute, then try again.</p>',
    );
    const calls = scryptCalls();
    expect((await guess(link, PASSWORD, '198.51.100.7')).status).toBe(429);
    expect(scryptCalls(), 'no password is checked past the limit').toBe(calls);
    // Another address, and another link from the same address, are counted apart.
    expect((await guess(link, PASSWORD, '198.51.100.8')).status).toBe(302);
    expect((await guess(await protectedLink(), PASSWORD, '198.51.100.7')).status).toBe(302);
    expect((await client.retrieve(idOf(link))).body.clicks).toBe(1);
  });

  // On PostgreSQL the window is counted by the database's clock, shared by every instance.
  it.skipIf(onPostgres)(
    "opens again a minute after the window's first try, by the service's clock",
    async () => {
      const link = await protectedLink();
      for (let i = 0; i < 5; i++) await guess(link, `wrong ${i}`, '198.51.100.20');
      expect((await guess(link, PASSWORD, '198.51.100.20')).status).toBe(429);

      // Less than a minute from the first try, even with the seconds the tries took on a busy machine.
      t.advanceClock(45_000);
      expect((await guess(link, PASSWORD, '198.51.100.20')).status).toBe(429);
      t.advanceClock(15_000);
      expect((await guess(link, PASSWORD, '198.51.100.20')).status).toBe(302);
    },
  );

  it('counts an IPv6 client by its /64, as the API limit does', async () => {
    const link = await protectedLink();
    for (let i = 0; i < 5; i++) {
      expect((await guess(link, 'wrong', `2001:db8:1:2::${i + 1}`)).status).toBe(401);
    }
    expect((await guess(link, 'wrong', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await guess(link, 'wrong', '2001:db8:1:3::1')).status).toBe(401);
  });

  it('holds for guesses sent all at once: they are counted before any is checked', async () => {
    const link = await protectedLink();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        guess(link, i === 11 ? PASSWORD : `wrong ${i}`, '203.0.113.50'),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(statuses.filter((status) => status !== 429).length).toBe(5);
  });

  it.runIf(onPostgres)('is counted once across two instances on one PostgreSQL database', () =>
    onTwoInstances(async (one, two, owner) => {
      const link = (
        await owner.create({ destination_url: 'https://example.com/v', password: PASSWORD })
      ).body.short_url;
      for (const instance of [one, two, one, two, one]) {
        expect((await guess(link, 'wrong', '192.0.2.99', instance.baseUrl)).status).toBe(401);
      }
      expect((await guess(link, 'wrong', '192.0.2.99', two.baseUrl)).status).toBe(429);
      expect((await guess(link, PASSWORD, '192.0.2.99', one.baseUrl)).status).toBe(429);
      expect((await guess(link, PASSWORD, '192.0.2.100', two.baseUrl)).status).toBe(302);
    }),
  );
});

describe('two instances on PostgreSQL', () => {
  it.runIf(onPostgres)('see a password set or removed on the other within a second', () =>
    onTwoInstances(async (_one, two, owner) => {
      const link = (await owner.create({ destination_url: 'https://example.com/p' })).body
        .short_url;
      const statusOnTwo = async () =>
        (await rawRequest(two.baseUrl, `/${backHalfOf(link)}`)).status;
      expect(await statusOnTwo()).toBe(302);
      await owner.update(idOf(link), { password: PASSWORD });
      expect(await eventually(async () => (await statusOnTwo()) === 200, 1_000)).toBe(true);
      await owner.update(idOf(link), { password: null });
      expect(await eventually(async () => (await statusOnTwo()) === 302, 1_000)).toBe(true);
    }),
  );
});

describe('timing', () => {
  it('checks every wrong answer with scrypt: empty, long, missing or malformed alike', async () => {
    const link = await protectedLink();
    const bodies = [
      'password=',
      `password=${'x'.repeat(2000)}`,
      'other=1',
      'password=%ZZ%',
      'password=a',
    ];
    for (const [i, body] of bodies.entries()) {
      const calls = scryptCalls();
      const answer = await post(link, body, { from: `192.0.2.${10 + i}` });
      expect(answer.status, body).toBe(401);
      expect(scryptCalls() - calls, body).toBe(1);
    }
  });

  it('answers a link that does not exist with the same 404 as a visit, whatever is posted, and checks nothing', async () => {
    const visit = await rawRequest(t.baseUrl, '/no-such-link');
    const calls = scryptCalls();
    for (const body of [`password=${PASSWORD}`, '', 'x'.repeat(100_000)]) {
      const answer = await post(`${t.baseUrl}/no-such-link`, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(visit.body);
      expect(answer.headers['content-type']).toBe(visit.headers['content-type']);
    }
    expect(scryptCalls()).toBe(calls);
  });
});

describe('caching and referrers', () => {
  it('keep the form, the wrong answer and the refusal out of every cache and referrer', async () => {
    const link = await protectedLink();
    const answers = [await rawRequest(t.baseUrl, `/${backHalfOf(link)}`)];
    answers.push(await guess(link, 'wrong', '192.0.2.30'));
    for (let i = 0; i < 6; i++) answers.push(await guess(link, 'wrong', '192.0.2.31'));
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 401, 401, 401, 401, 401, 401, 429,
    ]);
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'none';/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    const right = await guess(link, PASSWORD, '192.0.2.32');
    expect(right.headers['cache-control']).toBe('private, no-store');
  });
});

describe('logs and metrics', () => {
  it('never hold a password: not the one set, not the ones posted', async () => {
    const marker = 'Xyzzy-red-team-9137';
    const made = await client.create({
      destination_url: 'https://example.com/l',
      password: marker,
    });
    await client.update(idOf(made.body.short_url), { password: `${marker}-2` });
    await guess(made.body.short_url, `${marker}-wrong`, '192.0.2.40');
    await guess(made.body.short_url, `${marker}-2`, '192.0.2.40');
    await post(made.body.short_url, `password=${marker}-q`, {
      from: '192.0.2.40',
      query: `?password=${marker}-query`,
    });
    const metrics = await (await fetch(metricsUrl)).text();
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toContain(marker);
    expect(metrics).not.toContain(marker);
    const stats = await client.send('GET', `/v1/links/${idOf(made.body.short_url)}/stats`);
    expect(JSON.stringify(stats.body)).not.toContain(marker);
  });
});

describe('HEAD', () => {
  it('gets the form headers only, never the destination, and counts nothing', async () => {
    const link = await protectedLink();
    const head = await rawRequest(t.baseUrl, `/${backHalfOf(link)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.location).toBeUndefined();
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect((await client.retrieve(idOf(link))).body.clicks).toBe(0);
  });
});

describe('bodies', () => {
  it('refuses a form over 4 KB with 413, announced or not, and checks nothing', async () => {
    const link = await protectedLink();
    const calls = scryptCalls();
    const announced = await post(link, `password=${'x'.repeat(5000)}`, { from: '192.0.2.50' });
    expect(announced.status).toBe(413);
    expect(announced.body).toBe('The form is too large: a password form is at most 4096 bytes.');
    const chunked = await post(link, `password=${'x'.repeat(1_000_000)}`, {
      from: '192.0.2.50',
      headers: { 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(413);
    expect(scryptCalls()).toBe(calls);
  });

  it('refuses a body that is no form with 415, naming the type to send', async () => {
    const link = await protectedLink();
    for (const type of ['application/json', 'multipart/form-data; boundary=x', '']) {
      const answer = await post(link, JSON.stringify({ password: PASSWORD }), {
        from: '192.0.2.60',
        headers: { 'content-type': type },
      });
      expect(answer.status, type).toBe(415);
      expect(answer.body).toBe(
        'Send the password as a form (Content-Type: application/x-www-form-urlencoded).',
      );
    }
  });
});

describe('a password in the address', () => {
  it('is never taken: not on a visit, not beside a form', async () => {
    const link = await protectedLink();
    const query = `?password=${encodeURIComponent(PASSWORD)}`;
    const visit = await rawRequest(t.baseUrl, `/${backHalfOf(link)}${query}`);
    expect(visit.status).toBe(200);
    expect(visit.body).toContain('This link is protected');
    expect((await post(link, '', { from: '192.0.2.70', query })).status).toBe(401);
    expect((await post(link, 'password=wrong', { from: '192.0.2.70', query })).status).toBe(401);
    expect((await client.retrieve(idOf(link))).body.clicks).toBe(0);
  });
});
