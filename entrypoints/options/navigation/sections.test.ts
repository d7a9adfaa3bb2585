import { describe, expect, it } from 'vitest';
import { sectionFromHash } from './sections.ts';

describe('sectionFromHash', () => {
  it.each([
    ['#links', 'links'],
    ['#domains', 'domains'],
    ['#accounts', 'accounts'],
    ['#preferences', 'preferences'],
    ['#Preferences', 'preferences'],
    ['#connection-heading', 'accounts'],
  ] as const)('reads %s as the %s section', (hash, section) => {
    expect(sectionFromHash(hash, true)).toBe(section);
    expect(sectionFromHash(hash, false)).toBe(section);
  });

  it.each(['', '#', '#nothing-here', '#%E0%A4%A'])(
    'without a known section (%s) lands on Links once an account is set up, else on Accounts',
    (hash) => {
      expect(sectionFromHash(hash, true)).toBe('links');
      expect(sectionFromHash(hash, false)).toBe('accounts');
    },
  );
});
