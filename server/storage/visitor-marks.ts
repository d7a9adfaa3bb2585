// Distinct visitors without keeping anyone (Plausible's method), as both engines store them: a
// visitor's mark is a keyed hash of who they are and the link, with a random key of the UTC day
// kept in the database (visitor_keys), so every instance on one database marks alike. A mark seen
// for the first time on a link and day adds one to that day's `visitor` count and to its hour's
// `hour_visitor`; once the day is over, its marks and its key are deleted, and the counts that
// stay hold nothing that could be tied back to an address.
import { hash, randomBytes } from 'node:crypto';

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

/** SHA-256's block, in bytes: an HMAC key no longer is padded with zeros to it (RFC 2104). */
const BLOCK = 64;

/**
 * The marks stored for the visitors of a day: HMAC-SHA256 under the day's key, cut to 128 bits
 * (base64url). Without the key, no mark can be made again from an address; with it deleted, none
 * ever can. Made by the RFC 2104 construction from two one-shot hashes, with the key's pads
 * worked out once: createHmac prepares a key object for every mark, which cost a batch of new
 * visitors more than the rest of its write.
 */
export function visitorMarker(dayKey: Uint8Array): (visitor: string, linkId: number) => string {
  const key = dayKey.length > BLOCK ? hash('sha256', dayKey, 'buffer') : dayKey;
  const innerPad = Buffer.alloc(BLOCK, 0x36);
  const outerPad = Buffer.alloc(BLOCK, 0x5c);
  for (let i = 0; i < key.length; i++) {
    innerPad[i] = (innerPad[i] as number) ^ (key[i] as number);
    outerPad[i] = (outerPad[i] as number) ^ (key[i] as number);
  }
  return (visitor, linkId) => {
    const inner = hash(
      'sha256',
      Buffer.concat([innerPad, Buffer.from(`${visitor}\n${linkId}`)]),
      'buffer',
    );
    return hash('sha256', Buffer.concat([outerPad, inner]), 'buffer')
      .subarray(0, 16)
      .toString('base64url');
  };
}

/** The days a batch's visits fall on, each once. */
export const daysOf = (visits: Visit[]): number[] => [...new Set(visits.map((v) => v.day))];
