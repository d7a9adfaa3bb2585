import { describe, expect, it } from 'vitest';
import { decodePunycode, displayHost, displayUrl } from './display-host.ts';

describe('decodePunycode', () => {
  it.each([
    ['mnchen-3ya', 'münchen'],
    ['pple-43d', 'аpple'],
    ['fiqs8s', '中国'],
    ['bcher-kva', 'bücher'],
    ['wgv71a119e', '日本語'],
  ])('decodes %s as %s', (input, expected) => {
    expect(decodePunycode(input)).toBe(expected);
  });

  it.each(['abc-!!', 'b-z', 'é-abc'])('refuses %s', (input) => {
    expect(decodePunycode(input)).toBeUndefined();
  });
});

describe('displayHost', () => {
  it.each([
    ['example.com', 'example.com'],
    ['xn--mnchen-3ya.de', 'münchen.de'],
    ['münchen.de', 'münchen.de'],
    ['xn--fiqs8s.xn--fiqs8s', '中国.中国'],
    ['xn--wgv71a119e.jp', '日本語.jp'],
    // Japanese mixes Han, Hiragana and Latin: one writing system.
    [new URL('http://ひらがな漢字abc.jp').hostname, 'ひらがな漢字abc.jp'],
  ])('shows %s as %s', (host, expected) => {
    expect(displayHost(host)).toBe(expected);
  });

  it.each([
    'аpple.com', // Cyrillic а among Latin letters
    'xn--pple-43d.com', // the same, as the service stores it
    'paypaӏ.com', // Cyrillic palochka for l
    'аррӏе.com', // wholly Cyrillic, every letter a Latin look-alike
    'gοogle.com', // Greek omicron
  ])('shows the look-alike %s in punycode', (host) => {
    const ascii = new URL(`http://${host}`).hostname;
    expect(ascii).toMatch(/^xn--/);
    expect(displayHost(host)).toBe(ascii);
  });

  it('keeps a host in one non-Latin script that imitates nothing', () => {
    expect(displayHost('xn--e1afmkfd.xn--p1ai')).toBe('пример.рф');
  });
});

describe('displayUrl', () => {
  it('replaces only the host and keeps path, query and port', () => {
    expect(displayUrl('https://xn--mnchen-3ya.de:8443/xn--path?q=xn--1#x')).toBe(
      'https://münchen.de:8443/xn--path?q=xn--1#x',
    );
  });

  it.each([
    ['https://sho.rt@evil.example/x', 'https://evil.example/x'],
    ['https://user:secret@xn--mnchen-3ya.de/a', 'https://münchen.de/a'],
    ['https://evil.example@evil.example/', 'https://evil.example/'],
  ])('leaves out the user name and password of %s, as the address bar does', (address, shown) => {
    expect(displayUrl(address)).toBe(shown);
  });

  it('shows a mixed-script host in punycode even when it came in Unicode', () => {
    expect(displayUrl('https://аpple.com/login')).toBe('https://xn--pple-43d.com/login');
  });

  it('leaves text that is not an address as it came', () => {
    expect(displayUrl('not an address')).toBe('not an address');
  });
});
