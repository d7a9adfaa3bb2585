// The top links of a range read in the order of the links' all-time clicks: the same list as
// summing every link, ties by id, whether the range holds all of the clicks or few of them, and
// with few links read when the two orders agree.
import { describe, expect, it } from 'vitest';
import { type LinkTotal, topLinksOfRange } from './account-top-links.ts';

type FakeLink = { linkId: number; total: number; inRange: number };

/** Links 1…count with all-time clicks from `total`, and from those the range's with `inRange`. */
function fakeLinks(
  count: number,
  total: (id: number) => number,
  inRange: (id: number, total: number) => number,
): FakeLink[] {
  return Array.from({ length: count }, (_, i) => {
    const linkId = i + 1;
    const all = total(linkId);
    return { linkId, total: all, inRange: inRange(linkId, all) };
  });
}

function readsOf(links: FakeLink[]) {
  const ordered = [...links].sort((a, b) => b.total - a.total || a.linkId - b.linkId);
  const read = { links: 0 };
  return {
    read,
    reads: {
      linksByTotal: async (after: LinkTotal | undefined, size: number) => {
        const start =
          after === undefined
            ? 0
            : ordered.findIndex(
                (link) =>
                  link.total < after.total ||
                  (link.total === after.total && link.linkId > after.linkId),
              );
        const found = start === -1 ? [] : ordered.slice(start, start + size);
        read.links += found.length;
        return found.map(({ linkId, total }) => ({ linkId, total }));
      },
      rangeClicks: async (linkIds: number[]) =>
        links
          .filter((link) => linkIds.includes(link.linkId) && link.inRange > 0)
          .map(({ linkId, inRange }) => ({
            linkId,
            domain: '',
            backHalf: `b${linkId}`,
            clicks: inRange,
          })),
    },
  };
}

/** What one sum over every link gives: the most clicked in the range, ties by id. */
const summedOverAll = (links: FakeLink[], limit: number) =>
  links
    .filter((link) => link.inRange > 0)
    .sort((a, b) => b.inRange - a.inRange || a.linkId - b.linkId)
    .slice(0, limit)
    .map(({ linkId, inRange }) => ({ domain: '', backHalf: `b${linkId}`, clicks: inRange }));

describe('the top links of a range', () => {
  const cases = {
    'every click in the range, many ties': fakeLinks(
      3_000,
      (id) => 10 + (id % 7),
      (_, all) => all,
    ),
    'few clicks in the range': fakeLinks(
      3_000,
      (id) => 100 + ((id * 7919) % 500),
      (id) => (id % 13 === 0 ? (id * 31) % 40 : 0),
    ),
    'old favourites and new ones': fakeLinks(
      3_000,
      (id) => (id <= 100 ? 10_000 : (id * 37) % 300),
      (id, all) => (id <= 100 ? id % 3 : Math.floor(all / 2)),
    ),
    // The first read ends on a link of 7 clicks of all time: one after it, with 7 in the range,
    // comes before link 500's 7 by its id.
    'a tie past the first read': fakeLinks(
      600,
      (id) => (id === 500 ? 10_000 : 7),
      (id) => (id === 500 || id === 128 ? 7 : 0),
    ),
  };
  for (const [name, links] of Object.entries(cases)) {
    it(`are those of one sum over every link: ${name}`, async () => {
      for (const limit of [1, 3, 50]) {
        const { reads } = readsOf(links);
        expect(await topLinksOfRange(reads, limit)).toEqual(summedOverAll(links, limit));
      }
    });
  }

  it('read only the first links when the range holds their clicks', async () => {
    const { reads, read } = readsOf(cases['every click in the range, many ties']);
    await topLinksOfRange(reads, 50);
    expect(read.links).toBeLessThanOrEqual(128);
  });
});
