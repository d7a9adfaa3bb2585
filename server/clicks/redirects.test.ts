// Redirects: GET /<back_half> by Host, counted clicks, HEAD, 404 page, and changes seen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, backHalfOf, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { type Storage, StorageUnavailable } from '../storage/storage.ts';
import { createRedirectCache } from './redirects.ts';

let t: TestService;
let client: Api;

beforeAll(async () => {
  t = await startTestService();
  client = api(t.baseUrl, await t.createAccount('redirects@example.com'));
  await t.addDomain('redirects@example.com', 'go.localhost');
  await t.addDomain('redirects@example.com', 'brand.example.com');
});
afterAll(async () => {
  await t.stop();
});

async function newLink(body: Record<string, string> = {}) {
  const { status, body: link } = await client.create({
    destination_url: 'https://example.com/landing?from=short#part',
    ...body,
  });
  expect(status).toBe(200);
  return link;
}

const clicksOf = async (shortUrl: string) => (await client.retrieve(idOf(shortUrl))).body.clicks;

describe('a redirect', () => {
  it('answers GET /<back_half> with 302 to the destination, no body, and counts one click', async () => {
    const link = await newLink();
    const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/landing?from=short#part');
    expect(answer.headers['cache-control']).toMatch(/no-store/);
    expect(answer.body).toBe('');
    expect(await clicksOf(link.short_url)).toBe(1);
  });

  it('ignores a query string on the short URL and still counts the click', async () => {
    const link = await newLink();
    const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}?utm_source=chat`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/landing?from=short#part');
    expect(await clicksOf(link.short_url)).toBe(1);
  });

  it('accepts a percent-encoded back-half', async () => {
    await newLink({ back_half: 'encoded-bh' });
    const answer = await rawRequest(t.baseUrl, '/%65ncoded-bh');
    expect(answer.status).toBe(302);
  });

  it('sends an ASCII Location for a destination with non-ASCII host and path', async () => {
    const link = await newLink({ destination_url: 'https://bücher.example/straße?q=ä' });
    const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%A4');
  });

  it('answers HEAD with the same 302 but counts nothing', async () => {
    const link = await newLink();
    for (let i = 0; i < 5; i++) {
      const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`, {
        method: 'HEAD',
      });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('https://example.com/landing?from=short#part');
    }
    expect(await clicksOf(link.short_url)).toBe(0);
  });

  it('answers other methods with 405 and Allow: GET, HEAD, counting nothing', async () => {
    const link = await newLink();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`, { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
    }
    expect(await clicksOf(link.short_url)).toBe(0);
  });
});

describe('an unknown short link', () => {
  beforeAll(async () => {
    await newLink({ back_half: 'case-only' });
  });

  it.each([
    ['an unknown back-half', '/never-made'],
    ['a back-half in another case', '/CASE-ONLY'],
    ['a path the service never makes', '/case-only/more'],
    ['a broken percent escape', '/%E0%A4%A'],
    ['a back-half of 65 characters', `/${'x'.repeat(65)}`],
  ])('answers %s with a 404 HTML page', async (_, path) => {
    const answer = await rawRequest(t.baseUrl, path);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toMatch(/^<!doctype html>/);
    expect(answer.body).toContain('Link not found');
  });

  it('answers HEAD of an unknown back-half with 404 and no body', async () => {
    const answer = await rawRequest(t.baseUrl, '/never-made', { method: 'HEAD' });
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('');
  });

  it('answers a Host that is no short domain with 404, even for an existing back-half', async () => {
    const link = await newLink();
    for (const host of [
      `127.0.0.1:${t.service.port}`,
      'unknown.example.com',
      'localhost.example.com',
    ]) {
      const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`, { host });
      expect(answer.status, host).toBe(404);
    }
    expect(await clicksOf(link.short_url)).toBe(0);
  });

  it('shows a home page at /', async () => {
    const answer = await rawRequest(t.baseUrl, '/');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('/v1/');
  });
});

describe('a custom domain', () => {
  it('redirects by the Host header, with or without the port, and counts the click', async () => {
    const link = await newLink({
      destination_url: 'https://example.com/custom',
      back_half: 'on-custom',
      domain: 'go.localhost',
    });
    expect(link.short_url).toBe(`http://go.localhost:${t.service.port}/on-custom`);
    for (const host of [`go.localhost:${t.service.port}`, 'go.localhost', 'GO.LOCALHOST']) {
      const answer = await rawRequest(t.baseUrl, '/on-custom', { host });
      expect(answer.status, host).toBe(302);
      expect(answer.headers.location).toBe('https://example.com/custom');
    }
    expect(await clicksOf(link.short_url)).toBe(3);
    // The default domain does not have this back-half.
    expect((await rawRequest(t.baseUrl, '/on-custom')).status).toBe(404);
  });

  it('keeps the same back-half apart on each domain', async () => {
    await newLink({ destination_url: 'https://example.com/d', back_half: 'twin' });
    await newLink({
      destination_url: 'https://example.com/g',
      back_half: 'twin',
      domain: 'go.localhost',
    });
    await newLink({
      destination_url: 'https://example.com/b',
      back_half: 'twin',
      domain: 'brand.example.com',
    });
    const location = async (host?: string) =>
      (await rawRequest(t.baseUrl, '/twin', { host })).headers.location;
    expect(await location()).toBe('https://example.com/d');
    expect(await location('go.localhost')).toBe('https://example.com/g');
    expect(await location('brand.example.com')).toBe('https://example.com/b');
  });
});

