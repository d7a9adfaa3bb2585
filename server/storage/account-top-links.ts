// An account's most clicked links of a range without summing every link's days: the links are read
// in the order of their clicks of all time (an index of link_click_totals gives it), and a link's
// clicks in the range are never more than those of all time. So once the links read so far fill the
// list and the next one's all-time clicks cannot beat its last entry, no later link can either.
import type { AccountLinkCount } from './account-stats.ts';

/** A link's statistics' clicks of all time (people only, or people and bots). */
export type LinkTotal = { linkId: number; total: number };

export type TopLinkReads = {
  /** Up to `limit` of the account's links after `after`, by total, most first, ties by id. */
  linksByTotal(after: LinkTotal | undefined, limit: number): Promise<LinkTotal[]>;
  /** The range's clicks of those of these links that have counts in it. */
  rangeClicks(linkIds: number[]): Promise<(AccountLinkCount & { linkId: number })[]>;
};

/** The links read first; each read after takes twice as many, so a range far from the totals' order costs a few reads more, not one per link. */
const FIRST_READ = 128;

/** The `limit` most clicked links of the range, most first, ties by id (as one sum over all would give). */
export async function topLinksOfRange(
  reads: TopLinkReads,
  limit: number,
): Promise<AccountLinkCount[]> {
  let best: (AccountLinkCount & { linkId: number })[] = [];
  let after: LinkTotal | undefined;
  for (let size = Math.max(FIRST_READ, limit * 2); ; size *= 2) {
    const candidates = await reads.linksByTotal(after, size);
    if (candidates.length > 0) {
      const counted = await reads.rangeClicks(candidates.map(({ linkId }) => linkId));
      best = [...best, ...counted]
        .sort((a, b) => b.clicks - a.clicks || a.linkId - b.linkId)
        .slice(0, limit);
    }
    const last = candidates.at(-1);
    if (last === undefined || candidates.length < size) break;
    const worst = best.length === limit ? best[limit - 1] : undefined;
    if (
      worst !== undefined &&
      (last.total < worst.clicks || (last.total === worst.clicks && last.linkId > worst.linkId))
    ) {
      break;
    }
    after = last;
  }
  return best.map(({ domain, backHalf, clicks }) => ({ domain, backHalf, clicks }));
}
