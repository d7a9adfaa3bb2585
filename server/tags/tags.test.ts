// Tags: an account's tags (made, listed with counts, renamed, recoloured, deleted), the tags a
// link carries in every answer, the list filtered by tags, and their bounds. Run on SQLite and,
// in the PostgreSQL run, on PostgreSQL.
import { DatabaseSync } from 'node:sqlite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TAGS_PER_ACCOUNT } from '../../contract/limits.ts';
import type { TagJson } from '../../contract/tag-fields.ts';
import { tagKey } from '../../contract/tag-fields.ts';
import type { TagAnswerJson, TagListJson } from '../../contract/tags.ts';
import type { LinkListJson } from '../../contract/wire.ts';
import { type Api, api, expectProblem, idOf } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { hashApiKey } from '../accounts/keys.ts';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

let accounts = 0;
/** A fresh account's client. */
async function freshClient(): Promise<Api> {
  return api(t.baseUrl, await t.createAccount(`tags${++accounts}@example.com`));
}

const makeTag = (client: Api, body: object) => client.send<TagAnswerJson>('POST', '/v1/tags', body);
const tagsOf = async (client: Api) => (await client.send<TagListJson>('GET', '/v1/tags')).body.tags;
const listByTags = (client: Api, ...names: string[]) =>
  client.send<LinkListJson>(
    'GET',
    `/v1/links${names.length ? '?' : ''}${names.map((n) => `tag=${encodeURIComponent(n)}`).join('&')}`,
  );

describe('the key of a tag name', () => {
  it('folds case beyond ASCII: ß and SS, final sigma, and composed and decomposed letters', () => {
    expect(tagKey('Straße')).toBe(tagKey('STRASSE'));
    expect(tagKey('ΟΔΟΣ')).toBe(tagKey('οδος'));
    expect(tagKey('οδός')).toBe(tagKey('ΟΔΌΣ'));
    expect(tagKey('Cafe\u0301')).toBe(tagKey('CAFÉ'));
    expect(tagKey('Kunde')).not.toBe(tagKey('Kunden'));
  });
});

describe('POST /v1/tags', () => {
  it('makes a tag, trimmed, gray unless a colour of the palette is given', async () => {
    const client = await freshClient();
    const made = await makeTag(client, { name: '  Spring campaign ' });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({
      success: true,
      id: expect.any(Number),
      name: 'Spring campaign',
      color: 'gray',
    });
    const arabic = 'حملة'.repeat(10);
    const coloured = await makeTag(client, { name: arabic, color: 'purple' });
    expect(coloured.body).toMatchObject({ name: arabic, color: 'purple' });
    expect(await tagsOf(client)).toEqual([
      { id: made.body.id, name: 'Spring campaign', color: 'gray', links: 0 },
      { id: coloured.body.id, name: arabic, color: 'purple', links: 0 },
    ]);
  });

  it.each([
    [{ name: '' }, 'name', /empty/],
    [{ name: '   ' }, 'name', /empty/],
    [{ name: 'x'.repeat(41) }, 'name', /at most 40/],
    [{ name: 'a,b' }, 'name', /comma/],
    [{ name: 'a|b' }, 'name', /vertical bar/],
    [{ name: 'line\nbreak' }, 'name', /control/],
    [{ name: 'ok', color: 'teal' }, 'color', /gray, red, orange/],
    [{ name: 7 }, 'name', /text/],
  ])('refuses %j naming the problem', async (body, field, message) => {
    const client = await freshClient();
    const problem = expectProblem(await makeTag(client, body), 400, 'invalid_field', field);
    expect(problem.message).toMatch(message);
    expect(await tagsOf(client)).toEqual([]);
  });

  it('refuses a name another tag has in any case with 409 naming that tag', async () => {
    const client = await freshClient();
    await makeTag(client, { name: 'Straße' });
    const problem = expectProblem(
      await makeTag(client, { name: 'STRASSE' }),
      409,
      'tag_name_taken',
      'name',
    );
    expect(problem.message).toContain('"Straße"');
    expect(await tagsOf(client)).toHaveLength(1);
  });

  it(`refuses the tag past ${MAX_TAGS_PER_ACCOUNT}, whether made alone or by a link`, async () => {
    const key = await t.createAccount('full-of-tags@example.com');
    const client = api(t.baseUrl, key);
    const owner = await t.service.store.keyOwner(hashApiKey(key));
    const accountId = owner?.accountId as number;
    for (let i = 1; i < MAX_TAGS_PER_ACCOUNT; i++) {
      await t.service.store.createTag(accountId, { name: `t${i}`, key: `t${i}`, color: 'gray' });
    }
    expect((await makeTag(client, { name: 'last' })).status).toBe(200);
    expectProblem(await makeTag(client, { name: 'one more' }), 409, 'tag_limit_reached');
    const before = (await client.list()).body.links.length;
    const problem = expectProblem(
      await client.create({ destination_url: 'https://example.com/', tags: ['t1', 'new one'] }),
      409,
      'tag_limit_reached',
      'tags',
    );
    expect(problem.message).toContain(String(MAX_TAGS_PER_ACCOUNT));
    // Nothing half made: neither the link nor the tag.
    expect((await client.list()).body.links).toHaveLength(before);
    expect(await tagsOf(client)).toHaveLength(MAX_TAGS_PER_ACCOUNT);
    // Tags it has are still taken.
    const link = await client.create({ destination_url: 'https://example.com/', tags: ['T1'] });
    expect(link.body.tags).toEqual([expect.objectContaining({ name: 't1' })]);
  }, 60_000);
});

