import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Link } from '../api/schemas.ts';
import { connectionTag } from '../settings/connection.ts';
import {
  cachedLinksFetchedAt,
  cachedLinksVersion,
  changeCachedLinks,
  clearCaches,
  FIRST_SCREEN_LINKS,
  migrateLegacyCaches,
  readCachedDomains,
  readCachedFirstScreen,
  readCachedLinks,
  readCachedLinksVersion,
  writeCachedDomains,
  writeCachedLinks,
} from './cache.ts';
import { LINKS_PER_PART } from './links-json.ts';
import { readStoredLinks, writeStoredLinks } from './links-store.ts';

const mine = { id: 'first', apiBaseUrl: 'http://localhost:8787', apiKey: 'slk_mine' };
// The same account after its key changed: the cache it has is another key's.
const theirs = { id: 'first', apiBaseUrl: 'http://localhost:8787', apiKey: 'slk_theirs' };
const otherAccount = { id: 'b2', apiBaseUrl: 'http://localhost:9999', apiKey: 'slk_b2' };
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
    await writeStoredLinks('first', {
      all: typeof stored === 'object' ? { connection: connectionTag(mine), ...stored } : stored,
    });
    expect(await readCachedLinks(mine)).toBeUndefined();
  });

  it('applies a change and keeps the time the list was fetched', async () => {
    await writeCachedLinks(mine, [link(1)], 1234);
    await changeCachedLinks(mine, (links) => [link(2), ...links]);
    expect(await readCachedLinks(mine)).toEqual({ value: [link(2), link(1)], fetchedAt: 1234 });
  });

  it('loses no change when two are made at once (one transaction each)', async () => {
    await writeCachedLinks(mine, [link(1)], 1234);
    await Promise.all([
      changeCachedLinks(mine, (links) => [link(2), ...links]),
      changeCachedLinks(mine, (links) => [link(3), ...links]),
    ]);
    expect((await readCachedLinks(mine))?.value).toEqual([link(3), link(2), link(1)]);
  });

  it('changes nothing under another connection, and nothing when there is no cache', async () => {
    await changeCachedLinks(mine, (links) => [link(9), ...links]);
    expect(await readCachedLinks(mine)).toBeUndefined();
    await writeCachedLinks(theirs, [link(1)]);
    await changeCachedLinks(mine, (links) => [link(9), ...links]);
    expect((await readCachedLinks(theirs))?.value).toEqual([link(1)]);
  });

  it("keeps each account's cache apart, and clearCaches drops only the one named", async () => {
    await writeCachedLinks(mine, [link(1)]);
    await writeCachedDomains(mine, []);
    await writeCachedLinks(otherAccount, [link(2)]);
    expect((await readCachedLinks(otherAccount))?.value).toEqual([link(2)]);
    await clearCaches('first');
    expect(await readCachedLinks(mine)).toBeUndefined();
    expect(await readCachedDomains(mine)).toBeUndefined();
    expect((await readCachedLinks(otherAccount))?.value).toEqual([link(2)]);
  });
});

describe("the links cache's first screen", () => {
  // Link n was made on day n: the higher, the newer.
  const made = (n: number): Link => ({
    ...link(n),
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString(),
  });
  const many = Array.from({ length: FIRST_SCREEN_LINKS + 15 }, (_, n) => made(n));

  it('holds the newest links, newest first, and how many the whole list has', async () => {
    await writeCachedLinks(mine, many, 1234);
    expect(await readCachedFirstScreen(mine)).toEqual({
      value: [...many].reverse().slice(0, FIRST_SCREEN_LINKS),
      fetchedAt: 1234,
      total: many.length,
    });
    expect(await readCachedFirstScreen(theirs)).toBeUndefined();
  });

  it('follows every change of the whole list, in the same transaction', async () => {
    await writeCachedLinks(mine, many, 1234);
    const newest = made(1000);
    await changeCachedLinks(mine, (links) => [newest, ...links.slice(0, -1)]);
    const first = await readCachedFirstScreen(mine);
    expect(first?.value[0]).toEqual(newest);
    expect(first?.total).toBe(many.length);
    expect(first?.fetchedAt).toBe(1234);
  });

  it('is gone with the list: cleared, or replaced by a cache of an earlier version', async () => {
    await writeCachedLinks(mine, many);
    await clearCaches('first');
    expect(await readCachedFirstScreen(mine)).toBeUndefined();
    await writeCachedLinks(mine, many);
    await writeStoredLinks('first', { all: 'an older cache' });
    expect(await readCachedFirstScreen(mine)).toBeUndefined();
  });
});

