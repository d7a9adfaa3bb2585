// Whether a list from the service is the list already cached or shown, link by link: a refresh
// that changes nothing then writes nothing (at 20,000 links a write is megabytes of JSON and a
// task of about 100 ms, and it tells every page and the background to read the list again), and
// shows nothing new (a new list draws every row and works out every search text again).
import type { Link } from '../api/schemas.ts';

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Nested values (tags, an expiry's details) are rare and small.
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

function sameLink(a: Link, b: Link): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!sameValue(a[key as keyof Link], b[key as keyof Link])) return false;
  }
  return true;
}

/** Links compared between turns of the page: 20,000 at once were a 70 ms task. */
const SLICE = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function sameLinks(a: readonly Link[], b: readonly Link[]): Promise<boolean> {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at++) {
    if (at > 0 && at % SLICE === 0) await nextTurn();
    if (!sameLink(a[at] as Link, b[at] as Link)) return false;
  }
  return true;
}

/**
 * `fresh` as `shown` holds it: `shown` itself (the same array) when they are the same links in the
 * same order; otherwise `fresh`'s order with each link equal to the shown one of its short URL
 * taken from `shown`, so that the rows of the links that did not change are not drawn again.
 */
export async function keepUnchangedLinks(shown: Link[], fresh: Link[]): Promise<Link[]> {
  if (shown === fresh) return shown;
  let byShortUrl: Map<string, Link> | undefined;
  const kept: Link[] = new Array(fresh.length);
  let allKept = shown.length === fresh.length;
  for (let at = 0; at < fresh.length; at++) {
    if (at > 0 && at % SLICE === 0) await nextTurn();
    const link = fresh[at] as Link;
    let before = shown[at];
    if (before?.shortUrl !== link.shortUrl) {
      byShortUrl ??= new Map(shown.map((one) => [one.shortUrl, one]));
      before = byShortUrl.get(link.shortUrl);
      allKept = false;
    }
    if (before && sameLink(before, link)) {
      kept[at] = before;
    } else {
      kept[at] = link;
      allKept = false;
    }
  }
  return allKept ? shown : kept;
}