describe('PATCH and DELETE /v1/tags/{id}', () => {
  it('renames and recolours; a rename onto another tag is 409 naming it', async () => {
    const client = await freshClient();
    const a = (await makeTag(client, { name: 'Client A' })).body;
    const b = (await makeTag(client, { name: 'Client B' })).body;
    const renamed = await client.send<TagAnswerJson>('PATCH', `/v1/tags/${a.id}`, {
      name: 'Client Alpha',
      color: 'red',
    });
    expect(renamed.body).toEqual({ success: true, id: a.id, name: 'Client Alpha', color: 'red' });
    // Its own name in another case is its own.
    const recased = await client.send<TagAnswerJson>('PATCH', `/v1/tags/${a.id}`, {
      name: 'CLIENT ALPHA',
    });
    expect(recased.body).toMatchObject({ name: 'CLIENT ALPHA', color: 'red' });
    const problem = expectProblem(
      await client.send('PATCH', `/v1/tags/${a.id}`, { name: 'client b' }),
      409,
      'tag_name_taken',
      'name',
    );
    expect(problem.message).toContain('"Client B"');
    expect((await tagsOf(client)).map((tag) => tag.name)).toEqual(['CLIENT ALPHA', b.name]);
  });

  it('answers 404 for a tag of another account or none, and 400 for nothing to change', async () => {
    const client = await freshClient();
    const other = await freshClient();
    const tag = (await makeTag(client, { name: 'mine' })).body;
    for (const path of [`/v1/tags/${tag.id}`, '/v1/tags/0', '/v1/tags/abc']) {
      expectProblem(await other.send('PATCH', path, { color: 'red' }), 404, 'tag_not_found');
      expectProblem(await other.send('DELETE', path), 404, 'tag_not_found');
    }
    expectProblem(await client.send('PATCH', `/v1/tags/${tag.id}`, {}), 400, 'missing_field');
    expectProblem(
      await client.send('PATCH', `/v1/tags/${tag.id}`, { colour: 'red' }),
      400,
      'unknown_field',
      'colour',
    );
    expect(await tagsOf(client)).toEqual(
      [{ ...tag, success: undefined, links: 0 }].map(({ success: _, ...rest }) => rest),
    );
  });

  it('deletes a tag and leaves its links as they were, without it', async () => {
    const client = await freshClient();
    const link = (
      await client.create({ destination_url: 'https://example.com/kept', tags: ['gone', 'stays'] })
    ).body;
    const gone = (await tagsOf(client)).find((tag) => tag.name === 'gone');
    const deleted = await client.send('DELETE', `/v1/tags/${gone?.id}`);
    expect(deleted.status).toBe(200);
    const after = (await client.retrieve(idOf(link.short_url))).body;
    expect(after.destination_url).toBe('https://example.com/kept');
    expect(after.tags.map((tag) => tag.name)).toEqual(['stays']);
    expect(await tagsOf(client)).toEqual([expect.objectContaining({ name: 'stays', links: 1 })]);
  });
});

