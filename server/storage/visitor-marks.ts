// Distinct visitors without keeping anyone (Plausible's method), as both engines store them: a
// visitor's mark is a keyed hash of who they are and the link, with a random key of the UTC day
// kept in the database (visitor_keys), so every instance on one database marks alike. A mark seen
// for the first time on a link and day adds one to that day's `visitor` count and to its hour's
// `hour_visitor`; once the day is over, its marks and its key are deleted, and the counts that
// stay hold nothing that could be tied back to an address.
import { createHmac, randomBytes } from 'node:crypto';

/**
 * One visitor of a link on a UTC day, first seen in `hour` (0–23) of the batch: `visitor` is the
 * digest the click counter made of the address and User-Agent (clicks/visitors.ts), held in
 * memory only and never stored.
 */
export type Visit = { linkId: number; day: number; hour: number; visitor: string };

/**
 * What a click batch adds to the visitors: its visits, and the day before which the keys and
 * marks are deleted (the days that are over), after the visits are counted.
 */
export type VisitorBatch = { visits: Visit[]; forgetBefore?: number };

/** A day's key: 256 random bits, made once per day by whichever instance needs it first. */
export const newDayKey = (): Buffer => randomBytes(32);

/**
 * The mark stored for a visitor of a link: HMAC-SHA256 under the day's key, cut to 128 bits
 * (base64url). Without the key, no mark can be made again from an address; with it deleted, none
 * ever can.
 */
export function visitorMark(dayKey: Uint8Array, visitor: string, linkId: number): string {
  return createHmac('sha256', dayKey)
    .update(`${visitor}\n${linkId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The days a batch's visits fall on, each once. */
export const daysOf = (visits: Visit[]): number[] => [...new Set(visits.map((v) => v.day))];
