// The account's index of links by destination (Account.linksTo): the background's answer to "does
// the account have a link to this page?", kept in step with every write of the links cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountOf } from '../../test/support/accounts.ts';
import { api } from '../../test/support/test-api.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { connectionTag } from '../settings/connection.ts';
import type { AccountSettings } from '../settings/settings.ts';
import { closeAccounts, openAccount } from './account.ts';
import { readCachedLinks, writeCachedLinks } from './cache.ts';

let service: TestService;
let apiKey: string;
let account: AccountSettings;

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount('links-to@example.com');
  account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
});
afterAll(() => service.stop());
beforeEach(() => {
  fakeBrowser.reset();
  closeAccounts();
});

/** Writes the links entry as versions before this one did: no version beside it. */
function writeWithoutVersion(id: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('shortlink-caches');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const transaction = open.result.transaction('links', 'readwrite');
      const store = transaction.objectStore('links');
      store.put(value, id);
      store.delete(`${id}:version`);
      store.delete(`${id}:first-screen`);
      transaction.oncomplete = () => {
        open.result.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
  });
}

const unique = () => `https://example.com/indexed/${crypto.randomUUID()}`;
const shortUrlsTo = async (address: string) =>
  (await openAccount(account).linksTo([address])).map((link) => link.shortUrl);

describe('Account.linksTo', () => {
  it('lists the links when the cache is missing or older than asked, then answers from it', async () => {
    const url = unique();
    const { short_url } = (await api(service.baseUrl, apiKey).create({ destination_url: url }))
      .body;
    const links = openAccount(account);

    expect(await links.linksTo([url])).toEqual([]);
    expect((await links.linksTo([url], { maxAgeMs: 60_000 })).map((link) => link.shortUrl)).toEqual(
      [short_url],
    );
    expect((await readCachedLinks(account))?.value.map((link) => link.shortUrl)).toContain(
      short_url,
    );
  });

  it('keeps the index in step with a create, an update and a delete', async () => {
    const links = openAccount(account);
    await links.refreshLinks();
    const url = unique();
    expect(await shortUrlsTo(url)).toEqual([]);

    const made = await links.createLink({ destinationUrl: url });
    expect(await shortUrlsTo(url)).toEqual([made.shortUrl]);

    const moved = unique();
    await links.updateLink(made, { destinationUrl: moved });
    expect(await shortUrlsTo(url)).toEqual([]);
    expect(await shortUrlsTo(moved)).toEqual([made.shortUrl]);

    expect(await links.deleteLinks([made.shortUrl])).toEqual([]);
    expect(await shortUrlsTo(moved)).toEqual([]);
  });

  it("sees another page's write of the cache at the next question", async () => {
    const links = openAccount(account);
    await links.refreshLinks();
    const url = unique();
    expect(await shortUrlsTo(url)).toEqual([]);

    // Another page (the popup, the options page) made a link with an account object of its own.
    const cached = (await readCachedLinks(account))?.value ?? [];
    const other = {
      shortUrl: 'http://s.test/other',
      destinationUrl: url,
      clicks: 0,
      createdAt: '',
      title: '',
    };
    await writeCachedLinks(account, [other, ...cached]);

    expect(await shortUrlsTo(url)).toEqual([other.shortUrl]);
  });

  it('reads a list stored without a version (an older version wrote it) at every question', async () => {
    const links = openAccount(account);
    await links.refreshLinks();
    const url = unique();
    expect(await shortUrlsTo(url)).toEqual([]);

    const old = {
      shortUrl: 'http://s.test/old',
      destinationUrl: url,
      clicks: 0,
      createdAt: '',
      title: '',
    };
    await writeWithoutVersion(account.id, {
      connection: connectionTag(account),
      fetchedAt: Date.now(),
      linksJson: JSON.stringify([old]),
    });

    expect(await shortUrlsTo(url)).toEqual([old.shortUrl]);
  });

  it('answers none, and never throws, for an account whose key the service refuses', async () => {
    const refused = accountOf({ apiBaseUrl: service.baseUrl, apiKey: 'sk_made_up' });
    expect(await openAccount(refused).linksTo([unique()], { maxAgeMs: 0 })).toEqual([]);
  });
});

describe('Account.linksTo and links that end', () => {
  it('never answers a link that has ended, by its expiry or its click limit', async () => {
    const url = unique();
    const client = api(service.baseUrl, apiKey);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const ending = (await client.create({ destination_url: url, expires_at: soon })).body;
    const limited = (await client.create({ destination_url: url, max_clicks: 1 })).body;
    const lasting = (await client.create({ destination_url: url, max_clicks: 5 })).body;
    const links = openAccount(account);
    await links.refreshLinks();
    expect((await shortUrlsTo(url)).sort()).toEqual(
      [ending.short_url, limited.short_url, lasting.short_url].sort(),
    );

    await fetch(limited.short_url, { redirect: 'manual' });
    // Clicks are written in batches: the list shows the click a moment later.
    await vi.waitFor(async () => {
      await links.refreshLinks({ fresh: true });
      expect((await shortUrlsTo(url)).sort()).toEqual([ending.short_url, lasting.short_url].sort());
    });
    const later = await links.linksTo([url], { now: () => Date.parse(soon) + 1 });
    expect(later.map((link) => link.shortUrl)).toEqual([lasting.short_url]);
  });
});
