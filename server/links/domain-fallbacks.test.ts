// A custom domain's fallbacks (`domain set`): an unknown back-half on it answers 302 to its
// not-found address, its bare root to its root address; without them, the service's own pages.
// The addresses follow the destinations' rules, and none may be on a host of this service.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { StorageUnavailable } from '../storage/storage.ts';
import { createDestinationRules, watchBlockedHosts } from './destinations.ts';
import { domainLines, setDomainFallbacks } from './domain-settings.ts';

const HOST = 'go.fallback.example';
let dir: string;
let t: TestService;
let client: Api;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-fallbacks-'));
  t = await startTestService();
  client = api(t.baseUrl, await t.createAccount('fallbacks@example.com'));
  await t.addDomain('fallbacks@example.com', HOST);
  await t.createAccount('other@example.com');
  await t.addDomain('other@example.com', 'other.fallback.example');
});
afterAll(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** `domain set` as the command line runs it, on the test service's database. */
function set(host: string, typed: { notFoundUrl?: string; rootUrl?: string }) {
  const blockedHostsFile = path.join(dir, 'blocked.txt');
  writeFileSync(blockedHostsFile, 'evil.example\n');
  const store = t.service.store;
  const rules = createDestinationRules({
    domains: createShortDomains(t.shortDomain),
    isCustomDomain: (hostname) => store.isCustomDomain(hostname),
    blockedHosts: watchBlockedHosts(blockedHostsFile, () => {}),
  });
  return setDomainFallbacks(store, rules, host, typed);
}

const visit = (pathname: string, host = HOST, method = 'GET') =>
  rawRequest(t.baseUrl, pathname, { host, method });

describe('a custom domain without fallbacks', () => {
  it('answers the 404 page for an unknown back-half and the home page at its root', async () => {
    const unknown = await visit('/nothing-here', 'other.fallback.example');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Link not found');
    const root = await visit('/', 'other.fallback.example');
    expect(root.status).toBe(200);
    expect(root.body).toContain('<h1>Short links</h1>');
  });
});

describe('a custom domain with fallbacks', () => {
  it('sends an unknown back-half to the not-found address and the root to the root address', async () => {
    const stored = await set(`${HOST.toUpperCase()}.`, {
      notFoundUrl: 'https://www.fallback.example/missing page',
      rootUrl: 'https://www.fallback.example/',
    });
    expect(stored).toEqual({
      notFoundUrl: 'https://www.fallback.example/missing%20page',
      rootUrl: 'https://www.fallback.example/',
    });
    for (const [pathname, location] of [
      ['/unknown', 'https://www.fallback.example/missing%20page'],
      ['/not/a/back-half', 'https://www.fallback.example/missing%20page'],
      ['/%E0%A4%A', 'https://www.fallback.example/missing%20page'],
      ['/', 'https://www.fallback.example/'],
      ['/?utm_source=card', 'https://www.fallback.example/'],
    ]) {
      const answer = await visit(pathname as string);
      expect([pathname, answer.status, answer.headers.location]).toEqual([pathname, 302, location]);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect((await visit('/unknown', HOST, 'HEAD')).status).toBe(302);
  });

  it('still leads its own links to their destinations, and an ended link to its 410 page', async () => {
    await set(HOST, { notFoundUrl: 'https://www.fallback.example/missing' });
    const live = await client.create({
      destination_url: 'https://example.com/live',
      domain: HOST,
      back_half: 'live',
    });
    expect(live.status).toBe(200);
    expect((await visit('/live')).headers.location).toBe('https://example.com/live');
    await client.create({
      destination_url: 'https://example.com/once',
      domain: HOST,
      back_half: 'once',
      max_clicks: 1,
    });
    expect((await visit('/once')).status).toBe(302);
    expect((await visit('/once')).status).toBe(410);
  });

  it('leaves the default domain and other domains as they were', async () => {
    expect((await rawRequest(t.baseUrl, '/unknown')).status).toBe(404);
    expect((await rawRequest(t.baseUrl, '/')).status).toBe(200);
    expect((await visit('/unknown', 'other.fallback.example')).status).toBe(404);
  });

  it('keeps the one not given, and goes back to the service pages when one is cleared', async () => {
    await set(HOST, {
      notFoundUrl: 'https://www.fallback.example/missing',
      rootUrl: 'https://www.fallback.example/',
    });
    expect(await set(HOST, { rootUrl: '' })).toEqual({
      notFoundUrl: 'https://www.fallback.example/missing',
      rootUrl: null,
    });
    expect((await visit('/')).status).toBe(200);
    expect((await visit('/unknown')).status).toBe(302);
    await set(HOST, { notFoundUrl: '' });
    expect((await visit('/unknown')).status).toBe(404);
  });

  it('are listed with their domain and account', async () => {
    await set(HOST, { rootUrl: 'https://www.fallback.example/' });
    expect(domainLines(await t.service.store.allDomains())).toEqual([
      'go.fallback.example (fallbacks@example.com): unknown back-halves go to the 404 page, the root to https://www.fallback.example/',
      'other.fallback.example (other@example.com): unknown back-halves go to the 404 page, the root to the home page',
    ]);
  });

  it('are not in the account answer of /v1/domains, which stays as it was', async () => {
    const { body } = await client.domains();
    expect(body.domains).toEqual([
      expect.objectContaining({ domain: HOST, subdomain: 'go', root_domain: 'fallback.example' }),
    ]);
    expect(Object.keys(body.domains[0] ?? {}).sort()).toEqual([
      'created_at',
      'domain',
      'root_domain',
      'subdomain',
    ]);
  });
});

describe('a custom domain whose database is away', () => {
  it('answers the service pages rather than failing, when its fallbacks cannot be read', async () => {
    const away = await startTestService({
      wrapStorage: (store) => ({
        ...store,
        engine: store.engine,
        domainFallbacks: () => Promise.reject(new StorageUnavailable('the disk is away')),
      }),
    });
    try {
      const root = await rawRequest(away.baseUrl, '/', { host: HOST });
      expect(root.status).toBe(200);
      expect(root.body).toContain('<h1>Short links</h1>');
      expect((await rawRequest(away.baseUrl, '/unknown', { host: HOST })).status).toBe(404);
    } finally {
      await away.stop();
    }
  });
});

describe('a fallback address', () => {
  const refused: [string, { notFoundUrl?: string; rootUrl?: string }, RegExp][] = [
    [
      'not a web address',
      { notFoundUrl: 'missing.html' },
      /^The address of --not-found-url is not a web address/,
    ],
    [
      'not http(s)',
      { rootUrl: 'ftp://files.example/' },
      /^The address of --root-url must be a full web address starting with http:\/\/ or https:\/\/\.$/,
    ],
    [
      'with credentials',
      { rootUrl: 'https://user:secret@www.example/' },
      /^The address of --root-url must not name a user or password/,
    ],
    [
      'the domain itself (a loop)',
      { rootUrl: `https://${HOST}/` },
      /^The address of --root-url is on go\.fallback\.example, a host of this service's short links/,
    ],
    [
      'another custom domain',
      { notFoundUrl: 'https://other.fallback.example/page' },
      /^The address of --not-found-url is on other\.fallback\.example/,
    ],
    [
      'a short link of the default domain',
      { notFoundUrl: 'http://SHORT/abc' },
      /^The address of --not-found-url is on .*, a host of this service's short links/,
    ],
    [
      'on a blocked host',
      { notFoundUrl: 'https://evil.example/' },
      /^The address of --not-found-url leads to evil\.example, and links to evil\.example are not allowed on this service/,
    ],
  ];

  it.each(refused)(
    'is refused when %s, in one sentence naming the flag, changing nothing',
    async (_, typed, says) => {
      await set(HOST, { notFoundUrl: 'https://www.fallback.example/kept', rootUrl: '' });
      const given = Object.fromEntries(
        Object.entries(typed).map(([key, value]) => [key, value.replace('SHORT', t.shortDomain)]),
      );
      const refusal = await set(HOST, {
        notFoundUrl: 'https://www.fallback.example/new',
        ...given,
      }).catch((error: Error) => error.message);
      expect(refusal).toMatch(says);
      expect(refusal).not.toMatch(/\.\s+\S/);
      expect(await t.service.store.domainFallbacks(HOST)).toEqual({
        notFoundUrl: 'https://www.fallback.example/kept',
        rootUrl: null,
      });
    },
  );

  it('is refused for a domain no account has added, and when none is given', async () => {
    await expect(set('nobody.example', { rootUrl: 'https://www.example/' })).rejects.toThrow(
      'No account has added the domain nobody.example: add it first with domain add.',
    );
    await expect(set(HOST, {})).rejects.toThrow(
      /^Give --not-found-url URL, --root-url URL or both/,
    );
  });
});
