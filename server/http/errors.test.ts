// Every error status with its body, and bad input that must leave the database as it was.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  expectProblem,
  type LinkJson,
  type RequestBody,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createKey } from '../accounts/admin.ts';
import { hashApiKey } from '../accounts/keys.ts';
import { startService } from '../service.ts';
import type { Logger } from '../shared/logger.ts';

/** Everything the service logs, as text. */
const logged: string[] = [];
const capturingLogger: Logger = {
  info: (message) => logged.push(message),
  error: (message, error) => logged.push(`${message} ${inspect(error)}`),
};

const silent: Logger = { info() {}, error() {} };

let t: TestService;
let key: string;
let client: Api;
/** A link of `client`, the target of the update rows. */
let target: LinkJson;

let blockedDir: string;

beforeAll(async () => {
  blockedDir = mkdtempSync(path.join(tmpdir(), 'shortlink-blocked-'));
  const blockedHostsFile = path.join(blockedDir, 'blocked-hosts.txt');
  // The Cyrillic "а" of аpple.com: the entry matches the punycode form a parsed URL has.
  writeFileSync(blockedHostsFile, '# phishing\nevil.example\n*.phish.example\nаpple.com\n');
  t = await startTestService({ logger: capturingLogger, blockedHostsFile });
  key = await t.createAccount('errors@example.com');
  client = api(t.baseUrl, key);
  await t.addDomain('errors@example.com', 'mine.example.com');
  await t.createAccount('neighbour@example.com');
  await t.addDomain('neighbour@example.com', 'theirs.example.com');
  target = (await client.create({ destination_url: 'https://example.com/target', title: 'Target' }))
    .body;
  await client.create({
    destination_url: 'https://example.com/other',
    back_half: 'taken',
    domain: 'mine.example.com',
  });
});
afterAll(async () => {
  await t.stop();
  rmSync(blockedDir, { recursive: true, force: true });
});

/** What a bad request must not change: the whole list, with clicks and titles. */
async function snapshot(): Promise<unknown> {
  const { status, body } = await client.list();
  expect(status).toBe(200);
  return body;
}

