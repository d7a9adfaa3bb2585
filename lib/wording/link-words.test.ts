import { describe, expect, it } from 'vitest';
import { defaultDomainLabel, unshortenableReason } from './link-words.ts';

describe('defaultDomainLabel', () => {
  it.each([
    ['localhost:8787', '\u2066localhost:8787\u2069 (default)'],
    ['xn--bcher-kva.example', '\u2066bücher.example\u2069 (default)'],
    [undefined, 'Default short domain'],
  ])('names %s', (host, label) => {
    expect(defaultDomainLabel(host)).toBe(label);
  });
});

describe('unshortenableReason', () => {
  it('lets a web page through', () => {
    expect(unshortenableReason('https://example.com/')).toBeUndefined();
  });

  it.each([
    [undefined, 'This tab has no address to shorten.'],
    ['not an address', 'This tab has no web address to shorten.'],
    [
      'file:///home/me/notes.txt',
      'Files on this computer cannot be shortened: others cannot open them.',
    ],
    [
      'chrome://settings',
      '\u2066chrome\u2069: pages belong to the browser and cannot be shortened.',
    ],
  ])('says why %s cannot be shortened', (url, sentence) => {
    expect(unshortenableReason(url)).toBe(sentence);
  });
});
