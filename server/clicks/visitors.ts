// A click's visitor as a batch holds it until its write: a digest (SHA-256) of the client's
// address and User-Agent, made when the batch is classified, in memory only. The storage keys it
// with the link and the UTC day's random key before anything is stored (storage/visitor-marks.ts),
// so what is stored cannot be made again from an address.
import { createHash } from 'node:crypto';
import type { RawClick } from './click-capture.ts';

const DAY_MS = 86_400_000;

/**
 * How long after midnight (UTC) the day before keeps its key and marks: clicks captured just
 * before midnight and written just after are counted with that day's key meanwhile. A click of a
 * day whose key is gone (a batch held longer, while the database refused it) counts as a new
 * visitor of that day.
 */
export const VISITOR_DAY_GRACE_MS = 5 * 60_000;

export function visitorOf(click: RawClick): string {
  return createHash('sha256').update(`${click.address}\n${click.userAgent}`).digest('base64url');
}

/** The day before which keys and marks are deleted at `now`: the days that are over. */
export function visitorDaysOverBefore(now: number): number {
  return Math.floor((now - VISITOR_DAY_GRACE_MS) / DAY_MS);
}

/**
 * Visitors this process has marked already (their batch written): at most this many, forgotten
 * all at once when full. A repeat visitor on the same link and day is then not marked again (the
 * mark would add nothing), which spares the write a hash and an insert for each: most of the
 * traffic of a busy link.
 */
export const MARKED_REMEMBERED = 100_000;

/** Memory only; a key holds the day, so a new day's visitors are never taken for marked. */
export function createMarkedVisitors() {
  const marked = new Set<string>();
  const keyOf = (linkId: number, day: number, visitor: string) => `${day}/${linkId}/${visitor}`;
  return {
    has: (linkId: number, day: number, visitor: string) => marked.has(keyOf(linkId, day, visitor)),
    addAll(visits: readonly { linkId: number; day: number; visitor: string }[]): void {
      for (const { linkId, day, visitor } of visits) {
        if (marked.size >= MARKED_REMEMBERED) marked.clear();
        marked.add(keyOf(linkId, day, visitor));
      }
    },
    get size(): number {
      return marked.size;
    },
  };
}
