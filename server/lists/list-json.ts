// The JSON text of GET /v1/links, made a chunk at a time from rows read one by one: shared by the
// list worker (list-worker.ts) and its tests.

import type { ClickCounter } from '../clicks/clicks.ts';
import { destinationHealthJsonText } from '../shared/destination-json.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import type { LinkFilter, LinkRow, Storage } from '../storage/storage.ts';

/** The list and retrieve form of a date: `2026-11-22T10:00:00+00:00`. */
export const isoOffset = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}+00:00`;

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z: later dates have more than four digits of year. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/**
 * isoOffset for the dates of one list, in a third of its time: a list runs newest first, so
 * most rows fall on the day of the row before, whose `2026-11-22T` is kept.
 */
function listDates(): (ms: number) => string {
  let day = Number.NaN;
  let dayText = '';
  return (ms) => {
    if (!Number.isInteger(ms) || ms < 0 || ms > LAST_FOUR_DIGIT_YEAR_MS) return isoOffset(ms);
    const dayOfMs = Math.floor(ms / DAY_MS);
    if (dayOfMs !== day) {
      day = dayOfMs;
      dayText = isoOffset(day * DAY_MS).slice(0, 11);
    }
    const seconds = Math.floor((ms - day * DAY_MS) / 1000);
    return `${dayText}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}+00:00`;
  };
}

/**
 * The writer of one list's links as JSON text, written out by hand: a list may hold 200,000 of
 * them, and this is a third less work than building objects for JSON.stringify. Only the texts a
 * person chose can need escaping; the short URL (a host and `[A-Za-z0-9_-]`) and the date never
 * do. It keeps what rows share (a domain's `https://host/`, a day's date) from row to row.
 */
export function listEntryWriter(domains: ShortDomains) {
  const dateOf = listDates();
  const shortUrlStarts = new Map<string, string>();
  return (link: LinkRow, pendingClicks: number): string => {
    let shortUrlStart = shortUrlStarts.get(link.domain);
    if (shortUrlStart === undefined) {
      shortUrlStart = domains.shortUrl(link.domain, '');
      shortUrlStarts.set(link.domain, shortUrlStart);
    }
    return `{"short_url":"${shortUrlStart}${link.backHalf}","destination_url":${JSON.stringify(link.destinationUrl)},"clicks":${link.clicks + pendingClicks},"created_at":"${dateOf(link.createdAt)}","title":${JSON.stringify(link.title)},"expires_at":${expiresAtJson(link.expiresAt)},"max_clicks":${link.maxClicks ?? null},"expired_url":${link.expiredUrl === null ? null : JSON.stringify(link.expiredUrl)},"password_protected":${link.passwordHash !== null},"tags":${link.tagsJson ?? '[]'}${destinationHealthJsonText(link)}`;
  };
}

/** A link's expiry as every answer gives it: `2026-12-31T23:59:00.000Z`, or null. */
export const expiresAtIso = (ms: number | null) =>
  ms === null ? null : new Date(ms).toISOString();

const expiresAtJson = (ms: number | null) => (ms === null ? null : `"${expiresAtIso(ms)}"`);

/**
 * The size of a chunk: about 256 kB of JSON (some 1,000 links). Large, because each chunk costs
 * the main thread a message, a write to the compressor and one to the socket; small enough that
 * ten lists at once hold a few megabytes.
 */
const CHUNK_CHARS = 256 * 1024;

/**
 * `{"success":true,"links":[…]}` in chunks of about CHUNK_CHARS, each produced only when asked
 * for, so that memory holds one chunk however long the list. Returning early ends the rows' read.
 */
export function* listJsonChunks(
  rows: Iterable<LinkRow>,
  domains: ShortDomains,
  pendingOf: (linkId: number) => number,
): Generator<string> {
  const entryJson = listEntryWriter(domains);
  let text = '{"success":true,"links":[';
  let first = true;
  for (const link of rows) {
    const entry = entryJson(link, pendingOf(link.id));
    text += first ? entry : `,${entry}`;
    first = false;
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  yield `${text}]}`;
}

/**
 * A list reader (as list-reader.ts's) for a storage whose rows arrive asynchronously (a database
 * server): the same JSON, made on this thread a chunk at a time as the rows come.
 */
export function createStorageListReader(store: Storage, domains: ShortDomains) {
  const encoder = new TextEncoder();
  return {
    async *chunks(
      accountId: number,
      clicks: Pick<ClickCounter, 'settled' | 'pendingSnapshot'>,
      filter: LinkFilter = {},
    ): AsyncGenerator<Uint8Array> {
      const rows = store.eachLinkOf(accountId, filter)[Symbol.asyncIterator]();
      // The read's snapshot is taken with its first rows; the clicks not stored as of it are taken
      // then too, with no click write of this process in between (clicks.ts).
      let pendingClicks = new Map<number, number>();
      let next = await clicks.settled(async () => {
        const first = await rows.next();
        if (!first.done) pendingClicks = clicks.pendingSnapshot(first.value.storedBatch);
        return first;
      });
      const entryJson = listEntryWriter(domains);
      let text = '{"success":true,"links":[';
      let first = true;
      try {
        for (; !next.done; next = await rows.next()) {
          const link = next.value;
          const entry = entryJson(link, pendingClicks.get(link.id) ?? 0);
          text += first ? entry : `,${entry}`;
          first = false;
          if (text.length >= CHUNK_CHARS) {
            yield encoder.encode(text);
            text = '';
          }
        }
      } finally {
        // The client went away: end the read.
        if (!next.done) await rows.return?.();
      }
      yield encoder.encode(`${text}]}`);
    },
    async stop(): Promise<void> {},
  };
}
