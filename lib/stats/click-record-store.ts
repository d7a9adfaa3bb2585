// Where each account's click record lives (see click-record.ts): IndexedDB, apart from the links
// cache so that opening the options page never reads it; it is read only for the details pane, the
// sort "Trending" and the popup's 7-day clicks. Each link is two entries, so that a read of the
// list compares the counts alone and writes only what changed:
//   [account, 'c', shortUrl] → [last, since, day, clicks]: the count, and the latest day with a
//                              gain and its clicks so far (later reads that day add to it here);
//   [account, 'd', shortUrl] → the days before that one, as RecordedLink `days`: written only
//                              when a link gains on a new day, once a day at most.
// A read where nothing was clicked writes nothing, and most reads of a day write counts alone; the
// whole record as one value was up to 12 MB rewritten at every read. An older version kept the
// record as that one value under the account's id; it is split at the next read of the list.
import { createStore, promisifyRequest } from 'idb-keyval';
import {
  type ClickRecord,
  dayNumber,
  daysWithGain,
  type RecordedCount,
  readChanges,
} from './click-record.ts';

let store: ReturnType<typeof createStore> | undefined;
const recordStore = () => {
  store ??= createStore('shortlink-click-records', 'records');
  return store;
};

const isRecord = (value: unknown): value is ClickRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A count as stored: last, since, and the latest day with a gain and its clicks, once there is one. */
type StoredCount = [number, number] | [number, number, number, number];

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');
const isCount = (value: unknown): value is StoredCount =>
  isNumbers(value) && (value.length === 2 || value.length === 4);

const countKey = (id: string, shortUrl: string) => [id, 'c', shortUrl];
const daysKey = (id: string, shortUrl: string) => [id, 'd', shortUrl];
// Arrays sort after strings: [id, kind] comes before every [id, kind, shortUrl], [id, kind, []]
// after them.
const allOf = (id: string, kind: 'c' | 'd') => IDBKeyRange.bound([id, kind], [id, kind, []]);
const everythingOf = (id: string) => IDBKeyRange.bound([id], [id, []]);

/** Every entry of one kind of the account, by short URL. */
function readAll(
  objects: IDBObjectStore,
  id: string,
  kind: 'c' | 'd',
  done: (entries: Map<string, unknown>) => void,
): void {
  const keys = objects.getAllKeys(allOf(id, kind));
  const values = objects.getAll(allOf(id, kind));
  values.onsuccess = () => {
    const entries = new Map<string, unknown>();
    keys.result.forEach((key, at) => {
      entries.set((key as string[])[2] as string, values.result[at]);
    });
    done(entries);
  };
}

/** The account's record kept by an older version as one value, split into entries. */
function splitOldRecord(objects: IDBObjectStore, id: string, old: ClickRecord): void {
  for (const [shortUrl, link] of Object.entries(old)) {
    const before = link.days.slice(0, -2);
    objects.put([link.last, link.since, ...link.days.slice(-2)], countKey(id, shortUrl));
    if (before.length > 0) objects.put(before, daysKey(id, shortUrl));
  }
  objects.delete(id);
}

export async function readClickRecord(id: string, now = Date.now()): Promise<ClickRecord> {
  return recordStore()('readonly', async (objects) => {
    const old = objects.get(id);
    let counts = new Map<string, unknown>();
    let days = new Map<string, unknown>();
    readAll(objects, id, 'c', (entries) => {
      counts = entries;
    });
    readAll(objects, id, 'd', (entries) => {
      days = entries;
    });
    await promisifyRequest(objects.transaction);
    if (isRecord(old.result)) return old.result;
    // No prototype: a short URL ending in `__proto__` is a key like any other.
    const record: ClickRecord = Object.create(null);
    for (const [shortUrl, count] of counts) {
      const link = recordedLink(count, days.get(shortUrl), now);
      if (link) record[shortUrl] = link;
    }
    return record;
  });
}

