import { parse } from 'papaparse';
import { describe, expect, it } from 'vitest';
import { formatLinkList } from './link-list-formats.ts';

const links = [
  { shortUrl: 'https://sho.rt/a', title: 'First [draft]', destinationUrl: 'https://example.com/a' },
  { shortUrl: 'https://sho.rt/b', title: '', destinationUrl: 'https://example.com/b?x=1,2' },
  { shortUrl: 'https://sho.rt/c', title: '=HYPERLINK("x")', destinationUrl: 'https://e.com/c' },
];

describe('formatLinkList', () => {
  it('gives one short link a line', () => {
    expect(formatLinkList('lines', links)).toBe(
      'https://sho.rt/a\nhttps://sho.rt/b\nhttps://sho.rt/c',
    );
  });

  it('gives a Markdown list, each item as "Copy as Markdown" writes one link', () => {
    expect(formatLinkList('markdown', links)).toBe(
      [
        '- [First \\[draft\\]](https://sho.rt/a)',
        '- <https://sho.rt/b>',
        '- [=HYPERLINK\\("x"\\)](https://sho.rt/c)',
      ].join('\n'),
    );
  });

  it('gives CSV that reads back as written, with formulas defused', () => {
    const csv = formatLinkList('csv', links);
    expect(csv.startsWith('"title","destination_url","short_url"\r\n')).toBe(true);
    expect(parse(csv).data).toEqual([
      ['title', 'destination_url', 'short_url'],
      ['First [draft]', 'https://example.com/a', 'https://sho.rt/a'],
      ['', 'https://example.com/b?x=1,2', 'https://sho.rt/b'],
      [`'=HYPERLINK("x")`, 'https://e.com/c', 'https://sho.rt/c'],
    ]);
  });
});
