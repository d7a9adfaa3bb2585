import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { checkBaseUrl } from './base-url.ts';
import { type ApiClientOptions, createApiClient, linkPath } from './client.ts';
import { isApiError } from './errors.ts';

const API_KEY = 'slk_unit_test_key';
const BASE_URL = 'https://api.sho.rt';

const wireLink = {
  success: true,
  short_url: 'https://sho.rt/abc',
  destination_url: 'https://example.com/page',
  clicks: 0,
  created_at: '2026-11-22T10:00:00.123Z',
  title: 'Example',
};

type Sent = { method: string; url: string; headers: Headers; body: string };
type Reply = Response | Error | 'hang';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A fetch that answers with the replies in turn (the last one again once they run out). */
function fakeFetch(...replies: Reply[]) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | URL | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.clone().text(),
    });
    request.signal.throwIfAborted();
    const reply = replies[Math.min(sent.length, replies.length) - 1];
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }
    if (reply instanceof Error) throw reply;
    return reply ?? json({}, 500);
  };
  return { fetch, sent };
}

const networkFailure = () => new TypeError('fetch failed');

function client(fetch: ApiClientOptions['fetch'], options: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    fetch,
    retryDelayMs: 1,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail.');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('creates a link with a POST of the snake_case body', async () => {
    const { fetch, sent } = fakeFetch(json(wireLink));
    const link = await client(fetch).createLink({
      destinationUrl: 'https://example.com/page',
      backHalf: 'abc',
      title: 'Example',
      domain: '',
    });
    expect(link.shortUrl).toBe('https://sho.rt/abc');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('https://api.sho.rt/v1/links');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      destination_url: 'https://example.com/page',
      back_half: 'abc',
      title: 'Example',
    });
  });

  it('sends the key in the Authorization header and nowhere else', async () => {
    const { fetch, sent } = fakeFetch(json(wireLink));
    await client(fetch).createLink({ destinationUrl: 'https://example.com/page' });
    const request = sent[0];
    expect(request?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.url).not.toContain(API_KEY);
    expect(request?.body).not.toContain(API_KEY);
    const otherHeaders = [...(request?.headers.entries() ?? [])].filter(
      ([name]) => name !== 'authorization',
    );
    expect(JSON.stringify(otherHeaders)).not.toContain(API_KEY);
  });

  it('lists links with a GET and returns them in camelCase', async () => {
    const { fetch, sent } = fakeFetch(
      json({ success: true, links: [{ ...wireLink, success: undefined }, { bad: true }] }),
    );
    const links = await client(fetch).listLinks();
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'https://api.sho.rt/v1/links', body: '' });
    expect(links).toEqual([
      {
        shortUrl: 'https://sho.rt/abc',
        destinationUrl: 'https://example.com/page',
        clicks: 0,
        createdAt: '2026-11-22T10:00:00.123Z',
        title: 'Example',
      },
    ]);
  });

  it("shows a long list's first rows as its answer arrives, before the rest is in", async () => {
    const rows = Array.from({ length: 5 }, (_, n) => ({
      ...wireLink,
      short_url: `https://sho.rt/r${n}`,
      created_at: `2026-11-2${n}T10:00:00Z`,
    }));
    let sendTheRest = () => {};
    const theRestMayCome = new Promise<void>((resolve) => {
      sendTheRest = resolve;
    });
    const answer = `{"success":true,"links":${JSON.stringify(rows)}}`;
    const cut = answer.indexOf(JSON.stringify(rows[3]));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(answer.slice(0, cut)));
        // Not for ever: a client that waits for the whole answer gets it, and fails below.
        await Promise.race([theRestMayCome, new Promise((resolve) => setTimeout(resolve, 200))]);
        controller.enqueue(new TextEncoder().encode(answer.slice(cut)));
        controller.close();
      },
    });
    const { fetch } = fakeFetch(
      new Response(body, { headers: { 'content-type': 'application/json' } }),
    );
    const shown: { urls: string[]; total: number | undefined }[] = [];
    const listed = client(fetch).listLinks({
      firstScreen: {
        size: 3,
        show(links, total) {
          shown.push({ urls: links.map((link) => link.shortUrl), total });
          sendTheRest();
        },
      },
    });

    expect((await listed).map((link) => link.shortUrl)).toEqual(rows.map((row) => row.short_url));
    // The answer's first three rows, while its end was still to come: how many in all unknown.
    expect(shown).toEqual([
      { urls: ['https://sho.rt/r0', 'https://sho.rt/r1', 'https://sho.rt/r2'], total: undefined },
    ]);
  });

  it('gets a link by its short URL without the scheme, the slash literal', async () => {
    const { fetch, sent } = fakeFetch(json(wireLink));
    await client(fetch).getLink('https://sho.rt/abc');
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'https://api.sho.rt/v1/links/sho.rt/abc' });
  });

  it('updates a link with a PUT of the changed fields only', async () => {
    const { fetch, sent } = fakeFetch(json({ ...wireLink, title: '' }));
    const link = await client(fetch).updateLink('https://sho.rt/abc', { title: '' });
    expect(link.title).toBe('');
    expect(sent[0]).toMatchObject({ method: 'PUT', url: 'https://api.sho.rt/v1/links/sho.rt/abc' });
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ title: '' });
  });

  it('deletes a link with a DELETE and returns the confirmation', async () => {
    const { fetch, sent } = fakeFetch(
      json({ success: true, message: 'Deleted https://sho.rt/abc' }),
    );
    const result = await client(fetch).deleteLink('https://sho.rt/abc');
    expect(sent[0]).toMatchObject({
      method: 'DELETE',
      url: 'https://api.sho.rt/v1/links/sho.rt/abc',
    });
    expect(result).toEqual({ message: 'Deleted https://sho.rt/abc' });
  });

  it('accepts an empty answer to a delete', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    expect(await client(fetch).deleteLink('https://sho.rt/abc')).toEqual({ message: '' });
  });

  it('lists domains with a GET', async () => {
    const { fetch, sent } = fakeFetch(
      json({
        success: true,
        domains: [{ domain: 'go.example.com', created_at: '2026-11-22T10:00:00+00:00' }],
      }),
    );
    const domains = await client(fetch).listDomains();
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'https://api.sho.rt/v1/domains' });
    expect(domains).toEqual([
      {
        domain: 'go.example.com',
        subdomain: 'go',
        rootDomain: 'example.com',
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
  });

  it.each([
    ['https://host.test/api', 'https://host.test/api/v1/links'],
    ['https://host.test/api/', 'https://host.test/api/v1/links'],
    ['https://host.test', 'https://host.test/v1/links'],
    ['https://host.test/', 'https://host.test/v1/links'],
    ['https://host.test:8443/a/b?x=1#y', 'https://host.test:8443/a/b/v1/links'],
    ['  http://localhost:8787  ', 'http://localhost:8787/v1/links'],
  ])('puts the endpoint under the base URL %j', async (baseUrl, url) => {
    const { fetch, sent } = fakeFetch(json({ links: [] }));
    await client(fetch, { baseUrl }).listLinks();
    expect(sent[0]?.url).toBe(url);
  });
});