describe('the tags of a link', () => {
  it('are made when missing, carried by every answer, replaced by update and kept without it', async () => {
    const client = await freshClient();
    const red = (await makeTag(client, { name: 'Red one', color: 'red' })).body;
    const made = await client.create({
      destination_url: 'https://example.com/tagged',
      tags: ['red ONE', 'new', 'New', ' zeta '],
    });
    expect(made.status).toBe(200);
    // `new` and `New` are one tag, named as first given.
    const newTag = { id: expect.any(Number), name: 'new', color: 'gray' };
    const zeta = { id: expect.any(Number), name: 'zeta', color: 'gray' };
    const redTag = { id: red.id, name: 'Red one', color: 'red' };
    expect(made.body.tags).toEqual([newTag, redTag, zeta]);
    const id = idOf(made.body.short_url);
    expect((await client.retrieve(id)).body.tags).toEqual([newTag, redTag, zeta]);
    const listed = (await client.list()).body.links.find(
      (l) => l.short_url === made.body.short_url,
    );
    expect(listed?.tags).toEqual([newTag, redTag, zeta]);
    const kept = await client.update(id, { title: 'Kept tags' });
    expect(kept.body.tags).toEqual([newTag, redTag, zeta]);
    const replaced = await client.update(id, { tags: ['zeta', 'other'] });
    expect(replaced.body.tags).toEqual([
      { id: expect.any(Number), name: 'other', color: 'gray' },
      zeta,
    ]);
    expect((await client.update(id, { tags: [] })).body.tags).toEqual([]);
    expect((await client.create({ destination_url: 'https://example.com/' })).body.tags).toEqual(
      [],
    );
    expect(await tagsOf(client)).toEqual([
      expect.objectContaining({ name: 'new', links: 0 }),
      expect.objectContaining({ name: 'other', links: 0 }),
      expect.objectContaining({ name: 'Red one', links: 0 }),
      expect.objectContaining({ name: 'zeta', links: 0 }),
    ]);
  });

  it('are at most 20, and each a valid name, or nothing changes', async () => {
    const client = await freshClient();
    const names = Array.from({ length: 21 }, (_, i) => `tag ${i}`);
    const problem = expectProblem(
      await client.create({ destination_url: 'https://example.com/', tags: names }),
      400,
      'invalid_field',
      'tags',
    );
    expect(problem.message).toContain('at most 20');
    const link = (await client.create({ destination_url: 'https://example.com/', tags: ['a'] }))
      .body;
    expectProblem(
      await client.update(idOf(link.short_url), { tags: names }),
      400,
      'invalid_field',
      'tags',
    );
    expectProblem(
      await client.update(idOf(link.short_url), { tags: ['fine', ''] }),
      400,
      'invalid_field',
      'tags',
    );
    expect((await client.retrieve(idOf(link.short_url))).body.tags.map((t) => t.name)).toEqual([
      'a',
    ]);
    expect((await tagsOf(client)).map((tag) => tag.name)).toEqual(['a']);
    const twenty = await client.create({
      destination_url: 'https://example.com/',
      tags: names.slice(0, 20),
    });
    expect(twenty.body.tags).toHaveLength(20);
  });
});

describe('GET /v1/links?tag=', () => {
  it('lists the links carrying every tag named, any case, newest first; an unknown tag none', async () => {
    const client = await freshClient();
    const make = async (back_half: string, tags: string[]) => {
      t.advanceClock(1000);
      return client.create({ destination_url: 'https://example.com/', back_half, tags });
    };
    await make('tg-a', ['client', 'spring']);
    await make('tg-b', ['client']);
    await make('tg-c', ['spring', 'Client', 'extra']);
    await make('tg-d', []);
    const backHalves = async (...names: string[]) => {
      const answer = await listByTags(client, ...names);
      expect(answer.status).toBe(200);
      return answer.body.links.map((link) => link.short_url.split('/').pop());
    };
    expect(await backHalves('client')).toEqual(['tg-c', 'tg-b', 'tg-a']);
    expect(await backHalves('CLIENT', 'Spring')).toEqual(['tg-c', 'tg-a']);
    expect(await backHalves('client', 'client')).toEqual(['tg-c', 'tg-b', 'tg-a']);
    expect(await backHalves('client', 'spring', 'extra')).toEqual(['tg-c']);
    expect(await backHalves('nobody has it')).toEqual([]);
    expect(await backHalves('client', 'nobody has it')).toEqual([]);
    expect(await backHalves()).toEqual(['tg-d', 'tg-c', 'tg-b', 'tg-a']);
    // Another account's tag of the same name finds nothing of this one.
    const other = await freshClient();
    await other.create({ destination_url: 'https://example.com/', tags: ['client'] });
    expect((await listByTags(other, 'client')).body.links).toHaveLength(1);
    expect(await backHalves('client')).toHaveLength(3);
  });

  it('refuses a filter no tag could be named, naming it', async () => {
    const client = await freshClient();
    const problem = expectProblem(await listByTags(client, 'a,b'), 400, 'invalid_field', 'tag');
    expect(problem.message).toContain('"a,b"');
    expectProblem(await listByTags(client, 'x'.repeat(41)), 400, 'invalid_field', 'tag');
  });
});

