// The JSON text of GET /v1/links, made a chunk at a time from rows read one by one: shared by the
// list worker (list-worker.ts) and its tests.

import type { DestinationStatus } from '../../contract/link-health.ts';
import type { ClickCounter } from '../clicks/clicks.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import type { LinkFilter, LinkRow, Storage } from '../storage/storage.ts';

/**
 * The columns a list row is read with on SQLite, in ListRow's order: only what the list writes
 * (a password is only whether there is one), as an array, which node:sqlite makes in two thirds
 * of the time of an object with named fields.
 */
export const LIST_ROW_COLUMNS = `id, domain, back_half, destination_url, title, clicks, created_at,
  expires_at, max_clicks, expired_url, password_hash IS NOT NULL, destination_status,
  destination_status_code, destination_reason, destination_final_url, destination_checked_at,
  tags_json`;

/** A link as the list writes it: the values of LIST_ROW_COLUMNS in their order. */
export type ListRow = [
  id: number,
  domain: string,
  backHalf: string,
  destinationUrl: string,
  title: string,
  clicks: number,
  createdAt: number,
  expiresAt: number | null,
  maxClicks: number | null,
  expiredUrl: string | null,
  passwordProtected: number | boolean,
  destinationStatus: DestinationStatus,
  destinationStatusCode: number | null,
  destinationReason: LinkRow['destinationReason'],
  destinationFinalUrl: string | null,
  destinationCheckedAt: number | null,
  tagsJson: string | undefined,
];

/** A row read as an object (PostgreSQL's storage, tests) as the list writes it. */
export const listRowOf = (link: LinkRow): ListRow => [
  link.id,
  link.domain,
  link.backHalf,
  link.destinationUrl,
  link.title,
  link.clicks,
  link.createdAt,
  link.expiresAt,
  link.maxClicks,
  link.expiredUrl,
  link.passwordHash !== null,
  link.destinationStatus,
  link.destinationStatusCode,
  link.destinationReason,
  link.destinationFinalUrl,
  link.destinationCheckedAt,
  link.tagsJson,
];

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

/** A never-checked destination's fields as JSON text, closing the row: most rows of most lists. */
const UNCHECKED_JSON_TEXT =
  ',"destination_status":"unchecked","destination_checked_at":null,"destination_status_code":null,"destination_reason":null,"destination_final_url":null,"destination_permanent":null}';

/** A destination's health as the single-link answers give it (destination-json.ts), as JSON text. */
function healthJsonText(row: ListRow): string {
  const status = row[11];
  const reason = row[13];
  const checkedAt = row[15];
  if (
    status === 'unchecked' &&
    checkedAt === null &&
    reason === null &&
    row[12] === null &&
    row[14] === null
  ) {
    return UNCHECKED_JSON_TEXT;
  }
  return `,"destination_status":"${status}","destination_checked_at":${
    checkedAt === null ? null : `"${new Date(checkedAt).toISOString()}"`
  },"destination_status_code":${row[12]},"destination_reason":${
    reason === null ? null : `"${reason}"`
  },"destination_final_url":${JSON.stringify(row[14])},"destination_permanent":${
    status === 'redirected' ? reason === 'permanent' : null
  }}`;
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
  return (link: ListRow, pendingClicks: number): string => {
    const domain = link[1];
    let shortUrlStart = shortUrlStarts.get(domain);
    if (shortUrlStart === undefined) {
      shortUrlStart = domains.shortUrl(domain, '');
      shortUrlStarts.set(domain, shortUrlStart);
    }
    const expiredUrl = link[9];
    return `{"short_url":"${shortUrlStart}${link[2]}","destination_url":${JSON.stringify(link[3])},"clicks":${link[5] + pendingClicks},"created_at":"${dateOf(link[6])}","title":${JSON.stringify(link[4])},"expires_at":${expiresAtJson(link[7])},"max_clicks":${link[8] ?? null},"expired_url":${expiredUrl === null ? null : JSON.stringify(expiredUrl)},"password_protected":${Boolean(link[10])},"tags":${link[16] ?? '[]'}${healthJsonText(link)}`;
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
  rows: Iterable<ListRow>,
  domains: ShortDomains,
  pendingOf: (linkId: number) => number,
): Generator<string> {
  const entryJson = listEntryWriter(domains);
  let text = '{"success":true,"links":[';
  let first = true;
  for (const link of rows) {
    const entry = entryJson(link, pendingOf(link[0]));
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
          const entry = entryJson(listRowOf(link), pendingClicks.get(link.id) ?? 0);
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
