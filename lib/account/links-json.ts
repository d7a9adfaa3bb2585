// The cached links' JSON in pieces of a few thousand links: at 20,000 links one JSON.stringify was
// a task of about 70 ms, and one put of its 3.7 MB into IndexedDB another 40 (see links-store.ts).
// Each piece is the inside of a JSON array; the pieces joined by commas, in brackets, are the list.
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
