import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Domain } from '../../../lib/api/schemas.ts';
import { FIRST_ACCOUNT_ID, loadSettings, saveSettings } from '../../../lib/settings/settings.ts';
import { storeAccounts } from '../../../test/support/accounts.ts';
import { domainChoices, formatAddedDate, saveDefaultDomain } from './domain-choices.ts';

const domain = (host: string, createdAt = '2026-11-22T10:00:00.000Z'): Domain => {
  const [subdomain = '', ...rest] = host.split('.');
  return { domain: host, subdomain, rootDomain: rest.join('.'), createdAt };
};

describe('domainChoices', () => {
  it('puts the default short domain first, then the custom domains by name', () => {
    const choices = domainChoices([domain('links.example.org'), domain('go.example.com')], '');
    expect(choices.map((choice) => [choice.value, choice.label])).toEqual([
      ['', 'Default short domain'],
      ['go.example.com', 'go.example.com'],
      ['links.example.org', 'links.example.org'],
    ]);
    expect(choices[1]).toMatchObject({ createdAt: '2026-11-22T10:00:00.000Z', missing: false });
  });

  it('offers only the default short domain when the account has none', () => {
    expect(domainChoices([], '')).toEqual([
      { value: '', label: 'Default short domain', createdAt: '', missing: false },
    ]);
  });

  it('keeps a saved choice the account no longer lists, marked missing, at the end', () => {
    const choices = domainChoices([domain('go.example.com')], 'gone.example.com');
    expect(choices.at(-1)).toEqual({
      value: 'gone.example.com',
      label: 'gone.example.com',
      createdAt: '',
      missing: true,
    });
    expect(domainChoices([domain('go.example.com')], 'go.example.com')).toHaveLength(2);
  });

  it('names a loopback custom domain with the port its links use, as the Links filter does', () => {
    const choices = domainChoices([domain('go.localhost')], 'gone.localhost', 'localhost:18990');
    expect(choices.map((choice) => choice.label)).toEqual([
      '\u2066localhost:18990\u2069 (default)',
      'go.localhost:18990',
      'gone.localhost:18990',
    ]);
  });

  it('lists a domain the service sent twice once', () => {
    expect(domainChoices([domain('go.example.com'), domain('go.example.com')], '')).toHaveLength(2);
  });
});

describe('formatAddedDate', () => {
  it('gives the day in the time zone asked for', () => {
    const at = '2026-11-22T23:30:00.000Z';
    expect(formatAddedDate(at, { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 22, 2026');
    expect(formatAddedDate(at, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Nov 23, 2026');
  });

  it('gives nothing for a missing or unreadable date', () => {
    expect(formatAddedDate('')).toBe('');
    expect(formatAddedDate('yesterday')).toBe('');
  });
});

describe('saveDefaultDomain', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it("saves the account's default and forgets its last domain used, keeping the rest", async () => {
    await storeAccounts(
      { apiKey: 'key-1', lastDomain: 'links.example.org' },
      { apiKey: 'key-2', lastDomain: 'other.example.org' },
    );
    await saveSettings({ autoCopy: false });
    const saved = await saveDefaultDomain(FIRST_ACCOUNT_ID, 'go.example.com');
    expect(saved).toMatchObject({ autoCopy: false });
    expect(saved.accounts[0]).toMatchObject({ defaultDomain: 'go.example.com', apiKey: 'key-1' });
    expect(saved.accounts[0]?.lastDomain).toBeUndefined();
    expect((await loadSettings()).accounts[1]).toMatchObject({
      defaultDomain: '',
      lastDomain: 'other.example.org',
    });
  });

  it('saves the default short domain as ""', async () => {
    await storeAccounts({ defaultDomain: 'go.example.com' });
    const saved = await saveDefaultDomain(FIRST_ACCOUNT_ID, '');
    expect(saved.accounts[0]?.defaultDomain).toBe('');
  });
});
