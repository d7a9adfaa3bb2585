import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Link } from '../api/schemas.ts';
import {
  cachedLinksFetchedAt,
  changeCachedLinks,
  clearCaches,
  readCachedLinks,
  writeCachedLinks,
} from './cache.ts';

const mine = { apiBaseUrl: 'http://localhost:8787', apiKey: 'slk_mine' };
const theirs = { apiBaseUrl: 'http://localhost:8787', apiKey: 'slk_theirs' };
const link = (n: number): Link => ({
  shortUrl: `http://localhost:8787/l${n}`,
  destinationUrl: `https://example.com/${n}`,
  clicks: n,
  createdAt: '2026-11-22T10:00:00.000Z',
  title: `Link "${n}", ünïcode`,
});

beforeEach(() => fakeBrowser.reset());

describe('the links cache', () => {
  it('gives back what was written, for the same connection only', async () => {
    await writeCachedLinks(mine, [link(1), link(2)], 1234);
    expect(await readCachedLinks(mine)).toEqual({ value: [link(1), link(2)], fetchedAt: 1234 });
    expect(await cachedLinksFetchedAt(mine)).toBe(1234);
    expect(await readCachedLinks(theirs)).toBeUndefined();
    expect(await cachedLinksFetchedAt(theirs)).toBeUndefined();
  });

  it.each([
    ['an older format with a list of objects', { connection: 'x', fetchedAt: 1, links: [] }],
    ['JSON that does not parse', { fetchedAt: 1, linksJson: '[{"shortUrl":' }],
    ['a link with a missing field', { fetchedAt: 1, linksJson: '[{"shortUrl":"a"}]' }],
    ['not a list', { fetchedAt: 1, linksJson: '{"links":[]}' }],
    ['something else entirely', 'garbage'],
  ])('treats %s as no cache', async (_name, stored) => {
    await writeCachedLinks(mine, []);
    const { linksCache } = (await browser.storage.local.get('linksCache')) as {
      linksCache: { connection: string };
    };
    await browser.storage.local.set({
      linksCache:
        typeof stored === 'object' ? { connection: linksCache.connection, ...stored } : stored,
    });
    expect(await readCachedLinks(mine)).toBeUndefined();
  });

  it('applies a change and keeps the time the list was fetched', async () => {
    await writeCachedLinks(mine, [link(1)], 1234);
    await changeCachedLinks(mine, (links) => [link(2), ...links]);
    expect(await readCachedLinks(mine)).toEqual({ value: [link(2), link(1)], fetchedAt: 1234 });
  });

  it('changes nothing under another connection, and nothing when there is no cache', async () => {
    await changeCachedLinks(mine, (links) => [link(9), ...links]);
    expect(await readCachedLinks(mine)).toBeUndefined();
    await writeCachedLinks(theirs, [link(1)]);
    await changeCachedLinks(mine, (links) => [link(9), ...links]);
    expect((await readCachedLinks(theirs))?.value).toEqual([link(1)]);
  });

  it('is gone after clearCaches', async () => {
    await writeCachedLinks(mine, [link(1)]);
    await clearCaches();
    expect(await readCachedLinks(mine)).toBeUndefined();
  });
});
