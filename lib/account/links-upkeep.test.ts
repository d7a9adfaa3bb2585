import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storeAccounts } from '../../test/support/accounts.ts';
import { api } from '../../test/support/test-api.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { FIRST_ACCOUNT_ID } from '../settings/settings.ts';
import { closeAccounts } from './account.ts';
import { readCachedLinks, writeCachedLinks } from './cache.ts';
import { linksForPage, refreshLinksCache } from './links-upkeep.ts';

let service: TestService;
let apiKey: string;
let connection: { id: string; apiBaseUrl: string; apiKey: string };

async function createLink(destination: string): Promise<string> {
  return (await api(service.baseUrl, apiKey).create({ destination_url: destination })).body
    .short_url;
}

const cachedShortUrls = async () =>
  (await readCachedLinks(connection))?.value.map((link) => link.shortUrl);

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount('upkeep@example.com');
  connection = { id: FIRST_ACCOUNT_ID, apiBaseUrl: service.baseUrl, apiKey };
});
afterAll(() => service.stop());
beforeEach(() => {
  fakeBrowser.reset();
  closeAccounts();
});

describe('refreshLinksCache', () => {
  it('does nothing before the connection is set', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey: '' });
    expect(await refreshLinksCache()).toBe('not-configured');
    expect(await readCachedLinks(connection)).toBeUndefined();
  });

  it('fills a missing cache from the service', async () => {
    const shortUrl = await createLink('https://example.com/upkeep-1');
    await storeAccounts(connection);
    expect(await refreshLinksCache()).toBe('refreshed');
    expect(await cachedShortUrls()).toContain(shortUrl);
  });

  it('leaves a young cache alone and refreshes an old one', async () => {
    await storeAccounts(connection);
    await writeCachedLinks(connection, []);
    const later = await createLink('https://example.com/upkeep-2');

    expect(await refreshLinksCache(60_000)).toBe('fresh');
    expect(await cachedShortUrls()).toEqual([]);

    const inAnHour = () => Date.now() + 3_600_000;
    expect(await refreshLinksCache(60_000, inAnHour)).toBe('refreshed');
    expect(await cachedShortUrls()).toContain(later);
  });

  it('runs one refresh at a time: a second request shares the first', async () => {
    await storeAccounts(connection);
    const first = refreshLinksCache();
    expect(refreshLinksCache()).toBe(first);
    expect(await first).toBe('refreshed');
  });

  it('keeps the cache as it was when the service refuses the key', async () => {
    const other = {
      id: FIRST_ACCOUNT_ID,
      apiBaseUrl: service.baseUrl,
      apiKey: await service.createAccount('gone@example.com'),
    };
    await storeAccounts(other);
    await writeCachedLinks(other, []);
    await service.revokeKey(other.apiKey);
    expect(await refreshLinksCache(0)).toBe('failed');
    expect((await readCachedLinks(other))?.value).toEqual([]);
  });
});

describe('linksForPage', () => {
  it('answers from a cache it fills first, with only the links to that page', async () => {
    const page = 'https://example.com/for-page';
    const mine = await createLink(page);
    await createLink('https://example.com/elsewhere');
    await storeAccounts(connection);

    const links = await linksForPage([page]);

    expect(links.map((found) => found.shortUrl)).toEqual([mine]);
    expect(await cachedShortUrls()).toContain(mine);
  });

  it("answers from the asked account's own cache, and never from another's", async () => {
    const page = 'https://example.com/two-accounts';
    const mine = await createLink(page);
    const otherKey = await service.createAccount(`other-${Date.now()}@example.com`);
    const [, other] = await storeAccounts(connection, {
      apiBaseUrl: service.baseUrl,
      apiKey: otherKey,
    });
    expect((await linksForPage([page])).map((found) => found.shortUrl)).toEqual([mine]);
    expect(await linksForPage([page], other?.id)).toEqual([]);
    expect(
      (await linksForPage([page], 'removed-meanwhile')).map((found) => found.shortUrl),
    ).toEqual([mine]);
  });

  it('answers none before the connection is set', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey: '' });
    expect(await linksForPage(['https://example.com/for-page'])).toEqual([]);
  });
});
