import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountOf, storeAccounts } from '../../test/support/accounts.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts } from '../account/account.ts';
import { readCachedLinks, writeCachedLinks } from '../account/cache.ts';
import { createApiClient } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { loadSettings } from '../settings/settings.ts';
import { shorten, unshortenableReason } from './shorten.ts';

let service: TestService;
let apiKey: string;

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount('shorten@example.com');
  await service.addDomain('shorten@example.com', 'go.example.com');
});
afterAll(() => service.stop());
beforeEach(() => {
  fakeBrowser.reset();
  closeAccounts();
});

describe('shorten', () => {
  it('creates the link on the service and adds it to the cached links', async () => {
    const account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
    const connection = account;
    const older = {
      shortUrl: 'http://x/old',
      destinationUrl: 'https://e.com',
      clicks: 1,
      createdAt: '',
      title: '',
    };
    await writeCachedLinks(connection, [older]);

    const link = await shorten(
      { destinationUrl: 'https://example.com/flow', title: 'Flow' },
      { account },
    );

    expect(link).toMatchObject({
      destinationUrl: 'https://example.com/flow',
      title: 'Flow',
      clicks: 0,
    });
    expect(link.shortUrl).toMatch(new RegExp(`^http://${service.shortDomain}/`));
    expect((await readCachedLinks(connection))?.value).toEqual([link, older]);
  });

  it('remembers the domain chosen when asked to', async () => {
    const [account, other] = await storeAccounts(
      { apiBaseUrl: service.baseUrl, apiKey },
      { apiBaseUrl: service.baseUrl, apiKey: 'slk_other', lastDomain: 'kept.example.com' },
    );
    const link = await shorten(
      { destinationUrl: 'https://example.com/d', domain: 'go.example.com' },
      { account: account as NonNullable<typeof account>, rememberDomain: true },
    );
    expect(link.shortUrl).toMatch(/^https:\/\/go\.example\.com\//);
    const { accounts } = await loadSettings();
    expect(accounts.map((stored) => stored.lastDomain)).toEqual([
      'go.example.com',
      other?.lastDomain,
    ]);
  });

  it('refuses to run without an API key and says where to add it', async () => {
    const account = accountOf({ apiBaseUrl: service.baseUrl, apiKey: '' });
    const failure = await shorten({ destinationUrl: 'https://example.com' }, { account }).catch(
      (error) => error,
    );
    expect(isApiError(failure) && failure.kind).toBe('unauthorized');
    expect(failure.message).toMatch(/options/);
  });

  it('passes the service refusal on as a typed error and leaves the cache alone', async () => {
    const account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
    const connection = account;
    await writeCachedLinks(connection, []);
    await shorten({ destinationUrl: 'https://example.com/t', backHalf: 'taken-one' }, { account });
    const failure = await shorten(
      {
        destinationUrl: 'https://example.com/t',
        backHalf: 'taken-one',
      },
      { account },
    ).catch((error) => error);
    expect(isApiError(failure) && failure.kind).toBe('back_half_taken');
    expect(isApiError(failure) && failure.field).toBe('back_half');
    expect((await readCachedLinks(connection))?.value).toHaveLength(1);
  });

  it('says the browser blocks the API origin, before sending anything, when the permission is gone', async () => {
    const account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
    const contains = vi
      .spyOn(browser.permissions, 'contains')
      .mockImplementation(async () => false);
    const before = await createApiClient({ baseUrl: service.baseUrl, apiKey }).listLinks();

    const failure = await shorten(
      { destinationUrl: 'https://example.com/blocked' },
      { account },
    ).catch((error) => error);

    expect(isApiError(failure) && failure.kind).toBe('permission_missing');
    expect(failure.message).toBe(
      `The browser does not let Short Link reach \u2066${new URL(service.baseUrl).origin}\u2069.`,
    );
    expect(contains).toHaveBeenCalledWith({ origins: [`http://localhost/*`] });
    const after = await createApiClient({ baseUrl: service.baseUrl, apiKey }).listLinks();
    expect(after).toHaveLength(before.length);
    contains.mockRestore();
  });

  it('goes ahead when the permission is there', async () => {
    const account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
    const contains = vi.spyOn(browser.permissions, 'contains').mockImplementation(async () => true);
    const link = await shorten({ destinationUrl: 'https://example.com/allowed' }, { account });
    expect(link.destinationUrl).toBe('https://example.com/allowed');
    contains.mockRestore();
  });

  it('never shows a cache made with another key', async () => {
    const account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
    await writeCachedLinks({ ...account, apiKey: 'other-key' }, []);
    expect(await readCachedLinks(account)).toBeUndefined();
  });
});

describe('unshortenableReason', () => {
  it.each(['https://example.com/a?b#c', 'http://localhost:3000/'])('lets %s through', (url) => {
    expect(unshortenableReason(url)).toBeUndefined();
  });

  it.each([
    [undefined, /no address/],
    ['', /no address/],
    ['chrome://settings', /browser/],
    ['about:blank', /browser/],
    ['edge://newtab', /browser/],
    ['file:///home/me/notes.txt', /Files/],
    ['chrome-extension://abc/popup.html', /browser/],
    ['moz-extension://abc/options.html', /browser/],
    ['view-source:https://example.com', /browser/],
    ['data:text/html,hi', /browser/],
  ])('explains why %s cannot be shortened', (url, reason) => {
    expect(unshortenableReason(url)).toMatch(reason);
  });
});