describe('the base URL and key check', () => {
  it.each([
    ['plain HTTP to another host', 'http://api.example.com'],
    ['plain HTTP to a LAN address', 'http://192.168.1.10:8787'],
    ['another scheme', 'ftp://api.example.com'],
    ['not a URL', 'api.example.com'],
    ['a URL with credentials', 'https://user:secret@api.example.com'],
  ])('refuses %s before any request is made', async (_, baseUrl) => {
    const { fetch, sent } = fakeFetch(json({ links: [] }));
    const error = await failure(client(fetch, { baseUrl }).listLinks());
    expect(error).toMatchObject({ name: 'ApiError', kind: 'invalid_base_url' });
    expect(sent).toHaveLength(0);
  });

  it('says HTTPS is required for a plain HTTP address', () => {
    expect(() => checkBaseUrl('http://api.example.com')).toThrow(/must use HTTPS/);
  });

  it.each([
    'http://localhost:8787',
    'http://127.0.0.1:8787',
    'http://[::1]:8787',
    'http://api.localhost',
  ])('allows plain HTTP to this computer: %s', async (baseUrl) => {
    const { fetch, sent } = fakeFetch(json({ links: [] }));
    await client(fetch, { baseUrl }).listLinks();
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['missing', ''],
    ['with spaces inside', 'sk test'],
    ['with characters a header cannot carry', 'sk_tést'],
  ])('refuses a key %s without sending it', async (_, apiKey) => {
    const { fetch, sent } = fakeFetch(json({ links: [] }));
    const error = await failure(client(fetch, { apiKey }).listLinks());
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(sent).toHaveLength(0);
  });
});

