// The six operations of the interface, answer by answer, against the real service over HTTP.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  backHalfOf,
  expectProblem,
  idOf,
  type LinkJson,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { DAY_MS } from '../clicks/clicks.ts';
import { UniqueViolation } from '../storage/storage.ts';

const MILLIS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const GENERATED = /^[A-Za-z0-9]{7}$/;

/** The list/retrieve form of a create/update `created_at`. */
/** A link that never ends and has no password, as answers give it. */
const NO_END = {
  expires_at: null,
  max_clicks: null,
  expired_url: null,
  password_protected: false,
  destination_status: 'unchecked',
  destination_checked_at: null,
  destination_status_code: null,
  destination_reason: null,
  destination_final_url: null,
  destination_permanent: null,
};
const offsetForm = (millisZ: string) => millisZ.replace(/\.\d{3}Z$/, '+00:00');

let t: TestService;
let accounts = 0;

/** A fresh paid account, so that each test sees only its own links. */
async function newAccount(): Promise<{ email: string; client: Api }> {
  accounts += 1;
  const email = `user${accounts}@example.com`;
  return { email, client: api(t.baseUrl, await t.createAccount(email)) };
}

beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

describe('create', () => {
  it('answers 200 with every link field when only the destination is given', async () => {
    const { client } = await newAccount();
    const before = Date.now();
    const { status, headers, body } = await client.create({
      destination_url: 'https://example.com/a/page?q=1#top',
    });
    const after = Date.now();

    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(body).sort()).toEqual(
      [
        'success',
        'short_url',
        'destination_url',
        'clicks',
        'created_at',
        'title',
        'expires_at',
        'max_clicks',
        'expired_url',
        'password_protected',
        ...Object.keys(NO_END).filter((field) => field.startsWith('destination_')),
        'tags',
      ].sort(),
    );
    expect(body).toMatchObject(NO_END);
    expect(body.success).toBe(true);
    expect(body.short_url).toMatch(new RegExp(`^http://${t.shortDomain}/[A-Za-z0-9]{7}$`));
    expect(body.short_url.startsWith(`${t.baseUrl}/`)).toBe(true);
    expect(body.destination_url).toBe('https://example.com/a/page?q=1#top');
    expect(body.clicks).toBe(0);
    expect(body.title).toBe('');
    expect(body.created_at).toMatch(MILLIS_Z);
    const createdAt = Date.parse(body.created_at);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(after);
  });

  it("stamps the creation time with the service's clock, which a test moves only forward", async () => {
    // A service of its own: its clock stands a day ahead until the real time passes it.
    const moved = await startTestService();
    try {
      const client = api(moved.baseUrl, await moved.createAccount('clock@example.com'));
      const before = Date.now();
      moved.advanceClock(DAY_MS);
      const { body } = await client.create({ destination_url: 'https://example.com/tomorrow' });
      const createdAt = Date.parse(body.created_at);
      expect(createdAt).toBeGreaterThanOrEqual(before + DAY_MS);
      expect(createdAt).toBeLessThan(Date.now() + DAY_MS);
      const { body: listed } = await client.list();
      expect(listed.links.map((link) => link.created_at)).toEqual([offsetForm(body.created_at)]);
      expect(() => moved.advanceClock(-1)).toThrow('only moves forward');
    } finally {
      await moved.stop();
    }
  });

  it('keeps the custom back-half and the title it is given', async () => {
    const { client } = await newAccount();
    const { status, body } = await client.create({
      destination_url: 'https://example.com/docs',
      back_half: 'my-Docs_2026',
      title: 'Docs — the 2026 edition ✓',
    });
    expect(status).toBe(200);
    expect(body.short_url).toBe(`${t.baseUrl}/my-Docs_2026`);
    expect(body.title).toBe('Docs — the 2026 edition ✓');
  });

  it('accepts a back-half of exactly 64 characters and a title of exactly 255', async () => {
    const { client } = await newAccount();
    const backHalf = 'b'.repeat(64);
    const title = '✓'.repeat(255);
    const { status, body } = await client.create({
      destination_url: 'https://example.com/',
      back_half: backHalf,
      title,
    });
    expect(status).toBe(200);
    expect(backHalfOf(body.short_url)).toBe(backHalf);
    expect(body.title).toBe(title);
  });

  it('generates back-halves of 7 letters and digits, all different', async () => {
    const { client } = await newAccount();
    const backHalves = [];
    for (let i = 0; i < 30; i++) {
      const { status, body } = await client.create({ destination_url: `https://example.com/${i}` });
      expect(status).toBe(200);
      backHalves.push(backHalfOf(body.short_url));
    }
    for (const backHalf of backHalves) expect(backHalf).toMatch(GENERATED);
    expect(new Set(backHalves).size).toBe(backHalves.length);
  });

  it('tries another generated back-half when one is taken', async () => {
    const { client } = await newAccount();
    const store = t.service.store;
    const insertLink = store.insertLink;
    const tried: string[] = [];
    store.insertLink = (accountId, link) => {
      tried.push(link.backHalf);
      if (tried.length <= 3) throw new UniqueViolation('back-half taken');
      return insertLink(accountId, link);
    };
    try {
      const { status, body } = await client.create({ destination_url: 'https://example.com/' });
      expect(status).toBe(200);
      expect(tried).toHaveLength(4);
      expect(new Set(tried).size).toBe(4);
      expect(backHalfOf(body.short_url)).toBe(tried[3]);
    } finally {
      store.insertLink = insertLink;
    }
  });

  it('puts a link on the default domain when the domain field names it', async () => {
    const { client } = await newAccount();
    const { status, body } = await client.create({
      destination_url: 'https://example.com/',
      domain: t.shortDomain,
    });
    expect(status).toBe(200);
    expect(body.short_url.startsWith(`${t.baseUrl}/`)).toBe(true);
  });

  it('puts a link on a custom domain of the account, with that domain in short_url', async () => {
    const { email, client } = await newAccount();
    await t.addDomain(email, 'go.localhost');
    await t.addDomain(email, 'links.example.com');

    const loopback = await client.create({
      destination_url: 'https://example.com/1',
      back_half: 'custom',
      domain: 'go.localhost',
    });
    expect(loopback.status).toBe(200);
    // A loopback custom domain borrows the service's port so that it works on a laptop.
    expect(loopback.body.short_url).toBe(`http://go.localhost:${t.service.port}/custom`);

    const branded = await client.create({
      destination_url: 'https://example.com/2',
      back_half: 'custom',
      domain: 'Links.Example.com',
    });
    expect(branded.status).toBe(200);
    expect(branded.body.short_url).toBe('https://links.example.com/custom');
  });
});

