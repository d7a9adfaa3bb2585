// The published OpenAPI document as a fuzzer reads it: requests generated from its schemas (with
// json-schema-faker, a generator that knows nothing of zod or of this service) are taken by the
// service, its path parameters describe exactly the identifiers the service names links by, and
// every example in it is valid and, sent as it is, works.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { generateSync } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_HALF_PATTERN } from '../../contract/limits.ts';
import { CUSTOM_DOMAIN_PATTERN, LINK_HOST_PATTERN } from '../../contract/wire.ts';
import { type Api, api, expectProblem } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';

type Schema = Record<string, unknown>;
type Media = { schema: Schema; examples?: Record<string, { value: unknown }> };
type Parameter = { name: string; schema: Schema; example?: unknown };
type OpenApiLink = { operationId: string; parameters: Record<string, string> };
type Operation = {
  operationId?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<
    string,
    { content?: { 'application/json': Media }; links?: Record<string, OpenApiLink> }
  >;
};
type Document = {
  paths: Record<string, Record<string, Operation> & { parameters?: Parameter[] }>;
  components: { schemas: Record<string, Schema> };
};

const LINKS = '/v1/links';
const FORM = 'application/x-www-form-urlencoded';
const LINK = '/v1/links/{host}/{back_half}';
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);
const EMAIL = 'generated@example.com';

let t: TestService;
let client: Api;
let document: Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
/** Custom domains already added to the account, and the links made, by `<domain>/<back_half>`. */
const addedDomains = new Set<string>();
const madeLinks = new Set<string>();

beforeAll(async () => {
  t = await startTestService();
  client = api(t.baseUrl, await t.createAccount(EMAIL));
  document = (await api(t.baseUrl).send<Document>('GET', '/v1/openapi.json')).body;
  ajv.addSchema(document, 'openapi');
});
afterAll(() => t.stop());

/** A schema of the document by its `$ref`, or the schema itself. */
function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return document.components.schemas[ref.replace('#/components/schemas/', '')] as Schema;
}

const bodySchema = (path: string, method: string) =>
  resolve(document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema ?? {});
const parameter = (name: string) =>
  document.paths[LINK]?.parameters?.find((p) => p.name === name) as Parameter;

/** The domain key a host names: lower case, without a trailing dot; '' for the short domain. */
const domainKey = (host: string) => {
  const key = host.toLowerCase().replace(/\.$/, '');
  return key === t.shortDomain ? '' : key;
};

/** Makes a generated domain the account's, as its owner would with the command line. */
async function own(host: string): Promise<void> {
  const key = domainKey(host);
  if (key === '' || addedDomains.has(key)) return;
  await t.addDomain(EMAIL, key);
  addedDomains.add(key);
}

/** Whether a generated `expires_at` is already past by the service's clock (refused, as published). */
const isPast = (expiresAt: unknown) =>
  typeof expiresAt === 'string' && Date.parse(expiresAt) <= t.service.clock.now();

