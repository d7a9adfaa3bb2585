import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountName, accountOrDefault, defaultAccount } from './account-choice.ts';
import {
  checkApiBaseUrl,
  cleanApiKey,
  DEFAULT_API_BASE_URL,
  FIRST_ACCOUNT_ID,
  forgetAccount,
  loadSettings,
  parseSettings,
  saveAccount,
  saveSettings,
  watchSettings,
} from './settings.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const PREFERENCE_DEFAULTS = {
  autoCopy: true,
  theme: 'system',
  oneClick: false,
  removeTracking: true,
  reuseExisting: true,
  copyAs: 'link',
  keepTags: false,
};

const work = {
  id: 'work',
  name: 'Work',
  apiBaseUrl: 'https://api.work.example',
  apiKey: 'slk_work',
  defaultDomain: 'go.work.example',
};
const personal = {
  id: 'personal',
  name: '',
  apiBaseUrl: 'https://links.example.org/api',
  apiKey: 'slk_me',
  defaultDomain: '',
};

describe('settings', () => {
  it('keeps every change of several saves made at once in one page', async () => {
    await Promise.all([
      saveSettings({ oneClick: true }),
      saveSettings({ removeTracking: false }),
      saveSettings({ reuseExisting: false }),
      saveAccount('work', { ...work }),
      saveSettings({ copyAs: 'markdown' }),
    ]);
    expect(await loadSettings()).toMatchObject({
      oneClick: true,
      removeTracking: false,
      reuseExisting: false,
      copyAs: 'markdown',
    });
    expect((await loadSettings()).accounts.map((account) => account.id)).toContain('work');
  });

  it('reads one empty account and the default preferences when nothing is stored', async () => {
    expect(await loadSettings()).toEqual({
      accounts: [
        {
          id: FIRST_ACCOUNT_ID,
          name: '',
          apiBaseUrl: DEFAULT_API_BASE_URL,
          apiKey: '',
          defaultDomain: '',
          lastDomain: undefined,
        },
      ],
      defaultAccountId: FIRST_ACCOUNT_ID,
      popupAccountId: undefined,
      ...PREFERENCE_DEFAULTS,
    });
  });

  it('round-trips accounts and preferences, keeping the fields not named', async () => {
    await saveSettings({ accounts: [work, personal], defaultAccountId: 'personal' });
    await saveSettings({ theme: 'dark', copyAs: 'markdown', oneClick: true });
    await saveAccount('work', { lastDomain: 'go.work.example' });
    const settings = await loadSettings();
    expect(settings).toMatchObject({
      defaultAccountId: 'personal',
      theme: 'dark',
      copyAs: 'markdown',
      oneClick: true,
      autoCopy: true,
    });
    expect(settings.accounts).toEqual([{ ...work, lastDomain: 'go.work.example' }, personal]);
    expect(defaultAccount(settings)).toEqual(personal);
    expect(accountOrDefault(settings, 'work').id).toBe('work');
    expect(accountOrDefault(settings, 'gone').id).toBe('personal');
  });

  it('adds an account it does not know at the end', async () => {
    await saveSettings({ accounts: [work] });
    await saveAccount('new', { name: 'New', apiBaseUrl: 'https://new.example', apiKey: 'k' });
    expect((await loadSettings()).accounts.map((account) => account.id)).toEqual(['work', 'new']);
  });

  it('forgets an account with its key, and the default moves to the first one left', async () => {
    await saveSettings({
      accounts: [work, personal],
      defaultAccountId: 'work',
      popupAccountId: 'work',
    });
    const settings = await forgetAccount('work');
    expect(settings.accounts).toEqual([personal]);
    expect(settings.defaultAccountId).toBe('personal');
    expect(settings.popupAccountId).toBeUndefined();
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('slk_work');
  });

  it('never forgets the last account', async () => {
    await saveSettings({ accounts: [work] });
    expect((await forgetAccount('work')).accounts).toEqual([work]);
  });

  it('names an account after its API host until it is given a name', () => {
    expect(accountName(personal)).toBe('links.example.org');
    expect(accountName({ name: '', apiBaseUrl: 'http://localhost:8787' })).toBe('localhost:8787');
    expect(accountName(work)).toBe('Work');
  });

  it.each([
    ['a string', 'not an object'],
    ['a number', 42],
    ['null', null],
    ['an array', ['x']],
  ])('falls back to defaults when storage holds %s', async (_name, stored) => {
    await fakeBrowser.storage.local.set({ settings: stored });
    const settings = await loadSettings();
    expect(settings).toMatchObject(PREFERENCE_DEFAULTS);
    expect(settings.accounts).toMatchObject([{ id: FIRST_ACCOUNT_ID, apiKey: '' }]);
  });

  it.each([
    ['not a list', { accounts: 'work', defaultAccountId: 'work' }],
    ['an empty list', { accounts: [] }],
    ['only damaged entries', { accounts: [null, 7, { name: 'no id' }, { id: '' }] }],
  ])('falls back to one empty account when the accounts are %s', (_name, stored) => {
    const settings = parseSettings(stored);
    expect(settings.accounts).toMatchObject([{ id: FIRST_ACCOUNT_ID, apiKey: '' }]);
    expect(settings.defaultAccountId).toBe(FIRST_ACCOUNT_ID);
  });

  it('drops a damaged account, and a second one with the same id, keeping the others', () => {
    const settings = parseSettings({
      accounts: [work, 'garbage', { ...personal, apiKey: 42 }, { ...work, name: 'Copy' }],
      defaultAccountId: 'nobody',
      popupAccountId: 'nobody',
    });
    expect(settings.accounts).toEqual([work, { ...personal, apiKey: '' }]);
    expect(settings.defaultAccountId).toBe('work');
    expect(settings.popupAccountId).toBeUndefined();
  });

  it.each([
    ['oneClick', 'yes', false],
    ['removeTracking', 0, true],
    ['reuseExisting', null, true],
    ['copyAs', 'rtf', 'link'],
    ['autoCopy', 'yes', true],
    ['theme', 'purple', 'system'],
  ])('falls back to the default %s when %j is stored', async (field, stored, fallback) => {
    await fakeBrowser.storage.local.set({ settings: { accounts: [work], [field]: stored } });
    expect(await loadSettings()).toMatchObject({ [field]: fallback, accounts: [work] });
  });

  it('tells watchers about every change', async () => {
    const seen: string[] = [];
    const stop = watchSettings((settings) => seen.push(settings.theme));
    await saveSettings({ theme: 'dark' });
    await saveSettings({ theme: 'light' });
    stop();
    await saveSettings({ theme: 'system' });
    expect(seen).toEqual(['dark', 'light']);
  });
});

