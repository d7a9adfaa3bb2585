// The cached links' JSON in pieces of a few thousand links: at 20,000 links one JSON.stringify was
// a task of about 70 ms, and one put of its 3.7 MB into IndexedDB another 40 (see links-store.ts).
// Each piece is the inside of a JSON array; the pieces joined by commas, in brackets, are the list.
// Read back, the pieces are parsed one a turn too (about 5 ms each, where the whole list joined
// and parsed at once was a task of 60-130 ms just after the cache's first rows were drawn).
import type { Link } from '../api/schemas.ts';

/** Links in one piece: a task of a few milliseconds to serialise, and to store. */
export const LINKS_PER_PART = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const partOf = (links: readonly Link[], at: number) =>
  JSON.stringify(links.slice(at, at + LINKS_PER_PART)).slice(1, -1);

/** The pieces at once (a change applied inside a transaction, which may not wait for a turn). */
export function linksJsonParts(links: readonly Link[]): string[] {
  const parts: string[] = [];
  for (let at = 0; at < links.length; at += LINKS_PER_PART) parts.push(partOf(links, at));
  return parts;
}

/** The pieces, one per turn of the page: the page draws and answers between them. */
export async function linksJsonPartsInTurns(links: readonly Link[]): Promise<string[]> {
  const parts: string[] = [];
  for (let at = 0; at < links.length; at += LINKS_PER_PART) {
    if (at > 0) await nextTurn();
    parts.push(partOf(links, at));
  }
  return parts;
}

export const joinLinksJson = (parts: readonly string[]): string => `[${parts.join(',')}]`;

/**
 * The cached links are kept as one JSON string: at 20,000 links IndexedDB hands back a string in a
 * quarter of the time it takes for as many objects (measured: 9 vs 35 ms), and storing objects
 * blocks the page while they are copied. They are checked with a plain loop rather
 * than a schema for the same reason: the cache is our own writing, the check only refuses an old
 * or damaged one.
 */
export function isCachedLinks(value: unknown): value is Link[] {
  if (!Array.isArray(value)) return false;
  for (const link of value) {
    if (
      typeof link !== 'object' ||
      link === null ||
      typeof link.shortUrl !== 'string' ||
      typeof link.destinationUrl !== 'string' ||
      typeof link.clicks !== 'number' ||
      typeof link.createdAt !== 'string' ||
      typeof link.title !== 'string'
    ) {
      return false;
    }
  }
  return true;
}

/** The cached list's JSON read back: undefined when it is not JSON, or not links. */
export function parseLinks(json: string): Link[] | undefined {
  try {
    const links: unknown = JSON.parse(json);
    return isCachedLinks(links) ? links : undefined;
  } catch {
    return undefined;
  }
}

/** The pieces' links, a piece parsed per turn; undefined when one is damaged. */
export async function parseLinksJsonPartsInTurns(
  parts: readonly string[],
): Promise<Link[] | undefined> {
  const links: Link[] = [];
  for (const [at, part] of parts.entries()) {
    if (at > 0) await nextTurn();
    const piece = parseLinks(`[${part}]`);
    if (!piece) return undefined;
    for (const link of piece) links.push(link);
  }
  return links;
}
