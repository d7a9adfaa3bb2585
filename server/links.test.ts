import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, idOf, MILLIS_Z, OFFSET, requestWithHost } from './test-helpers.ts';
import { startTestService, type TestService } from './test-service.ts';

let service: TestService;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  service = await startTestService();
  api = apiAs(service.baseUrl, service.createAccount('owner@example.com'));
  service.addDomain('owner@example.com', 'go.example.com');
  service.addDomain('owner@example.com', 'links.localhost');
});
afterAll(() => service.stop());

describe('create', () => {
  it('answers 200 with every link field, a generated 7-character back-half and clicks 0', async () => {
    const { status, body } = await api.create({ destination_url: 'https://example.com/page' });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ['clicks', 'created_at', 'destination_url', 'short_url', 'success', 'title'].sort(),
    );
    expect(body.success).toBe(true);
    expect(body.short_url).toMatch(new RegExp(`^http://${service.shortDomain}/[A-Za-z0-9]{7}$`));
    expect(body.destination_url).toBe('https://example.com/page');
    expect(body.clicks).toBe(0);
    expect(body.title).toBe('');
    expect(body.created_at).toMatch(MILLIS_Z);
    expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(5_000);
  });

  it('keeps a custom back-half and title', async () => {
    const { body } = await api.create({
      destination_url: 'https://example.com/custom',
      back_half: 'my-Link_1',
      title: 'Ünïcödé title, with "quotes"',
    });
    expect(body.short_url).toBe(`http://${service.shortDomain}/my-Link_1`);
    expect(body.title).toBe('Ünïcödé title, with "quotes"');
  });

  it('puts a link on a custom domain, https for a public host and http with the port for a loopback one', async () => {
    const onPublic = await api.create({
      destination_url: 'https://example.com/a',
      back_half: 'same',
      domain: 'go.example.com',
    });
    expect(onPublic.body.short_url).toBe('https://go.example.com/same');
    const onLoopback = await api.create({
      destination_url: 'https://example.com/b',
      back_half: 'same',
      domain: 'LINKS.localhost',
    });
    const port = service.shortDomain.split(':')[1];
    expect(onLoopback.body.short_url).toBe(`http://links.localhost:${port}/same`);
  });

  it('accepts the default short domain named explicitly', async () => {
    const { status, body } = await api.create({
      destination_url: 'https://example.com/c',
      domain: service.shortDomain,
    });
    expect(status).toBe(200);
    expect(body.short_url.startsWith(`http://${service.shortDomain}/`)).toBe(true);
  });

  it('treats back-halves as case-sensitive and unique per domain', async () => {
    expect(
      (await api.create({ destination_url: 'https://e.com/1', back_half: 'Case' })).status,
    ).toBe(200);
    expect(
      (await api.create({ destination_url: 'https://e.com/2', back_half: 'case' })).status,
    ).toBe(200);
    expect(
      (await api.create({ destination_url: 'https://e.com/3', back_half: 'Case' })).status,
    ).toBe(409);
    const elsewhere = await api.create({
      destination_url: 'https://e.com/4',
      back_half: 'Case',
      domain: 'go.example.com',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('list', () => {
  it('gives every link newest first, in the +00:00 date form, without success inside entries', async () => {
    const first = await api.create({
      destination_url: 'https://example.com/older',
      back_half: 'older',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await api.create({
      destination_url: 'https://example.com/newer',
      back_half: 'newer',
    });
    const { status, body } = await api.list();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const urls = body.links.map((link: { short_url: string }) => link.short_url);
    expect(urls.indexOf(second.body.short_url)).toBeLessThan(urls.indexOf(first.body.short_url));
    for (const link of body.links) {
      expect(Object.keys(link).sort()).toEqual(
        ['clicks', 'created_at', 'destination_url', 'short_url', 'title'].sort(),
      );
      expect(link.created_at).toMatch(OFFSET);
    }
    expect(urls).toContain('https://go.example.com/same');
    const newer = body.links.find(
      (link: { short_url: string }) => link.short_url === second.body.short_url,
    );
    expect(newer.created_at).toBe(second.body.created_at.replace(/\.\d{3}Z$/, '+00:00'));
  });

  it('sends a large list compressed when the client accepts it', async () => {
    const bulk = apiAs(service.baseUrl, service.createAccount('bulk@example.com'));
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        bulk.create({ destination_url: `https://example.com/${i}` }),
      ),
    );
    const response = await fetch(`${service.baseUrl}/v1/links`, {
      headers: { authorization: `Bearer ${service.createAccount('other-bulk@example.com')}` },
    });
    expect(response.status).toBe(200);
    const compressed = await bulk.call('GET', '/v1/links', undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.body.links).toHaveLength(200);
  });
});

describe('retrieve', () => {
  it('finds a link by its identifier with a literal slash or %2F', async () => {
    const created = await api.create({
      destination_url: 'https://example.com/r',
      back_half: 'retr',
      title: 'R',
    });
    const id = idOf(created.body.short_url);
    for (const path of [id, id.replace('/', '%2F'), id.replace('/', '%2f')]) {
      const { status, body } = await api.get(path);
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        short_url: created.body.short_url,
        destination_url: 'https://example.com/r',
        clicks: 0,
        created_at: created.body.created_at.replace(/\.\d{3}Z$/, '+00:00'),
        title: 'R',
      });
    }
  });

  it('finds a link on a custom domain', async () => {
    const { status, body } = await api.get('go.example.com/same');
    expect(status).toBe(200);
    expect(body.destination_url).toBe('https://example.com/a');
  });
});

describe('update', () => {
  it.each([
    [
      'title only',
      { title: 'New title' },
      { title: 'New title', destination_url: 'https://example.com/u' },
    ],
    [
      'destination only',
      { destination_url: 'https://example.org/moved' },
      { title: 'T', destination_url: 'https://example.org/moved' },
    ],
    [
      'both',
      { title: 'Both', destination_url: 'https://example.org/both' },
      { title: 'Both', destination_url: 'https://example.org/both' },
    ],
    ['an empty title', { title: '' }, { title: '', destination_url: 'https://example.com/u' }],
  ])('changes %s and leaves clicks and created_at alone', async (_name, changes, expected) => {
    const created = await api.create({ destination_url: 'https://example.com/u', title: 'T' });
    const id = idOf(created.body.short_url);
    await fetch(created.body.short_url, { redirect: 'manual' });
    const { status, body } = await api.update(id, changes);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      short_url: created.body.short_url,
      clicks: 1,
      created_at: created.body.created_at,
      ...expected,
    });
    expect((await api.get(id)).body).toMatchObject({ ...expected, clicks: 1 });
  });
});

describe('delete', () => {
  it('deletes for good and confirms with the short URL', async () => {
    const created = await api.create({ destination_url: 'https://example.com/d' });
    const id = idOf(created.body.short_url);
    const { status, body } = await api.remove(id);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: `Deleted ${created.body.short_url}` });
    expect((await api.get(id)).status).toBe(404);
    expect((await api.remove(id)).status).toBe(404);
    const redirect = await fetch(created.body.short_url, { redirect: 'manual' });
    expect(redirect.status).toBe(404);
  });
});

