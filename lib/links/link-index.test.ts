import { describe, expect, it } from 'vitest';
import type { Link } from '../api/schemas.ts';
import { indexLinks } from './link-index.ts';

const link = (
  destinationUrl: string,
  shortUrl = `http://s.test/${destinationUrl.length}`,
): Link => ({
  shortUrl,
  destinationUrl,
  clicks: 0,
  createdAt: '',
  title: '',
});

describe('indexLinks', () => {
  it.each([
    ['the same address', 'https://example.com/a?b=1', true],
    ['the host in capitals', 'https://EXAMPLE.com/a?b=1', true],
    ['the default port written out', 'https://example.com:443/a?b=1', true],
    ['another path', 'https://example.com/a/b=1', false],
    ['another query', 'https://example.com/a?b=2', false],
    ['the address with utm_* values', 'https://example.com/a?b=1&utm_source=mail', false],
    ['another scheme', 'http://example.com/a?b=1', false],
    ['another host', 'https://example.org/a?b=1', false],
  ])('counts a link to %s: %s', (_name, destination, expected) => {
    expect(indexLinks([link(destination)]).linksTo(['https://example.com/a?b=1'])).toHaveLength(
      expected ? 1 : 0,
    );
  });

  it('answers the links of the first address first, in list order, each once', () => {
    const a1 = link('https://example.com/a', 'http://s.test/a1');
    const b = link('https://example.com/b', 'http://s.test/b');
    const a2 = link('https://example.com/a', 'http://s.test/a2');
    const index = indexLinks([a1, b, a2]);
    expect(
      index.linksTo(['https://example.com/b', 'https://example.com/a', 'https://example.com/b']),
    ).toEqual([b, a1, a2]);
    expect(index.linksTo([])).toEqual([]);
    expect(index.linksTo(['not an address'])).toEqual([]);
  });

  it('follows a new version of the list without parsing known destinations again', () => {
    const first = indexLinks([link('https://example.com/a', 'http://s.test/a')]);
    const added = link('https://example.com/c', 'http://s.test/c');
    const next = indexLinks([added, link('https://example.com/a', 'http://s.test/a')], first);
    expect(next.linksTo(['https://example.com/c']).map((found) => found.shortUrl)).toEqual([
      'http://s.test/c',
    ]);
    expect(next.keys.get('https://example.com/a')).toBe(first.keys.get('https://example.com/a'));
    expect(indexLinks([], next).linksTo(['https://example.com/a'])).toEqual([]);
  });
});
