// A click's visitor as a batch holds it until its write: a digest (SHA-256) of the client's
// address and User-Agent, made when the batch is classified, in memory only. The storage keys it
// with the link and the UTC day's random key before anything is stored (storage/visitor-marks.ts),
// so what is stored cannot be made again from an address.
import { hash } from 'node:crypto';
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
  return hash('sha256', `${click.address}\n${click.userAgent}`, 'base64url');
}

/** Digests remembered by createVisitorDigests, at most: about 150 bytes each, 15 MB. */
export const DIGESTS_REMEMBERED = 100_000;

/**
 * visitorOf, remembered per User-Agent and address: a busy link's clicks come from the same few
 * people again and again, and a look-up costs far less than a hash. Forgets everything when full,
 * so a flood of new visitors costs what it did without it, and no more memory. The same visitor's
 * digest is then one string, whose hash the Maps and Sets below compute once.
 */
export function createVisitorDigests() {
  const byUserAgent = new Map<string, Map<string, string>>();
  let size = 0;
  const digestOf = (click: RawClick): string => {
    let byAddress = byUserAgent.get(click.userAgent);
    let digest = byAddress?.get(click.address);
    if (digest !== undefined) return digest;
    digest = visitorOf(click);
    if (size >= DIGESTS_REMEMBERED) {
      byUserAgent.clear();
      size = 0;
      byAddress = undefined;
    }
    if (!byAddress) {
      byAddress = new Map();
      byUserAgent.set(click.userAgent, byAddress);
    }
    byAddress.set(click.address, digest);
    size++;
    return digest;
  };
  return Object.assign(digestOf, { size: () => size });
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

/** Days fit in 20 bits until the year 4840; link ids stay far below 2^33. */
const linkDayOf = (linkId: number, day: number) => linkId * 1_048_576 + day;

/**
 * Memory only; a key holds the day, so a new day's visitors are never taken for marked. Per link
 * and day a Set: a look-up builds no string.
 */
export function createMarkedVisitors() {
  const marked = new Map<number, Set<string>>();
  let size = 0;
  return {
    has: (linkId: number, day: number, visitor: string) =>
      marked.get(linkDayOf(linkId, day))?.has(visitor) === true,
    addAll(visits: readonly { linkId: number; day: number; visitor: string }[]): void {
      for (const { linkId, day, visitor } of visits) {
        if (size >= MARKED_REMEMBERED) {
          marked.clear();
          size = 0;
        }
        const key = linkDayOf(linkId, day);
        let visitors = marked.get(key);
        if (!visitors) {
          visitors = new Set();
          marked.set(key, visitors);
        }
        if (!visitors.has(visitor)) {
          visitors.add(visitor);
          size++;
        }
      }
    },
    get size(): number {
      return size;
    },
  };
}