describe('the links cache written a piece at a time', () => {
  const list = (length: number, from = 0) => Array.from({ length }, (_, n) => link(from + n));
  const before = list(2 * LINKS_PER_PART + 10);
  const after = list(2 * LINKS_PER_PART + 20, 100_000);

  it('serialises no more than a piece of the list in one go', async () => {
    const serialised = vi.spyOn(JSON, 'stringify');
    await writeCachedLinks(mine, after, 1234);
    const longest = Math.max(
      ...serialised.mock.calls.map(([value]) => (Array.isArray(value) ? value.length : 0)),
    );
    expect(longest).toBeLessThanOrEqual(LINKS_PER_PART);
    expect(await readCachedLinks(mine)).toEqual({ value: after, fetchedAt: 1234 });
  });

  it.each([
    ['its first screen', (key: IDBValidKey) => key === 'first:first-screen'],
    ['a piece after the first', (key: IDBValidKey) => key === 'first:part:1'],
  ])('keeps the list before, whole, when a write fails at %s', async (_at, failsAt) => {
    await writeCachedLinks(mine, before, 1234);
    const version = await cachedLinksVersion(mine);
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value,
      key,
    ) {
      if (key !== undefined && failsAt(key))
        throw new DOMException('Disk full', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    await expect(writeCachedLinks(mine, after, 5678)).rejects.toThrow();
    vi.restoreAllMocks();
    expect(await readCachedLinks(mine)).toEqual({ value: before, fetchedAt: 1234 });
    expect((await readCachedFirstScreen(mine))?.total).toBe(before.length);
    expect(await cachedLinksVersion(mine)).toBe(version);
  });

  it('is read as the list before or the list after, never a mix, while it is written', async () => {
    await writeCachedLinks(mine, before, 1234);
    let written = false;
    const writing = writeCachedLinks(mine, after, 5678).then(() => {
      written = true;
    });
    const seen = new Set<number>();
    while (!written) {
      const read = await readCachedLinks(mine);
      expect([before, after]).toContainEqual(read?.value);
      seen.add(read?.fetchedAt ?? 0);
    }
    await writing;
    expect(await readCachedLinks(mine)).toEqual({ value: after, fetchedAt: 5678 });
    expect(seen.has(1234)).toBe(true);
  });

  it('is parsed a few pieces per turn when a page reads it to show it', async () => {
    const long = list(40 * LINKS_PER_PART + 20, 200_000);
    await writeCachedLinks(mine, long, 1234);
    const parse = JSON.parse;
    const listParses: number[] = [];
    let parsesWhenATimerRan: number | undefined;
    vi.spyOn(JSON, 'parse').mockImplementation((text: string) => {
      const value = parse(text);
      if (Array.isArray(value) && value.length >= 10) {
        // Each piece parsed in 1 ms at least, as on a slow machine: a fast one parsed all 41 within
        // one turn's 4 ms, and the test measured nothing.
        const parsedBy = performance.now() + 1;
        while (performance.now() < parsedBy);
        listParses.push(value.length);
        // A timer set while the first piece is parsed runs before the last is.
        if (listParses.length === 1) {
          setTimeout(() => {
            parsesWhenATimerRan = listParses.length;
          }, 0);
        }
      }
      return value;
    });
    const read = await readCachedLinksVersion(mine);
    vi.restoreAllMocks();
    expect(read.links).toEqual(long);
    expect(read.fetchedAt).toBe(1234);
    expect(listParses).toEqual([...Array(40).fill(LINKS_PER_PART), 20]);
    // A turn's 4 ms hold four or five pieces here, not all 41.
    expect(parsesWhenATimerRan, 'the timer ran only after every piece was parsed').toBeDefined();
    expect(parsesWhenATimerRan).toBeLessThanOrEqual(8);
  });

  it('is not given back when a piece of it is damaged', async () => {
    await writeCachedLinks(mine, after, 1234);
    const stored = (await readStoredLinks('first')) as { parts: string[] };
    await writeStoredLinks('first', { all: { ...stored, parts: [stored.parts[0], '{"oops"'] } });
    expect(await readCachedLinksVersion(mine)).toMatchObject({
      links: undefined,
      fetchedAt: undefined,
    });
  });

  it('drops the pieces of a longer list written before', async () => {
    await writeCachedLinks(mine, before, 1234);
    await writeCachedLinks(mine, list(3), 5678);
    expect(await readCachedLinks(mine)).toEqual({ value: list(3), fetchedAt: 5678 });
    await clearCaches('first');
    expect(await readStoredLinks('first')).toBeUndefined();
  });
});

describe('caches of earlier versions', () => {
  it("move to the first account's keys, still tagged with its connection", async () => {
    const tag = connectionTag(mine);
    await browser.storage.local.set({
      linksCache: { connection: tag, fetchedAt: 1234, linksJson: JSON.stringify([link(1)]) },
      domainsCache: { connection: tag, fetchedAt: 1234, domains: [] },
    });
    await migrateLegacyCaches('first');
    expect(await readCachedLinks(mine)).toEqual({ value: [link(1)], fetchedAt: 1234 });
    expect(await readCachedDomains(mine)).toEqual({ value: [], fetchedAt: 1234 });
    expect(await browser.storage.local.get(['linksCache', 'domainsCache'])).toEqual({});
  });

  it('move from browser.storage.local to IndexedDB, account by account', async () => {
    await browser.storage.local.set({
      'linksCache:first': {
        connection: connectionTag(mine),
        fetchedAt: 1234,
        linksJson: JSON.stringify([link(1)]),
      },
      'linksCache:b2': {
        connection: connectionTag(otherAccount),
        fetchedAt: 5678,
        linksJson: JSON.stringify([link(2)]),
      },
      'domainsCache:first': { connection: connectionTag(mine), fetchedAt: 1234, domains: [] },
    });
    await migrateLegacyCaches('first');
    expect(await readCachedLinks(mine)).toEqual({ value: [link(1)], fetchedAt: 1234 });
    expect(await readCachedLinks(otherAccount)).toEqual({ value: [link(2)], fetchedAt: 5678 });
    // The domains cache was where this version reads it already.
    expect(Object.keys(await browser.storage.local.get(null))).toEqual(['domainsCache:first']);
  });

  it('leave nothing behind when there were none', async () => {
    await migrateLegacyCaches('first');
    expect(await browser.storage.local.get(null)).toEqual({});
  });
});
