// What an account's service offers, read with its domains from the real service's contract, cached
// beside them, and never in their way.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { NO_OFFER, offersLinkField, offersOperation } from '../api/service-offer.ts';
import type { AccountRef } from '../settings/connection.ts';
import { closeAccounts, openAccount } from './account.ts';
import { OFFER_MAX_AGE_MS } from './account-offer.ts';
import {
  clearCaches,
  readCachedDomains,
  readCachedLinks,
  readCachedOffer,
  writeCachedOffer,
} from './cache.ts';

let service: TestService;
let connection: AccountRef;
let accounts = 0;

/** The page's fetch, with the contract's address answered by `answer` instead of the service. */
function contractAnswers(answer: (request: Request) => Promise<Response>) {
  const realFetch = globalThis.fetch;
  let asked = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!new URL(request.url).pathname.endsWith('/v1/openapi.json')) return realFetch(input, init);
    asked++;
    return answer(request);
  });
  return { asked: () => asked };
}

/** Runs `write` as if it were a day and a minute ago (the cache stamps what it writes). */
async function aDayAgo(write: () => Promise<void>): Promise<void> {
  const now = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(now - OFFER_MAX_AGE_MS - 60_000);
  try {
    await write();
  } finally {
    clock.mockRestore();
  }
}

const notFound = async () =>
  Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  const email = `offer-${++accounts}@example.com`;
  connection = {
    id: `offer-${accounts}`,
    apiBaseUrl: service.baseUrl,
    apiKey: await service.createAccount(email),
  };
  await service.addDomain(email, `go${accounts}.offer.example`);
  await service.insertLinks(connection.apiKey, [
    { backHalf: `offer-${accounts}`, destinationUrl: 'https://example.com/a' },
  ]);
});
afterEach(() => {
  closeAccounts();
  vi.restoreAllMocks();
});

