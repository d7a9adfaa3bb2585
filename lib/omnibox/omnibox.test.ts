import { describe, expect, it, vi } from 'vitest';
import type { Link } from '../api/schemas.ts';
import { escapeXml, matchingLinks, omniboxEntered, suggestionsFor } from './omnibox.ts';

const link = (shortUrl: string, destinationUrl: string, title = ''): Link =>
  ({
    shortUrl,
    destinationUrl,
    title,
    id: shortUrl,
    domain: 'sho.rt',
    backHalf: shortUrl.slice(-3),
    clicks: 0,
    createdAt: '2026-11-26T10:00:00.000Z',
  }) as unknown as Link;

const links = [
  link(
    'https://sho.rt/aaa',
    'https://example.com/spring-sale?utm_source=mail',
    'Spring <sale> & "more"',
  ),
  link('https://sho.rt/bbb', 'https://docs.example.org/handbook', 'Handbook'),
  link('https://sho.rt/ccc', 'https://example.com/winter', ''),
];

describe('matchingLinks', () => {
  it.each([
    ['spring', ['https://sho.rt/aaa']],
    ['SPRING mail', ['https://sho.rt/aaa']],
    ['example.com', ['https://sho.rt/aaa', 'https://sho.rt/ccc']],
    ['bbb', ['https://sho.rt/bbb']],
    ['spring handbook', []],
    ['', []],
    ['   ', []],
  ])('%j finds %j', (text, expected) => {
    expect(matchingLinks(links, text).map((each) => each.shortUrl)).toEqual(expected);
  });

  it('stops at the limit', () => {
    const many = Array.from({ length: 20 }, (_, n) =>
      link(`https://sho.rt/${n}`, 'https://a.example/'),
    );
    expect(matchingLinks(many, 'a.example')).toHaveLength(6);
  });
});

describe('suggestionsFor', () => {
  it('escapes the XML of titles and addresses in Chrome', () => {
    const [first] = suggestionsFor(links, 'spring', { markup: true });
    expect(first).toEqual({
      content: 'https://sho.rt/aaa',
      description:
        'Spring &lt;sale&gt; &amp; &quot;more&quot; <url>https://sho.rt/aaa</url> <dim>→ https://example.com/spring-sale?utm_source=mail</dim>',
    });
  });

  it('gives Firefox plain text, the short URL for a link without a title', () => {
    expect(suggestionsFor(links, 'winter', { markup: false })).toEqual([
      {
        content: 'https://sho.rt/ccc',
        description: 'https://sho.rt/ccc — https://sho.rt/ccc → https://example.com/winter',
      },
    ]);
  });

  it.each([
    ['<b>&amp;</b>', '&lt;b&gt;&amp;amp;&lt;/b&gt;'],
    ["it's", 'it&apos;s'],
    ['a\uFFFEb\uFFFFc', 'abc'],
    ['nul\u0000 bell\u0007 esc\u001B del\u007F', 'nul bell esc del\u007F'],
    ['tab\t lf\n cr\r kept', 'tab\t lf\n cr\r kept'],
    ['lone \uD800 and \uDC00 surrogates', 'lone  and  surrogates'],
    ['a pair 😀 and U+FFFD \uFFFD kept', 'a pair 😀 and U+FFFD \uFFFD kept'],
  ])('escapeXml(%j)', (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });
});

describe('omniboxEntered', () => {
  const deps = () => ({
    links: async () => links,
    open: vi.fn(async () => {}),
    shorten: vi.fn(async () => ({ status: 'copied' })),
    showInLinks: vi.fn(async () => {}),
  });

  it('opens the destination of the chosen suggestion where the browser asks', async () => {
    const given = deps();
    expect(await omniboxEntered('https://sho.rt/bbb', 'newForegroundTab', given)).toEqual({
      action: 'opened',
      url: 'https://docs.example.org/handbook',
    });
    expect(given.open).toHaveBeenCalledWith(
      'https://docs.example.org/handbook',
      'newForegroundTab',
    );
    expect(given.shorten).not.toHaveBeenCalled();
  });

  it('opens the first match of words typed without choosing', async () => {
    const given = deps();
    await omniboxEntered(' handbook ', 'currentTab', given);
    expect(given.open).toHaveBeenCalledWith('https://docs.example.org/handbook', 'currentTab');
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'chrome://settings/',
  ])('never opens the destination %j: shows the link in Links instead', async (destination) => {
    const given = {
      ...deps(),
      links: async () => [link('https://sho.rt/bad', destination, 'Bad')],
    };
    for (const typed of ['https://sho.rt/bad', 'bad']) {
      expect(await omniboxEntered(typed, 'newForegroundTab', given)).toEqual({
        action: 'shown in links',
        shortUrl: 'https://sho.rt/bad',
      });
    }
    expect(given.open).not.toHaveBeenCalled();
    expect(given.showInLinks).toHaveBeenCalledWith('https://sho.rt/bad', 'newForegroundTab');
  });

  it('shortens an address that is not one of the links', async () => {
    const given = deps();
    expect(await omniboxEntered('https://example.com/new', 'currentTab', given)).toEqual({
      action: 'shortened',
      outcome: { status: 'copied' },
    });
    expect(given.shorten).toHaveBeenCalledWith('https://example.com/new');
    expect(given.open).not.toHaveBeenCalled();
  });

  it.each(['nothing matches', '', 'javascript:alert(1)', 'ftp://example.com/'])(
    'does nothing for %j',
    async (text) => {
      const given = deps();
      expect(await omniboxEntered(text, 'currentTab', given)).toEqual({ action: 'nothing' });
      expect(given.open).not.toHaveBeenCalled();
      expect(given.shorten).not.toHaveBeenCalled();
      expect(given.showInLinks).not.toHaveBeenCalled();
    },
  );
});
