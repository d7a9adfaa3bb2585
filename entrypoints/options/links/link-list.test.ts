import { describe, expect, it } from 'vitest';
import type { Link } from '../../../lib/api/schemas.ts';
import { filterLinks, linksToCsv, searchText, shortUrlHost, sortLinks } from './link-list.ts';

const link = (over: Partial<Link>): Link => ({
  shortUrl: 'http://localhost:8787/abc',
  destinationUrl: 'https://example.com/',
  clicks: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  title: '',
  ...over,
});

const docs = link({
  shortUrl: 'https://go.example.com/docs',
  destinationUrl: 'https://docs.example.org/guide',
  title: 'Team Guide',
  clicks: 5,
  createdAt: '2026-11-03T00:00:00.000Z',
});
const blog = link({
  shortUrl: 'http://localhost:8787/blog',
  destinationUrl: 'https://blog.example.net/post?id=1',
  title: 'Über den Blog',
  clicks: 50,
  createdAt: '2026-11-02T00:00:00.000Z',
});
const bare = link({
  shortUrl: 'http://localhost:8787/x1',
  destinationUrl: 'https://shop.example.com/',
  title: '',
  clicks: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const all = [blog, bare, docs];

describe('filterLinks', () => {
  it.each([
    ['', [blog, bare, docs]],
    ['guide', [docs]],
    ['GUIDE team', [docs]],
    ['über', [blog]],
    ['docs.example.org', [docs]],
    ['localhost:8787/x1', [bare]],
    ['example', [blog, bare, docs]],
    ['nothing-like-this', []],
    ['   ', [blog, bare, docs]],
  ])('finds %j in title, destination and short URL', (query, expected) => {
    expect(filterLinks(all, query)).toEqual(expected);
  });

  it('keeps only the links on one domain', () => {
    expect(filterLinks(all, '', 'go.example.com')).toEqual([docs]);
    expect(filterLinks(all, 'blog', 'localhost:8787')).toEqual([blog]);
  });

  it('uses precomputed search texts when given', () => {
    const texts = new Map(all.map((item) => [item, searchText(item)]));
    expect(filterLinks(all, 'guide', '', texts)).toEqual([docs]);
  });

  it('finds every match among 50,000 links', () => {
    const many = Array.from({ length: 50_000 }, (_, i) =>
      link({
        shortUrl: `http://localhost:8787/l${i}`,
        title: `Link number ${i}`,
        destinationUrl: `https://example.com/${i}`,
      }),
    );
    const texts = new Map(many.map((item) => [item, searchText(item)]));
    // 4999, 14999, 24999, 34999, 44999 and 49990 to 49999.
    expect(filterLinks(many, 'number 4999', '', texts).length).toBe(15);
  });
});

describe('sortLinks', () => {
  it.each([
    ['newest', [docs, blog, bare]],
    ['oldest', [bare, blog, docs]],
    ['most-clicks', [blog, docs, bare]],
    ['title', [docs, blog, bare]],
  ] as const)('orders by %s', (order, expected) => {
    expect(sortLinks(all, order)).toEqual(expected);
  });

  it('does not change the list it was given', () => {
    const given = [...all];
    sortLinks(given, 'oldest');
    expect(given).toEqual(all);
  });
});

describe('shortUrlHost', () => {
  it.each([
    ['https://go.example.com/abc', 'go.example.com'],
    ['http://LOCALHOST:8787/abc', 'localhost:8787'],
    ['not a url', ''],
  ])('reads the host of %s', (shortUrl, host) => {
    expect(shortUrlHost(shortUrl)).toBe(host);
  });
});

describe('linksToCsv', () => {
  it('quotes every cell, doubles quotes, keeps commas, line breaks and non-ASCII text', () => {
    const csv = linksToCsv([
      link({ title: 'Say "hi", then\nleave — ünïcödé 🎉', clicks: 3 }),
      link({ title: '=HYPERLINK("http://evil")' }),
    ]);
    expect(csv.startsWith('\uFEFFshort_url,destination_url,title,clicks,created_at\r\n')).toBe(
      true,
    );
    expect(csv).toContain('"Say ""hi"", then\nleave — ünïcödé 🎉","3"');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4);
  });
});

describe('linksToCsv defuses cells a spreadsheet would run as a formula', () => {
  it.each([
    ['an equals sign', '=1+1'],
    ['a plus sign', '+1'],
    ['a minus sign', '-1'],
    ['an at sign', '@SUM(A1)'],
    ['a tab', '\t=1'],
    ['a carriage return', '\r=1'],
    ['a line feed', '\n=1'],
    ['a space', ' =1'],
    ['a no-break space', '\u00A0=1'],
    ['a full-width equals sign', '＝1+1'],
    ['a full-width plus sign', '＋1'],
    ['a full-width minus sign', '－1'],
    ['a full-width at sign', '＠SUM(A1)'],
  ])('prefixes a title starting with %s', (_name, title) => {
    const csv = linksToCsv([link({ title })]);
    expect(csv).toContain(`,"'${title}",`);
  });

  it.each([
    ['a letter', 'Plan'],
    ['a digit', '1+1'],
    ['an equals sign inside', 'a=b'],
  ])('leaves a title starting with %s as it is', (_name, title) => {
    expect(linksToCsv([link({ title })])).toContain(`,"${title}",`);
  });

  it('checks destinations too', () => {
    // A destination is an absolute URL, so only a crafted cache could hold one like this.
    expect(linksToCsv([link({ destinationUrl: '=HYPERLINK("x")' })])).toContain(
      `"'=HYPERLINK(""x"")"`,
    );
  });

  it('writes only the header for no links', () => {
    expect(linksToCsv([])).toBe('\uFEFFshort_url,destination_url,title,clicks,created_at\r\n');
  });
});