describe('domains', () => {
  it('lists the account custom domains with subdomain, root domain and date', async () => {
    const { status, body } = await api.domains();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.domains).toEqual([
      {
        domain: 'go.example.com',
        subdomain: 'go',
        root_domain: 'example.com',
        created_at: expect.stringMatching(OFFSET),
      },
      {
        domain: 'links.localhost',
        subdomain: 'links',
        root_domain: 'localhost',
        created_at: expect.stringMatching(OFFSET),
      },
    ]);
  });

  it('is empty for an account without custom domains', async () => {
    const other = apiAs(service.baseUrl, service.createAccount('nodomains@example.com'));
    expect((await other.domains()).body).toEqual({ success: true, domains: [] });
  });
});

describe('redirects', () => {
  it('answers 302 to the destination, counts GET and not HEAD', async () => {
    const created = await api.create({
      destination_url: 'https://example.com/landing?x=1#top',
      back_half: 'go302',
    });
    const get = await fetch(created.body.short_url, { redirect: 'manual' });
    expect(get.status).toBe(302);
    expect(get.headers.get('location')).toBe('https://example.com/landing?x=1#top');
    const head = await fetch(created.body.short_url, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(302);
    expect((await api.get(idOf(created.body.short_url))).body.clicks).toBe(1);
  });

  it('sends an ASCII Location for a destination with non-ASCII characters', async () => {
    const created = await api.create({ destination_url: 'https://例え.jp/パス?q=ü' });
    const response = await fetch(created.body.short_url, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(
      'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%BC',
    );
  });

  it('serves a custom domain by its Host header', async () => {
    const port = service.service.port;
    expect(await requestWithHost(port, '/same', `links.localhost:${port}`)).toEqual({
      status: 302,
      location: 'https://example.com/b',
    });
    expect(await requestWithHost(port, '/same', 'go.example.com')).toEqual({
      status: 302,
      location: 'https://example.com/a',
    });
  });

  it('follows an update at once', async () => {
    const created = await api.create({ destination_url: 'https://example.com/before' });
    expect(
      (await fetch(created.body.short_url, { redirect: 'manual' })).headers.get('location'),
    ).toBe('https://example.com/before');
    await api.update(idOf(created.body.short_url), {
      destination_url: 'https://example.com/after',
    });
    expect(
      (await fetch(created.body.short_url, { redirect: 'manual' })).headers.get('location'),
    ).toBe('https://example.com/after');
  });

  it.each([
    ['an unknown back-half', '/nope-nope'],
    ['a path with two segments', '/a/b'],
    ['a back-half with a bad escape', '/%E0%A4%A'],
  ])('answers %s with a 404 page', async (_name, path) => {
    const response = await fetch(`http://${service.shortDomain}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Link not found');
  });

  it('answers 404 for a host that is neither the short domain nor a custom domain', async () => {
    const port = service.service.port;
    expect((await requestWithHost(port, '/go302', `unknown.example:${port}`)).status).toBe(404);
    expect((await requestWithHost(port, '/go302', `127.0.0.1:${port}`)).status).toBe(404);
    expect((await requestWithHost(port, '/go302', `localhost:${port}`)).status).toBe(302);
  });
});