describe('settings from before several accounts', () => {
  it('become the first account, named after its host, with nothing lost', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        apiBaseUrl: 'https://api.example.com',
        apiKey: 'slk_old',
        defaultDomain: 'go.example.com',
        lastDomain: 'links.example.com',
        autoCopy: false,
        theme: 'dark',
        copyAs: 'html',
      },
    });
    expect(await loadSettings()).toEqual({
      accounts: [
        {
          id: FIRST_ACCOUNT_ID,
          name: 'api.example.com',
          apiBaseUrl: 'https://api.example.com',
          apiKey: 'slk_old',
          defaultDomain: 'go.example.com',
          lastDomain: 'links.example.com',
        },
      ],
      defaultAccountId: FIRST_ACCOUNT_ID,
      popupAccountId: undefined,
      ...PREFERENCE_DEFAULTS,
      autoCopy: false,
      theme: 'dark',
      copyAs: 'html',
    });
  });

  it('keep the port in the name of a service on this computer', () => {
    const settings = parseSettings({ apiBaseUrl: 'http://localhost:8787', apiKey: 'slk_dev' });
    expect(settings.accounts[0]?.name).toBe('localhost:8787');
  });

  it('replace only the corrupt fields of old or damaged data', () => {
    const settings = parseSettings({
      apiKey: 'kept',
      autoCopy: 'yes',
      theme: 'purple',
      apiBaseUrl: 7,
      extra: true,
    });
    expect(settings).toMatchObject({ autoCopy: true, theme: 'system' });
    expect(settings.accounts).toMatchObject([
      { id: FIRST_ACCOUNT_ID, apiKey: 'kept', apiBaseUrl: DEFAULT_API_BASE_URL },
    ]);
  });

  it('are written in the new shape by the next save', async () => {
    await fakeBrowser.storage.local.set({
      settings: { apiBaseUrl: 'https://api.example.com', apiKey: 'slk_old' },
    });
    await saveSettings({ theme: 'light' });
    const { settings } = (await fakeBrowser.storage.local.get('settings')) as {
      settings: Record<string, unknown>;
    };
    expect(settings).not.toHaveProperty('apiKey');
    expect(settings.accounts).toMatchObject([{ id: FIRST_ACCOUNT_ID, apiKey: 'slk_old' }]);
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
    ['localhost:8787', 'http://localhost:8787'],
    ['127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['[::1]:8787', 'http://[::1]:8787'],
    ['go.localhost:8787', 'http://go.localhost:8787'],
    ['api.example.com', 'https://api.example.com'],
  ])('accepts %s', (raw, url) => {
    expect(checkApiBaseUrl(raw)).toEqual({ url });
  });

  it.each([
    ['http://api.example.com', /must use HTTPS/],
    ['ftp://example.com', /must start with https/],
    ['https://user:pw@example.com', /user name/],
    ['', /not a web address/],
  ])('refuses %s', (raw, problem) => {
    const result = checkApiBaseUrl(raw);
    expect('problem' in result && result.problem).toMatch(problem);
  });
});
