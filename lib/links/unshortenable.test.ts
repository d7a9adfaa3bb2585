import { describe, expect, it } from 'vitest';
import { whyUnshortenable } from './unshortenable.ts';

describe('whyUnshortenable', () => {
  it.each(['https://example.com/a?b#c', 'http://localhost:3000/'])('lets %s through', (url) => {
    expect(whyUnshortenable(url)).toBeUndefined();
  });

  it.each([
    [undefined, { code: 'noAddress' }],
    ['', { code: 'noAddress' }],
    ['not an address', { code: 'notAnAddress' }],
    ['chrome://settings', { code: 'browserPage', values: { scheme: 'chrome' } }],
    ['about:blank', { code: 'browserPage', values: { scheme: 'about' } }],
    ['file:///home/me/notes.txt', { code: 'file' }],
    [
      'moz-extension://abc/options.html',
      { code: 'browserPage', values: { scheme: 'moz-extension' } },
    ],
    ['data:text/html,hi', { code: 'browserPage', values: { scheme: 'data' } }],
  ])('tells why %s cannot be shortened', (url, reason) => {
    expect(whyUnshortenable(url)).toEqual(reason);
  });
});
