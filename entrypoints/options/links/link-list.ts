// What the options page does with the account's links on this computer: search, sort and filter
// (the CSV export is links-csv.ts). Pure functions over cached links, fast enough for 50,000 of
// them on every keystroke.
import type { Link } from '../../../lib/api/schemas.ts';
import { newestFirst } from '../../../lib/links/link-order.ts';

export const LinkSort = ['newest', 'oldest', 'most-clicks', 'trending', 'title'] as const;
export type LinkSort = (typeof LinkSort)[number];

/** A URL's scheme and host: its origin as written, and the host (with its port) in group 1. */
const SHORT_URL_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i;

/** The host of a short URL (with its port, as the service wrote it), or "" when it has none. */
export function shortUrlHost(shortUrl: string): string {
  return SHORT_URL_ORIGIN.exec(shortUrl)?.[1]?.toLowerCase() ?? '';
}

/**
 * The short-URL hosts of these links, sorted. Links share a few hosts, so a link that starts like
 * the one before is not parsed again: at 20,000 links this took 12 ms of the options page's
 * opening with a parse for each.
 */
export function shortUrlHosts(links: readonly Link[]): string[] {
  const hosts = new Set<string>();
  let origin = '';
  for (const { shortUrl } of links) {
    if (
      origin !== '' &&
      shortUrl.startsWith(origin) &&
      '/?#'.includes(shortUrl[origin.length] ?? '/')
    )
      continue;
    const match = SHORT_URL_ORIGIN.exec(shortUrl);
    origin = match?.[0] ?? '';
    if (match?.[1]) hosts.add(match[1].toLowerCase());
  }
  return [...hosts].sort();
}

/** The text a search looks in, lower-cased once per link rather than once per keystroke. */
export function searchText(link: Link): string {
  return `${link.title}\n${link.destinationUrl}\n${link.shortUrl}`.toLowerCase();
}

/**
 * Each link's search text in one list, worked out once (ahead by prepareSearchTexts, else by the
 * first search). A Map the list's owner keeps and drops with the list, not a WeakMap for every
 * link: 20,000 weak entries made each full garbage collection of the page long (its ephemerons
 * are marked one by one: 190 of a 300 ms collection in the cached opening's trace).
 */
export type SearchTexts = Map<Link, string>;

function searchTextIn(texts: SearchTexts, link: Link): string {
  let text = texts.get(link);
  if (text === undefined) {
    text = searchText(link);
    texts.set(link, text);
  }
  return text;
}

/**
 * Works out the search texts of a list into `texts` before the first search needs them, `chunk`
 * links after each `pause` (idle time): at 20,000 links they were a 155 ms task on the first
 * keystroke. A link the list before held (`earlier`) keeps its text. `stopped` answers true once
 * the list is no longer shown.
 */
export async function prepareSearchTexts(
  links: readonly Link[],
  texts: SearchTexts,
  pause: () => Promise<void>,
  stopped: () => boolean,
  { chunk = 1_000, earlier }: { chunk?: number; earlier?: ReadonlyMap<Link, string> } = {},
): Promise<void> {
  for (let at = 0; at < links.length; at += chunk) {
    await pause();
    if (stopped()) return;
    for (let n = at; n < Math.min(at + chunk, links.length); n++) {
      const link = links[n] as Link;
      const known = earlier?.get(link);
      if (known !== undefined) texts.set(link, known);
      else searchTextIn(texts, link);
    }
  }
}

/**
 * The links whose title, destination or short URL contains every word of the query (any order,
 * any case), on the given short-URL host when one is given.
 */
export function filterLinks(
  links: readonly Link[],
  query: string,
  host = '',
  texts?: ReadonlyMap<Link, string>,
): Link[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && !host) return [...links];
  return links.filter((link) => {
    if (host && shortUrlHost(link.shortUrl) !== host) return false;
    const text = texts?.get(link) ?? searchText(link);
    return words.every((word) => text.includes(word));
  });
}

/**
 * The search over one list of links as a person types, a keystroke at a time: the links whose
 * title, destination or short URL holds every word of the query, on `host` when one is given
 * (as filterLinks). Each link's text is read once into an array (from `prepared`, the list's
 * texts), as a look-up and a closure per link per keystroke were most of a keystroke's 19 ms at
 * 20,000 links; and a query that narrows the last one (`exam` after `exa`, a word added) looks
 * only through the links the last one found.
 */
export function linkSearch(
  links: readonly Link[],
  prepared: SearchTexts = new Map(),
): (query: string, host?: string) => Link[] {
  let texts: string[] | undefined;
  let last: { words: string[]; host: string; at: number[] } | undefined;
  return (query, host = '') => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0 && !host) {
      last = undefined;
      return [...links];
    }
    texts ??= links.map((link) => searchTextIn(prepared, link));
    // Every link the new query finds holds each word of the last one (inside a word of its own).
    const within =
      last?.host === host && last.words.every((old) => words.some((word) => word.includes(old)))
        ? last.at
        : undefined;
    const found: Link[] = [];
    const at: number[] = [];
    const count = within ? within.length : links.length;
    for (let k = 0; k < count; k++) {
      const index = within ? (within[k] as number) : k;
      const link = links[index] as Link;
      if (!within && host && shortUrlHost(link.shortUrl) !== host) continue;
      const text = texts[index] as string;
      let holdsAll = true;
      for (const word of words) {
        if (!text.includes(word)) {
          holdsAll = false;
          break;
        }
      }
      if (holdsAll) {
        found.push(link);
        at.push(index);
      }
    }
    last = { words, host, at };
    return found;
  };
}

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * `recent` is each link's clicks of the last 7 days, by short URL, for "trending" (most first,
 * then newest); a link it lacks counts 0.
 */
export function sortLinks(
  links: readonly Link[],
  order: LinkSort,
  recent: ReadonlyMap<string, number> = new Map(),
): Link[] {
  const sorted = [...links];
  switch (order) {
    case 'newest':
      return sorted.sort(newestFirst);
    case 'oldest':
      return sorted.sort((a, b) => newestFirst(b, a));
    case 'most-clicks':
      return sorted.sort((a, b) => b.clicks - a.clicks);
    case 'trending':
      return sorted.sort(
        (a, b) =>
          (recent.get(b.shortUrl) ?? 0) - (recent.get(a.shortUrl) ?? 0) || newestFirst(a, b),
      );
    case 'title':
      // Untitled links go last rather than first.
      return sorted.sort((a, b) =>
        a.title === ''
          ? b.title === ''
            ? 0
            : 1
          : b.title === ''
            ? -1
            : byTitle.compare(a.title, b.title),
      );
  }
}
