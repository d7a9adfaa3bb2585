import { describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../lib/api/schemas.ts';
import {
  filterLinks,
  linkSearch,
  prepareSearchTexts,
  type SearchTexts,
  searchText,
  shortUrlHost,
  shortUrlHosts,
  sortLinks,
} from './link-list.ts';

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

describe('prepareSearchTexts', () => {
  it('works out the search texts ahead of a first search, a chunk at a time between pauses', async () => {
    const many = Array.from({ length: 2_500 }, (_, i) =>
      link({ shortUrl: `http://localhost:8787/p${i}`, title: `Prepared ${i}` }),
    );
    const texts: SearchTexts = new Map();
    let pauses = 0;
    await prepareSearchTexts(
      many,
      texts,
      async () => {
        pauses++;
      },
      () => false,
      { chunk: 1_000 },
    );
    expect(pauses).toBe(3);
    expect(texts.size).toBe(2_500);

    const lowered = vi.spyOn(String.prototype, 'toLowerCase');
    expect(linkSearch(many, texts)('prepared 2499')).toHaveLength(1);
    // The query is lowered, no link's text: every one was ready (2,500 calls before).
    expect(lowered.mock.calls.length).toBeLessThan(10);
    lowered.mockRestore();
  });

  it("keeps the texts of the links the list before held, and works out only the new ones'", async () => {
    const before = Array.from({ length: 100 }, (_, i) => link({ shortUrl: `http://x/k${i}` }));
    const earlier: SearchTexts = new Map();
    await prepareSearchTexts(
      before,
      earlier,
      async () => {},
      () => false,
    );
    const after = [link({ shortUrl: 'http://x/new', title: 'New' }), ...before.slice(1)];
    const texts: SearchTexts = new Map();

    const lowered = vi.spyOn(String.prototype, 'toLowerCase');
    await prepareSearchTexts(
      after,
      texts,
      async () => {},
      () => false,
      { earlier },
    );
    expect(lowered.mock.calls.length).toBe(1);
    lowered.mockRestore();
    expect(texts.size).toBe(100);
    expect(texts.get(after[0] as Link)).toBe(searchText(after[0] as Link));
    expect(texts.get(before[5] as Link)).toBe(earlier.get(before[5] as Link));
  });

  it('stops when the list it works for is gone', async () => {
    const many = Array.from({ length: 3_000 }, (_, i) => link({ shortUrl: `http://x/s${i}` }));
    let pauses = 0;
    await prepareSearchTexts(
      many,
      new Map(),
      async () => {
        pauses++;
      },
      () => pauses >= 1,
      { chunk: 1_000 },
    );
    expect(pauses).toBe(1);
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

  it.each([
    [
      'by the clicks of the last 7 days',
      new Map([
        [bare.shortUrl, 5],
        [blog.shortUrl, 2],
      ]),
      [bare, blog, docs],
    ],
    [
      'newest first when equal',
      new Map([
        [blog.shortUrl, 3],
        [bare.shortUrl, 3],
      ]),
      [blog, bare, docs],
    ],
    ['newest first with no record', new Map<string, number>(), [docs, blog, bare]],
  ])('orders trending %s', (_, recent, expected) => {
    expect(sortLinks(all, 'trending', recent)).toEqual(expected);
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

describe('shortUrlHosts', () => {
  const at = (...shortUrls: string[]) => shortUrls.map((shortUrl) => link({ shortUrl }));

  it('lists each host once, sorted, as shortUrlHost reads them', () => {
    const links = at(
      'https://go.example.com/a',
      'https://go.example.com/b',
      'http://localhost:8787/c',
      'https://go.example.com/d',
      'HTTP://LOCALHOST:8787/e',
    );
    expect(shortUrlHosts(links)).toEqual(['go.example.com', 'localhost:8787']);
    expect(shortUrlHosts(links)).toEqual(
      [...new Set(links.map((each) => shortUrlHost(each.shortUrl)))].sort(),
    );
  });

  it('does not take a longer host for the one before it', () => {
    expect(
      shortUrlHosts(
        at('https://a.com/x', 'https://a.com.evil.net/y', 'https://a.com:8443/z', 'https://a.com'),
      ),
    ).toEqual(['a.com', 'a.com.evil.net', 'a.com:8443']);
  });

  it('skips addresses without a host', () => {
    expect(shortUrlHosts(at('not a url', '', 'https://go.example.com?q'))).toEqual([
      'go.example.com',
    ]);
  });
});

describe('linkSearch', () => {
  const many = Array.from({ length: 5_000 }, (_, i) =>
    link({
      shortUrl: `http://${i % 3 ? 'localhost:8787' : 'go.example.com'}/l${i}`,
      title: `Link number ${i}`,
      destinationUrl: `https://example.com/${i}`,
    }),
  );

  it('finds what filterLinks finds, key after key, with keys taken back and the domain changed', () => {
    const search = linkSearch(many);
    const typed = ['n', 'nu', 'number 4', 'number 49', 'number 4', 'number 42 l', 'x', '', ' 1 2'];
    for (const host of ['', 'go.example.com', '', 'localhost:8787']) {
      for (const query of typed) {
        expect(search(query, host), `${JSON.stringify(query)} on ${host}`).toEqual(
          filterLinks(many, query, host),
        );
      }
    }
  });

  it('looks only through what the last query found when the new one narrows it', () => {
    let reads = 0;
    const counted = new Proxy(many, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const search = linkSearch(counted);
    const wide = search('number 49').length;
    reads = 0;
    const narrow = search('number 499');
    expect(narrow).toEqual(filterLinks(many, 'number 499'));
    expect(reads).toBeLessThanOrEqual(wide);
    expect(narrow.length).toBeLessThan(wide);
    reads = 0;
    expect(search('number 499 link')).toEqual(filterLinks(many, 'number 499 link'));
    expect(reads).toBeLessThanOrEqual(narrow.length);
  });
});
