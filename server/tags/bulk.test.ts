// PATCH /v1/links: one change to many links in one transaction, answered per link, all or
// nothing unless "partial". Run on SQLite and, in the PostgreSQL run, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkEditAnswerJson, TagListJson } from '../../contract/tags.ts';
import {
  type Api,
  api,
  backHalfOf,
  expectProblem,
  idOf,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

let accounts = 0;
async function freshAccount() {
  const key = await t.createAccount(`bulk${++accounts}@example.com`);
  return { key, client: api(t.baseUrl, key) };
}

const bulk = (client: Api, body: object) =>
  client.send<BulkEditAnswerJson>('PATCH', '/v1/links', body);

/** `n` links `<prefix>0…`, made through the database, as identifiers. */
async function seed(key: string, prefix: string, n: number, destination = 'https://old.example/') {
  await t.insertLinks(
    key,
    Array.from({ length: n }, (_, i) => ({
      backHalf: `${prefix}${i}`,
      destinationUrl: `${destination}${i}?q=1`,
    })),
  );
  return Array.from({ length: n }, (_, i) => `${t.shortDomain}/${prefix}${i}`);
}

const tagNamesOf = async (client: Api, id: string) =>
  (await client.retrieve(id)).body.tags.map((tag) => tag.name);

describe('PATCH /v1/links', () => {
  it('adds and removes tags on 500 links at once, making the missing tags', async () => {
    const { key, client } = await freshAccount();
    const ids = await seed(key, 'many', 500);
    await client.update(ids[0] as string, { tags: ['old', 'kept'] });
    const added = await bulk(client, { links: ids, add_tags: ['Spring', 'Client A'] });
    expect(added.status).toBe(200);
    expect(added.body.applied).toBe(true);
    expect(added.body.changed).toBe(500);
    expect(added.body.links[0]).toEqual({ link: ids[0], status: 'changed' });
    expect(await tagNamesOf(client, ids[0] as string)).toEqual([
      'Client A',
      'kept',
      'old',
      'Spring',
    ]);
    expect(await tagNamesOf(client, ids[499] as string)).toEqual(['Client A', 'Spring']);
    const removed = await bulk(client, {
      links: ids,
      remove_tags: ['SPRING', 'old', 'never made'],
    });
    expect(removed.body.changed).toBe(500);
    expect(await tagNamesOf(client, ids[0] as string)).toEqual(['Client A', 'kept']);
    const tags = (await client.send<TagListJson>('GET', '/v1/tags')).body.tags;
    expect(tags.map(({ name, links }) => [name, links])).toEqual([
      ['Client A', 500],
      ['kept', 1],
      ['old', 0],
      ['Spring', 0],
    ]);
  }, 30_000);

  it('changes nothing when one link is missing or invalid, unless partial', async () => {
    const { key, client } = await freshAccount();
    const ids = await seed(key, 'aon', 3);
    const full = Array.from({ length: 20 }, (_, i) => `t${i}`);
    await client.update(ids[1] as string, { tags: full });
    const other = await freshAccount();
    const [othersLink] = await seed(other.key, 'theirs', 1);
    const named = [...ids, `${t.shortDomain}/nothing-here`, othersLink, 'elsewhere.example/x'];
    const refused = await bulk(client, { links: named, add_tags: ['new'], max_clicks: 5 });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      success: true,
      applied: false,
      changed: 0,
      links: [
        { link: ids[0], status: 'unchanged' },
        {
          link: ids[1],
          status: 'invalid',
          problem: 'It would have 21 tags: a link has at most 20.',
        },
        { link: ids[2], status: 'unchanged' },
        { link: named[3], status: 'not_found' },
        { link: othersLink, status: 'not_found' },
        { link: 'elsewhere.example/x', status: 'not_found' },
      ],
    });
    expect(await tagNamesOf(client, ids[0] as string)).toEqual([]);
    expect((await client.retrieve(ids[0] as string)).body.max_clicks).toBeNull();
    expect((await client.send<TagListJson>('GET', '/v1/tags')).body.tags).toHaveLength(20);
    expect((await other.client.retrieve(othersLink as string)).body.tags).toEqual([]);

    const partial = await bulk(client, {
      links: named,
      add_tags: ['new'],
      max_clicks: 5,
      partial: true,
    });
    expect(partial.body.applied).toBe(true);
    expect(partial.body.changed).toBe(2);
    expect(partial.body.links.map((link) => link.status)).toEqual([
      'changed',
      'invalid',
      'changed',
      'not_found',
      'not_found',
      'not_found',
    ]);
    expect((await client.retrieve(ids[0] as string)).body).toMatchObject({
      max_clicks: 5,
      tags: [expect.objectContaining({ name: 'new' })],
    });
    expect((await client.retrieve(ids[1] as string)).body.max_clicks).toBeNull();
    expect((await other.client.retrieve(othersLink as string)).body.max_clicks).toBeNull();
  });

  it('sets the expiry by the update rules, and redirects follow at once', async () => {
    const { key, client } = await freshAccount();
    const ids = await seed(key, 'ends', 2);
    // Cached by a redirect first: the edit must reach the cache.
    expect((await rawRequest(t.baseUrl, `/${backHalfOf(ids[0] as string)}`)).status).toBe(302);
    expectProblem(
      await bulk(client, { links: ids, expires_at: '2020-01-01T00:00:00Z' }),
      400,
      'invalid_field',
      'expires_at',
    );
    const soon = new Date(t.service.clock.now() + 60_000).toISOString();
    const set = await bulk(client, { links: ids, expires_at: soon, max_clicks: 1 });
    expect(set.body.changed).toBe(2);
    expect((await client.retrieve(ids[1] as string)).body).toMatchObject({
      expires_at: soon,
      max_clicks: 1,
    });
    // Its one click was made before: the cached redirect hears of the limit and ends it.
    expect((await rawRequest(t.baseUrl, `/${backHalfOf(ids[0] as string)}`)).status).toBe(410);
    expect((await rawRequest(t.baseUrl, `/${backHalfOf(ids[1] as string)}`)).status).toBe(302);
    const cleared = await bulk(client, { links: ids, expires_at: null, max_clicks: null });
    expect(cleared.body.changed).toBe(2);
    expect((await client.retrieve(ids[0] as string)).body).toMatchObject({
      expires_at: null,
      max_clicks: null,
    });
  });

  it('moves destinations from one host to another, and redirects follow at once', async () => {
    const { key, client } = await freshAccount();
    const ids = await seed(key, 'moves', 2, 'https://OLD.example/path/');
    await seed(key, 'stays', 1, 'https://other.example/');
    const staying = `${t.shortDomain}/stays0`;
    expect((await rawRequest(t.baseUrl, `/${backHalfOf(ids[0] as string)}`)).headers.location).toBe(
      'https://old.example/path/0?q=1',
    );
    const moved = await bulk(client, {
      links: [...ids, staying],
      replace_destination_host: { from: 'Old.Example', to: 'new.example:8443' },
    });
    expect(moved.body.changed).toBe(3);
    expect((await client.retrieve(ids[1] as string)).body.destination_url).toBe(
      'https://new.example:8443/path/1?q=1',
    );
    expect((await client.retrieve(staying)).body.destination_url).toBe(
      'https://other.example/0?q=1',
    );
    expect((await rawRequest(t.baseUrl, `/${backHalfOf(ids[0] as string)}`)).headers.location).toBe(
      'https://new.example:8443/path/0?q=1',
    );
  });

  it('refuses a body it cannot apply, naming the problem, and changes nothing', async () => {
    const { key, client } = await freshAccount();
    const ids = await seed(key, 'bad', 1);
    const cases: [object, string, string | undefined][] = [
      [{ links: ids }, 'missing_field', undefined],
      [{ links: [], add_tags: ['a'] }, 'invalid_field', 'links'],
      [{ links: Array(501).fill(ids[0]), add_tags: ['a'] }, 'invalid_field', 'links'],
      [{ links: ids, add_tags: ['a,b'] }, 'invalid_field', 'add_tags'],
      [{ links: ids, add_tags: ['a'], partial: 'yes' }, 'invalid_field', 'partial'],
      [{ links: ids, color: 'red' }, 'unknown_field', 'color'],
      [{ links: ids, max_clicks: 0 }, 'invalid_field', 'max_clicks'],
      [
        { links: ids, replace_destination_host: { from: 'a.example', to: 'https://b/' } },
        'invalid_field',
        'replace_destination_host',
      ],
      [
        { links: ids, replace_destination_host: { from: 'a.example', to: t.shortDomain } },
        'invalid_field',
        'replace_destination_host',
      ],
    ];
    for (const [body, code, field] of cases) {
      const answer = await bulk(client, body);
      expect(answer.body, JSON.stringify(body).slice(0, 200)).toMatchObject({ code });
      expectProblem(answer, 400, code, field);
    }
    expect((await client.retrieve(ids[0] as string)).body).toMatchObject({
      tags: [],
      max_clicks: null,
      destination_url: 'https://old.example/0?q=1',
    });
    expect(idOf((await client.retrieve(ids[0] as string)).body.short_url)).toBe(ids[0]);
  });
});
