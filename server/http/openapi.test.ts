// GET /v1/openapi.json: served without a key, and true to the service: every answer of a tour of
// the API (each operation, each error status) is checked against the document with a JSON Schema
// validator of its own (Ajv), not with the zod schemas the document was made from.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, api, idOf } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';

type Operation = {
  security?: unknown[];
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<string, { content?: { 'application/json': { schema: object } } }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

let t: TestService;
let limited: TestService;
let document: Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  t = await startTestService();
  limited = await startTestService({ rateLimitPerMinute: 1 });
  const answer = await api(t.baseUrl).send<Document>('GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
  ajv.addSchema(document, 'openapi');
});
afterAll(async () => {
  await Promise.all([t.stop(), limited.stop()]);
});

/** Checks an answer against the document's schema for this path, method and status. */
function expectDescribed(path: string, method: string, answer: Answer<unknown>): void {
  const operation = document.paths[path]?.[method];
  expect(operation, `${method} ${path} is described`).toBeDefined();
  const response = operation?.responses[String(answer.status)];
  expect(response, `${method} ${path} answers ${answer.status} as described`).toBeDefined();
  const schema = response?.content?.['application/json'].schema;
  expect(schema).toBeDefined();
  const validate = ajv.compile({
    $ref: `openapi#/paths/${pointer(path)}/${method}/responses/${answer.status}/content/application~1json/schema`,
  });
  expect(
    validate(answer.body),
    `${method} ${path} ${answer.status}: ${ajv.errorsText(validate.errors)}`,
  ).toBe(true);
}

const pointer = (path: string) => path.replaceAll('~', '~0').replaceAll('/', '~1');

/** Checks a request body against the document's request schema: true when it is accepted. */
function requestAccepted(path: string, method: string, body: unknown): boolean {
  const validate = ajv.compile({
    $ref: `openapi#/paths/${pointer(path)}/${method}/requestBody/content/application~1json/schema`,
  });
  return validate(body) as boolean;
}

describe('GET /v1/openapi.json', () => {
  it('serves an OpenAPI 3.1 document with no key, describing bearer keys and the literal slash', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(Object.keys(document.paths).sort()).toEqual([
      '/v1/domains',
      '/v1/links',
      '/v1/links/{host}/{back_half}',
      '/v1/links/{host}/{back_half}/check',
      '/v1/links/{host}/{back_half}/stats',
      '/v1/openapi.json',
      '/v1/stats',
      '/v1/tags',
      '/v1/tags/{id}',
      '/{back_half}',
    ]);
    expect(document.paths['/v1/openapi.json']?.get?.security).toEqual([]);
    expect(JSON.stringify(document.paths['/v1/links/{host}/{back_half}'])).toMatch(/literally/);
  });

  it('names the QR code marker of a redirect, and the scans the statistics count', () => {
    const follow = document.paths['/{back_half}']?.get as { parameters?: unknown[] } | undefined;
    expect(follow?.parameters).toContainEqual(
      expect.objectContaining({ name: 'qr', in: 'query', schema: { type: 'string', const: '1' } }),
    );
    const stats = JSON.stringify(document.components.schemas.LinkStats);
    expect(stats).toContain('"qr_scans"');
  });

  it("names the statistics' privacy switches: Sec-GPC, the operator's opt-out parameter, bots", async () => {
    const follow = document.paths['/{back_half}']?.get as { parameters?: unknown[] } | undefined;
    expect(follow?.parameters).toContainEqual(
      expect.objectContaining({ name: 'Sec-GPC', in: 'header' }),
    );
    // The opt-out parameter only where the operator set one.
    expect(follow?.parameters).toHaveLength(2);
    const statsOperation = document.paths['/v1/links/{host}/{back_half}/stats']?.get as {
      parameters?: unknown[];
    };
    expect(statsOperation.parameters).toContainEqual(
      expect.objectContaining({
        name: 'bots',
        in: 'query',
        schema: { type: 'string', enum: ['include', 'exclude'], default: 'include' },
      }),
    );
    expect(JSON.stringify(document.components.schemas.LinkStats)).toContain('"visitors"');
    const optOut = await startTestService({ noTrackParam: 'no_track' });
    try {
      const own = (await api(optOut.baseUrl).send<Document>('GET', '/v1/openapi.json')).body;
      const ownFollow = own.paths['/{back_half}']?.get as { parameters?: unknown[] };
      expect(ownFollow.parameters).toContainEqual(
        expect.objectContaining({ name: 'no_track', in: 'query' }),
      );
    } finally {
      await optOut.stop();
    }
  });

  it('describes every answer of a tour of the API, errors included', async () => {
    const key = await t.createAccount('tour@example.com');
    await t.addDomain('tour@example.com', 'go.tour.example');
    const client = api(t.baseUrl, key);
    const links = '/v1/links';
    const link = '/v1/links/{host}/{back_half}';

    const created = await client.create({ destination_url: 'https://example.com/a b', title: 'A' });
    expectDescribed(links, 'post', created);
    const id = idOf(created.body.short_url);
    expectDescribed(links, 'get', await client.list());
    expectDescribed(link, 'get', await client.retrieve(id));
    expectDescribed(link, 'put', await client.update(id, { title: 'B' }));
    expectDescribed('/v1/domains', 'get', await client.domains());
    expectDescribed(links, 'post', await client.create({ destination_url: 'ftp://x' }));
    expectDescribed(
      links,
      'post',
      await client.create({ destination_url: 'https://example.com/', back_half: 'x', clicks: 1 }),
    );
    expectDescribed(links, 'post', await client.create('not json'));
    expectDescribed(
      links,
      'post',
      await client.create({
        destination_url: 'https://e.com/',
        back_half: idOf(created.body.short_url).split('/')[1],
      }),
    );
    expectDescribed(links, 'post', await client.create('x'.repeat(17 * 1024)));
    expectDescribed(link, 'put', await client.update(id, {}));
    expectDescribed(link, 'get', await client.retrieve(`${t.shortDomain}/nope`));
    expectDescribed(link, 'delete', await client.remove(id));
    expectDescribed(links, 'get', await api(t.baseUrl).list());
    expectDescribed(links, 'get', await api(t.baseUrl, 'slk_unknown').list());
    expectDescribed(
      links,
      'get',
      await api(t.baseUrl, await t.createAccount('free@example.com', 'free')).list(),
    );

    const busy = api(limited.baseUrl, await limited.createAccount('busy@example.com'));
    expectDescribed(links, 'get', await busy.list());
    expectDescribed(links, 'get', await busy.list());
  });

  it('accepts in its request schemas what the service accepts, and refuses the shapes it refuses', () => {
    expect(requestAccepted('/v1/links', 'post', { destination_url: 'https://example.com/' })).toBe(
      true,
    );
    expect(requestAccepted('/v1/links', 'post', { title: 'no destination' })).toBe(false);
    expect(
      requestAccepted('/v1/links', 'post', { destination_url: 'https://e.com/', clicks: 1 }),
    ).toBe(false);
    expect(
      requestAccepted('/v1/links', 'post', { destination_url: 'https://e.com/', back_half: 'a b' }),
    ).toBe(false);
    expect(requestAccepted('/v1/links/{host}/{back_half}', 'put', { title: 'x' })).toBe(true);
    expect(requestAccepted('/v1/links/{host}/{back_half}', 'put', {})).toBe(false);
  });
});
