// The cached links' JSON in pieces of a few hundred links: at 20,000 links one JSON.stringify was
// a task of about 70 ms, and one put of its 3.7 MB into IndexedDB another 40 (see links-store.ts).
// Each piece is the inside of a JSON array; the pieces joined by commas, in brackets, are the list.
// Pieces are made and read back a few milliseconds of them per turn of the page (the whole list
// joined and parsed at once was a task of 60-130 ms just after the cache's first rows were drawn).
import type { Link } from '../api/schemas.ts';

/**
 * Links in one piece: about 50 kB of JSON, under the 64 kB above which Chromium's IndexedDB wraps
 * a value into a blob of its own (a put of a 2,000-link piece was a task of 17-59 ms, and the
 * write after a refresh made the frames of a scroll under way 33-50 ms long).
 */
export const LINKS_PER_PART = 250;

/** How long the work below runs before the page may draw and answer: well within a frame. */
const TURN_MS = 4;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Calls `step` for 0 … count - 1, a few milliseconds of them per turn; stops when it answers false. */
async function inTurns(count: number, step: (at: number) => boolean | undefined): Promise<boolean> {
  let turnStarted = performance.now();
  for (let at = 0; at < count; at++) {
    if (at > 0 && performance.now() - turnStarted >= TURN_MS) {
      await nextTurn();
      turnStarted = performance.now();
    }
    if (step(at) === false) return false;
  }
  return true;
}

const partOf = (links: readonly Link[], at: number) =>
  JSON.stringify(links.slice(at, at + LINKS_PER_PART)).slice(1, -1);

const partCount = (links: readonly Link[]) => Math.ceil(links.length / LINKS_PER_PART);

/** The pieces at once (a change applied inside a transaction, which may not wait for a turn). */
export function linksJsonParts(links: readonly Link[]): string[] {
  return Array.from({ length: partCount(links) }, (_, n) => partOf(links, n * LINKS_PER_PART));
}

/** The pieces, a few per turn of the page: the page draws and answers between them. */
export async function linksJsonPartsInTurns(links: readonly Link[]): Promise<string[]> {
  const parts: string[] = [];
  await inTurns(partCount(links), (n) => {
    parts.push(partOf(links, n * LINKS_PER_PART));
    return true;
  });
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

/** The pieces' links, a few pieces parsed per turn; undefined when one is damaged. */
export async function parseLinksJsonPartsInTurns(
  parts: readonly string[],
): Promise<Link[] | undefined> {
  const links: Link[] = [];
  const whole = await inTurns(parts.length, (at) => {
    const piece = parseLinks(`[${parts[at]}]`);
    if (!piece) return false;
    for (const link of piece) links.push(link);
    return true;
  });
  return whole ? links : undefined;
}
