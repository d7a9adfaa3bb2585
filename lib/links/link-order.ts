// The order the link manager opens in (newest first), shared by its sort and by the cache's first
// screen, which must hold exactly the rows that order shows first.
import type { Link } from '../api/schemas.ts';

export function newestFirst(a: Link, b: Link): number {
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/**
 * The `count` newest links, newest first, in one pass: a list that is already newest first (as the
 * service and the cache keep it) costs one comparison per link, not a sort of them all.
 */
export function newestLinks(links: readonly Link[], count: number): Link[] {
  const newest: Link[] = [];
  for (const link of links) {
    const last = newest[newest.length - 1];
    if (newest.length === count && last && newestFirst(link, last) >= 0) continue;
    // After every link at least as new, as a stable sort would place it.
    let low = 0;
    let high = newest.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (newestFirst(link, newest[middle] as Link) < 0) high = middle;
      else low = middle + 1;
    }
    newest.splice(low, 0, link);
    if (newest.length > count) newest.pop();
  }
  return newest;
}