/**
 * The record of one link alone (the popup's 7-day clicks, the details pane): its two entries,
 * not the account's whole record. Empty when this browser never saw the link.
 */
export async function readLinkClickRecord(
  id: string,
  shortUrl: string,
  now = Date.now(),
): Promise<ClickRecord> {
  return recordStore()('readonly', async (objects) => {
    const old = objects.get(id);
    const count = objects.get(countKey(id, shortUrl));
    const days = objects.get(daysKey(id, shortUrl));
    await promisifyRequest(objects.transaction);
    const record: ClickRecord = Object.create(null);
    if (isRecord(old.result)) {
      const link = old.result[shortUrl];
      if (link) record[shortUrl] = link;
      return record;
    }
    const link = recordedLink(count.result, days.result, now);
    if (link) record[shortUrl] = link;
    return record;
  });
}

/** A link's stored count and earlier days as the record's RecordedLink. */
function recordedLink(count: unknown, stored: unknown, now: number) {
  if (!isCount(count)) return undefined;
  const [last, since, latestDay, latestClicks] = count;
  const before = isNumbers(stored) ? stored : [];
  const all = latestDay === undefined ? before : [...before, latestDay, latestClicks ?? 0];
  return { last, since, days: daysWithGain(all, now, 0) };
}

/**
 * Links compared and written per transaction. Each entry costs the page 40–300 µs to hand over
 * (a quiet machine, a loaded one); a first read of 20,000 links as one transaction was a 1-second
 * task, and one of 50,000 a 3.8-second stall in the middle of a scroll. Short transactions also let another page's
 * read of the links cache pass between them, and a page closed meanwhile loses one of them.
 */
export const RECORD_CHUNK_LINKS = 100;

/**
 * Lets the page draw and answer before the next transaction: in a page, its idle time only (none
 * while a list is being scrolled: the record waits until it stops), in the background a turn.
 */
const pause = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve());
    else setTimeout(resolve, 0);
  });

/** Every count of the account, read in pages of RECORD_CHUNK_LINKS (a task each). */
async function readCounts(id: string): Promise<Map<string, StoredCount>> {
  const counts = new Map<string, StoredCount>();
  let after: string | undefined;
  for (;;) {
    const page = await recordStore()('readonly', async (objects) => {
      const range =
        after === undefined
          ? allOf(id, 'c')
          : IDBKeyRange.bound(countKey(id, after), [id, 'c', []], true);
      const keys = objects.getAllKeys(range, RECORD_CHUNK_LINKS);
      const values = objects.getAll(range, RECORD_CHUNK_LINKS);
      await promisifyRequest(objects.transaction);
      return { keys: keys.result as string[][], values: values.result };
    });
    page.keys.forEach((key, at) => {
      const count = page.values[at];
      if (isCount(count)) counts.set(key[2] as string, count);
    });
    if (page.keys.length < RECORD_CHUNK_LINKS) return counts;
    after = page.keys.at(-1)?.[2];
    await pause();
  }
}

/** Writes the changes of one chunk of links, compared with their counts as stored now. */
const recordChunk = (
  id: string,
  links: readonly { shortUrl: string; clicks: number }[],
  now: number,
): Promise<void> =>
  recordStore()('readwrite', async (objects) => {
    const today = dayNumber(now);
    const stored = new Map<string, StoredCount>();
    const counts = new Map<string, RecordedCount>();
    let pending = links.length;
    const compare = () => {
      // Only these links are known here: none of them is gone.
      const changes = readChanges(counts, links, now);
      for (const [shortUrl, { last, since }] of changes.counts) {
        const latest = stored.get(shortUrl)?.slice(2) ?? [];
        const gained = changes.gains.get(shortUrl);
        if (gained === undefined) {
          objects.put([last, since, ...latest], countKey(id, shortUrl));
        } else if (latest[0] === today) {
          objects.put([last, since, today, (latest[1] ?? 0) + gained], countKey(id, shortUrl));
        } else {
          objects.put([last, since, today, gained], countKey(id, shortUrl));
          // A new day: the latest day before it joins the link's days.
          if (latest.length === 2) closeDay(objects, daysKey(id, shortUrl), latest, now);
        }
      }
    };
    for (const { shortUrl } of links) {
      const read = objects.get(countKey(id, shortUrl));
      read.onsuccess = () => {
        if (isCount(read.result)) {
          stored.set(shortUrl, read.result);
          counts.set(shortUrl, { last: read.result[0], since: read.result[1] });
        }
        if (--pending === 0) compare();
      };
    }
    await promisifyRequest(objects.transaction);
  });