describe("an account's service offer", () => {
  it('is read from our service with the domains, shown and stored beside them', async () => {
    const account = openAccount(connection);
    await account.loadDomains();
    const offer = await account.serviceOffer();
    expect(account.getSnapshot().offer.value).toBe(offer);
    for (const field of ['title', 'back_half', 'domain']) {
      expect(offersLinkField(offer, field), field).toBe(true);
    }
    expect(offersOperation(offer, 'linkStats')).toBe(true);
    expect((await readCachedOffer(connection))?.value).toEqual(offer);
  });

  it('is the cached one on another page, before and without asking the service', async () => {
    await openAccount(connection).serviceOffer();
    closeAccounts();
    const { asked } = contractAnswers(notFound);
    const offer = await openAccount(connection).serviceOffer();
    expect(offersLinkField(offer, 'back_half')).toBe(true);
    expect(asked()).toBe(0);
  });

  it('is nothing new from a service answering 404 there, whose domains and links still load', async () => {
    contractAnswers(notFound);
    const account = openAccount(connection);
    const [domains, links] = await Promise.all([account.loadDomains(), account.loadLinks()]);
    expect(domains?.map((domain) => domain.domain)).toEqual([`go${accounts}.offer.example`]);
    expect(links).toHaveLength(1);
    expect(await account.serviceOffer()).toEqual(NO_OFFER);
    expect(offersLinkField(account.getSnapshot().offer.value, 'title')).toBe(false);
    expect((await readCachedOffer(connection))?.value).toEqual(NO_OFFER);
  });

  it('keeps what was known when the contract cannot be read now, and asks again at the next refresh', async () => {
    await aDayAgo(() => writeCachedOffer(connection, NO_OFFER));
    const { asked } = contractAnswers(async () => {
      throw new TypeError('fetch failed');
    });
    const account = openAccount(connection);
    await account.loadDomains();
    // The client retries a GET that got no answer, as every GET.
    await vi.waitFor(() => expect(account.getSnapshot().offer.error).toBeDefined(), {
      timeout: 5_000,
    });
    expect(account.getSnapshot().offer.value).toEqual(NO_OFFER);
    expect(await readCachedDomains(connection)).toBeDefined();
    const before = asked();

    vi.restoreAllMocks();
    await account.refreshDomains();
    await vi.waitFor(() => expect(account.getSnapshot().offer.error).toBeUndefined());
    expect(before).toBeGreaterThan(0);
    expect(offersLinkField(account.getSnapshot().offer.value, 'title')).toBe(true);
    expect(offersLinkField((await readCachedOffer(connection))?.value, 'title')).toBe(true);
  });

  it('is asked for again only once what is known is a day old', async () => {
    await openAccount(connection).serviceOffer();
    closeAccounts();
    const { asked } = contractAnswers(notFound);
    const account = openAccount(connection);
    await account.refreshDomains();
    await account.refreshDomains();
    expect(asked()).toBe(0);
    expect(offersLinkField(account.getSnapshot().offer.value, 'title')).toBe(true);

    closeAccounts();
    const old = await readCachedOffer(connection);
    await aDayAgo(() => writeCachedOffer(connection, old?.value ?? NO_OFFER));
    await openAccount(connection).refreshDomains();
    await vi.waitFor(() => expect(asked()).toBe(1));
  });

  it('never holds up the domains', async () => {
    contractAnswers(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const account = openAccount(connection);
    const domains = await account.refreshDomains();
    expect(domains).toHaveLength(1);
    expect(account.getSnapshot().offer).toMatchObject({ value: undefined, loading: true });
  });

  it('is cached for its connection only, and goes with the other caches', async () => {
    await openAccount(connection).serviceOffer();
    expect(await readCachedOffer({ ...connection, apiKey: 'slk_another_key' })).toBeUndefined();
    await clearCaches(connection.id);
    expect(await readCachedOffer(connection)).toBeUndefined();
  });
});

describe("a link's end, offered by the contract", () => {
  const ends = {
    expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    maxClicks: 5,
    expiredUrl: 'https://example.com/ended',
  };

  /** The bodies the page sent to create or update links; the contract answered by `contract`. */
  function sentBodies(contract?: () => Promise<Response>) {
    const bodies: unknown[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const toContract = new URL(request.url).pathname.endsWith('/v1/openapi.json');
      if (contract && toContract) return contract();
      if (/^(POST|PUT)$/.test(request.method)) bodies.push(await request.clone().json());
      return realFetch(request);
    });
    return bodies;
  }

  it('is known from the cached offer at once, without a request', async () => {
    await openAccount(connection).serviceOffer();
    closeAccounts();
    const { asked } = contractAnswers(notFound);
    const account = openAccount(connection);
    expect(account.offersLinkField('expires_at')).toBe(false);
    void account.loadDomains();
    await vi.waitFor(() => expect(account.offersLinkField('expires_at')).toBe(true));
    for (const field of ['max_clicks', 'expired_url']) {
      expect(account.offersLinkField(field), field).toBe(true);
    }
    expect(asked()).toBe(0);
  });

  it('takes a password, which is sent, never kept, and answered as password_protected', async () => {
    const account = openAccount(connection);
    await account.loadLinks();
    await account.serviceOffer();
    expect(account.offersLinkField('password')).toBe(true);
    expect(account.offersLinkField('password_protected')).toBe(true);
    const bodies = sentBodies();
    const link = await account.createLink({
      destinationUrl: 'https://example.com/locked',
      password: 'open sesame',
    });
    expect(bodies[0]).toMatchObject({ password: 'open sesame' });
    expect(link).toMatchObject({ passwordProtected: true });
    expect(link).not.toHaveProperty('password');
    expect(await account.updateLink(link, { password: null })).toMatchObject({
      passwordProtected: false,
    });
    expect(bodies[1]).toEqual({ password: null });
    await account.updateLink(link, { password: 'another one' });
    const stored = JSON.stringify([
      account.getSnapshot().links.value,
      await readCachedLinks(connection),
      await fakeBrowser.storage.local.get(null),
    ]);
    expect(stored).toContain('"passwordProtected":true');
    expect(stored).not.toMatch(/open sesame|another one/);
  });

  it('is sent to our service and read back from it', async () => {
    const account = openAccount(connection);
    await account.serviceOffer();
    const bodies = sentBodies();
    const link = await account.createLink({ destinationUrl: 'https://example.com/ends', ...ends });
    expect(link).toMatchObject(ends);
    expect(bodies[0]).toMatchObject({ expires_at: ends.expiresAt, max_clicks: 5 });
    const updated = await account.updateLink(link, { maxClicks: null, expiresAt: null });
    expect(updated).toMatchObject({
      maxClicks: null,
      expiresAt: null,
      expiredUrl: ends.expiredUrl,
    });
  });

  it.each([
    ['answers 404 for its contract', notFound],
    [
      'publishes a contract without the fields',
      async () =>
        Response.json({
          openapi: '3.1.0',
          paths: { '/v1/links': { post: {} }, '/v1/links/{domain}/{back_half}': { put: {} } },
        }),
    ],
  ])('is neither offered nor sent to a service that %s', async (_, answer) => {
    const bodies = sentBodies(answer);
    const account = openAccount(connection);
    await account.loadDomains();
    await vi.waitFor(() => expect(account.getSnapshot().offer.value).toBeDefined());
    for (const field of ['expires_at', 'max_clicks', 'expired_url', 'password']) {
      expect(account.offersLinkField(field), field).toBe(false);
    }
    const link = await account.createLink({
      destinationUrl: 'https://example.com/plain',
      ...ends,
      password: 'open sesame',
    });
    await account.updateLink(link, { title: 'Plain', ...ends, password: null });
    expect(bodies).toEqual([{ destination_url: 'https://example.com/plain' }, { title: 'Plain' }]);
  });
});
