import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startTestService, type TestService } from '../test/support/test-service.ts';
import { readCachedLinks, writeCachedLinks } from './account/cache.ts';
import { loadSettings, saveSettings } from './account/settings.ts';
import { createApiClient } from './api/client.ts';
import { isApiError } from './api/errors.ts';
import { shorten, unshortenableReason } from './shorten.ts';

let service: TestService;
let apiKey: string;

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount('shorten@example.com');
  await service.addDomain('shorten@example.com', 'go.example.com');
});
afterAll(() => service.stop());
beforeEach(() => fakeBrowser.reset());

describe('shorten', () => {
  it('creates the link on the service and adds it to the cached links', async () => {
    const connection = { apiBaseUrl: service.baseUrl, apiKey };
    await saveSettings(connection);
    const older = {
      shortUrl: 'http://x/old',
      destinationUrl: 'https://e.com',
      clicks: 1,
      createdAt: '',
      title: '',
    };
    await writeCachedLinks(connection, [older]);

    const link = await shorten({ destinationUrl: 'https://example.com/flow', title: 'Flow' });

    expect(link).toMatchObject({
      destinationUrl: 'https://example.com/flow',
      title: 'Flow',
      clicks: 0,
    });
    expect(link.shortUrl).toMatch(new RegExp(`^http://${service.shortDomain}/`));
    expect((await readCachedLinks(connection))?.value).toEqual([link, older]);
  });

  it('remembers the domain chosen when asked to', async () => {
    await saveSettings({ apiBaseUrl: service.baseUrl, apiKey });
    const link = await shorten(
      { destinationUrl: 'https://example.com/d', domain: 'go.example.com' },
      { rememberDomain: true },
    );
    expect(link.shortUrl).toMatch(/^https:\/\/go\.example\.com\//);
    expect((await loadSettings()).lastDomain).toBe('go.example.com');
  });

  it('refuses to run without an API key and says where to add it', async () => {
    await saveSettings({ apiBaseUrl: service.baseUrl, apiKey: '' });
    const failure = await shorten({ destinationUrl: 'https://example.com' }).catch(
      (error) => error,
    );
    expect(isApiError(failure) && failure.kind).toBe('unauthorized');
    expect(failure.message).toMatch(/options/);
  });

  it('passes the service refusal on as a typed error and leaves the cache alone', async () => {
    const connection = { apiBaseUrl: service.baseUrl, apiKey };
    await saveSettings(connection);
    await writeCachedLinks(connection, []);
    await shorten({ destinationUrl: 'https://example.com/t', backHalf: 'taken-one' });
    const failure = await shorten({
      destinationUrl: 'https://example.com/t',
      backHalf: 'taken-one',
    }).catch((error) => error);
    expect(isApiError(failure) && failure.kind).toBe('back_half_taken');
    expect(isApiError(failure) && failure.field).toBe('back_half');
    expect((await readCachedLinks(connection))?.value).toHaveLength(1);
  });

  it('says the browser blocks the API origin, before sending anything, when the permission is gone', async () => {
    const connection = { apiBaseUrl: service.baseUrl, apiKey };
    await saveSettings(connection);
    const contains = vi
      .spyOn(browser.permissions, 'contains')
      .mockImplementation(async () => false);
    const before = await createApiClient({ baseUrl: service.baseUrl, apiKey }).listLinks();

    const failure = await shorten({ destinationUrl: 'https://example.com/blocked' }).catch(
      (error) => error,
    );

    expect(isApiError(failure) && failure.kind).toBe('permission_missing');
    expect(failure.message).toBe(
      `The browser does not let Short Link reach ${new URL(service.baseUrl).origin}.`,
    );
    expect(contains).toHaveBeenCalledWith({ origins: [`http://localhost/*`] });
    const after = await createApiClient({ baseUrl: service.baseUrl, apiKey }).listLinks();
    expect(after).toHaveLength(before.length);
    contains.mockRestore();
  });

  it('goes ahead when the permission is there', async () => {
    await saveSettings({ apiBaseUrl: service.baseUrl, apiKey });
    const contains = vi.spyOn(browser.permissions, 'contains').mockImplementation(async () => true);
    const link = await shorten({ destinationUrl: 'https://example.com/allowed' });
    expect(link.destinationUrl).toBe('https://example.com/allowed');
    contains.mockRestore();
  });

  it('never shows a cache made with another key', async () => {
    await writeCachedLinks({ apiBaseUrl: service.baseUrl, apiKey: 'other-key' }, []);
    expect(await readCachedLinks({ apiBaseUrl: service.baseUrl, apiKey })).toBeUndefined();
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