const dropChunk = (id: string, shortUrls: readonly string[]): Promise<void> =>
  recordStore()('readwrite', async (objects) => {
    for (const shortUrl of shortUrls) {
      objects.delete(countKey(id, shortUrl));
      objects.delete(daysKey(id, shortUrl));
    }
    await promisifyRequest(objects.transaction);
  });

/** An older version's record, kept as one value, split into entries (once). */
const splitOldRecordOf = (id: string): Promise<void> =>
  recordStore()('readwrite', async (objects) => {
    const old = objects.get(id);
    old.onsuccess = () => {
      if (isRecord(old.result)) splitOldRecord(objects, id, old.result);
    };
    await promisifyRequest(objects.transaction);
  });

const chunksOf = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / RECORD_CHUNK_LINKS) }, (_, n) =>
    items.slice(n * RECORD_CHUNK_LINKS, (n + 1) * RECORD_CHUNK_LINKS),
  );

/**
 * Adds a read of the list to the account's record, a chunk of links at a time with the page let
 * run between them: the counts are read and compared (readChanges); only the links whose clicks
 * changed, and those gone, are written, each chunk compared again in its own transaction with
 * what is stored then (another page recording the same read meanwhile counts no gain twice).
 */
export async function recordListRead(
  id: string,
  links: readonly { shortUrl: string; clicks: number }[],
  now = Date.now(),
): Promise<void> {
  // Never ahead of what the page is drawing: the list that was just read comes first.
  await pause();
  await splitOldRecordOf(id);
  const stored = await readCounts(id);
  const counts = new Map<string, RecordedCount>();
  for (const [shortUrl, [last, since]] of stored) counts.set(shortUrl, { last, since });
  // Compared a chunk at a time too (20,000 at once were a 40 ms task); none of a chunk is gone.
  const changed: { shortUrl: string; clicks: number }[] = [];
  const listed = new Set<string>();
  const known = { get: (shortUrl: string) => counts.get(shortUrl), keys: () => [] };
  for (const chunk of chunksOf(links)) {
    await pause();
    const changes = readChanges(known, chunk, now);
    for (const link of chunk) {
      listed.add(link.shortUrl);
      if (changes.counts.has(link.shortUrl)) changed.push(link);
    }
  }
  const gone = [...counts.keys()].filter((shortUrl) => !listed.has(shortUrl));
  for (const chunk of chunksOf(changed)) {
    await pause();
    await recordChunk(id, chunk, now);
  }
  for (const chunk of chunksOf(gone)) {
    await pause();
    await dropChunk(id, chunk);
  }
}

/** Adds a finished day to a link's days, and lets days older than RECORD_DAYS go. */
function closeDay(objects: IDBObjectStore, key: IDBValidKey, day: number[], now: number): void {
  const days = objects.get(key);
  days.onsuccess = () => {
    const before = isNumbers(days.result) ? days.result : [];
    objects.put(daysWithGain([...before, ...day], now, 0), key);
  };
}

export const removeClickRecord = (id: string): Promise<void> =>
  recordStore()('readwrite', async (objects) => {
    objects.delete(id);
    objects.delete(everythingOf(id));
    await promisifyRequest(objects.transaction);
  });
