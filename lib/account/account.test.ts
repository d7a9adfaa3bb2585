import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { rawRequest } from '../../test/support/test-api.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import type { Link } from '../api/schemas.ts';
import type { AccountRef } from '../settings/connection.ts';
import { recentClicks } from '../stats/click-record.ts';
import { readClickRecord } from '../stats/click-record-store.ts';
import { type Account, closeAccounts, openAccount } from './account.ts';
import {
  cachedLinksVersion,
  FIRST_SCREEN_LINKS,
  readCachedDomains,
  readCachedLinks,
  writeCachedDomains,
  writeCachedLinks,
} from './cache.ts';
import { readStoredFirstScreen, writeStoredLinks } from './links-store.ts';

let service: TestService;
let connection: AccountRef;
let email: string;
let accounts = 0;

const cachedLink = (n: number): Link => ({
  shortUrl: `${service.baseUrl}/cached${n}`,
  destinationUrl: `https://example.com/cached/${n}`,
  clicks: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  title: `Cached ${n}`,
});

const shortUrls = (links: readonly Link[] | undefined) => links?.map((link) => link.shortUrl);
const cachedShortUrls = async () => shortUrls((await readCachedLinks(connection))?.value);

/** Every request the page's fetch sent to the service, by method and path. */
function recordRequests() {
  const sent: string[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return realFetch(input, init);
  });
  return { sent, stop: () => spy.mockRestore() };
}

/** Every snapshot of the links list the account published, in order. */
function watchLinks(account: Account) {
  const seen: (string[] | undefined)[] = [];
  const stop = account.subscribe(() => {
    const value = shortUrls(account.getSnapshot().links.value);
    if (JSON.stringify(seen.at(-1)) !== JSON.stringify(value)) seen.push(value);
  });
  return { seen, stop };
}

/**
 * The service's answers held until `shown` holds of the account's links (2 s at most): on a busy
 * machine its small list could otherwise come before the cache is read, and rightly be shown alone.
 */
function answerOnceShown(account: Account, shown: (links: Link[] | undefined) => boolean) {
  const ready = new Promise<void>((resolve) => {
    account.subscribe(() => {
      if (shown(account.getSnapshot().links.value)) resolve();
    });
  });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    return realFetch(input, init);
  });
}

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  // A fresh account on the service for each test: lists start empty.
  email = `account-${++accounts}@example.com`;
  connection = {
    id: `account-${accounts}`,
    apiBaseUrl: service.baseUrl,
    apiKey: await service.createAccount(email),
  };
  await service.insertLinks(connection.apiKey, [
    { backHalf: `fresh-a-${accounts}`, destinationUrl: 'https://example.com/a', createdAt: 2 },
    { backHalf: `fresh-b-${accounts}`, destinationUrl: 'https://example.com/b', createdAt: 1 },
  ]);
});
afterEach(() => {
  closeAccounts();
  vi.restoreAllMocks();
});

describe('openAccount', () => {
  it('gives every part of a page the same object for a connection, and another for another', () => {
    const account = openAccount(connection);
    expect(openAccount({ ...connection })).toBe(account);
    expect(openAccount({ ...connection, apiKey: 'slk_other' })).not.toBe(account);
    expect(openAccount({ ...connection, id: 'another' })).not.toBe(account);
  });

  it('keeps the caches of two accounts apart, even on the same service', async () => {
    const other = { ...connection, id: 'other', apiKey: await service.createAccount(`o-${email}`) };
    await openAccount(connection).loadLinks();
    await openAccount(other).loadLinks();
    expect(await cachedShortUrls()).toHaveLength(2);
    expect((await readCachedLinks(other))?.value).toEqual([]);
  });
});