describe('back-halves', () => {
  it('are case-sensitive: "abc" and "Abc" are two links', async () => {
    const { client } = await newAccount();
    const lower = await client.create({
      destination_url: 'https://example.com/lower',
      back_half: 'cs',
    });
    const upper = await client.create({
      destination_url: 'https://example.com/upper',
      back_half: 'Cs',
    });
    expect(lower.status).toBe(200);
    expect(upper.status).toBe(200);

    expect((await client.retrieve(`${t.shortDomain}/cs`)).body.destination_url).toBe(
      'https://example.com/lower',
    );
    expect((await client.retrieve(`${t.shortDomain}/Cs`)).body.destination_url).toBe(
      'https://example.com/upper',
    );
    expectProblem(await client.retrieve(`${t.shortDomain}/CS`), 404, 'not_found');
    expect((await rawRequest(t.baseUrl, '/Cs')).headers.location).toBe('https://example.com/upper');
  });

  it('are unique per domain: the same back-half lives on the default and on custom domains', async () => {
    const { email, client } = await newAccount();
    await t.addDomain(email, 'one.example.net');
    await t.addDomain(email, 'two.example.net');
    const bodies = [undefined, 'one.example.net', 'two.example.net'].map((domain) => ({
      destination_url: `https://example.com/${domain ?? 'default'}`,
      back_half: 'same-everywhere',
      ...(domain ? { domain } : {}),
    }));
    for (const body of bodies) expect((await client.create(body)).status).toBe(200);

    expectProblem(await client.create(bodies[1] as object), 409, 'back_half_taken', 'back_half');
    const { body } = await client.list();
    expect(body.links.map((link) => link.short_url).sort()).toEqual([
      `${t.baseUrl}/same-everywhere`,
      'https://one.example.net/same-everywhere',
      'https://two.example.net/same-everywhere',
    ]);
  });
});

