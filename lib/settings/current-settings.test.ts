import { describe, expect, it } from 'vitest';
import { currentSettings } from './current-settings.ts';
import { parseSettings } from './settings.ts';

const ACCOUNT = {
  id: 'work',
  name: 'Work',
  apiBaseUrl: 'https://api.example.com',
  apiKey: 'key',
  defaultDomain: 'go.example.com',
  lastDomain: '',
  lastTags: ['Spring'],
};
const SETTINGS = {
  accounts: [ACCOUNT, { ...ACCOUNT, id: 'home', name: '', lastDomain: undefined }],
  defaultAccountId: 'work',
  popupAccountId: 'home',
  autoCopy: true,
  theme: 'dark',
  oneClick: false,
  removeTracking: true,
  reuseExisting: false,
  copyAs: 'markdown',
  keepTags: true,
};

/** A small deterministic generator (mulberry32), so that a failure names its case. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES = [
  undefined,
  null,
  0,
  -0,
  1,
  Number.NaN,
  true,
  false,
  '',
  ' ',
  'x'.repeat(65),
  'x'.repeat(64),
  'work',
  'home',
  'light',
  'html',
  'https://other.example',
  [],
  [ACCOUNT],
  ['Spring', 'Launch'],
  ['Spring', 1],
  {},
  { ...ACCOUNT },
];

/** The settings above with a few fields removed, replaced by odd values, or added. */
function damaged(next: () => number): unknown {
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const settings: Record<string, unknown> = structuredClone({
    ...SETTINGS,
    accounts: SETTINGS.accounts.map((account) => ({ ...account })),
  });
  const accounts = settings.accounts as Record<string, unknown>[];
  for (let change = Math.floor(next() * 3); change >= 0; change--) {
    const inAccount = next() < 0.5 && accounts.length > 0;
    const target = inAccount ? pick(accounts) : settings;
    const key = pick([...Object.keys(inAccount ? ACCOUNT : SETTINGS), 'extra']);
    const action = next();
    if (action < 0.3) delete target[key];
    else target[key] = pick(ODD_VALUES);
  }
  if (next() < 0.1) accounts.push({ ...(accounts[0] ?? ACCOUNT) });
  // Often the account choices follow the ids, so that an odd id is not refused for another reason.
  if (next() < 0.5 && accounts.length > 0) {
    settings.defaultAccountId = accounts[0]?.id;
    settings.popupAccountId = accounts.at(-1)?.id;
  }
  if (next() < 0.05)
    return pick([null, 'settings', [SETTINGS], { apiKey: 'old', apiBaseUrl: 'x' }]);
  return settings;
}

describe('currentSettings', () => {
  it('reads what parseSettings writes, as parseSettings reads it', () => {
    const next = random(1);
    for (let run = 0; run < 3000; run++) {
      const stored = parseSettings(damaged(next));
      expect(currentSettings(structuredClone(stored)), JSON.stringify(stored)).toStrictEqual(
        stored,
      );
    }
  });

  it('reads the settings in their current shape as parseSettings does, and leaves the rest to it', () => {
    const next = random(2);
    let read = 0;
    for (let run = 0; run < 5000; run++) {
      const stored = damaged(next);
      const settings = currentSettings(stored);
      if (settings === undefined) continue;
      read++;
      expect(settings, JSON.stringify(stored)).toStrictEqual(parseSettings(stored));
    }
    // Both kinds of case were tried: read here, and left to parseSettings.
    expect(read).toBeGreaterThan(200);
    expect(read).toBeLessThan(4800);
  });

  it.each([
    ['nothing stored', undefined],
    ['the shape from before several accounts', { apiBaseUrl: 'https://a.example', apiKey: 'k' }],
    ['no accounts', { ...SETTINGS, accounts: [] }],
    ['a default account that is not there', { ...SETTINGS, defaultAccountId: 'gone' }],
    ['a popup account that is not there', { ...SETTINGS, popupAccountId: 'gone' }],
    ['two accounts with one id', { ...SETTINGS, accounts: [ACCOUNT, ACCOUNT] }],
    ['an unknown theme', { ...SETTINGS, theme: 'sepia' }],
    [
      'an account id over 64 characters',
      {
        ...SETTINGS,
        accounts: [{ ...ACCOUNT, id: 'x'.repeat(65) }],
        defaultAccountId: 'x'.repeat(65),
        popupAccountId: undefined,
      },
    ],
    ['a missing preference', { ...SETTINGS, copyAs: undefined }],
  ])('leaves %s to parseSettings', (_case, stored) => {
    expect(currentSettings(stored)).toBeUndefined();
  });

  it('drops fields it does not know, as parseSettings does', () => {
    const stored = {
      ...SETTINGS,
      retired: 1,
      accounts: [{ ...ACCOUNT, retired: 2 }],
      popupAccountId: 'work',
    };
    expect(currentSettings(stored)).toStrictEqual(parseSettings(stored));
    expect(currentSettings(stored)).not.toHaveProperty('retired');
  });
});