describe('the links', () => {
  it('shows the cached list first, then the fresh one, then stores it', async () => {
    await writeCachedLinks(connection, [cachedLink(1)], 1234);
    const account = openAccount(connection);
    const { seen } = watchLinks(account);
    answerOnceShown(account, (links) => links?.[0]?.shortUrl === cachedLink(1).shortUrl);

    const fresh = await account.loadLinks();

    const freshUrls = [
      `${service.baseUrl}/fresh-a-${accounts}`,
      `${service.baseUrl}/fresh-b-${accounts}`,
    ];
    expect(shortUrls(fresh)).toEqual(freshUrls);
    expect(seen).toEqual([[cachedLink(1).shortUrl], freshUrls]);
    expect(account.getSnapshot().links).toMatchObject({ loading: false, error: undefined });
    expect(account.getSnapshot().links.fetchedAt).toBeGreaterThan(1234);
    expect(await cachedShortUrls()).toEqual(freshUrls);
  });

  describe('a long cached list, its first screen first', () => {
    // Newest first, as the service lists them: cached0 is the newest.
    let many: Link[] = [];
    beforeEach(() => {
      many = Array.from({ length: FIRST_SCREEN_LINKS + 10 }, (_, n) => ({
        ...cachedLink(n),
        createdAt: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
      }));
    });
    const watchParts = (account: Account) => {
      const seen: { count: number | undefined; partOf: number | 'unknown' | undefined }[] = [];
      account.subscribe(() => {
        const { value, partOf: part } = account.getSnapshot().links;
        const partOf = part && (part.total ?? 'unknown');
        const last = seen.at(-1);
        if (last?.count !== value?.length || last?.partOf !== partOf) {
          seen.push({ count: value?.length, partOf });
        }
      });
      return seen;
    };

    it('shows the newest links, then the whole cached list, then the fresh one', async () => {
      await writeCachedLinks(connection, many, 1234);
      const account = openAccount(connection);
      const seen = watchParts(account);
      answerOnceShown(account, (links) => links?.length === many.length);
      await account.loadLinks();
      expect(seen).toEqual([
        { count: FIRST_SCREEN_LINKS, partOf: many.length },
        { count: many.length, partOf: undefined },
        { count: 2, partOf: undefined },
      ]);
    });

    it('keeps a change made while the first screen is shown', async () => {
      await writeCachedLinks(connection, many, 1234);
      await service.revokeKey(connection.apiKey);
      const account = openAccount(connection);
      let edited = false;
      account.subscribe(() => {
        if (edited || account.getSnapshot().links.partOf === undefined) return;
        edited = true;
        // Shown at once; the service refuses it later (revoked key), which puts it back.
        void account.updateLink(many[0] as Link, { title: 'Edited' }).catch(() => {});
      });
      const seen: (string | undefined)[] = [];
      account.subscribe(() => {
        const { value, partOf } = account.getSnapshot().links;
        if (partOf === undefined && value?.length === many.length) seen.push(value[0]?.title);
      });
      await account.loadLinks();
      expect(edited).toBe(true);
      expect(seen[0]).toBe('Edited');
    });

    describe('without a cache', () => {
      const insertMany = () =>
        service.insertLinks(
          connection.apiKey,
          // Listed newest first by the service; inserted oldest first here.
          Array.from({ length: FIRST_SCREEN_LINKS + 10 }, (_, n) => ({
            backHalf: `many-${accounts}-${n}`,
            destinationUrl: `https://example.com/many/${n}`,
            createdAt: Date.UTC(2026, 0, 1) + n * 60_000,
          })),
        );

      it("shows the fresh answer's first rows as it arrives, then the whole list", async () => {
        await insertMany();
        const account = openAccount(connection);
        const seen = watchParts(account);
        let firstScreen: Link[] | undefined;
        account.subscribe(() => {
          const { value, partOf } = account.getSnapshot().links;
          if (partOf !== undefined) firstScreen ??= value;
        });
        const total = FIRST_SCREEN_LINKS + 12;

        await account.loadLinks();

        // How many in all is not known until the whole answer is in.
        expect(seen).toEqual([
          { count: FIRST_SCREEN_LINKS, partOf: 'unknown' },
          { count: total, partOf: undefined },
        ]);
        // The service sends its newest first; shown newest first: the last inserted, not the two of every test (at 1 and 2 ms).
        expect(shortUrls(firstScreen)?.slice(0, 2)).toEqual([
          `${service.baseUrl}/many-${accounts}-${FIRST_SCREEN_LINKS + 9}`,
          `${service.baseUrl}/many-${accounts}-${FIRST_SCREEN_LINKS + 8}`,
        ]);
        expect(firstScreen?.every((link) => link.shortUrl.includes('/many-'))).toBe(true);
        expect(await cachedShortUrls()).toHaveLength(total);
      });

      it('does not pass the newest links off as the whole list when the read stops', async () => {
        await insertMany();
        const account = openAccount(connection);
        account.subscribe(() => {
          // The page closed while the first screen is shown: the rest is never read.
          if (account.getSnapshot().links.partOf !== undefined) closeAccounts();
        });

        expect(await account.loadLinks()).toBeUndefined();
        expect(account.getSnapshot().links).toMatchObject({ value: undefined, partOf: undefined });
      });
    });

    it('does not pass a first screen off as the whole list when the list is gone', async () => {
      await writeCachedLinks(connection, many, 1234);
      // The whole list damaged, its first screen intact.
      await writeStoredLinks(connection.id, {
        all: 'damaged',
        firstScreen: await readStoredFirstScreen(connection.id),
      });
      await service.revokeKey(connection.apiKey);
      const account = openAccount(connection);
      const seen = watchParts(account);
      await account.loadLinks();
      expect(seen[0]).toEqual({ count: FIRST_SCREEN_LINKS, partOf: many.length });
      expect(account.getSnapshot().links).toMatchObject({ value: undefined, partOf: undefined });
    });
  });

  it('keeps the cached list, with the reason, when the service refuses', async () => {
    await writeCachedLinks(connection, [cachedLink(1)], 1234);
    await service.revokeKey(connection.apiKey);
    const account = openAccount(connection);

    expect(await account.loadLinks()).toBeUndefined();

    expect(account.getSnapshot().links).toMatchObject({
      value: [cachedLink(1)],
      fetchedAt: 1234,
      loading: false,
      error: { kind: 'unauthorized' },
    });
    expect(await cachedShortUrls()).toEqual([cachedLink(1).shortUrl]);
  });

  it('sends one request for the list however many ask for it at once', async () => {
    const requests = recordRequests();
    const account = openAccount(connection);
    const answers = await Promise.all([
      account.refreshLinks(),
      account.refreshLinks(),
      account.loadLinks(),
      openAccount({ ...connection }).refreshLinks(),
    ]);
    requests.stop();
    expect(requests.sent).toEqual(['GET /v1/links']);
    for (const answer of answers) expect(answer).toBe(answers[0]);
    // Once answered, the next request is a new one.
    await account.refreshLinks();
    expect(requests.sent).toHaveLength(1);
  });

  it('answers a fresh refresh with a request sent after it, wherever the one under way is', async () => {
    const requests = recordRequests();
    const account = openAccount(connection);
    // Asked while the first request is on its way, and again once its list is drawn but not stored.
    const first = account.refreshLinks();
    const whileSent = account.refreshLinks({ fresh: true });
    let whileStored: Promise<Link[]> | undefined;
    const stop = account.subscribe(() => {
      const links = account.getSnapshot().links;
      if (!whileStored && links.value && !links.loading) {
        whileStored = account.refreshLinks({ fresh: true });
      }
    });
    const firstLinks = await first;
    const [afterSent, afterStored] = await Promise.all([whileSent, whileStored]);
    stop();
    requests.stop();
    // Both were asked before the second request was sent: they share it, and no third is sent.
    expect(requests.sent).toEqual(['GET /v1/links', 'GET /v1/links']);
    expect(afterSent).toEqual(firstLinks);
    expect(afterStored).toBe(afterSent);
  });

  it('records the clicks each read of the list finds new, in the click record', async () => {
    const account = openAccount(connection);
    const [first] = await account.refreshLinks();
    const shortUrl = first?.shortUrl as string;
    await account.linksRecorded();
    expect((await readClickRecord(connection.id))[shortUrl]?.days).toEqual([]);
    for (let i = 0; i < 2; i++) {
      expect((await rawRequest(service.baseUrl, new URL(shortUrl).pathname)).status).toBe(302);
    }
    await expect.poll(async () => (await account.refreshLinks())[0]?.clicks).toBe(2);
    await account.linksRecorded();
    expect(recentClicks(await readClickRecord(connection.id), shortUrl, 7, Date.now())).toBe(2);
  });

  it('writes nothing when a refresh finds the list as cached', async () => {
    const account = openAccount(connection);
    await account.loadLinks();
    await account.linksRecorded();
    const version = await cachedLinksVersion(connection);
    expect(version).toBeDefined();
    const written = vi.spyOn(IDBObjectStore.prototype, 'put');

    expect(await account.refreshLinks({ fresh: true })).toHaveLength(2);
    await account.linksRecorded();
    closeAccounts();
    const reopened = openAccount(connection);
    expect(await reopened.loadLinks()).toHaveLength(2);

    expect(written).not.toHaveBeenCalled();
    expect(await cachedLinksVersion(connection)).toBe(version);
  });

  it('keeps the list shown, the same array, when a refresh finds it unchanged', async () => {
    const account = openAccount(connection);
    await account.loadLinks();
    const shown = account.getSnapshot().links.value;
    const published: unknown[] = [];
    account.subscribe(() => published.push(account.getSnapshot().links.value));

    await account.refreshLinks({ fresh: true });

    expect(account.getSnapshot().links.value).toBe(shown);
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((value) => value === shown)).toBe(true);
  });

  it('keeps the objects of the links a refresh finds unchanged, and takes the changed ones', async () => {
    const account = openAccount(connection);
    const [changed, unchanged] = (await account.loadLinks()) as Link[];
    expect(
      (await rawRequest(service.baseUrl, new URL(changed?.shortUrl ?? '').pathname)).status,
    ).toBe(302);

    const fresh = await account.refreshLinks({ fresh: true });

    expect(fresh[0]).toMatchObject({ shortUrl: changed?.shortUrl, clicks: 1 });
    expect(fresh[0]).not.toBe(changed);
    expect(fresh[1]).toBe(unchanged);
    expect(account.getSnapshot().links.value).toBe(fresh);
  });

  it('lets one caller stop waiting without cancelling the request the others wait for', async () => {
    const account = openAccount(connection);
    const impatient = new AbortController();
    const waiting = account.refreshLinks({ signal: impatient.signal });
    const patient = account.refreshLinks();
    impatient.abort(new DOMException('Gone', 'AbortError'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(await patient).toHaveLength(2);
    expect(await cachedShortUrls()).toHaveLength(2);
  });

  it('stops the request under way when the account is closed, and stores nothing', async () => {
    const account = openAccount(connection);
    const refresh = account.refreshLinks();
    account.close();
    await expect(refresh).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readCachedLinks(connection)).toBeUndefined();
  });

  it('refreshes the cache only when it is missing or too old', async () => {
    const account = openAccount(connection);
    expect(await account.refreshLinksIfOlderThan(60_000)).toBe('refreshed');
    expect(await account.refreshLinksIfOlderThan(60_000)).toBe('fresh');
    expect(await account.refreshLinksIfOlderThan(60_000, () => Date.now() + 3_600_000)).toBe(
      'refreshed',
    );
    await service.revokeKey(connection.apiKey);
    expect(await account.refreshLinksIfOlderThan(0)).toBe('failed');
  });
});