describe('requests generated from the published schemas', () => {
  it.each(SEEDS)('are taken by the service: a create body (seed %i)', async (seed) => {
    const body = generateSync(bodySchema(LINKS, 'post'), { seed }) as Record<string, string>;
    if (body.domain !== undefined) await own(body.domain);
    const answer = await client.create(body);
    if (isPast(body.expires_at)) {
      expectProblem(answer, 400, 'invalid_field', 'expires_at');
      return;
    }
    const name = `${domainKey(body.domain ?? t.shortDomain)}/${body.back_half}`;
    if (body.back_half !== undefined && madeLinks.has(name)) {
      expectProblem(answer, 409, 'back_half_taken', 'back_half');
      return;
    }
    expect(answer.status, `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(200);
    if (body.back_half !== undefined) madeLinks.add(name);
  });

  it.each(SEEDS)(
    'name links the service finds: the path of GET, PUT, DELETE (seed %i)',
    async (seed) => {
      const generatedHost = generateSync(parameter('host').schema, { seed }) as string;
      const backHalf = generateSync(parameter('back_half').schema, { seed }) as string;
      expect(LINK_HOST_PATTERN.test(generatedHost) && BACK_HALF_PATTERN.test(backHalf)).toBe(true);
      // A host with a port, of one label or an IP address cannot be a custom domain: it names no
      // link, and is answered as a well-formed name of none; the link is then made on the short domain.
      const host = CUSTOM_DOMAIN_PATTERN.test(generatedHost) ? generatedHost : t.shortDomain;
      if (host !== generatedHost) {
        const answer = await client.send('GET', `/v1/links/${generatedHost}/${backHalf}`);
        expectProblem(answer, 404, 'not_found');
      }
      const name = `${domainKey(host)}/${backHalf}`;
      if (madeLinks.has(name)) return;
      await own(host);
      const created = await client.create({
        destination_url: 'https://example.com/generated',
        domain: host,
        back_half: backHalf,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);

      const path = `/v1/links/${host}/${backHalf}`;
      expect((await client.send('GET', path)).status).toBe(200);
      const change = generateSync(bodySchema(LINK, 'put'), { seed }) as { expires_at?: unknown };
      const updated = await client.send('PUT', path, change);
      // The schema can say an instant, not one ahead of the service's clock: the description does.
      if (isPast(change.expires_at)) expectProblem(updated, 400, 'invalid_field', 'expires_at');
      else
        expect(updated.status, `${JSON.stringify(change)}: ${JSON.stringify(updated.body)}`).toBe(
          200,
        );
      expect((await client.send('DELETE', path)).status).toBe(200);
    },
  );
});

describe('the links between operations', () => {
  /** The operation an operationId names, with its path and method. */
  const operationOf = (operationId: string) =>
    Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => method !== 'parameters')
          .map(([method, operation]) => ({ path, method, operation: operation as Operation })),
      )
      .find(({ operation }) => operation.operationId === operationId);

  /** A link's parameter as Schemathesis evaluates it: a response header, or its regex's group. */
  function evaluate(expression: string, headers: Headers): string {
    const [, header = '', regex] =
      /^\$response\.header\.([\w-]+)(?:#regex:(.+))?$/.exec(expression) ?? [];
    const value = headers.get(header) ?? '';
    return regex === undefined ? value : (new RegExp(regex).exec(value)?.[1] ?? '');
  }

  it('lead from create to retrieve, update, delete and statistics of the link made', async () => {
    const links = document.paths[LINKS]?.post?.responses['200']?.links ?? {};
    expect(Object.values(links).map((link) => link.operationId)).toEqual([
      'retrieveLink',
      'updateLink',
      'deleteLink',
      'linkStats',
    ]);
    await own('linked.example');
    for (const body of [
      { destination_url: 'https://example.com/linked' },
      { destination_url: 'https://example.com/linked', domain: 'linked.example', back_half: 'l-1' },
    ]) {
      const created = await client.create(body);
      expect(created.status).toBe(200);
      // Delete last: the others need the link.
      const ordered = Object.values(links).sort(
        (a, b) => Number(a.operationId === 'deleteLink') - Number(b.operationId === 'deleteLink'),
      );
      for (const link of ordered) {
        const target = operationOf(link.operationId);
        expect(target, link.operationId).toBeDefined();
        const path = (target?.path ?? '').replace(/\{(\w+)\}/g, (_, name: string) =>
          evaluate(link.parameters[name] ?? '', created.headers),
        );
        const method = (target?.method ?? '').toUpperCase();
        const answer = await client.send(
          method,
          path,
          method === 'PUT' ? { title: 'Followed' } : undefined,
        );
        expect(answer.status, `${method} ${path}`).toBe(200);
        if (method === 'GET' && target?.path === LINK) {
          expect(answer.body).toMatchObject({ short_url: created.body.short_url });
        }
      }
    }
  });

  it("say that a create's domain is the short domain or one the account's domains list", () => {
    const domain = (bodySchema(LINKS, 'post').properties as Record<string, Schema>).domain;
    expect(domain?.description).toMatch(/GET \/v1\/domains/);
  });
});

describe('the patterns', () => {
  it('are plain regular expressions that JSON Schema tools outside JavaScript build', () => {
    const patterns: string[] = [];
    JSON.stringify(document, (key, value) => {
      if (key === 'pattern' && typeof value === 'string') patterns.push(value);
      return value;
    });
    expect(patterns.length).toBeGreaterThanOrEqual(8);
    for (const text of patterns) {
      expect(text).not.toMatch(/\\[pP]\{/);
      expect(() => new RegExp(text)).not.toThrow();
    }
  });
});

describe('the path parameters', () => {
  it('are the patterns the service checks identifiers with', () => {
    expect(parameter('host').schema.pattern).toBe(LINK_HOST_PATTERN.source);
    expect(parameter('back_half').schema.pattern).toBe(BACK_HALF_PATTERN.source);
  });

  it.each([
    ['a host with a space', 'exa mple.com'],
    ['a host with a user', 'me@example.com'],
    ['an empty label', 'example..com'],
    ['a numeric top label', 'example.123'],
    ['a port out of range', 'localhost:65536'],
  ])('refuse %s, as the service does (404)', async (_, host) => {
    expect(LINK_HOST_PATTERN.test(host)).toBe(false);
    const answer = await client.send('GET', `/v1/links/${encodeURIComponent(host)}/x`);
    expectProblem(answer, 404, 'not_found');
  });
});

describe('the examples', () => {
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]) => ({ path, method, operation: operation as Operation })),
    );

  it('are given for every operation, and each is valid by its schema', () => {
    const pointer = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');
    for (const { path, method, operation } of operations()) {
      // The link password form's body is a form (openapi-password.ts), the others JSON.
      const media = [
        ['requestBody', 'application/json', operation.requestBody?.content['application/json']],
        ['requestBody', FORM, operation.requestBody?.content[FORM]],
        [
          'responses/200',
          'application/json',
          operation.responses['200']?.content?.['application/json'],
        ],
      ] as const;
      let count = 0;
      for (const [where, type, content] of media) {
        if (!content) continue;
        expect(content.examples, `${method} ${path} ${where} has examples`).toBeDefined();
        const validate = ajv.compile({
          $ref: `openapi#/paths/${pointer(path)}/${method}/${where}/content/${pointer(type)}/schema`,
        });
        for (const [name, example] of Object.entries(content.examples ?? {})) {
          count++;
          expect(
            validate(example.value),
            `${method} ${path} ${name}: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
        }
      }
      // A redirect (GET /{back_half}) has no body to give an example of.
      const bodiless = !operation.requestBody && !operation.responses['200'];
      if (bodiless) expect(operation.responses['302'], `${method} ${path}`).toBeDefined();
      else expect(count, `${method} ${path}`).toBeGreaterThan(0);
    }
    for (const { name, schema, example } of document.paths[LINK]?.parameters ?? []) {
      expect(ajv.validate(schema, example), `${name}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
  });

  it('work when sent as they are: create, retrieve, update, delete', async () => {
    const owner = api(t.baseUrl, await t.createAccount('examples@example.com'));
    const examplesOf = (path: string, method: string) =>
      Object.values(
        document.paths[path]?.[method]?.requestBody?.content['application/json']?.examples ?? {},
      ).map((example) => example.value as object);
    for (const body of examplesOf(LINKS, 'post')) {
      expect((await owner.create(body)).status, JSON.stringify(body)).toBe(200);
    }
    const path = `/v1/links/${parameter('host').example}/${parameter('back_half').example}`;
    expect((await owner.send('GET', path)).status).toBe(200);
    for (const body of examplesOf(LINK, 'put')) {
      expect((await owner.send('PUT', path, body)).status, JSON.stringify(body)).toBe(200);
    }
    expect((await owner.send('DELETE', path)).status).toBe(200);
  });
});
