import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readCachedDomains, writeCachedDomains } from '../../../lib/account/cache.ts';
import { loadSettings, saveSettings } from '../../../lib/account/settings.ts';
import { saveConnection } from './save-connection.ts';

const OLD = { apiBaseUrl: 'https://old.example.com', apiKey: 'old-key' };
const NEW = { apiBaseUrl: 'https://api.example.com', apiKey: 'new-key' };
const DOMAIN = {
  domain: 'go.example.com',
  subdomain: 'go',
  rootDomain: 'example.com',
  createdAt: '2026-11-22T10:00:00+00:00',
};

beforeEach(async () => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  await saveSettings({ ...OLD, theme: 'dark' });
  await writeCachedDomains(OLD, [DOMAIN]);
});

describe('saveConnection', () => {
  it('keeps the previous settings and caches when the person refuses the permission', async () => {
    vi.spyOn(browser.permissions, 'request').mockImplementation(async () => false);

    expect(await saveConnection(NEW, false)).toEqual({
      saved: false,
      refusedOrigin: 'https://api.example.com',
    });
    expect(await loadSettings()).toMatchObject(OLD);
    expect(await readCachedDomains(OLD)).toBeDefined();
  });

  it('saves a new connection once the permission is granted, and drops the old caches', async () => {
    const request = vi.spyOn(browser.permissions, 'request').mockImplementation(async () => true);

    const result = await saveConnection(NEW, false);

    expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    expect(result).toMatchObject({ saved: true, settings: NEW });
    expect(await loadSettings()).toMatchObject({ ...NEW, theme: 'dark' });
    expect(await readCachedDomains(OLD)).toBeUndefined();
  });

  it("forgets the old account's domain choices with its connection", async () => {
    await saveSettings({ defaultDomain: 'go.example.com', lastDomain: 'go.example.com' });
    await saveConnection({ ...OLD, apiKey: 'other-key' }, true);
    const settings = await loadSettings();
    expect(settings).toMatchObject({ defaultDomain: '', theme: 'dark' });
    expect(settings.lastDomain).toBeUndefined();
  });

  it('keeps the domain choices when the connection did not change', async () => {
    await saveSettings({ defaultDomain: 'go.example.com', lastDomain: 'go.example.com' });
    await saveConnection(OLD, true);
    expect(await loadSettings()).toMatchObject({
      defaultDomain: 'go.example.com',
      lastDomain: 'go.example.com',
    });
  });

  it('drops the caches when only the key changed', async () => {
    await saveConnection({ ...OLD, apiKey: 'other-key' }, true);
    expect(await readCachedDomains(OLD)).toBeUndefined();
  });

  it('keeps the caches when the connection did not change', async () => {
    const request = vi.spyOn(browser.permissions, 'request');
    expect(await saveConnection(OLD, true)).toMatchObject({ saved: true });
    expect(request).not.toHaveBeenCalled();
    expect(await readCachedDomains(OLD)).toBeDefined();
  });

  it('changes nothing when the browser cannot ask', async () => {
    vi.spyOn(browser.permissions, 'request').mockRejectedValue(
      new Error('permissions.request may only be called from a user input handler'),
    );
    await expect(saveConnection(NEW, undefined)).rejects.toThrow(/user input handler/);
    expect(await loadSettings()).toMatchObject(OLD);
    expect(await readCachedDomains(OLD)).toBeDefined();
  });
});