describe('changes go through to the list and the cache', () => {
  async function loadedAccount() {
    const account = openAccount(connection);
    await account.loadLinks();
    return account;
  }

  it('puts a created link first', async () => {
    const account = await loadedAccount();
    const link = await account.createLink({ destinationUrl: 'https://example.com/new' });
    expect(shortUrls(account.getSnapshot().links.value)?.[0]).toBe(link.shortUrl);
    expect((await cachedShortUrls())?.[0]).toBe(link.shortUrl);
    expect(await cachedShortUrls()).toHaveLength(3);
  });

  it('keeps a link made while the list was on its way, which the list was read without', async () => {
    const account = await loadedAccount();
    // The service reads the list at once; its answer is held back until the create is done.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let listRead = () => {};
    const listWasRead = new Promise<void>((resolve) => {
      listRead = resolve;
    });
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const response = await realFetch(input, init);
      if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('/v1/links')) {
        return response;
      }
      const body = await response.text();
      listRead();
      await held;
      return new Response(body, { status: response.status, headers: response.headers });
    });
    const refreshed = account.refreshLinks();
    await listWasRead;
    const made = await account.createLink({ destinationUrl: 'https://example.com/meanwhile' });
    release();
    const listed = await refreshed;
    expect(shortUrls(listed)).toContain(made.shortUrl);
    expect(shortUrls(account.getSnapshot().links.value)?.[0]).toBe(made.shortUrl);
    expect(await cachedShortUrls()).toEqual(shortUrls(account.getSnapshot().links.value));
    expect(await cachedShortUrls()).toHaveLength(3);
  });

  it('adds a created link to the cache even where the list was never loaded (the popup)', async () => {
    await writeCachedLinks(connection, [cachedLink(1)], 1234);
    const link = await openAccount(connection).createLink({
      destinationUrl: 'https://example.com/from-popup',
    });
    expect(await readCachedLinks(connection)).toMatchObject({
      value: [{ shortUrl: link.shortUrl }, cachedLink(1)],
      fetchedAt: 1234,
    });
  });

  it('shows an edit at once and keeps what the service saved', async () => {
    const account = await loadedAccount();
    const link = account.getSnapshot().links.value?.[0] as Link;
    const saving = account.updateLink(link, { title: 'Renamed' });
    // Before the service has answered:
    expect(account.getSnapshot().links.value?.[0]?.title).toBe('Renamed');
    expect(await saving).toMatchObject({ shortUrl: link.shortUrl, title: 'Renamed' });
    expect((await readCachedLinks(connection))?.value[0]?.title).toBe('Renamed');
    expect((await service.storedLinks(connection.apiKey)).map((row) => row.title)).toContain(
      'Renamed',
    );
  });

  it("sends a link's edits one after another, so that the last one made is the one kept", async () => {
    const account = await loadedAccount();
    const link = account.getSnapshot().links.value?.[0] as Link;
    // The first edit's request is slow to leave: the second must still reach the service after it.
    const realFetch = globalThis.fetch;
    let puts = 0;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method === 'PUT' && ++puts === 1) await new Promise((r) => setTimeout(r, 300));
      return realFetch(input, init);
    });
    try {
      const first = account.updateLink(link, { title: 'First' });
      const shown = account.getSnapshot().links.value?.[0] as Link;
      const second = account.updateLink(shown, { title: 'Second' });
      await Promise.all([first, second]);
    } finally {
      spy.mockRestore();
    }
    expect(account.getSnapshot().links.value?.[0]?.title).toBe('Second');
    const stored = await service.storedLinks(connection.apiKey);
    expect(stored.find((row) => link.shortUrl.endsWith(`/${row.backHalf}`))?.title).toBe('Second');
  });

  it('puts the link back as it was when the service refuses the edit', async () => {
    const account = await loadedAccount();
    const link = account.getSnapshot().links.value?.[0] as Link;
    await expect(account.updateLink(link, { title: 'x'.repeat(300) })).rejects.toMatchObject({
      kind: 'invalid_input',
    });
    expect(account.getSnapshot().links.value?.[0]).toEqual(link);
    expect((await readCachedLinks(connection))?.value[0]).toEqual(link);
  });

  it('removes deleted links, and puts back those the service did not delete', async () => {
    const account = await loadedAccount();
    const [first, second] = account.getSnapshot().links.value as Link[];
    const gone = await account.deleteLinks([first?.shortUrl as string]);
    expect(gone).toEqual([]);
    expect(shortUrls(account.getSnapshot().links.value)).toEqual([second?.shortUrl]);
    expect(await cachedShortUrls()).toEqual([second?.shortUrl]);

    await service.revokeKey(connection.apiKey);
    const failures = await account.deleteLinks([second?.shortUrl as string]);
    expect(failures).toMatchObject([
      { shortUrl: second?.shortUrl, error: { kind: 'unauthorized' } },
    ]);
    expect(shortUrls(account.getSnapshot().links.value)).toEqual([second?.shortUrl]);
    expect(await cachedShortUrls()).toEqual([second?.shortUrl]);
  });

  it('shows the cache again when another page or the background changed it', async () => {
    const account = await loadedAccount();
    const [first, second] = account.getSnapshot().links.value as Link[];
    const made = cachedLink(1);
    await writeCachedLinks(connection, [made, first as Link, second as Link]);
    expect(shortUrls(account.getSnapshot().links.value)).toHaveLength(2);
    await Promise.all([account.reloadCachedLinks(), account.reloadCachedLinks()]);
    expect(shortUrls(account.getSnapshot().links.value)).toEqual([
      made.shortUrl,
      first?.shortUrl,
      second?.shortUrl,
    ]);
  });

  it('drops links deleted elsewhere from the list shown', async () => {
    const account = await loadedAccount();
    const [first, second] = account.getSnapshot().links.value as Link[];
    account.dropLinks([first?.shortUrl as string]);
    expect(shortUrls(account.getSnapshot().links.value)).toEqual([second?.shortUrl]);
  });

  it('takes a link already gone from the service as deleted', async () => {
    const account = await loadedAccount();
    const [first] = account.getSnapshot().links.value as Link[];
    await account.deleteLinks([first?.shortUrl as string]);
    await writeCachedLinks(connection, [first as Link]);
    expect(await account.deleteLinks([first?.shortUrl as string])).toEqual([]);
    expect(await cachedShortUrls()).toEqual([]);
  });
});

