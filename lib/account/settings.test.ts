import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  checkApiBaseUrl,
  cleanApiKey,
  DEFAULT_API_BASE_URL,
  loadSettings,
  saveSettings,
  watchSettings,
} from './settings.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('settings', () => {
  it('reads defaults when nothing is stored', async () => {
    expect(await loadSettings()).toEqual({
      apiBaseUrl: DEFAULT_API_BASE_URL,
      apiKey: '',
      defaultDomain: '',
      lastDomain: undefined,
      autoCopy: true,
      theme: 'system',
      oneClick: false,
      removeTracking: true,
      reuseExisting: true,
      copyAs: 'link',
    });
  });

  it('round-trips what was saved and keeps the fields not named', async () => {
    await saveSettings({ apiKey: 'key-1', theme: 'dark' });
    await saveSettings({ autoCopy: false, lastDomain: 'go.example.com' });
    expect(await loadSettings()).toMatchObject({
      apiKey: 'key-1',
      theme: 'dark',
      autoCopy: false,
      lastDomain: 'go.example.com',
    });
  });

  it.each([
    ['a string', 'not an object'],
    ['a number', 42],
    ['null', null],
    ['an array', ['x']],
  ])('falls back to defaults when storage holds %s', async (_name, stored) => {
    await fakeBrowser.storage.local.set({ settings: stored });
    expect(await loadSettings()).toMatchObject({ apiKey: '', autoCopy: true, theme: 'system' });
  });

  it('replaces only the corrupt fields of old or damaged data', async () => {
    await fakeBrowser.storage.local.set({
      settings: { apiKey: 'kept', autoCopy: 'yes', theme: 'purple', apiBaseUrl: 7, extra: true },
    });
    expect(await loadSettings()).toMatchObject({
      apiKey: 'kept',
      autoCopy: true,
      theme: 'system',
      apiBaseUrl: DEFAULT_API_BASE_URL,
    });
  });

  it.each([
    ['oneClick', 'yes', false],
    ['removeTracking', 0, true],
    ['reuseExisting', null, true],
    ['copyAs', 'rtf', 'link'],
  ])('falls back to the default %s when %j is stored', async (field, stored, fallback) => {
    await fakeBrowser.storage.local.set({ settings: { [field]: stored } });
    expect(await loadSettings()).toMatchObject({ [field]: fallback });
  });

  it('keeps a copy format that was saved', async () => {
    await saveSettings({ copyAs: 'markdown', oneClick: true });
    expect(await loadSettings()).toMatchObject({ copyAs: 'markdown', oneClick: true });
  });

  it('tells watchers about every change', async () => {
    const seen: string[] = [];
    const stop = watchSettings((settings) => seen.push(settings.apiKey));
    await saveSettings({ apiKey: 'first' });
    await saveSettings({ apiKey: 'second' });
    stop();
    await saveSettings({ apiKey: 'third' });
    expect(seen).toEqual(['first', 'second']);
  });
});

describe('cleanApiKey', () => {
  it('drops the spaces and line breaks a paste brings along', () => {
    expect(cleanApiKey('  slk_abc\n def\t')).toBe('slk_abcdef');
  });
});

describe('checkApiBaseUrl', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://example.com/api/', 'https://example.com/api'],
    ['  http://localhost:8787 ', 'http://localhost:8787'],
    ['http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
    ['http://links.localhost', 'http://links.localhost'],
    ['https://example.com/api?x=1#y', 'https://example.com/api'],
  ])('accepts %s', (raw, url) => {
    expect(checkApiBaseUrl(raw)).toEqual({ url });
  });

  it.each([
    ['http://api.example.com', /must use HTTPS/],
    ['api.example.com', /not a web address/],
    ['ftp://example.com', /must start with https/],
    ['https://user:pw@example.com', /user name/],
    ['', /not a web address/],
  ])('refuses %s', (raw, problem) => {
    const result = checkApiBaseUrl(raw);
    expect('problem' in result && result.problem).toMatch(problem);
  });
});
