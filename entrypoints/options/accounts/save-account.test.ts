import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readCachedDomains, writeCachedDomains } from '../../../lib/account/cache.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { FIRST_ACCOUNT_ID, loadSettings, saveSettings } from '../../../lib/settings/settings.ts';
import { storeAccounts } from '../../../test/support/accounts.ts';
import { describeSave, type SaveAnswer, saveAccountForm } from './save-account.ts';
import { type ConnectionTestResult, describeConnectionTest } from './test-connection.ts';

const OLD = { id: FIRST_ACCOUNT_ID, apiBaseUrl: 'https://old.example.com', apiKey: 'old-key' };
const NEW = { name: 'New', apiBaseUrl: 'https://api.example.com', apiKey: 'new-key' };
const OTHER = { id: 'account-2', apiBaseUrl: 'https://other.example.com', apiKey: 'other-key' };
const DOMAIN = {
  domain: 'go.example.com',
  subdomain: 'go',
  rootDomain: 'example.com',
  createdAt: '2026-11-22T10:00:00+00:00',
};

const first = async () => (await loadSettings()).accounts[0];

/** A service that answers the check with `result`. */
const answering = (result: ConnectionTestResult) => ({ check: async () => result });
const ACCEPTED = answering({ ok: true, domains: [DOMAIN] });

beforeEach(async () => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  await storeAccounts(OLD, OTHER);
  await saveSettings({ theme: 'dark' });
  await writeCachedDomains(OLD, [DOMAIN]);
  await writeCachedDomains(OTHER, [DOMAIN]);
});