describe('the domains', () => {
  it('shows the cached domains first, then the fresh ones, then stores them', async () => {
    await service.addDomain(email, `go${accounts}.example.com`);
    const cached = {
      domain: 'old.example.com',
      subdomain: 'old',
      rootDomain: 'example.com',
      createdAt: '',
    };
    await writeCachedDomains(connection, [cached]);
    const account = openAccount(connection);
    const seen: string[][] = [];
    account.subscribe(() => {
      const hosts = (account.getSnapshot().domains.value ?? []).map((d) => d.domain);
      if (JSON.stringify(seen.at(-1)) !== JSON.stringify(hosts)) seen.push(hosts);
    });

    await account.loadDomains();

    expect(seen).toEqual([[], ['old.example.com'], [`go${accounts}.example.com`]]);
    expect((await readCachedDomains(connection))?.value.map((d) => d.domain)).toEqual([
      `go${accounts}.example.com`,
    ]);
  });

  it('sends one request for the domains however many ask at once', async () => {
    const requests = recordRequests();
    const account = openAccount(connection);
    await Promise.all([account.loadDomains(), account.refreshDomains(), account.loadDomains()]);
    await account.serviceOffer();
    requests.stop();
    // And one for what the service offers, read with them (account-offer.test.ts).
    expect(requests.sent.sort()).toEqual(['GET /v1/domains', 'GET /v1/openapi.json']);
  });

  it('gives the reason to the caller and keeps it in the snapshot', async () => {
    await service.revokeKey(connection.apiKey);
    const account = openAccount(connection);
    await expect(account.refreshDomains()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(account.getSnapshot().domains).toMatchObject({
      loading: false,
      error: { kind: 'unauthorized' },
    });
  });
});