describe('list', () => {
  it('answers an empty list for an account without links', async () => {
    const { client } = await newAccount();
    const { status, body } = await client.list();
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, links: [] });
  });

  it('lists every link newest first, in the +00:00 date form, without success inside entries', async () => {
    const { email, client } = await newAccount();
    await t.addDomain(email, 'list.localhost');
    const created: LinkJson[] = [];
    for (const [i, extra] of [
      {},
      { title: 'Second, with "quotes", a \\ backslash, a no-break\u00a0space and ✓ 🙂' },
      { domain: 'list.localhost' },
    ].entries()) {
      const { body } = await client.create({
        destination_url: `https://example.com/${i}`,
        ...extra,
      });
      const { success: _, ...link } = body;
      created.push(link);
    }

    const { status, body } = await client.list();
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['links', 'success']);
    expect(body.success).toBe(true);
    expect(body.links).toEqual(
      created.reverse().map((link) => ({ ...link, created_at: offsetForm(link.created_at) })),
    );
    for (const link of body.links) {
      expect(link).not.toHaveProperty('success');
      expect(link.created_at).toMatch(OFFSET);
    }
    expect(body.links[0]?.short_url).toMatch(
      new RegExp(`^http://list\\.localhost:${t.service.port}/[A-Za-z0-9]{7}$`),
    );
  });
});

describe('retrieve', () => {
  it('finds a link by its identifier with a literal slash and with %2F, in the +00:00 form', async () => {
    const { client } = await newAccount();
    const created = (
      await client.create({
        destination_url: 'https://example.com/r',
        back_half: 'find-me',
        title: 'T',
      })
    ).body;
    const expected = {
      success: true,
      short_url: `${t.baseUrl}/find-me`,
      destination_url: 'https://example.com/r',
      clicks: 0,
      created_at: offsetForm(created.created_at),
      title: 'T',
      ...NO_END,
      tags: [],
    };

    for (const id of [
      `${t.shortDomain}/find-me`,
      `${t.shortDomain}%2Ffind-me`,
      `${t.shortDomain}%2ffind-me`,
      `LOCALHOST:${t.service.port}/find-me`,
    ]) {
      const { status, body } = await client.retrieve(id);
      expect(status, id).toBe(200);
      expect(body, id).toEqual(expected);
    }
  });

  it('finds a link on a custom domain by that domain', async () => {
    const { email, client } = await newAccount();
    await t.addDomain(email, 'find.example.org');
    await client.create({
      destination_url: 'https://example.com/c',
      back_half: 'here',
      domain: 'find.example.org',
    });
    const { status, body } = await client.retrieve('find.example.org/here');
    expect(status).toBe(200);
    expect(body.short_url).toBe('https://find.example.org/here');
    // The same back-half on the default domain is another link, which does not exist.
    expectProblem(await client.retrieve(`${t.shortDomain}/here`), 404, 'not_found');
  });

  it('counts the clicks of redirects in the answer at once', async () => {
    const { client } = await newAccount();
    await client.create({ destination_url: 'https://example.com/', back_half: 'clicked' });
    for (let i = 0; i < 3; i++) await rawRequest(t.baseUrl, '/clicked');
    expect((await client.retrieve(`${t.shortDomain}/clicked`)).body.clicks).toBe(3);
  });
});

