import { describe, expect, it } from 'vitest';
import type { Link } from '../api/schemas.ts';
import { addLink, removeLinks, replaceLink, restoreLinks } from './link-changes.ts';

const link = (n: number, extra: Partial<Link> = {}): Link => ({
  shortUrl: `https://s.example/${n}`,
  destinationUrl: `https://example.com/${n}`,
  title: `Link ${n}`,
  clicks: n,
  createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
  ...extra,
});

describe('link changes', () => {
  const links = [link(1), link(2), link(3)];

  it('replaces and removes by short URL', () => {
    const renamed = { ...links[1], title: 'Renamed' } as Link;
    expect(replaceLink(links, renamed.shortUrl, renamed)[1]).toBe(renamed);
    expect(removeLinks(links, new Set([links[0]?.shortUrl ?? '']))).toEqual([links[1], links[2]]);
  });

  it('adds a new link first, and a link the list already holds once', () => {
    expect(addLink(links, link(4))).toEqual([link(4), ...links]);
    expect(addLink(links, link(2, { title: 'Again' }))).toEqual([
      link(2, { title: 'Again' }),
      link(1),
      link(3),
    ]);
  });

  it('puts failed deletions back in their places', () => {
    const after = removeLinks(links, new Set([link(1).shortUrl, link(3).shortUrl]));
    expect(restoreLinks(after, links, new Set([link(3).shortUrl]))).toEqual([link(2), link(3)]);
    expect(restoreLinks(after, links, new Set([link(1).shortUrl, link(3).shortUrl]))).toEqual(
      links,
    );
  });

  it('keeps links made meanwhile, and the latest version of the others', () => {
    const after = [link(9), link(2, { title: 'Edited' })];
    expect(restoreLinks(after, links, new Set([link(1).shortUrl]))).toEqual([
      link(9),
      link(1),
      link(2, { title: 'Edited' }),
    ]);
  });
});
