import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Link } from '../api/schemas.ts';
import { readCachedLinks, readCachedLinksVersion, writeCachedLinks } from './cache.ts';
import { cacheChangesInOrder, changeKnownCachedLinks } from './cache-change.ts';
import { LINKS_PER_PART } from './links-json.ts';

const mine = { id: 'first', apiBaseUrl: 'http://localhost:8787', apiKey: 'slk_mine' };
const link = (n: number, title = `Link ${n}`): Link => ({
  shortUrl: `http://localhost:8787/l${n}`,
  destinationUrl: `https://example.com/${n}`,
  clicks: n,
  createdAt: '2026-11-22T10:00:00.000Z',
  title,
});
const list = (count: number) => Array.from({ length: count }, (_, n) => link(n));
const retitled = (n: number, title: string) => (links: Link[]) =>
  links.map((each) => (each.shortUrl === link(n).shortUrl ? { ...each, title } : each));

/** Counts the lists JSON.parse reads (the stored pieces), while `work` runs. */
async function listParsesDuring(work: () => Promise<unknown>): Promise<number> {
  const parse = JSON.parse;
  let parses = 0;
  vi.spyOn(JSON, 'parse').mockImplementation((text: string) => {
    const value = parse(text);
    if (Array.isArray(value) && value.length > 1) parses++;
    return value;
  });
  try {
    await work();
  } finally {
    vi.restoreAllMocks();
  }
  return parses;
}

beforeEach(() => fakeBrowser.reset());

describe('a change to the cache from the list the page holds', () => {
  it('is stored without reading the stored list back, its pieces made a few per turn', async () => {
    const links = list(20 * LINKS_PER_PART);
    const known = await writeCachedLinks(mine, links, 1234);
    let timerRan = false;
    const parses = await listParsesDuring(async () => {
      setTimeout(() => {
        timerRan = true;
      }, 0);
      const written = await changeKnownCachedLinks(mine, known, retitled(7, 'Edited'));
      expect(written?.links?.[7]?.title).toBe('Edited');
      expect(written?.fetchedAt).toBe(1234);
    });
    expect(parses).toBe(0);
    // The page drew and answered while the pieces were made: the timer ran before the write ended.
    expect(timerRan).toBe(true);
    const stored = await readCachedLinks(mine);
    expect(stored?.fetchedAt).toBe(1234);
    expect(stored?.value).toEqual(retitled(7, 'Edited')(links));
  });

  it('is made over what another page stored since, losing neither change', async () => {
    const known = await writeCachedLinks(mine, [link(1), link(2)], 1234);
    // The popup adds a link meanwhile, in a transaction of its own.
    await writeCachedLinks(mine, [link(3), link(1), link(2)], 1234);
    const written = await changeKnownCachedLinks(mine, known, retitled(2, 'Edited'));
    const both = [link(3), link(1), link(2, 'Edited')];
    expect(written?.links).toEqual(both);
    expect((await readCachedLinks(mine))?.value).toEqual(both);
  });

  it('changes nothing when there is no cache (the page never stored one)', async () => {
    expect(await changeKnownCachedLinks(mine, undefined, retitled(1, 'Edited'))).toBeUndefined();
    expect(await readCachedLinks(mine)).toBeUndefined();
  });

  it('is stored in the order the changes were made, each from the version the one before wrote', async () => {
    let known = await writeCachedLinks(mine, list(3 * LINKS_PER_PART), 1234);
    const versions: (string | undefined)[] = [];
    const change = cacheChangesInOrder(
      mine,
      () => known,
      (written) => {
        known = written;
        versions.push(written?.version);
      },
    );
    const parses = await listParsesDuring(() =>
      Promise.all([
        change(retitled(5, 'First')),
        change(retitled(5, 'Second')),
        change((links) => [link(9_999), ...links]),
      ]),
    );
    expect(parses).toBe(0);
    const stored = await readCachedLinksVersion(mine);
    expect(stored.links?.[0]).toEqual(link(9_999));
    expect(stored.links?.[6]?.title).toBe('Second');
    expect(stored.version).toBe(versions.at(-1));
    expect(new Set(versions).size).toBe(3);
  });
});