describe('update', () => {
  /** A new link with a generated back-half, clicked twice. */
  async function clickedLink(client: Api) {
    const created = (
      await client.create({ destination_url: 'https://example.com/old', title: 'Old title' })
    ).body;
    await rawRequest(t.baseUrl, `/${backHalfOf(created.short_url)}`);
    await rawRequest(t.baseUrl, `/${backHalfOf(created.short_url)}`);
    return created;
  }

  it.each([
    {
      change: 'the title only',
      body: { title: 'New title' },
      destination: 'https://example.com/old',
      title: 'New title',
    },
    {
      change: 'the destination only',
      body: { destination_url: 'https://example.com/new' },
      destination: 'https://example.com/new',
      title: 'Old title',
    },
    {
      change: 'both fields',
      body: { destination_url: 'https://example.com/new', title: 'New title' },
      destination: 'https://example.com/new',
      title: 'New title',
    },
    {
      change: 'the title to the empty string',
      body: { title: '' },
      destination: 'https://example.com/old',
      title: '',
    },
  ])('changes $change and leaves clicks and created_at as they were', async (row) => {
    const { client } = await newAccount();
    const created = await clickedLink(client);
    const id = idOf(created.short_url);

    const { status, body } = await client.update(id, row.body);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      short_url: created.short_url,
      destination_url: row.destination,
      clicks: 2,
      created_at: created.created_at,
      title: row.title,
      ...NO_END,
      tags: [],
    });
    expect(body.created_at).toMatch(MILLIS_Z);

    expect((await client.retrieve(id)).body).toEqual({
      ...body,
      created_at: offsetForm(created.created_at),
    });
  });

  it('updates a link addressed with %2F', async () => {
    const { client } = await newAccount();
    const created = await clickedLink(client);
    const id = `${t.shortDomain}%2F${backHalfOf(created.short_url)}`;
    const { status, body } = await client.update(id, { title: 'Via %2F' });
    expect(status).toBe(200);
    expect(body.short_url).toBe(created.short_url);
    expect(body.title).toBe('Via %2F');
    expect(body.clicks).toBe(2);
  });
});

describe('delete', () => {
  it('deletes a link for good, confirms with its short URL, and then knows it no more', async () => {
    const { client } = await newAccount();
    const keep = (await client.create({ destination_url: 'https://example.com/keep' })).body;
    const gone = (await client.create({ destination_url: 'https://example.com/gone' })).body;
    const id = idOf(gone.short_url);

    const { status, body } = await client.remove(id);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: `Deleted ${gone.short_url}` });

    expectProblem(await client.retrieve(id), 404, 'not_found');
    expectProblem(await client.remove(id), 404, 'not_found');
    expectProblem(await client.update(id, { title: 'x' }), 404, 'not_found');
    expect((await client.list()).body.links.map((link) => link.short_url)).toEqual([
      keep.short_url,
    ]);
  });

  it('frees the back-half for a new link', async () => {
    const { client } = await newAccount();
    await client.create({ destination_url: 'https://example.com/1', back_half: 'reuse' });
    await client.remove(`${t.shortDomain}%2Freuse`);
    const again = await client.create({
      destination_url: 'https://example.com/2',
      back_half: 'reuse',
    });
    expect(again.status).toBe(200);
    expect(again.body.clicks).toBe(0);
  });
});

