import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ensureHostPermission, hostPermissionPattern } from './host-permission.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('hostPermissionPattern', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com/*'],
    ['https://example.com/shortener', 'https://example.com/*'],
    ['https://api.example.com:8443', 'https://api.example.com/*'],
    ['http://localhost:8787', 'http://localhost/*'],
    ['http://127.0.0.1:3000/api', 'http://127.0.0.1/*'],
  ])('covers %s with %s (no port: Firefox refuses one)', (baseUrl, pattern) => {
    expect(hostPermissionPattern(baseUrl)).toBe(pattern);
  });
});

describe('ensureHostPermission', () => {
  it('asks nothing when the permission is known to be granted', async () => {
    const request = vi.spyOn(browser.permissions, 'request');
    expect(await ensureHostPermission('https://api.example.com', true)).toBe(true);
    expect(request).not.toHaveBeenCalled();
  });

  it.each([
    [false, true],
    [false, false],
    [undefined, true],
    [undefined, false],
  ])(
    'asks when the permission is known as %s, and answers what the browser says (%s)',
    async (known, answer) => {
      const request = vi
        .spyOn(browser.permissions, 'request')
        .mockImplementation(async () => answer);
      expect(await ensureHostPermission('https://api.example.com/v1', known)).toBe(answer);
      expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    },
  );

  it('asks before its first await, while a click handler still has the gesture', () => {
    const request = vi.spyOn(browser.permissions, 'request').mockImplementation(async () => true);
    void ensureHostPermission('https://api.example.com', undefined);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