describe('changes to a link', () => {
  it('lead the redirect to the new destination at once after an update', async () => {
    const link = await newLink({ destination_url: 'https://example.com/before' });
    const path = `/${backHalfOf(link.short_url)}`;
    expect((await rawRequest(t.baseUrl, path)).headers.location).toBe('https://example.com/before');

    await client.update(idOf(link.short_url), { destination_url: 'https://example.com/after' });
    const answer = await rawRequest(t.baseUrl, path);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/after');
    expect(await clicksOf(link.short_url)).toBe(2);
  });

  it('make the redirect 404 at once after a delete', async () => {
    const link = await newLink({ destination_url: 'https://example.com/doomed' });
    const path = `/${backHalfOf(link.short_url)}`;
    expect((await rawRequest(t.baseUrl, path)).status).toBe(302);

    await client.remove(idOf(link.short_url));
    expect((await rawRequest(t.baseUrl, path)).status).toBe(404);
  });

  it('do not carry the clicks of a deleted link over to a new link with its back-half', async () => {
    await newLink({ back_half: 'reborn' });
    for (let i = 0; i < 3; i++) await rawRequest(t.baseUrl, '/reborn');
    await client.remove(`${t.shortDomain}/reborn`);
    const again = await newLink({
      back_half: 'reborn',
      destination_url: 'https://example.com/new',
    });
    expect((await rawRequest(t.baseUrl, '/reborn')).headers.location).toBe(
      'https://example.com/new',
    );
    expect(await clicksOf(again.short_url)).toBe(1);
  });
});

/** A stored link's fields that say it never ends. */
const NO_END = { clicks: 0, expiresAt: null, maxClicks: null, expiredUrl: null };

describe('the redirect cache', () => {
  it('does not keep a target read while the link was being changed', async () => {
    // A storage whose read is held until the test lets it go, as a database server's could be.
    let releaseRead = () => {};
    let readStarted = () => {};
    const started = new Promise<void>((resolve) => {
      readStarted = resolve;
    });
    let destination = 'https://before.example/';
    const storage = {
      redirectTarget: async () => {
        const answer = { id: 1, destinationUrl: destination, ...NO_END };
        readStarted();
        await new Promise<void>((resolve) => {
          releaseRead = resolve;
        });
        return answer;
      },
    } as unknown as Storage;
    const cache = createRedirectCache(storage);

    const load = cache.load('', 'racy');
    await started;
    destination = 'https://after.example/';
    cache.forget('', 'racy');
    releaseRead();
    expect((await load)?.location).toBe('https://before.example/');
    expect(cache.cached('', 'racy')).toBeUndefined();

    const again = cache.load('', 'racy');
    await Promise.resolve();
    releaseRead();
    expect((await again)?.location).toBe('https://after.example/');
    expect(cache.cached('', 'racy')?.location).toBe('https://after.example/');
  });
  /** A storage whose link `/x` leads to `destination`, or that is away while `away` is set. */
  function changingStorage() {
    const state = { destination: 'https://one.example/', away: false, reads: 0 };
    const storage = {
      redirectTarget: async () => {
        state.reads++;
        if (state.away) throw new StorageUnavailable('the test took the database away');
        return { id: 1, destinationUrl: state.destination, ...NO_END };
      },
    } as unknown as Storage;
    return { state, cache: createRedirectCache(storage) };
  }

  it('serves nothing unchecked while changes may go unheard, and checks once what it held before', async () => {
    const { state, cache } = changingStorage();
    await cache.load('', 'x');
    expect(cache.cached('', 'x')?.location).toBe('https://one.example/');

    // The connection that hears other instances' changes is lost; one of them changes the link.
    cache.stopTrusting();
    expect(cache.cached('', 'x')).toBeUndefined();
    state.destination = 'https://two.example/';
    expect((await cache.load('', 'x'))?.location).toBe('https://two.example/');
    // Read again at every redirect until changes are heard again.
    expect(cache.cached('', 'x')).toBeUndefined();
    state.destination = 'https://three.example/';
    expect((await cache.load('', 'x'))?.location).toBe('https://three.example/');

    // Back: what was read before is checked once more, then served from memory.
    cache.trustAgain();
    expect(cache.cached('', 'x')).toBeUndefined();
    state.destination = 'https://four.example/';
    expect((await cache.load('', 'x'))?.location).toBe('https://four.example/');
    const reads = state.reads;
    expect(cache.cached('', 'x')?.location).toBe('https://four.example/');
    expect(state.reads).toBe(reads);
  });

  it('serves a target as it was while the database is away, unless this process changed it', async () => {
    const { state, cache } = changingStorage();
    await cache.load('', 'x');
    await cache.load('', 'y');
    cache.stopTrusting();
    state.away = true;
    expect((await cache.load('', 'x'))?.location).toBe('https://one.example/');
    cache.forget('', 'y');
    await expect(cache.load('', 'y')).rejects.toThrow(StorageUnavailable);
    // A link never read cannot be answered at all.
    await expect(cache.load('', 'z')).rejects.toThrow(StorageUnavailable);
  });

  it('reads a target again as soon as the database is back', async () => {
    const { state, cache } = changingStorage();
    await cache.load('', 'x');
    cache.stopTrusting();
    state.away = true;
    await expect(cache.load('', 'x')).resolves.toMatchObject({ location: 'https://one.example/' });
    state.away = false;
    state.destination = 'https://two.example/';
    // Within a quarter of a second of the failed read the database is not asked again (while it
    // is away, each redirect does not wait for a connection attempt of its own)…
    const reads = state.reads;
    expect((await cache.load('', 'x'))?.location).toBe('https://one.example/');
    expect(state.reads).toBe(reads);
    // …and after it, it is.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await cache.load('', 'x'))?.location).toBe('https://two.example/');
  });
});