describe("a link's tags on its own row", () => {
  /** Each link's tags as its row in the database holds them (tags_json), by back-half. */
  async function tagsOnRows(): Promise<Map<string, TagJson[]>> {
    let rows: { back_half: string; tags_json: string }[];
    if (t.dbFile.startsWith('postgres:')) {
      const sql = postgres(t.dbFile, { max: 1, onnotice: () => {} });
      rows = await sql.unsafe<typeof rows>('SELECT back_half, tags_json FROM links');
      await sql.end();
    } else {
      const db = new DatabaseSync(t.dbFile, { readOnly: true });
      rows = db.prepare('SELECT back_half, tags_json FROM links').all() as typeof rows;
      db.close();
    }
    return new Map(rows.map((row) => [row.back_half, JSON.parse(row.tags_json)]));
  }

  it('is kept right by every write of tags: link made, changed, bulk edit, tag renamed, recoloured, deleted', async () => {
    const client = await freshClient();
    const backHalves = ['row-a', 'row-b', 'row-c'];
    /** Each link's tag names and colours in every answer and on its row are `expected`. */
    const expectTags = async (expected: Record<string, string[]>) => {
      const rows = await tagsOnRows();
      const listed = (await client.list()).body.links;
      for (const backHalf of backHalves) {
        const listedTags = listed.find((link) => link.short_url.endsWith(`/${backHalf}`))?.tags;
        const retrieved = (await client.retrieve(`${t.shortDomain}/${backHalf}`)).body.tags;
        const shown = (tags: TagJson[] | undefined) =>
          tags?.map((tag) => `${tag.name}:${tag.color}`);
        expect(shown(rows.get(backHalf)), backHalf).toEqual(expected[backHalf]);
        expect(shown(listedTags), backHalf).toEqual(expected[backHalf]);
        expect(shown(retrieved), backHalf).toEqual(expected[backHalf]);
      }
    };
    await client.create({
      destination_url: 'https://example.com/a',
      back_half: 'row-a',
      tags: ['y', 'x'],
    });
    await client.create({
      destination_url: 'https://example.com/b',
      back_half: 'row-b',
      tags: ['y'],
    });
    await client.create({ destination_url: 'https://example.com/c', back_half: 'row-c' });
    await expectTags({ 'row-a': ['x:gray', 'y:gray'], 'row-b': ['y:gray'], 'row-c': [] });

    await client.update(`${t.shortDomain}/row-a`, { tags: ['z', 'y'] });
    await client.update(`${t.shortDomain}/row-c`, { tags: ['x'] });
    await expectTags({ 'row-a': ['y:gray', 'z:gray'], 'row-b': ['y:gray'], 'row-c': ['x:gray'] });

    const edited = await client.send('PATCH', '/v1/links', {
      links: backHalves.map((backHalf) => `${t.shortDomain}/${backHalf}`),
      add_tags: ['w'],
      remove_tags: ['y'],
    });
    expect(edited.status).toBe(200);
    await expectTags({
      'row-a': ['w:gray', 'z:gray'],
      'row-b': ['w:gray'],
      'row-c': ['w:gray', 'x:gray'],
    });

    const tags = await tagsOf(client);
    const idOfTag = (name: string) => tags.find((tag) => tag.name === name)?.id;
    await client.send('PATCH', `/v1/tags/${idOfTag('z')}`, { name: 'a first' });
    await client.send('PATCH', `/v1/tags/${idOfTag('x')}`, { color: 'red' });
    await expectTags({
      'row-a': ['a first:gray', 'w:gray'],
      'row-b': ['w:gray'],
      'row-c': ['w:gray', 'x:red'],
    });

    await client.send('DELETE', `/v1/tags/${idOfTag('w')}`);
    await expectTags({ 'row-a': ['a first:gray'], 'row-b': [], 'row-c': ['x:red'] });
  });
});
