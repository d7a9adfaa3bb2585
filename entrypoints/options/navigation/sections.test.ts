import { describe, expect, it } from 'vitest';
import { landingSection, sectionNamed } from './sections.ts';

describe('sectionNamed', () => {
  it.each([
    ['#links', 'links'],
    ['#domains', 'domains'],
    ['#tags', 'tags'],
    ['#accounts', 'accounts'],
    ['#preferences', 'preferences'],
    ['#Preferences', 'preferences'],
    ['#connection-heading', 'accounts'],
  ] as const)('reads %s as the %s section', (hash, section) => {
    expect(sectionNamed(hash)).toBe(section);
  });

  it.each(['', '#', '#nothing-here', '#%E0%A4%A'])('reads %s as no section', (hash) => {
    expect(sectionNamed(hash)).toBeUndefined();
  });
});

describe('landingSection', () => {
  it('is Links once an account is set up, else Accounts', () => {
    expect(landingSection(true)).toBe('links');
    expect(landingSection(false)).toBe('accounts');
  });
});