describe('retries', () => {
  it('never retries a create after a 503', async () => {
    const { fetch, sent } = fakeFetch(json({ message: 'Busy' }, 503), json(wireLink));
    const error = await failure(
      client(fetch).createLink({ destinationUrl: 'https://example.com' }),
    );
    expect(error).toMatchObject({ kind: 'server_error', status: 503, message: 'Busy' });
    expect(sent).toHaveLength(1);
  });

  it('never retries a create after a network error', async () => {
    const { fetch, sent } = fakeFetch(networkFailure(), json(wireLink));
    const error = await failure(
      client(fetch).createLink({ destinationUrl: 'https://example.com' }),
    );
    expect(error).toMatchObject({ kind: 'network' });
    expect(sent).toHaveLength(1);
  });

  it('retries a GET after a 503 and returns the answer that follows', async () => {
    const { fetch, sent } = fakeFetch(json({}, 503), json(wireLink));
    const link = await client(fetch).getLink('https://sho.rt/abc');
    expect(link.shortUrl).toBe('https://sho.rt/abc');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('retries a GET after a network error', async () => {
    const { fetch, sent } = fakeFetch(networkFailure(), json({ links: [] }));
    expect(await client(fetch).listLinks()).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('gives up after the retry limit with the last error', async () => {
    const { fetch, sent } = fakeFetch(json({}, 502));
    const error = await failure(client(fetch, { retryLimit: 2 }).listLinks());
    expect(error).toMatchObject({ kind: 'server_error', status: 502 });
    expect(sent).toHaveLength(3);
  });

  it('does not retry an answer that will not change (401, 404, 400)', async () => {
    for (const status of [400, 401, 404]) {
      const { fetch, sent } = fakeFetch(json({}, status), json(wireLink));
      await failure(client(fetch).getLink('https://sho.rt/abc'));
      expect(sent).toHaveLength(1);
    }
  });

  it('waits as long as Retry-After says before retrying a 429', async () => {
    vi.useFakeTimers();
    const { fetch, sent } = fakeFetch(json({}, 429, { 'Retry-After': '2' }), json({ links: [] }));
    const listed = client(fetch).listLinks();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(2);
    expect(await listed).toEqual([]);
  });

  it('does not wait out a long Retry-After but says when to try again', async () => {
    const { fetch, sent } = fakeFetch(
      json({ message: 'Slow down.' }, 429, { 'Retry-After': '120' }),
    );
    const error = await failure(client(fetch).listLinks());
    expect(error).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 120,
      message: 'Slow down.',
    });
    expect(sent).toHaveLength(1);
  });

  it('takes a delete whose retry finds the link gone as done', async () => {
    const { fetch, sent } = fakeFetch(networkFailure(), json({ code: 'not_found' }, 404));
    expect(await client(fetch).deleteLink('https://sho.rt/abc')).toEqual({ message: '' });
    expect(sent).toHaveLength(2);
  });

  it('reports a delete of a missing link as not found when nothing was retried', async () => {
    const { fetch } = fakeFetch(json({ code: 'not_found', message: 'No link.' }, 404));
    const error = await failure(client(fetch).deleteLink('https://sho.rt/abc'));
    expect(error).toMatchObject({ kind: 'not_found', message: 'No link.' });
  });
});

describe('failures', () => {
  it('reports a service that does not answer in time as a timeout', async () => {
    const { fetch } = fakeFetch('hang');
    const error = await failure(client(fetch, { timeoutMs: 20 }).listLinks());
    expect(error).toMatchObject({ name: 'ApiError', kind: 'timeout' });
    expect((error as Error).message).toMatch(/did not answer within/);
  });

  it('rethrows an abort in flight as it is, not as an ApiError', async () => {
    const { fetch, sent } = fakeFetch('hang');
    const controller = new AbortController();
    const listed = client(fetch).listLinks({ signal: controller.signal });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    const error = await failure(listed);
    expect(isApiError(error)).toBe(false);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('rethrows the abort reason given', async () => {
    const { fetch } = fakeFetch('hang');
    const controller = new AbortController();
    const reason = new Error('popup closed');
    const created = client(fetch).createLink(
      { destinationUrl: 'https://example.com' },
      { signal: controller.signal },
    );
    controller.abort(reason);
    expect(await failure(created)).toBe(reason);
  });

  it('stops waiting between retries when aborted', async () => {
    const { fetch, sent } = fakeFetch(json({}, 503));
    const controller = new AbortController();
    const listed = client(fetch, { retryDelayMs: 5_000 }).listLinks({ signal: controller.signal });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    expect(await failure(listed)).toMatchObject({ name: 'AbortError' });
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { fetch, sent } = fakeFetch(json({ links: [] }));
    const error = await failure(client(fetch).listLinks({ signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(0);
  });

  it('maps a 409 to a taken back-half on the back-half field', async () => {
    const { fetch } = fakeFetch(
      json({ success: false, code: 'back_half_taken', message: 'Taken.', field: 'back_half' }, 409),
    );
    const error = await failure(
      client(fetch).createLink({ destinationUrl: 'https://example.com', backHalf: 'abc' }),
    );
    expect(error).toMatchObject({
      kind: 'back_half_taken',
      status: 409,
      field: 'back_half',
      code: 'back_half_taken',
      message: 'Taken.',
    });
  });

  it('reads a plain-text error answer', async () => {
    const { fetch } = fakeFetch(new Response('Invalid API key', { status: 401 }));
    const error = await failure(client(fetch).listLinks());
    expect(error).toMatchObject({ kind: 'unauthorized', message: 'Invalid API key' });
  });

  it.each([
    ['a web page', new Response('<!doctype html><title>Hi</title>'), /web page instead of JSON/],
    ['text that is not JSON', new Response('OK'), /not JSON/],
    ['an empty body', new Response(''), /empty answer/],
    [
      'a link without its short URL',
      json({ success: true, destination_url: 'https://x.test' }),
      /"short_url"/,
    ],
  ])('reports a link answer with %s as an unexpected response', async (_, reply, message) => {
    const { fetch } = fakeFetch(reply);
    const error = await failure(client(fetch).getLink('https://sho.rt/abc'));
    expect(error).toMatchObject({ kind: 'unexpected_response' });
    expect((error as Error).message).toMatch(message);
  });

  it('reports a list answer without its list as an unexpected response', async () => {
    const { fetch } = fakeFetch(json({ success: true, items: [] }));
    const error = await failure(client(fetch).listLinks());
    expect(error).toMatchObject({ kind: 'unexpected_response' });
    expect((error as Error).message).toMatch(/"links"/);
  });

  it('reports a 200 that says it failed with the service message', async () => {
    const { fetch } = fakeFetch(json({ success: false, message: 'Quota exceeded.' }));
    const error = await failure(client(fetch).listLinks());
    expect(error).toMatchObject({ kind: 'unexpected_response', message: 'Quota exceeded.' });
  });

  it('names the service that could not be reached', async () => {
    const { fetch } = fakeFetch(networkFailure());
    const error = await failure(client(fetch, { retryLimit: 0 }).listLinks());
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toBe(
      'The service at https://api.sho.rt could not be reached.',
    );
  });
});

describe('paged lists', () => {
  const row = (n: number) => ({ ...wireLink, short_url: `https://sho.rt/l${n}`, title: `L${n}` });
  const rows = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => row(from + i));

  /** A fetch that answers by URL (the query included), and records what it was sent. */
  function pagedFetch(pages: Record<string, unknown>) {
    const sent: { url: string; authorization: string | null }[] = [];
    const fetch = async (input: Request | URL | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push({ url: request.url, authorization: request.headers.get('authorization') });
      const page = pages[request.url];
      return page === undefined ? json({ message: 'No such page.' }, 404) : json(page);
    };
    return { fetch, sent };
  }

  const titles = (links: { title: string }[]) => links.map((link) => link.title);

  it.each([
    [
      'next_page_url (Laravel)',
      {
        'https://api.sho.rt/v1/links': {
          links: rows(1, 2),
          next_page_url: 'https://api.sho.rt/v1/links?page=2',
          total: 5,
        },
        'https://api.sho.rt/v1/links?page=2': {
          links: rows(3, 4),
          next_page_url: '/v1/links?page=3',
          total: 5,
        },
        'https://api.sho.rt/v1/links?page=3': { links: rows(5, 5), next_page_url: null, total: 5 },
      },
    ],
    [
      'next as a URL (Django REST framework)',
      {
        'https://api.sho.rt/v1/links': {
          count: 5,
          next: 'https://api.sho.rt/v1/links?offset=2',
          results: rows(1, 2),
        },
        'https://api.sho.rt/v1/links?offset=2': {
          count: 5,
          next: 'https://api.sho.rt/v1/links?offset=4',
          results: rows(3, 4),
        },
        'https://api.sho.rt/v1/links?offset=4': { count: 5, next: null, results: rows(5, 5) },
      },
    ],
    [
      'links.next (JSON:API)',
      {
        'https://api.sho.rt/v1/links': {
          data: rows(1, 2),
          links: { next: 'https://api.sho.rt/v1/links?page%5Bnumber%5D=2' },
          meta: { total: 5 },
        },
        'https://api.sho.rt/v1/links?page%5Bnumber%5D=2': {
          data: rows(3, 4),
          links: { next: { href: '/v1/links?page%5Bnumber%5D=3' } },
          meta: { total: 5 },
        },
        'https://api.sho.rt/v1/links?page%5Bnumber%5D=3': {
          data: rows(5, 5),
          links: { next: null },
          meta: { total: 5 },
        },
      },
    ],
    [
      'meta.current_page and meta.last_page',
      {
        'https://api.sho.rt/v1/links': {
          links: rows(1, 2),
          meta: { current_page: 1, last_page: 3, total: 5 },
        },
        'https://api.sho.rt/v1/links?page=2': {
          links: rows(3, 4),
          meta: { current_page: 2, last_page: 3, total: 5 },
        },
        'https://api.sho.rt/v1/links?page=3': {
          links: rows(5, 5),
          meta: { current_page: 3, last_page: 3, total: 5 },
        },
      },
    ],
    [
      'has_more with a cursor',
      {
        'https://api.sho.rt/v1/links': {
          links: rows(1, 2),
          has_more: true,
          next_cursor: 'c2',
          total_count: 5,
        },
        'https://api.sho.rt/v1/links?cursor=c2': {
          links: rows(3, 4),
          has_more: true,
          next_cursor: 'c4',
          total_count: 5,
        },
        'https://api.sho.rt/v1/links?cursor=c4': {
          links: rows(5, 5),
          has_more: false,
          total_count: 5,
        },
      },
    ],
  ])('reads every page of a list paged by %s, reporting progress', async (_shape, pages) => {
    const { fetch, sent } = pagedFetch(pages);
    const progress: unknown[] = [];
    const links = await client(fetch).listLinks({ onProgress: (p) => progress.push(p) });
    expect(titles(links)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
    expect(sent.map((request) => request.url)).toEqual(Object.keys(pages));
    expect(progress).toEqual([
      { loaded: 2, total: 5 },
      { loaded: 4, total: 5 },
    ]);
    for (const request of sent) expect(request.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('asks once for a list that is not paged, and reports no progress', async () => {
    const { fetch, sent } = pagedFetch({
      'https://api.sho.rt/v1/links': { success: true, links: rows(1, 3) },
    });
    const progress: unknown[] = [];
    expect(titles(await client(fetch).listLinks({ onProgress: (p) => progress.push(p) }))).toEqual([
      'L1',
      'L2',
      'L3',
    ]);
    expect(sent).toHaveLength(1);
    expect(progress).toEqual([]);
  });

  it('lists a link that two pages both carry once', async () => {
    const { fetch } = pagedFetch({
      'https://api.sho.rt/v1/links': { links: rows(1, 2), next: '/v1/links?page=2' },
      'https://api.sho.rt/v1/links?page=2': { links: rows(2, 3), next: null },
    });
    expect(titles(await client(fetch).listLinks())).toEqual(['L1', 'L2', 'L3']);
  });

  it('stops when a next page points back to a page already read', async () => {
    const { fetch, sent } = pagedFetch({
      'https://api.sho.rt/v1/links': { links: rows(1, 1), next: '/v1/links?page=2' },
      'https://api.sho.rt/v1/links?page=2': { links: rows(2, 2), next: '/v1/links' },
    });
    expect(titles(await client(fetch).listLinks())).toEqual(['L1', 'L2']);
    expect(sent).toHaveLength(2);
  });

  it.each([
    ['another host', 'https://evil.example/v1/links?page=2'],
    ['another port', 'https://api.sho.rt:8443/v1/links?page=2'],
    ['plain http', 'http://api.sho.rt/v1/links?page=2'],
    ['a protocol-relative address', '//evil.example/v1/links?page=2'],
    ['a user name', 'https://me@api.sho.rt/v1/links?page=2'],
  ])('never follows a next page on %s, and never sends the key there', async (_name, next) => {
    const { fetch, sent } = pagedFetch({
      'https://api.sho.rt/v1/links': { links: rows(1, 1), next_page_url: next },
    });
    const error = await failure(client(fetch).listLinks());
    expect(error).toMatchObject({ kind: 'unexpected_response' });
    expect((error as Error).message).toMatch(/the rest of the list was not read/);
    expect(sent.map((request) => request.url)).toEqual(['https://api.sho.rt/v1/links']);
  });

  it('follows a next page only under the API base URL path', async () => {
    const { fetch, sent } = pagedFetch({
      'https://api.sho.rt/api/v1/links': {
        links: rows(1, 1),
        next: 'https://api.sho.rt/other/v1/links?page=2',
      },
    });
    const error = await failure(
      createApiClient({ baseUrl: 'https://api.sho.rt/api', apiKey: API_KEY, fetch }).listLinks(),
    );
    expect(error).toMatchObject({ kind: 'unexpected_response' });
    expect(sent).toHaveLength(1);
  });

  it('says so when the service has more links but gives no way to ask for them', async () => {
    const { fetch } = pagedFetch({
      'https://api.sho.rt/v1/links': { links: rows(1, 1), has_more: true },
    });
    const error = await failure(client(fetch).listLinks());
    expect(error).toMatchObject({ kind: 'unexpected_response' });
  });

  it('fails as a whole when a later page fails, rather than show part of the list', async () => {
    const { fetch } = pagedFetch({
      'https://api.sho.rt/v1/links': { links: rows(1, 1), next: '/v1/links?page=2' },
    });
    expect(await failure(client(fetch, { retryLimit: 0 }).listLinks())).toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('redirects from the API', () => {
  it('asks fetch not to follow them', async () => {
    const { fetch } = fakeFetch(json({ success: true, links: [] }));
    let mode: RequestRedirect | undefined;
    await client(async (input, init) => {
      mode = (input instanceof Request ? input : new Request(input, init)).redirect;
      return fetch(input, init);
    }).listLinks();
    expect(mode).toBe('manual');
  });

  /** A browser's answer to redirect: 'manual': no status, no body, type 'opaqueredirect'. */
  const opaqueRedirect = () => {
    const response = new Response(null, { status: 200 });
    Object.defineProperties(response, {
      type: { value: 'opaqueredirect' },
      status: { value: 0 },
      ok: { value: false },
    });
    return response;
  };

  it.each([
    [
      'a 302, as Node hands it back',
      () => new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }),
    ],
    [
      'a 301 with a web page',
      () => new Response('<html>Moved</html>', { status: 301, headers: { location: '/login' } }),
    ],
    ["a browser's opaque redirect", opaqueRedirect],
  ])('reports %s as an unexpected answer, never read as JSON', async (_name, reply) => {
    const { fetch, sent } = fakeFetch(reply());
    const error = await failure(
      client(fetch).createLink({ destinationUrl: 'https://example.com/' }),
    );
    expect(error).toMatchObject({ kind: 'unexpected_response' });
    expect((error as Error).message).toMatch(/redirect, which is not followed/);
    expect(sent).toHaveLength(1);
  });
});

describe('linkPath', () => {
  it.each([
    ['https://sho.rt/abc', 'sho.rt/abc'],
    ['http://localhost:8787/abc', 'localhost:8787/abc'],
    ['https://go.example.com/Spring-2026_x', 'go.example.com/Spring-2026_x'],
    ['sho.rt/abc', 'sho.rt/abc'],
    ['https://sho.rt/abc/', 'sho.rt/abc'],
    ['https://sho.rt/a b', 'sho.rt/a%20b'],
    ['https://sho.rt/a%20b', 'sho.rt/a%20b'],
    ['https://sho.rt/caf%C3%A9', 'sho.rt/caf%C3%A9'],
    ['https://sho.rt/café', 'sho.rt/caf%C3%A9'],
    ['https://sho.rt/a/b', 'sho.rt/a%2Fb'],
    ['https://sho.rt/100%', 'sho.rt/100%25'],
    ['https://sho.rt/abc?utm=1#top', 'sho.rt/abc'],
    ['http://[::1]:8787/abc', '[::1]:8787/abc'],
  ])('addresses %s as %s', (shortUrl, path) => {
    expect(linkPath(shortUrl)).toBe(path);
  });

  it.each(['https://sho.rt/', 'https://sho.rt', '', 'https://sho.rt/..', 'https://sho.rt/%2e'])(
    'refuses %j, which has no back-half',
    (shortUrl) => {
      expect(() => linkPath(shortUrl)).toThrow(/not a short link/);
    },
  );
});

describe('call: a request beyond the interface', () => {
  it('sends the method, path and body with the key, and reads the answer by its schema', async () => {
    const { fetch, sent } = fakeFetch(json({ success: true, changed: 2 }));
    const answer = await client(fetch).call(
      'patch',
      'v1/links',
      z.object({ changed: z.number() }),
      { json: { links: ['sho.rt/a', 'sho.rt/b'], add_tags: ['x'] } },
    );

    expect(answer).toEqual({ changed: 2 });
    expect(sent[0]).toMatchObject({ method: 'PATCH', url: `${BASE_URL}/v1/links` });
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      links: ['sho.rt/a', 'sho.rt/b'],
      add_tags: ['x'],
    });
  });

  it('names a refusal as any call does, and an answer that lacks a field', async () => {
    const refused = await failure(
      client(
        fakeFetch(json({ error: { code: 'tag_not_found', message: 'No such tag.' } }, 404)).fetch,
      ).call('delete', 'v1/tags/9', z.object({})),
    );
    expect(isApiError(refused) && refused.kind).toBe('not_found');
    const odd = await failure(
      client(fakeFetch(json({ success: true })).fetch).call(
        'get',
        'v1/tags',
        z.object({ tags: z.array(z.string()) }),
      ),
    );
    expect(isApiError(odd) && odd.message).toMatch(/tags/);
  });
});
