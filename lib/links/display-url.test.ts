import { describe, expect, it } from 'vitest';
import { decodeForDisplay, displayAddress } from './display-url.ts';

describe('decodeForDisplay', () => {
  it.each([
    ['a space inside', 'https://example.com/some%20page', 'https://example.com/some page'],
    [
      'accented letters',
      'https://example.com/caf%C3%A9?q=cr%C3%A8me',
      'https://example.com/café?q=crème',
    ],
    [
      'non-Latin text',
      '/%E6%97%A5%E6%9C%AC%E8%AA%9E/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82',
      '/日本語/привет',
    ],
    ['an emoji (four bytes)', '/%F0%9F%98%80', '/😀'],
    ['lower-case escapes', '/caf%c3%a9', '/café'],
    ['an encoded slash, kept', '/a%2Fb', '/a%2Fb'],
    ['an encoded ?, # and &, kept', '/a%3Fb%23c%26d', '/a%3Fb%23c%26d'],
    ['an encoded percent, kept (no double decoding)', '/100%2541', '/100%2541'],
    ['an invalid escape, kept', '/a%ZZb%', '/a%ZZb%'],
    ['a lone continuation byte, kept', '/a%80b', '/a%80b'],
    ['a sequence cut short, kept, the rest decoded', '/%E2%82%20x', '/%E2%82 x'],
    ['an overlong encoding, kept', '/%C0%AF', '/%C0%AF'],
    ['a surrogate encoded in UTF-8, kept', '/%ED%A0%80', '/%ED%A0%80'],
    ['spaces at the ends, kept', '%20%20a%20b%20', '%20%20a b%20'],
    ['only spaces, kept', '%20%20', '%20%20'],
    ['a line break, kept', '/a%0Ab', '/a%0Ab'],
    ['a right-to-left override, kept', '/a%E2%80%AEb', '/a%E2%80%AEb'],
    ['a zero-width space, kept', '/a%E2%80%8Bb', '/a%E2%80%8Bb'],
    ['a no-break space, kept', '/a%C2%A0b', '/a%C2%A0b'],
    ['nothing to decode', '/plain?x=1#top', '/plain?x=1#top'],
    ['a quote, kept', '/a%22b', '/a%22b'],
  ])('%s', (_case, input, expected) => {
    expect(decodeForDisplay(input)).toBe(expected);
  });
});

describe('displayAddress', () => {
  it('shows the host as the address bar does and the rest decoded', () => {
    expect(displayAddress('https://xn--mnchen-3ya.de/stra%C3%9Fe%20eins')).toBe(
      'https://münchen.de/straße eins',
    );
  });

  it('keeps a look-alike host in punycode', () => {
    expect(displayAddress('https://xn--pple-43d.com/a%20x')).toBe('https://xn--pple-43d.com/a x');
  });

  it('shows anything unparsable as it came, decoded', () => {
    expect(displayAddress('not a url %C3%A9')).toBe('not a url é');
  });
});