const targetId = () => target.short_url.replace(/^http:\/\//, '');

describe('401 Unauthorized', () => {
  it.each([
    { case: 'no Authorization header', authorization: undefined },
    { case: 'an empty Authorization header', authorization: '' },
    { case: 'another scheme', authorization: 'Basic dXNlcjpwYXNz' },
    { case: 'the scheme without a key', authorization: 'Bearer' },
    { case: 'a key with a space inside', authorization: 'Bearer slk_abc def' },
    { case: 'a key over 512 characters', authorization: `Bearer ${'k'.repeat(513)}` },
    { case: 'an unknown key', authorization: 'Bearer slk_never_issued' },
  ])('answers $case with 401 and WWW-Authenticate: Bearer', async (row) => {
    const before = await snapshot();
    const headers: Record<string, string> =
      row.authorization === undefined ? {} : { authorization: row.authorization };
    for (const [method, path, body] of [
      ['GET', '/v1/links', undefined],
      ['POST', '/v1/links', { destination_url: 'https://example.com/' }],
      ['GET', `/v1/links/${targetId()}`, undefined],
      ['PUT', `/v1/links/${targetId()}`, { title: 'Hacked' }],
      ['DELETE', `/v1/links/${targetId()}`, undefined],
      ['GET', '/v1/domains', undefined],
      ['GET', '/v1/no-such-endpoint', undefined],
    ] as const) {
      const answer = await api(t.baseUrl).send(method, path, body, headers);
      expectProblem(answer, 401, 'unauthorized');
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a revoked key with 401 from the next request on, and other keys keep working', async () => {
    const doomed = await t.createAccount('revoked@example.com');
    const doomedClient = api(t.baseUrl, doomed);
    expect((await doomedClient.list()).status).toBe(200);

    await t.revokeKey(doomed);
    const answer = await doomedClient.list();
    const problem = expectProblem(answer, 401, 'unauthorized');
    expect(problem.message).toMatch(/revoked/);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect((await client.list()).status).toBe(200);
  });

  it('accepts the scheme in any case and blanks around the key', async () => {
    const answer = await api(t.baseUrl).send('GET', '/v1/links', undefined, {
      authorization: `bEaReR   ${key}  `,
    });
    expect(answer.status).toBe(200);
  });
});

describe('403 Forbidden', () => {
  it('answers every operation of a free account with 403 paid_plan_required and changes nothing', async () => {
    const free = api(t.baseUrl, await t.createAccount('free@example.com', 'free'));
    for (const answer of [
      await free.create({ destination_url: 'https://example.com/' }),
      await free.list(),
      await free.retrieve(targetId()),
      await free.update(targetId(), { title: 'x' }),
      await free.remove(targetId()),
      await free.domains(),
    ]) {
      const problem = expectProblem(answer, 403, 'paid_plan_required');
      expect(problem.message).toMatch(/paid plan/);
    }
    expect((await client.retrieve(targetId())).body.title).toBe('Target');
  });
});

describe('404 Not Found', () => {
  it.each([
    ['an unknown back-half', () => `${t.shortDomain}/nope`],
    // Of a fixed back-half: a random one may be all capitals and digits, with no other case.
    ['a back-half in another case', () => 'mine.example.com/TAKEN'],
    ['a domain that is no one’s', () => 'nowhere.example.com/taken'],
    ['the same back-half on another domain', () => `${t.shortDomain}/taken`],
    ['a domain without a back-half', () => t.shortDomain],
    ['an empty identifier', () => ''],
    ['one path segment too many', () => `${targetId()}/more`],
    ['a back-half the service would never accept', () => `${t.shortDomain}/a.b`],
    ['a broken percent escape', () => `${t.shortDomain}/%E0%A4%A`],
  ])('answers retrieve, update and delete of %s with 404 not_found', async (_, id) => {
    const before = await snapshot();
    for (const answer of [
      await client.retrieve(id()),
      await client.update(id(), { title: 'x' }),
      await client.remove(id()),
    ]) {
      const problem = expectProblem(answer, 404, 'not_found');
      expect(problem.message).toMatch(/link/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers an unknown endpoint with 404 not_found naming it', async () => {
    for (const path of ['/v1/nothing', '/v1/link', '/v1/domains/mine.example.com', '/v1/']) {
      const problem = expectProblem(await client.send('GET', path), 404, 'not_found');
      expect(problem.message).toContain(path);
    }
  });
});

describe('405 Method Not Allowed', () => {
  it.each([
    ['PUT', '/v1/links', 'GET, POST, PATCH'],
    ['DELETE', '/v1/links', 'GET, POST, PATCH'],
    ['PUT', '/v1/tags', 'GET, POST'],
    ['POST', '/v1/tags/7', 'PATCH, DELETE'],
    ['POST', '/v1/links/localhost/abc', 'GET, PUT, DELETE'],
    ['PATCH', '/v1/links/localhost/abc', 'GET, PUT, DELETE'],
    ['POST', '/v1/domains', 'GET'],
    ['DELETE', '/v1/domains', 'GET'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const before = await snapshot();
    const answer = await client.send(method, path, { title: 'x' });
    const problem = expectProblem(answer, 405, 'method_not_allowed');
    expect(problem.message).toContain(method);
    expect(answer.headers.get('allow')).toBe(allow);
    expect(await snapshot()).toEqual(before);
  });
});

describe('409 Conflict', () => {
  it('answers a taken back-half with 409 back_half_taken on the back_half field', async () => {
    await client.create({ destination_url: 'https://example.com/first', back_half: 'first' });
    const before = await snapshot();
    const answer = await client.create({
      destination_url: 'https://example.com/second',
      back_half: 'first',
      title: 'Second',
    });
    const problem = expectProblem(answer, 409, 'back_half_taken', 'back_half');
    expect(problem.message).toMatch(/"first".*taken/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a back-half taken by another account with 409 too, without changing that link', async () => {
    const other = api(t.baseUrl, await t.createAccount('other409@example.com'));
    await other.create({ destination_url: 'https://example.com/theirs', back_half: 'theirs' });
    expectProblem(
      await client.create({ destination_url: 'https://example.com/mine', back_half: 'theirs' }),
      409,
      'back_half_taken',
      'back_half',
    );
    expect((await other.retrieve(`${t.shortDomain}/theirs`)).body.destination_url).toBe(
      'https://example.com/theirs',
    );
  });
});

describe('413 Content Too Large', () => {
  const limit = 16 * 1024;
  const padded = (size: number) => {
    const json = JSON.stringify({ destination_url: 'https://example.com/padded' });
    return json.slice(0, -1) + ' '.repeat(size - json.length) + json.slice(-1);
  };

  it('answers a body over 16 KiB with 413 payload_too_large and stores nothing', async () => {
    const before = await snapshot();
    for (const body of [padded(limit + 1), padded(1024 * 1024)]) {
      expectProblem(await client.create(body), 413, 'payload_too_large');
    }
    expectProblem(
      await client.update(targetId(), JSON.stringify({ title: 'x'.repeat(limit) })),
      413,
      'payload_too_large',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('closes the connection after a 413, so requests that follow on the same client go through', async () => {
    for (let i = 0; i < 5; i++) {
      const refused = await client.create(padded(1024 * 1024));
      expectProblem(refused, 413, 'payload_too_large');
      expect(refused.headers.get('connection')).toBe('close');
      expect((await client.list()).status).toBe(200);
      expectProblem(await client.create(padded(limit + 1)), 413, 'payload_too_large');
      expect((await client.retrieve(targetId())).status).toBe(200);
    }
  });

  it('accepts a body of exactly 16 KiB', async () => {
    const body = padded(limit);
    expect(Buffer.byteLength(body)).toBe(limit);
    const answer = await client.create(body);
    expect(answer.status).toBe(200);
    await client.remove(answer.body.short_url.replace(/^http:\/\//, ''));
  });
});

describe('429 Too Many Requests', () => {
  it('answers requests over the per-key limit with 429 and Retry-After, for that key only', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 3 });
    try {
      const first = api(limited.baseUrl, await limited.createAccount('busy@example.com'));
      const second = api(limited.baseUrl, await limited.createAccount('calm@example.com'));
      for (let i = 0; i < 3; i++) expect((await first.list()).status).toBe(200);

      const answer = await first.create({ destination_url: 'https://example.com/' });
      const problem = expectProblem(answer, 429, 'rate_limited');
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(problem.message).toContain(`${retryAfter} seconds`);

      expect((await second.list()).status).toBe(200);
      // The refused create stored nothing.
      expect((await second.list()).body.links).toEqual([]);
      expectProblem(await first.list(), 429, 'rate_limited');
    } finally {
      await limited.stop();
    }
  });
});

describe('429 per account and per address', () => {
  it('shares the per-key limit among every key of one account, and names the account limit', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 3 });
    try {
      const firstKey = await limited.createAccount('two-keys@example.com');
      const secondKey = await createKey(limited.service.store, 'two-keys@example.com');
      const first = api(limited.baseUrl, firstKey);
      const second = api(limited.baseUrl, secondKey);
      const neighbour = api(limited.baseUrl, await limited.createAccount('neighbour@example.com'));

      expect((await first.list()).status).toBe(200);
      expect((await first.list()).status).toBe(200);
      expect((await second.list()).status).toBe(200);
      const answer = await second.list();
      const problem = expectProblem(answer, 429, 'rate_limited');
      expect(problem.message).toMatch(
        /^Too many requests for this account \(3 a minute, shared by all its API keys\)/,
      );
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expectProblem(await first.list(), 429, 'rate_limited');
      expect((await neighbour.list()).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('turns away a flood of wrong keys by address before looking at any key, good keys too', async () => {
    const limited = await startTestService({ addressRateLimitPerMinute: 5 });
    try {
      const good = api(limited.baseUrl, await limited.createAccount('flooded@example.com'));
      const wrong = api(limited.baseUrl, 'slk_wrong_wrong_wrong_wrong_wrong_wro');
      for (let i = 0; i < 4; i++) expectProblem(await wrong.list(), 401, 'unauthorized');
      expect((await good.list()).status).toBe(200);

      for (const answer of [
        await wrong.list(),
        await good.list(),
        await api(limited.baseUrl).list(),
      ]) {
        const problem = expectProblem(answer, 429, 'rate_limited');
        expect(problem.message).toMatch(
          /^Too many requests from this address \(5 a minute\)\. Try again in \d+ seconds\.$/,
        );
        const retryAfter = Number(answer.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(answer.headers.get('www-authenticate')).toBeNull();
      }
      // Redirects are not API requests: the address limit leaves them alone.
      expect((await rawRequest(limited.baseUrl, '/')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('counts requests from a trusted proxy by the client address it forwards, and only then', async () => {
    const behindProxy = await startTestService({
      addressRateLimitPerMinute: 2,
      trustedProxies: ['127.0.0.1', '10.0.0.2'],
    });
    const direct = await startTestService({ addressRateLimitPerMinute: 2 });
    try {
      const from = (service: TestService, forwardedFor: string) =>
        api(service.baseUrl).send('GET', '/v1/links', undefined, {
          'x-forwarded-for': forwardedFor,
        });
      // A client's own X-Forwarded-For entries come first and are not believed: the last entry
      // the trusted proxies did not add is the client.
      expect((await from(behindProxy, '203.0.113.7')).status).toBe(401);
      expect((await from(behindProxy, '198.51.100.1, 203.0.113.7, 10.0.0.2')).status).toBe(401);
      expectProblem(await from(behindProxy, '192.0.2.9, 203.0.113.7'), 429, 'rate_limited');
      expect((await from(behindProxy, '203.0.113.8')).status).toBe(401);

      // Not behind a trusted proxy: the header is anyone's to write, and changes nothing.
      expect((await from(direct, '203.0.113.7')).status).toBe(401);
      expect((await from(direct, '203.0.113.8')).status).toBe(401);
      expectProblem(await from(direct, '203.0.113.9'), 429, 'rate_limited');
    } finally {
      await behindProxy.stop();
      await direct.stop();
    }
  });

  it('counts the IPv6 addresses of one /64 as one address, IPv4-mapped ones as IPv4', async () => {
    const behindProxy = await startTestService({
      addressRateLimitPerMinute: 2,
      trustedProxies: ['127.0.0.1'],
    });
    try {
      const from = (forwardedFor: string) =>
        api(behindProxy.baseUrl).send('GET', '/v1/links', undefined, {
          'x-forwarded-for': forwardedFor,
        });
      expect((await from('2001:db8:1:2::1')).status).toBe(401);
      expect((await from('2001:db8:1:2:aaaa::2')).status).toBe(401);
      expectProblem(await from('2001:db8:1:2:ffff:ffff:ffff:3'), 429, 'rate_limited');
      expect((await from('2001:db8:1:3::1')).status).toBe(401);

      expect((await from('203.0.113.7')).status).toBe(401);
      expect((await from('::ffff:cb00:7107')).status).toBe(401);
      expectProblem(await from('203.0.113.7'), 429, 'rate_limited');
      expect((await from('203.0.113.8')).status).toBe(401);
    } finally {
      await behindProxy.stop();
    }
  });

  it('has an address limit by default, generous enough for many accounts behind one address', async () => {
    const defaults = await startService({ db: ':memory:', port: 0, logger: silent });
    try {
      const wrong = api(defaults.baseUrl, 'slk_wrong');
      const answers = await Promise.all(Array.from({ length: 700 }, () => wrong.list()));
      expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([401]));
    } finally {
      await defaults.stop();
    }
  });
});

describe('headers', () => {
  it('marks every API answer, errors too, no-store and nosniff', async () => {
    const answers = [
      await client.list(),
      await client.create({ destination_url: 'https://example.com/headers' }),
      await client.retrieve(targetId()),
      await client.domains(),
      await client.create({ destination_url: 'ftp://x' }),
      await client.retrieve(`${t.shortDomain}/nope`),
      await client.send('PUT', '/v1/links'),
      await client.send('GET', '/v1/nothing'),
      await client.create('x'.repeat(17 * 1024)),
      await api(t.baseUrl).list(),
      await api(t.baseUrl, 'slk_unknown').domains(),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 400, 404, 405, 404, 413, 401, 401,
    ]);
    for (const answer of answers) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('500 Internal Server Error', () => {
  it.each([
    {
      operation: 'create',
      method: 'insertLink' as const,
      call: () => client.create({ destination_url: 'https://example.com/boom' }),
      logs: 'POST /v1/links failed',
    },
  ])(
    'answers a store fault in $operation with a generic 500, details only in the log',
    async (row) => {
      const store = t.service.store;
      const original = store[row.method];
      const detail = `SQLITE_IOERR: disk I/O error in ${row.method} (test ${Math.random()})`;
      store[row.method] = () => {
        throw new Error(detail);
      };
      logged.length = 0;
      let answer: Awaited<ReturnType<typeof row.call>>;
      try {
        answer = await row.call();
      } finally {
        store[row.method] = original as never;
      }

      const problem = expectProblem(answer, 500, 'internal_error');
      expect(problem.message).toBe('The service failed to answer. Try again later.');
      expect(JSON.stringify(answer.body)).not.toContain('SQLITE');
      const log = logged.join('\n');
      expect(log).toContain(row.logs);
      expect(log).toContain(detail);
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(4));

      // The service goes on answering.
      expect((await client.list()).status).toBe(200);
    },
  );
});

describe('a fault in the middle of a long list', () => {
  /**
   * A row the list cannot write (a date out of any calendar, as a damaged file or a hand-edited
   * database might hold), in a fresh account of `links` good links; where the date puts it, first
   * or last (newest first: a huge date comes first, a hugely negative one last).
   */
  async function accountWithBadRow(
    email: string,
    links: number,
    createdAt: number,
  ): Promise<string> {
    const owner = await t.createAccount(email);
    await t.insertLinks(
      owner,
      Array.from({ length: links }, (_, i) => ({
        backHalf: `${email.slice(0, 4)}${i}`,
        destinationUrl: `https://example.com/${'long-path/'.repeat(5)}${i}`,
      })),
    );
    const db = new DatabaseSync(t.dbFile);
    try {
      db.prepare(
        `UPDATE links SET created_at = ? WHERE id = (SELECT max(id) FROM links
           WHERE account_id = (SELECT account_id FROM api_keys WHERE key_hash = ?))`,
      ).run(createdAt, hashApiKey(owner));
    } finally {
      db.close();
    }
    return owner;
  }

  /** GET /v1/links over a connection of its own: its status, and whether the answer came whole. */
  function listToTheEnd(apiKey: string, encoding: string) {
    return new Promise<{ status: number; whole: boolean }>((resolve, reject) => {
      const req = request(
        `${t.baseUrl}/v1/links`,
        {
          agent: false,
          headers: { authorization: `Bearer ${apiKey}`, 'accept-encoding': encoding },
        },
        (res) => {
          let whole = false;
          res.on('data', () => {});
          res.on('end', () => {
            whole = res.complete;
          });
          res.on('error', () => {});
          res.on('close', () => resolve({ status: res.statusCode ?? 0, whole }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  // The bad row is written into the SQLite file by hand.
  const onSqlite = process.env.SHORTLINK_TEST_ENGINE !== 'postgres';

  it.runIf(onSqlite)(
    'breaks the answer off, never a short list that looks whole, and logs why',
    async () => {
      const owner = await accountWithBadRow('lastbad@example.com', 6_000, -1e20);
      logged.length = 0;
      for (const encoding of ['identity', 'br']) {
        expect(await listToTheEnd(owner, encoding)).toEqual({ status: 200, whole: false });
      }
      expect(logged.join('\n')).toMatch(/GET \/v1\/links failed mid-answer.*Invalid time value/s);
      expect((await client.list()).status).toBe(200);
    },
  );

  it.runIf(onSqlite)(
    'answers a fault before the first bytes with a generic 500, details only in the log',
    async () => {
      const owner = await accountWithBadRow('firstbad@example.com', 10, 1e20);
      logged.length = 0;
      const problem = expectProblem(await api(t.baseUrl, owner).list(), 500, 'internal_error');
      expect(problem.message).toBe('The service failed to answer. Try again later.');
      expect(logged.join('\n')).toMatch(/GET \/v1\/links failed.*Invalid time value/s);
      expect((await client.list()).status).toBe(200);
    },
  );

  it('lets go of the read when the client goes away mid-list, and writes go on', async () => {
    const bulk = await t.createAccount('bulk-reader@example.com');
    await t.insertLinks(
      bulk,
      Array.from({ length: 6_000 }, (_, i) => ({
        backHalf: `bulk${i}`,
        destinationUrl: `https://example.com/${i}`,
      })),
    );
    for (let i = 0; i < 5; i++) {
      const controller = new AbortController();
      const response = await fetch(`${t.baseUrl}/v1/links`, {
        headers: { authorization: `Bearer ${bulk}`, 'accept-encoding': 'identity' },
        signal: controller.signal,
      });
      await response.body?.getReader().read();
      controller.abort();
    }
    const created = await client.create({ destination_url: 'https://example.com/after-abort' });
    expect(created.status).toBe(200);
    expect((await api(t.baseUrl, bulk).list()).body.links).toHaveLength(6_000);
    await client.remove(created.body.short_url.replace(/^http:\/\//, ''));
  });
});

describe('500 on a redirect', () => {
  it('answers a store fault with a plain 500 and logs the detail', async () => {
    const store = t.service.store;
    const original = store.redirectTarget;
    store.redirectTarget = () => {
      throw new Error('SQLITE_CORRUPT: database disk image is malformed');
    };
    logged.length = 0;
    try {
      const answer = await rawRequest(t.baseUrl, '/never-looked-up?token=secret');
      expect(answer.status).toBe(500);
      expect(answer.body).toBe('The service failed to answer.');
    } finally {
      store.redirectTarget = original;
    }
    const log = logged.join('\n');
    expect(log).toContain('GET /never-looked-up failed');
    expect(log).toContain('SQLITE_CORRUPT');
    // The query string may carry what is not ours to log.
    expect(log).not.toContain('secret');
  });
});

type BadInput = {
  case: string;
  operation: 'create' | 'update';
  /** A function when the body needs the running service (its short domain). */
  body: RequestBody | (() => RequestBody);
  contentType?: string;
  status?: number;
  code: string;
  field?: string;
  /** What the message must say, for a person to fix the request. */
  says: RegExp;
};

const long = (n: number) => 'x'.repeat(n);
const url = 'https://example.com/new';
/** A JSON body with raw bytes that are not UTF-8 (0xFF 0xFE) in the text of one field. */
const withBadBytes = (before: string, after: string) =>
  Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe]), Buffer.from(after)]);
const CREDENTIALS = /user or password before the host/;
const LOOP = /short link of this service.*loop/;
// biome-ignore format: a table reads best one case a line
const badInputs: BadInput[] = [
  // The body as a whole
  { case: 'a body that is not JSON', operation: 'create', body: 'destination_url=https://example.com', code: 'invalid_json', says: /not valid JSON/ },
  { case: 'truncated JSON', operation: 'create', body: `{"destination_url": "${url}"`, code: 'invalid_json', says: /JSON/ },
  { case: 'an empty body', operation: 'create', body: '', code: 'invalid_json', says: /JSON/ },
  { case: 'a JSON array', operation: 'create', body: `[{"destination_url": "${url}"}]`, code: 'invalid_body', says: /JSON object/ },
  { case: 'a JSON string', operation: 'create', body: `"${url}"`, code: 'invalid_body', says: /JSON object/ },
  { case: 'a JSON number', operation: 'create', body: '42', code: 'invalid_body', says: /JSON object/ },
  { case: 'JSON null', operation: 'create', body: 'null', code: 'invalid_body', says: /JSON object/ },
  { case: 'JSON true', operation: 'create', body: 'true', code: 'invalid_body', says: /JSON object/ },
  // destination_url
  { case: 'no destination_url', operation: 'create', body: { title: 'No destination' }, code: 'missing_field', field: 'destination_url', says: /required/ },
  { case: 'an empty object', operation: 'create', body: {}, code: 'missing_field', field: 'destination_url', says: /required/ },
  { case: 'a destination_url that is a number', operation: 'create', body: { destination_url: 42 }, code: 'invalid_field', field: 'destination_url', says: /must be text/ },
  { case: 'a destination_url that is null', operation: 'create', body: { destination_url: null }, code: 'invalid_field', field: 'destination_url', says: /must be text/ },
  { case: 'a destination_url that is an object', operation: 'create', body: { destination_url: { href: url } }, code: 'invalid_field', field: 'destination_url', says: /must be text/ },
  { case: 'an empty destination_url', operation: 'create', body: { destination_url: '' }, code: 'invalid_field', field: 'destination_url', says: /Enter the destination URL/ },
  { case: 'a destination_url of blanks', operation: 'create', body: { destination_url: '   ' }, code: 'invalid_field', field: 'destination_url', says: /Enter the destination URL/ },
  { case: 'a relative destination_url', operation: 'create', body: { destination_url: '/a/page' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a scheme-relative destination_url', operation: 'create', body: { destination_url: '//example.com/a' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a destination_url without a scheme', operation: 'create', body: { destination_url: 'example.com' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a destination_url without a host', operation: 'create', body: { destination_url: 'https://' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'an ftp: destination_url', operation: 'create', body: { destination_url: 'ftp://example.com/file' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a javascript: destination_url', operation: 'create', body: { destination_url: 'javascript:alert(1)' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a mailto: destination_url', operation: 'create', body: { destination_url: 'mailto:someone@example.com' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a data: destination_url', operation: 'create', body: { destination_url: 'data:text/html,<h1>hi</h1>' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a destination_url with a space in its host', operation: 'create', body: { destination_url: 'https://exa mple.com/' }, code: 'invalid_field', field: 'destination_url', says: /not a web address/ },
  { case: 'a destination_url of words', operation: 'create', body: { destination_url: 'see my page' }, code: 'invalid_field', field: 'destination_url', says: /not a web address/ },
  { case: 'a destination_url with a line break', operation: 'create', body: { destination_url: 'https://example.com/a\nb' }, code: 'invalid_field', field: 'destination_url', says: /line breaks/ },
  { case: 'a destination_url with a carriage return', operation: 'create', body: { destination_url: 'https://example.com/a\rb' }, code: 'invalid_field', field: 'destination_url', says: /line breaks/ },
  { case: 'a destination_url with a tab', operation: 'create', body: { destination_url: 'https://exam\tple.com/' }, code: 'invalid_field', field: 'destination_url', says: /control characters/ },
  { case: 'a destination_url with a NUL', operation: 'create', body: { destination_url: 'https://example.com/\u0000' }, code: 'invalid_field', field: 'destination_url', says: /control characters/ },
  { case: 'a destination_url with a line separator', operation: 'create', body: { destination_url: 'https://example.com/a\u2028b' }, code: 'invalid_field', field: 'destination_url', says: /line breaks/ },
  { case: 'a destination_url with a lone surrogate', operation: 'create', body: '{"destination_url": "https://example.com/\\ud800"}', code: 'invalid_field', field: 'destination_url', says: /broken character/ },
  { case: 'a destination_url with bytes that are not UTF-8', operation: 'create', body: withBadBytes('{"destination_url": "https://example.com/', '"}'), code: 'invalid_field', field: 'destination_url', says: /"destination_url" holds bytes that are not UTF-8/ },
  { case: 'a destination_url with a user and password', operation: 'create', body: { destination_url: 'https://user:secret@example.com/' }, code: 'invalid_field', field: 'destination_url', says: CREDENTIALS },
  { case: 'a destination_url dressed as another site with @', operation: 'create', body: { destination_url: 'https://paypal.com@evil.example/login' }, code: 'invalid_field', field: 'destination_url', says: CREDENTIALS },
  { case: 'a destination_url dressed as another site with \\@', operation: 'create', body: { destination_url: 'https://paypal.com\\@evil.example/login' }, code: 'invalid_field', field: 'destination_url', says: CREDENTIALS },
  { case: 'a destination_url with @ and no slashes after the scheme', operation: 'create', body: { destination_url: 'https:paypal.com@login.example/' }, code: 'invalid_field', field: 'destination_url', says: CREDENTIALS },
  { case: 'a destination_url that is a short link of the default domain', operation: 'create', body: () => ({ destination_url: `http://${t.shortDomain}/abc` }), code: 'invalid_field', field: 'destination_url', says: LOOP },
  { case: 'a destination_url that is the default domain in capitals', operation: 'create', body: () => ({ destination_url: `HTTP://${t.shortDomain.toUpperCase()}/ABC` }), code: 'invalid_field', field: 'destination_url', says: LOOP },
  { case: 'a destination_url on a custom domain of the account', operation: 'create', body: { destination_url: 'https://mine.example.com/taken' }, code: 'invalid_field', field: 'destination_url', says: LOOP },
  { case: 'a destination_url on a custom domain of another account', operation: 'create', body: { destination_url: 'https://Theirs.Example.com./x' }, code: 'invalid_field', field: 'destination_url', says: LOOP },
  { case: 'a destination_url on a blocked host', operation: 'create', body: { destination_url: 'https://evil.example/login' }, code: 'blocked_destination', field: 'destination_url', says: /evil\.example are not allowed/ },
  { case: 'a destination_url on a blocked host in capitals with a port', operation: 'create', body: { destination_url: 'https://EVIL.example:8443/' }, code: 'blocked_destination', field: 'destination_url', says: /not allowed/ },
  { case: 'a destination_url under a blocked suffix', operation: 'create', body: { destination_url: 'https://login.bank.phish.example/' }, code: 'blocked_destination', field: 'destination_url', says: /blocked as \*\.phish\.example/ },
  { case: 'a destination_url on the blocked suffix itself', operation: 'create', body: { destination_url: 'http://phish.example/' }, code: 'blocked_destination', field: 'destination_url', says: /not allowed/ },
  { case: 'a destination_url on a blocked look-alike host', operation: 'create', body: { destination_url: 'https://xn--pple-43d.com/signin' }, code: 'blocked_destination', field: 'destination_url', says: /xn--pple-43d\.com are not allowed/ },
  { case: 'an expired_url on a blocked host', operation: 'create', body: { destination_url: url, expired_url: 'https://evil.example/ended' }, code: 'invalid_field', field: 'expired_url', says: /^The address after expiry leads to evil\.example, and links to evil\.example are not allowed/ },
  { case: 'an expired_url under a blocked suffix', operation: 'update', body: { expired_url: 'https://login.phish.example/' }, code: 'invalid_field', field: 'expired_url', says: /blocked as \*\.phish\.example/ },
  { case: 'a destination_url of 2,049 characters', operation: 'create', body: { destination_url: `https://example.com/${long(2029)}` }, code: 'invalid_field', field: 'destination_url', says: /at most 2048/ },
  // back_half
  { case: 'a back_half with a slash', operation: 'create', body: { destination_url: url, back_half: 'a/b' }, code: 'invalid_field', field: 'back_half', says: /letters, digits/ },
  { case: 'a back_half with a space', operation: 'create', body: { destination_url: url, back_half: 'a b' }, code: 'invalid_field', field: 'back_half', says: /letters, digits/ },
  { case: 'a back_half with a dot', operation: 'create', body: { destination_url: url, back_half: 'a.b' }, code: 'invalid_field', field: 'back_half', says: /letters, digits/ },
  { case: 'a back_half with a non-ASCII letter', operation: 'create', body: { destination_url: url, back_half: 'café' }, code: 'invalid_field', field: 'back_half', says: /letters, digits/ },
  { case: 'a back_half with an emoji', operation: 'create', body: { destination_url: url, back_half: 'go🚀' }, code: 'invalid_field', field: 'back_half', says: /letters, digits/ },
  { case: 'a back_half with a trailing line break', operation: 'create', body: { destination_url: url, back_half: 'abc\n' }, code: 'invalid_field', field: 'back_half', says: /letters, digits/ },
  { case: 'an empty back_half', operation: 'create', body: { destination_url: url, back_half: '' }, code: 'invalid_field', field: 'back_half', says: /1 to 64 characters/ },
  { case: 'a back_half of 65 characters', operation: 'create', body: { destination_url: url, back_half: 'b'.repeat(65) }, code: 'invalid_field', field: 'back_half', says: /at most 64/ },
  { case: 'a back_half that is a number', operation: 'create', body: { destination_url: url, back_half: 123 }, code: 'invalid_field', field: 'back_half', says: /must be text/ },
  { case: 'a back_half that is null', operation: 'create', body: { destination_url: url, back_half: null }, code: 'invalid_field', field: 'back_half', says: /must be text/ },
  // title
  { case: 'a title of 256 characters', operation: 'create', body: { destination_url: url, title: long(256) }, code: 'invalid_field', field: 'title', says: /at most 255/ },
  { case: 'a title of 256 emoji', operation: 'create', body: { destination_url: url, title: '🙂'.repeat(256) }, code: 'invalid_field', field: 'title', says: /at most 255/ },
  { case: 'a title that is a number', operation: 'create', body: { destination_url: url, title: 7 }, code: 'invalid_field', field: 'title', says: /must be text/ },
  { case: 'a title that is an array', operation: 'create', body: { destination_url: url, title: ['a'] }, code: 'invalid_field', field: 'title', says: /must be text/ },
  { case: 'a title with a lone surrogate', operation: 'create', body: `{"destination_url": "${url}", "title": "Caf\\ud83d"}`, code: 'invalid_field', field: 'title', says: /title contains a broken character/ },
  { case: 'a title with bytes that are not UTF-8', operation: 'create', body: withBadBytes(`{"destination_url": "${url}", "title": "Caf`, '"}'), code: 'invalid_field', field: 'title', says: /"title" holds bytes that are not UTF-8/ },
  { case: 'a field name with bytes that are not UTF-8', operation: 'create', body: withBadBytes(`{"destination_url": "${url}", "`, '": 1}'), code: 'invalid_json', says: /not valid UTF-8/ },
  // domain
  { case: 'a domain never added', operation: 'create', body: { destination_url: url, domain: 'go.example.com' }, code: 'unknown_domain', field: 'domain', says: /"go\.example\.com" has not been added/ },
  { case: 'a domain of another account', operation: 'create', body: { destination_url: url, domain: 'theirs.example.com' }, code: 'unknown_domain', field: 'domain', says: /has not been added/ },
  { case: 'a domain given as a URL', operation: 'create', body: { destination_url: url, domain: 'https://mine.example.com' }, code: 'unknown_domain', field: 'domain', says: /has not been added/ },
  { case: 'a domain that is a number', operation: 'create', body: { destination_url: url, domain: 1 }, code: 'invalid_field', field: 'domain', says: /must be text/ },
  { case: 'an empty domain', operation: 'create', body: { destination_url: url, domain: '' }, code: 'invalid_field', field: 'domain', says: /must not be empty/ },
  // Fields the interface does not have
  { case: 'an unknown field', operation: 'create', body: { destination_url: url, clicks: 5 }, code: 'unknown_field', field: 'clicks', says: /Unknown field "clicks"/ },
  { case: 'a misspelt field', operation: 'create', body: { destination_url: url, backhalf: 'x' }, code: 'unknown_field', field: 'backhalf', says: /Unknown field "backhalf"/ },
  { case: 'a __proto__ field', operation: 'create', body: `{"destination_url": "${url}", "__proto__": {"title": "x"}}`, code: 'unknown_field', field: '__proto__', says: /Unknown field/ },
  // The Content-Type is not looked at: the body is read as JSON whatever it says
  { case: 'a form Content-Type on a bad JSON body', operation: 'create', body: 'destination_url=x', contentType: 'application/x-www-form-urlencoded', code: 'invalid_json', says: /not valid JSON/ },
  { case: 'a text/plain Content-Type on a bad destination', operation: 'create', body: { destination_url: 'ftp://x' }, contentType: 'text/plain', code: 'invalid_field', field: 'destination_url', says: /http:\/\// },
  // update
  { case: 'an empty object', operation: 'update', body: {}, code: 'missing_field', says: /nothing to update/ },
  { case: 'a back_half', operation: 'update', body: { back_half: 'renamed' }, code: 'unknown_field', field: 'back_half', says: /Unknown field "back_half"/ },
  { case: 'clicks', operation: 'update', body: { clicks: 0 }, code: 'unknown_field', field: 'clicks', says: /Unknown field "clicks"/ },
  { case: 'a title and clicks', operation: 'update', body: { title: 'Changed', clicks: 1000 }, code: 'unknown_field', field: 'clicks', says: /Unknown field "clicks"/ },
  { case: 'a domain', operation: 'update', body: { domain: 'mine.example.com' }, code: 'unknown_field', field: 'domain', says: /Unknown field "domain"/ },
  { case: 'created_at', operation: 'update', body: { title: 'Changed', created_at: '2020-01-01T00:00:00Z' }, code: 'unknown_field', field: 'created_at', says: /Unknown field "created_at"/ },
  { case: 'short_url', operation: 'update', body: { short_url: 'http://localhost/x' }, code: 'unknown_field', field: 'short_url', says: /Unknown field/ },
  { case: 'an ftp: destination', operation: 'update', body: { destination_url: 'ftp://example.com/' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'a relative destination and a good title', operation: 'update', body: { destination_url: 'page.html', title: 'Changed' }, code: 'invalid_field', field: 'destination_url', says: /http:\/\/ or https:\/\// },
  { case: 'an empty destination', operation: 'update', body: { destination_url: '' }, code: 'invalid_field', field: 'destination_url', says: /Enter the destination URL/ },
  { case: 'a null destination', operation: 'update', body: { destination_url: null }, code: 'invalid_field', field: 'destination_url', says: /must be text/ },
  { case: 'a destination of 2,049 characters', operation: 'update', body: { destination_url: `https://example.com/${long(2029)}` }, code: 'invalid_field', field: 'destination_url', says: /at most 2048/ },
  { case: 'a title of 256 characters', operation: 'update', body: { title: long(256) }, code: 'invalid_field', field: 'title', says: /at most 255/ },
  { case: 'a null title', operation: 'update', body: { title: null }, code: 'invalid_field', field: 'title', says: /must be text/ },
  { case: 'a title with a lone surrogate', operation: 'update', body: '{"title": "\\udc00"}', code: 'invalid_field', field: 'title', says: /broken character/ },
  { case: 'a title with bytes that are not UTF-8', operation: 'update', body: withBadBytes('{"title": "', '"}'), code: 'invalid_field', field: 'title', says: /not UTF-8/ },
  { case: 'a destination with bytes that are not UTF-8', operation: 'update', body: withBadBytes('{"title": "ok", "destination_url": "https://example.com/', '"}'), code: 'invalid_field', field: 'destination_url', says: /not UTF-8/ },
  { case: 'a destination with a password', operation: 'update', body: { destination_url: 'http://admin:admin@example.com/' }, code: 'invalid_field', field: 'destination_url', says: CREDENTIALS },
  { case: 'a destination that is a short link', operation: 'update', body: () => ({ destination_url: `http://${t.shortDomain}/loop` }), code: 'invalid_field', field: 'destination_url', says: LOOP },
  { case: 'a destination on a custom domain', operation: 'update', body: { destination_url: 'https://theirs.example.com/x' }, code: 'invalid_field', field: 'destination_url', says: LOOP },
  { case: 'a destination on a blocked host and a good title', operation: 'update', body: { destination_url: 'https://www.phish.example/', title: 'Changed' }, code: 'blocked_destination', field: 'destination_url', says: /not allowed/ },
  { case: 'a body that is not JSON', operation: 'update', body: 'title=x', code: 'invalid_json', says: /not valid JSON/ },
  { case: 'a JSON array', operation: 'update', body: '[{"title": "x"}]', code: 'invalid_body', says: /JSON object/ },
  { case: 'JSON null', operation: 'update', body: 'null', code: 'invalid_body', says: /JSON object/ },
];

describe('bad input', () => {
  it('has a table of at least 30 cases', () => {
    expect(badInputs.length).toBeGreaterThanOrEqual(30);
  });

  it.each(badInputs)(
    'answers $operation with $case by $code and leaves the database unchanged',
    async (row) => {
      const before = await snapshot();
      const headers = row.contentType ? { 'content-type': row.contentType } : undefined;
      const body = typeof row.body === 'function' ? row.body() : row.body;
      const answer =
        row.operation === 'create'
          ? await client.create(body, headers)
          : await client.send('PUT', `/v1/links/${targetId()}`, body, headers);

      const problem = expectProblem(answer, row.status ?? 400, row.code, row.field);
      expect(problem.message).toMatch(row.says);
      expect(await snapshot()).toEqual(before);
      expect((await client.retrieve(targetId())).body).toMatchObject({
        destination_url: 'https://example.com/target',
        title: 'Target',
      });
    },
  );

  it.each([
    ['text/plain', 'text/plain'],
    ['a form type', 'application/x-www-form-urlencoded'],
    ['a JSON type with a charset', 'application/json; charset=utf-8'],
  ])('reads a good body sent with %s as JSON', async (_, contentType) => {
    const answer = await client.create(
      { destination_url: 'https://example.com/typed', title: contentType },
      { 'content-type': contentType },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe(contentType);
    await client.remove(answer.body.short_url.replace(/^http:\/\//, ''));
  });
});
