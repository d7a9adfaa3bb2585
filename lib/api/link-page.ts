// A page of the service's list of links: where its rows are, where the next page is (in the
// shapes hosted services use), and its rows read as links. Apart from schemas.ts, as the list's
// rows are read a slice at a time (list-rows.ts) rather than inside the page's schema.
import * as z from 'zod/mini';
import { eachValid, Link, plainLinkReader } from './schemas.ts';

/** Where the rest of a paged list is: a URL to follow, or a page number or cursor to ask for. */
export type NextPage = { url: string } | { query: Record<string, string> };

/** One answer of the list call: its links, and where the next page is when the service pages. */
export type LinkPage = { links: Link[]; next?: NextPage; total?: number; pageIsIncomplete?: true };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmptyText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const wholeNumber = (value: unknown) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
};

/**
 * The next page in the shapes hosted services use, since the interface shows none: a URL
 * (`next_page_url`, DRF's `next`, JSON:API's `links.next`), Laravel's `meta.current_page` and
 * `meta.last_page`, or `has_more` with a cursor. Undefined when this is the last page.
 */
function nextPageOf(body: Json): NextPage | 'unknown' | undefined {
  const meta = isObject(body.meta) ? body.meta : {};
  const links = isObject(body.links) ? body.links : {};
  const linksNext = isObject(links.next) ? links.next.href : links.next;
  const url =
    nonEmptyText(body.next_page_url) ?? nonEmptyText(linksNext) ?? nonEmptyText(meta.next_page_url);
  if (url) return { url };
  const next = nonEmptyText(body.next);
  // DRF's `next` is a URL; a bare token is a cursor.
  if (next) return /[/?]/.test(next) ? { url: next } : { query: { cursor: next } };
  const current = wholeNumber(meta.current_page ?? body.current_page);
  const last = wholeNumber(meta.last_page ?? body.last_page ?? meta.total_pages);
  if (current !== undefined && last !== undefined) {
    return current < last ? { query: { page: String(current + 1) } } : undefined;
  }
  if (body.has_more === true || meta.has_more === true) {
    const cursor =
      nonEmptyText(body.next_cursor) ?? nonEmptyText(body.cursor) ?? nonEmptyText(meta.next_cursor);
    return cursor ? { query: { cursor } } : 'unknown';
  }
  return undefined;
}

/** A page of the list with its rows not yet read (list-rows.ts reads them, a slice at a time). */
export type LinkPageRows = Omit<LinkPage, 'links'> & { rows: unknown[] };

/**
 * A page of the list: the rows under `links` (the interface), or `data` or `results` (services
 * that page), each read on its own later.
 */
export const LinkPageRows = z.pipe(
  z.custom<Json>(isObject, 'The answer is not a JSON object.'),
  z.transform((body, context): LinkPageRows => {
    const rows = [body.links, body.data, body.results].find(Array.isArray);
    if (!rows) {
      context.issues.push({
        code: 'custom',
        message: 'No list of links.',
        input: body,
        path: ['links'],
      });
      return { rows: [] };
    }
    const meta = isObject(body.meta) ? body.meta : {};
    const total = wholeNumber(
      body.count ?? body.total ?? body.total_count ?? meta.total ?? meta.total_count,
    );
    const next = nextPageOf(body);
    if (next === 'unknown') return { rows, total, pageIsIncomplete: true };
    return next ? { rows, next, total } : { rows, total };
  }),
);

/** A page of the list with its links read, each row on its own. */
export const LinkPage = z.pipe(
  LinkPageRows,
  z.transform(({ rows, ...page }): LinkPage => ({ ...page, links: readLinkRows(rows) })),
);

/** The rows of a list as links: an odd row is left out, the others read as `Link` reads them. */
export const readLinkRows = (rows: unknown[]): Link[] =>
  eachValid(Link, plainLinkReader).parse(rows);

/** The links of one answer, for a service that sends them all at once. */
export const LinkListResponse = z.pipe(
  LinkPage,
  z.transform((page) => page.links),
);
export type LinkListResponse = z.infer<typeof LinkListResponse>;
