// What the options page does with the account's links on this computer: search, sort, filter and
// export. Pure functions over cached links, fast enough for 50,000 of them on every keystroke.
import { unparse } from 'papaparse';
import type { Link } from '../../../lib/api/schemas.ts';

export const LinkSort = ['newest', 'oldest', 'most-clicks', 'title'] as const;
export type LinkSort = (typeof LinkSort)[number];

/** The host of a short URL (with its port, as the service wrote it), or "" when it has none. */
export function shortUrlHost(shortUrl: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(shortUrl)?.[1]?.toLowerCase() ?? '';
}

/** The text a search looks in, lower-cased once per link rather than once per keystroke. */
export function searchText(link: Link): string {
  return `${link.title}\n${link.destinationUrl}\n${link.shortUrl}`.toLowerCase();
}

/**
 * The links whose title, destination or short URL contains every word of the query (any order,
 * any case), on the given short-URL host when one is given.
 */
export function filterLinks(
  links: readonly Link[],
  query: string,
  host = '',
  texts: ReadonlyMap<Link, string> = new Map(),
): Link[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && !host) return [...links];
  return links.filter((link) => {
    if (host && shortUrlHost(link.shortUrl) !== host) return false;
    const text = texts.get(link) ?? searchText(link);
    return words.every((word) => text.includes(word));
  });
}

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortLinks(links: readonly Link[], order: LinkSort): Link[] {
  const sorted = [...links];
  switch (order) {
    case 'newest':
      return sorted.sort((a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
      );
    case 'oldest':
      return sorted.sort((a, b) =>
        a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
      );
    case 'most-clicks':
      return sorted.sort((a, b) => b.clicks - a.clicks);
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

const CSV_COLUMNS = ['short_url', 'destination_url', 'title', 'clicks', 'created_at'] as const;

/**
 * Cells a spreadsheet could read as a formula: papaparse's own list (= + - @ tab, carriage return)
 * widened to any leading whitespace or line feed (spreadsheets trim them and then evaluate) and the
 * full-width ＝＋－＠ that some spreadsheets fold to their ASCII forms. Such a cell gets a leading `'`.
 */
export const FORMULA_START = /^[\s=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

/**
 * The links as CSV (RFC 4180, CRLF line ends, every cell quoted) with a byte-order mark, so that
 * spreadsheets read non-ASCII text as UTF-8. papaparse writes it: on 20,000 links it took 9–18 ms
 * where our hand-written writer took 22–44 ms (same run).
 */
export function linksToCsv(links: readonly Link[]): string {
  const rows = links.map((link) => [
    link.shortUrl,
    link.destinationUrl,
    link.title,
    String(link.clicks),
    link.createdAt,
  ]);
  const body = unparse(rows, { quotes: true, escapeFormulae: FORMULA_START, newline: '\r\n' });
  return `\uFEFF${CSV_COLUMNS.join(',')}\r\n${body}${rows.length > 0 ? '\r\n' : ''}`;
}