describe('saveAccountForm', () => {
  it('keeps the previous account and caches when the person refuses the permission', async () => {
    vi.spyOn(browser.permissions, 'request').mockImplementation(async () => false);
    expect(await saveAccountForm(FIRST_ACCOUNT_ID, NEW, false, ACCEPTED)).toEqual({
      saved: false,
      refusedOrigin: 'https://api.example.com',
    });
    expect(await first()).toMatchObject(OLD);
    expect(await readCachedDomains(OLD)).toBeDefined();
  });

  it('saves a new connection once the permission is granted, and drops only its old caches', async () => {
    const request = vi.spyOn(browser.permissions, 'request').mockImplementation(async () => true);
    const result = await saveAccountForm(FIRST_ACCOUNT_ID, NEW, false, ACCEPTED);
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    expect(result).toMatchObject({ saved: true });
    const settings = await loadSettings();
    expect(settings).toMatchObject({
      theme: 'dark',
      accounts: [{ id: FIRST_ACCOUNT_ID, ...NEW }, OTHER],
    });
    expect(await readCachedDomains(OLD)).toBeUndefined();
    expect(await readCachedDomains(OTHER)).toBeDefined();
  });

  it('adds an account not stored yet, at the end, asking for its own origin', async () => {
    const request = vi.spyOn(browser.permissions, 'request').mockImplementation(async () => true);
    await saveAccountForm('added', NEW, false, ACCEPTED);
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    const { accounts, defaultAccountId } = await loadSettings();
    expect(accounts.map((account) => account.id)).toEqual([FIRST_ACCOUNT_ID, 'account-2', 'added']);
    expect(accounts[2]).toMatchObject(NEW);
    expect(defaultAccountId).toBe(FIRST_ACCOUNT_ID);
  });

  it("forgets the account's domain choices with its connection", async () => {
    await storeAccounts({ ...OLD, defaultDomain: 'go.example.com', lastDomain: 'go.example.com' });
    await saveAccountForm(
      FIRST_ACCOUNT_ID,
      { ...OLD, name: '', apiKey: 'other-key' },
      true,
      ACCEPTED,
    );
    const account = await first();
    expect(account).toMatchObject({ defaultDomain: '' });
    expect(account?.lastDomain).toBeUndefined();
  });

  it('keeps the domain choices, and the caches, when only the name changed', async () => {
    await storeAccounts({ ...OLD, defaultDomain: 'go.example.com', lastDomain: 'go.example.com' });
    const request = vi.spyOn(browser.permissions, 'request');
    expect(
      await saveAccountForm(FIRST_ACCOUNT_ID, { ...OLD, name: 'Work' }, true, ACCEPTED),
    ).toMatchObject({
      saved: true,
    });
    expect(request).not.toHaveBeenCalled();
    expect(await first()).toMatchObject({
      name: 'Work',
      defaultDomain: 'go.example.com',
      lastDomain: 'go.example.com',
    });
    expect(await readCachedDomains(OLD)).toBeDefined();
  });

  it('changes nothing when the browser cannot ask', async () => {
    vi.spyOn(browser.permissions, 'request').mockRejectedValue(
      new Error('permissions.request may only be called from a user input handler'),
    );
    await expect(saveAccountForm(FIRST_ACCOUNT_ID, NEW, undefined, ACCEPTED)).rejects.toThrow(
      /user input handler/,
    );
    expect(await first()).toMatchObject(OLD);
    expect(await readCachedDomains(OLD)).toBeDefined();
  });

  it.each([
    ['a wrong key', new ApiError('unauthorized', 'Invalid API key', { status: 401 })],
    [
      'a key of an unpaid account',
      new ApiError('paid_plan_required', 'Paid plan', { status: 403 }),
    ],
  ])('refuses %s and changes nothing', async (_, error) => {
    vi.spyOn(browser.permissions, 'request').mockImplementation(async () => true);
    const before = await browser.storage.local.get(null);
    expect(
      await saveAccountForm(FIRST_ACCOUNT_ID, NEW, true, answering({ ok: false, error })),
    ).toEqual({ saved: false, refusedKey: error });
    expect(await browser.storage.local.get(null)).toEqual(before);
  });

  it('keeps a refused key when told to ("Save anyway")', async () => {
    const error = new ApiError('unauthorized', 'Invalid API key', { status: 401 });
    const result = await saveAccountForm(FIRST_ACCOUNT_ID, NEW, true, {
      ...answering({ ok: false, error }),
      keepRefusedKey: true,
    });
    expect(result).toMatchObject({ saved: true, check: { ok: false, error } });
    expect(await first()).toMatchObject(NEW);
  });

  it.each([
    ['offline', new ApiError('network', 'Failed to fetch')],
    ['the service down', new ApiError('server_error', 'Internal error', { status: 500 })],
    ['a timeout', new ApiError('timeout', 'Timed out')],
  ])('saves when the key cannot be checked (%s), and says so', async (_, error) => {
    const result = await saveAccountForm(
      FIRST_ACCOUNT_ID,
      NEW,
      true,
      answering({ ok: false, error }),
    );
    expect(result).toMatchObject({ saved: true, check: { ok: false, error } });
    expect(await first()).toMatchObject(NEW);
  });

  it('keeps the domains the check listed for the new connection', async () => {
    await saveAccountForm(FIRST_ACCOUNT_ID, NEW, true, ACCEPTED);
    expect(await readCachedDomains({ id: FIRST_ACCOUNT_ID, ...NEW })).toMatchObject({
      value: [DOMAIN],
    });
  });
});

describe('describeSave', () => {
  const describe_ = (check: ConnectionTestResult) =>
    describeConnectionTest(check, 'https://api.example.com');
  const settings = {} as Awaited<ReturnType<typeof loadSettings>>;
  const wrongKey = new ApiError('unauthorized', 'Invalid API key', { status: 401 });

  it.each<[string, Parameters<typeof describeSave>[0], Partial<SaveAnswer>]>([
    [
      'a key the service accepted',
      { saved: true, settings, check: { ok: true, domains: [DOMAIN] } },
      { tone: 'success', message: 'Saved.', advice: 'Connected. The account has 1 custom domain.' },
    ],
    [
      'a refused key, not saved',
      { saved: false, refusedKey: wrongKey },
      {
        tone: 'error',
        message: 'Not saved. The API key is wrong: the service refused it.',
        offerSaveAnyway: true,
      },
    ],
    [
      'a refused key kept all the same',
      { saved: true, settings, check: { ok: false, error: wrongKey } },
      { tone: 'note', message: 'Saved anyway. The API key is wrong: the service refused it.' },
    ],
    [
      'a key that could not be checked',
      { saved: true, settings, check: { ok: false, error: new ApiError('network', 'down') } },
      {
        tone: 'note',
        message:
          'Saved, but the key could not be checked. The service at \u2066https://api.example.com\u2069 could not be reached.',
      },
    ],
  ])('says what happened to %s', (_, result, answer) => {
    expect(describeSave(result, describe_)).toMatchObject(answer);
  });
});
