import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, call, idOf } from './test-helpers.ts';
import { startTestService, type TestService } from './test-service.ts';

let service: TestService;
let key: string;
let api: ReturnType<typeof apiAs>;
let existingId: string;

beforeAll(async () => {
  service = await startTestService();
  key = service.createAccount('errors@example.com');
  service.addDomain('errors@example.com', 'mine.example.com');
  service.createAccount('neighbour@example.com');
  service.addDomain('neighbour@example.com', 'theirs.example.com');
  api = apiAs(service.baseUrl, key);
  const created = await api.create({
    destination_url: 'https://example.com/existing',
    back_half: 'existing',
    title: 'Existing',
  });
  existingId = idOf(created.body.short_url);
});
afterAll(() => service.stop());

function expectProblem(
  answer: { status: number; body: Record<string, unknown> },
  status: number,
  code: string,
  field?: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ success: false, code });
  expect(answer.body.message).toMatch(/^[A-Z"].{10,}[.]$/);
  if (field) expect(answer.body.field).toBe(field);
  else expect(answer.body.field).toBeUndefined();
}

const long = (n: number) => 'a'.repeat(n);
const url2049 = `https://example.com/${long(2049 - 'https://example.com/'.length)}`;

type BadInput = [name: string, body: unknown, code: string, field?: string, raw?: string];

const badCreates: BadInput[] = [
  ['a body that is not JSON', undefined, 'invalid_json', undefined, '{"destination_url": '],
  ['an empty body', undefined, 'invalid_json', undefined, ''],
  ['a JSON array', [{ destination_url: 'https://example.com' }], 'invalid_body'],
  ['a JSON string', 'https://example.com', 'invalid_body'],
  ['a JSON number', 42, 'invalid_body'],
  ['JSON null', null, 'invalid_body'],
  ['no destination_url', { title: 'x' }, 'missing_field', 'destination_url'],
  ['destination_url a number', { destination_url: 42 }, 'invalid_field', 'destination_url'],
  ['destination_url null', { destination_url: null }, 'invalid_field', 'destination_url'],
  ['destination_url empty', { destination_url: '' }, 'invalid_field', 'destination_url'],
  [
    'destination_url relative',
    { destination_url: '/just/a/path' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url without scheme',
    { destination_url: 'example.com' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url ftp:',
    { destination_url: 'ftp://example.com/file' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url javascript:',
    { destination_url: 'javascript:alert(1)' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url mailto:',
    { destination_url: 'mailto:me@example.com' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url data:',
    { destination_url: 'data:text/html,hi' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url with a space',
    { destination_url: 'https://example.com/a b' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url with a line break',
    { destination_url: 'https://example.com/a\nb' },
    'invalid_field',
    'destination_url',
  ],
  [
    'destination_url over 2,048 characters',
    { destination_url: url2049 },
    'invalid_field',
    'destination_url',
  ],
  [
    'back_half with a slash',
    { destination_url: 'https://e.com', back_half: 'a/b' },
    'invalid_field',
    'back_half',
  ],
  [
    'back_half with a space',
    { destination_url: 'https://e.com', back_half: 'a b' },
    'invalid_field',
    'back_half',
  ],
  [
    'back_half with a dot',
    { destination_url: 'https://e.com', back_half: 'a.b' },
    'invalid_field',
    'back_half',
  ],
  [
    'back_half with unicode',
    { destination_url: 'https://e.com', back_half: 'café' },
    'invalid_field',
    'back_half',
  ],
  [
    'back_half empty',
    { destination_url: 'https://e.com', back_half: '' },
    'invalid_field',
    'back_half',
  ],
  [
    'back_half of 65 characters',
    { destination_url: 'https://e.com', back_half: long(65) },
    'invalid_field',
    'back_half',
  ],
  [
    'back_half a number',
    { destination_url: 'https://e.com', back_half: 7 },
    'invalid_field',
    'back_half',
  ],
  [
    'title of 256 characters',
    { destination_url: 'https://e.com', title: long(256) },
    'invalid_field',
    'title',
  ],
  ['title a number', { destination_url: 'https://e.com', title: 1 }, 'invalid_field', 'title'],
  ['title null', { destination_url: 'https://e.com', title: null }, 'invalid_field', 'title'],
  [
    'a domain never added',
    { destination_url: 'https://e.com', domain: 'nope.example.com' },
    'unknown_domain',
    'domain',
  ],
  [
    "another account's domain",
    { destination_url: 'https://e.com', domain: 'theirs.example.com' },
    'unknown_domain',
    'domain',
  ],
  ['domain a number', { destination_url: 'https://e.com', domain: 5 }, 'invalid_field', 'domain'],
  ['domain empty', { destination_url: 'https://e.com', domain: '' }, 'invalid_field', 'domain'],
  [
    'an unknown field',
    { destination_url: 'https://e.com', clicks: 100 },
    'unknown_field',
    'clicks',
  ],
];

const badUpdates: BadInput[] = [
  ['an empty object', {}, 'missing_field'],
  ['back_half', { back_half: 'renamed' }, 'unknown_field', 'back_half'],
  ['clicks', { clicks: 9 }, 'unknown_field', 'clicks'],
  ['domain', { domain: 'mine.example.com' }, 'unknown_field', 'domain'],
  ['a title and an unknown field', { title: 'ok', extra: 1 }, 'unknown_field', 'extra'],
  ['an invalid destination', { destination_url: 'not a url' }, 'invalid_field', 'destination_url'],
  ['an empty destination', { destination_url: '' }, 'invalid_field', 'destination_url'],
  ['a title of 256 characters', { title: long(256) }, 'invalid_field', 'title'],
  ['a title that is not text', { title: ['x'] }, 'invalid_field', 'title'],
  ['a body that is not JSON', undefined, 'invalid_json', undefined, 'title=x'],
  ['a JSON array', [], 'invalid_body'],
];

describe('bad input', () => {
  it(`covers at least 30 cases`, () => {
    expect(badCreates.length + badUpdates.length).toBeGreaterThanOrEqual(30);
  });

  it.each(badCreates)(
    'create with %s is refused and stores nothing',
    async (_name, body, code, field, raw) => {
      const before = await api.list();
      const answer = await api.call('POST', '/v1/links', body, raw === undefined ? {} : { raw });
      expectProblem(answer, 400, code, field);
      expect((await api.list()).body).toEqual(before.body);
    },
  );

  it.each(badUpdates)(
    'update with %s is refused and changes nothing',
    async (_name, body, code, field, raw) => {
      const before = await api.list();
      const answer = await api.call(
        'PUT',
        `/v1/links/${existingId}`,
        body,
        raw === undefined ? {} : { raw },
      );
      expectProblem(answer, 400, code, field);
      expect((await api.list()).body).toEqual(before.body);
    },
  );

  it('accepts a JSON body whatever its Content-Type says', async () => {
    const answer = await api.call('POST', '/v1/links', undefined, {
      raw: JSON.stringify({ destination_url: 'https://example.com/ct' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(200);
  });
});

describe('error statuses', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a malformed header', 'Token abc'],
    ['an empty bearer token', 'Bearer '],
    ['an unknown key', 'Bearer slk_unknownunknownunknownunknown1'],
  ])('401 with WWW-Authenticate for %s', async (_name, authorization) => {
    const answer = await call(service.baseUrl, 'GET', '/v1/links', undefined, {
      headers: authorization ? { authorization } : {},
    });
    expectProblem(answer, 401, 'unauthorized');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('401 for a revoked key, on every endpoint', async () => {
    const revoked = service.createAccount('revoked@example.com');
    service.revokeKey(revoked);
    const as = apiAs(service.baseUrl, revoked);
    for (const answer of [
      await as.list(),
      await as.create({ destination_url: 'https://example.com' }),
      await as.get(existingId),
      await as.update(existingId, { title: 'x' }),
      await as.remove(existingId),
      await as.domains(),
    ]) {
      expectProblem(answer, 401, 'unauthorized');
    }
  });

  it('403 paid_plan_required for an account on the free plan', async () => {
    const free = apiAs(service.baseUrl, service.createAccount('free@example.com', 'free'));
    expectProblem(
      await free.create({ destination_url: 'https://example.com' }),
      403,
      'paid_plan_required',
    );
    expectProblem(await free.list(), 403, 'paid_plan_required');
  });

  it('404 for an unknown link, an unknown host in the identifier and an unknown endpoint', async () => {
    expectProblem(await api.get(`${service.shortDomain}/missing`), 404, 'not_found');
    expectProblem(await api.get('unknown.example.com/existing'), 404, 'not_found');
    expectProblem(await api.get(`${service.shortDomain}/bad.back.half`), 404, 'not_found');
    expectProblem(await api.get('no-slash-at-all'), 404, 'not_found');
    expectProblem(await api.call('GET', '/v1/things'), 404, 'not_found');
  });

  it('405 for a method an endpoint does not have', async () => {
    expectProblem(await api.call('PATCH', '/v1/links'), 405, 'method_not_allowed');
    expectProblem(await api.call('DELETE', '/v1/domains'), 405, 'method_not_allowed');
  });

  it('409 back_half_taken on the field, and the taken link is unchanged', async () => {
    const answer = await api.create({
      destination_url: 'https://example.com/other',
      back_half: 'existing',
    });
    expectProblem(answer, 409, 'back_half_taken', 'back_half');
    expect((await api.get(existingId)).body.destination_url).toBe('https://example.com/existing');
  });

  it('413 for a body over 16 KiB', async () => {
    const before = await api.list();
    const answer = await api.create({
      destination_url: 'https://example.com',
      title: long(17 * 1024),
    });
    expectProblem(answer, 413, 'payload_too_large');
    expect((await api.list()).body).toEqual(before.body);
  });

  it('429 with Retry-After past the per-key limit, other keys unaffected', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 3 });
    try {
      const first = apiAs(limited.baseUrl, limited.createAccount('busy@example.com'));
      const second = apiAs(limited.baseUrl, limited.createAccount('calm@example.com'));
      for (let i = 0; i < 3; i++) expect((await first.list()).status).toBe(200);
      const answer = await first.list();
      expectProblem(answer, 429, 'rate_limited');
      const wait = Number(answer.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await second.list()).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('500 with a generic message; the log has the detail and never the key', async () => {
    const logged: string[] = [];
    const failing = await startTestService({
      logger: { info() {}, error: (message, error) => logged.push(`${message} ${String(error)}`) },
    });
    try {
      const secret = failing.createAccount('fails@example.com');
      failing.service.store.linksOf = () => {
        throw new Error('disk on fire');
      };
      const answer = await apiAs(failing.baseUrl, secret).list();
      expectProblem(answer, 500, 'internal_error');
      expect(JSON.stringify(answer.body)).not.toContain('disk on fire');
      expect(logged.join('\n')).toContain('disk on fire');
      expect(logged.join('\n')).not.toContain(secret);
    } finally {
      await failing.stop();
    }
  });
});

describe('two accounts', () => {
  it("cannot see, change or delete each other's links", async () => {
    const alice = apiAs(service.baseUrl, service.createAccount('alice@example.com'));
    const bob = apiAs(service.baseUrl, service.createAccount('bob@example.com'));
    const link = await alice.create({
      destination_url: 'https://example.com/alice',
      title: 'Alice',
    });
    const id = idOf(link.body.short_url);

    expectProblem(await bob.get(id), 404, 'not_found');
    expectProblem(await bob.update(id, { title: 'Bob was here' }), 404, 'not_found');
    expectProblem(await bob.remove(id), 404, 'not_found');
    expect((await bob.list()).body.links).toEqual([]);

    const own = await alice.get(id);
    expect(own.body).toMatchObject({
      title: 'Alice',
      destination_url: 'https://example.com/alice',
    });
    expect((await alice.list()).body.links).toHaveLength(1);
  });

  it("cannot take a back-half in another account's custom domain", async () => {
    const neighbourKey = service.createAccount('third@example.com');
    const answer = await apiAs(service.baseUrl, neighbourKey).create({
      destination_url: 'https://example.com',
      domain: 'mine.example.com',
    });
    expectProblem(answer, 400, 'unknown_domain', 'domain');
  });
});