describe('domains', () => {
  it('answers an empty list for an account without custom domains', async () => {
    const { client } = await newAccount();
    const { status, body } = await client.domains();
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, domains: [] });
  });

  it('lists the account’s domains with first label, the rest, and the +00:00 date form', async () => {
    const { email, client } = await newAccount();
    const before = Math.floor(Date.now() / 1000) * 1000;
    await t.addDomain(email, 'dom.localhost');
    await t.addDomain(email, 'Links.Example.co.uk');
    await t.addDomain(email, 'a.b.c.example.com');
    await newAccount(); // another account's domain must not show
    await t.addDomain(`user${accounts}@example.com`, 'other.example.com');

    const { status, body } = await client.domains();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.domains.map(({ created_at: _, ...domain }) => domain)).toEqual([
      { domain: 'dom.localhost', subdomain: 'dom', root_domain: 'localhost' },
      { domain: 'links.example.co.uk', subdomain: 'links', root_domain: 'example.co.uk' },
      { domain: 'a.b.c.example.com', subdomain: 'a', root_domain: 'b.c.example.com' },
    ]);
    for (const domain of body.domains) {
      expect(Object.keys(domain).sort()).toEqual([
        'created_at',
        'domain',
        'root_domain',
        'subdomain',
      ]);
      expect(domain.created_at).toMatch(OFFSET);
      expect(Date.parse(domain.created_at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(domain.created_at)).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('large answers', () => {
  it('sends a long list compressed when the client accepts it, and plain when it does not', async () => {
    accounts += 1;
    const email = `bulk${accounts}@example.com`;
    const key = await t.createAccount(email);
    const client = api(t.baseUrl, key);
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client.create({ destination_url: `https://example.com/${i}` }),
      ),
    );
    for (const [encoding, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${t.baseUrl}/v1/links`, {
        headers: { authorization: `Bearer ${key}`, 'accept-encoding': encoding },
      });
      expect(response.headers.get('content-encoding')).toBe(expected);
      expect(((await response.json()) as { links: unknown[] }).links).toHaveLength(200);
    }
  });
});

describe('lists a client leaves or reads slowly', () => {
  /**
   * An account whose list is megabytes that do not compress (random titles): the service cannot
   * have written it all into the connection's buffers before the client stops reading.
   */
  async function bigAccount(): Promise<string> {
    accounts += 1;
    const key = await t.createAccount(`long${accounts}@example.com`);
    await t.insertLinks(
      key,
      Array.from({ length: 5_000 }, (_, i) => ({
        backHalf: `long${accounts}-${i}`,
        destinationUrl: `https://example.com/${i}`,
        title: randomBytes(120).toString('base64'),
      })),
    );
    return key;
  }

  const listOf = (key: string, encoding: string, signal?: AbortSignal) =>
    fetch(`${t.baseUrl}/v1/links`, {
      headers: { authorization: `Bearer ${key}`, 'accept-encoding': encoding },
      signal,
    });

  it.each(['br', 'gzip', 'identity'])(
    'leave later lists current after one is abandoned mid-way (%s)',
    async (encoding) => {
      const key = await bigAccount();
      const leaving = new AbortController();
      const abandoned = await listOf(key, encoding, leaving.signal);
      await abandoned.body?.getReader().read();
      leaving.abort();
      // The service notices the client left on its own time: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const made = (await api(t.baseUrl, key).create({ destination_url: 'https://example.com/n' }))
        .body;
      const listed = (await (await listOf(key, encoding)).json()) as { links: LinkJson[] };
      expect(listed.links).toHaveLength(5_001);
      expect(listed.links.map((link) => link.short_url)).toContain(made.short_url);
    },
  );

  it('do not hold other lists to the moment they started', async () => {
    const key = await bigAccount();
    const slow = await listOf(key, 'br');
    const reader = slow.body?.getReader();
    await reader?.read();

    // While the slow client sits on its list, another account makes a link and lists.
    const { client } = await newAccount();
    const made = (await client.create({ destination_url: 'https://example.com/other' })).body;
    expect((await client.list()).body.links.map((link) => link.short_url)).toEqual([
      made.short_url,
    ]);
    await reader?.cancel();
  });
});
