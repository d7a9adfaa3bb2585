// Where each account's click record lives (see click-record.ts): IndexedDB, apart from the links
// cache so that opening the options page never reads it; it is read only for the details pane, the
// sort "Trending" and the popup's 7-day clicks. A link's count and each of its days are entries of
// their own, so that a read of the list compares the counts alone and writes only what changed:
//   [account, 'c', shortUrl] → [last, since, day, clicks]: the count, and the last day with a gain
//                                and its clicks so far (a second read that day adds to it);
//   [account, 'd', day, shortUrl] → clicks gained that day; by day first, so that the days older
//                                than RECORD_DAYS go in one range.
// A refresh of 20,000 links where nothing was clicked writes nothing; the whole record as one value
// was up to 12 MB rewritten at every read. An older version kept the record as that one value
// under the account's id; it is split at the next read of the list.
import { createStore, promisifyRequest } from 'idb-keyval';
import {
  type ClickRecord,
  dayNumber,
  RECORD_DAYS,
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

/** A count as stored: last, since, and the last day with a gain and its clicks, when there was one. */
type StoredCount = [number, number] | [number, number, number, number];

const isCount = (value: unknown): value is StoredCount =>
  Array.isArray(value) && value.every((item) => typeof item === 'number') && value.length >= 2;

const countKey = (id: string, shortUrl: string) => [id, 'c', shortUrl];
const dayKey = (id: string, day: number, shortUrl: string) => [id, 'd', day, shortUrl];
// Arrays sort after strings and numbers: [id, kind] comes before every [id, kind, …], [id, kind, []]
// after them.
const allOf = (id: string, kind: 'c' | 'd') => IDBKeyRange.bound([id, kind], [id, kind, []]);
const daysBefore = (id: string, day: number) =>
  IDBKeyRange.bound([id, 'd'], [id, 'd', day], false, true);
const everythingOf = (id: string) => IDBKeyRange.bound([id], [id, []]);

/** Every entry of one kind of the account: its key and its value. */
function readAll(
  objects: IDBObjectStore,
  id: string,
  kind: 'c' | 'd',
  done: (entries: [IDBValidKey[], unknown][]) => void,
): void {
  const keys = objects.getAllKeys(allOf(id, kind));
  const values = objects.getAll(allOf(id, kind));
  values.onsuccess = () => {
    done(keys.result.map((key, at) => [key as IDBValidKey[], values.result[at]]));
  };
}

/** The account's record kept by an older version as one value, split into entries. */
function splitOldRecord(objects: IDBObjectStore, id: string, old: ClickRecord): void {
  for (const [shortUrl, link] of Object.entries(old)) {
    const lastGain = link.days.length >= 2 ? link.days.slice(-2) : [];
    objects.put([link.last, link.since, ...lastGain], countKey(id, shortUrl));
    for (let i = 0; i + 1 < link.days.length; i += 2) {
      objects.put(link.days[i + 1], dayKey(id, link.days[i] ?? 0, shortUrl));
    }
  }
  objects.delete(id);
}

export async function readClickRecord(id: string, now = Date.now()): Promise<ClickRecord> {
  return recordStore()('readonly', async (objects) => {
    const old = objects.get(id);
    let counts: [IDBValidKey[], unknown][] = [];
    let days: [IDBValidKey[], unknown][] = [];
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
    for (const [[, , shortUrl], count] of counts) {
      if (isCount(count))
        record[shortUrl as string] = { last: count[0], since: count[1], days: [] };
    }
    const oldest = dayNumber(now) - RECORD_DAYS + 1;
    // In day order: each link's days come oldest first.
    for (const [[, , day, shortUrl], clicks] of days) {
      const link = Object.hasOwn(record, shortUrl as string)
        ? record[shortUrl as string]
        : undefined;
      // Days before `since` are those of a link that went and came back: it starts again.
      if (!link || typeof day !== 'number' || typeof clicks !== 'number') continue;
      if (day >= oldest && day >= link.since) link.days.push(day, clicks);
    }
    return record;
  });
}

/**
 * Adds a read of the list to the account's record in one transaction: the counts are read and
 * compared (readChanges), and only the links whose clicks changed, their day, and the links gone
 * are written.
 */
export const recordListRead = (
  id: string,
  links: readonly { shortUrl: string; clicks: number }[],
  now = Date.now(),
): Promise<void> =>
  recordStore()('readwrite', async (objects) => {
    const today = dayNumber(now);
    // Callbacks, not awaits: the transaction stays open only while requests are pending.
    const old = objects.get(id);
    old.onsuccess = () => {
      if (isRecord(old.result)) splitOldRecord(objects, id, old.result);
      readAll(objects, id, 'c', (entries) => {
        const stored = new Map<string, StoredCount>();
        for (const [[, , shortUrl], count] of entries) {
          if (isCount(count)) stored.set(shortUrl as string, count);
        }
        const counts = new Map<string, RecordedCount>();
        for (const [shortUrl, [last, since]] of stored) counts.set(shortUrl, { last, since });
        const changes = readChanges(counts, links, now);
        for (const [shortUrl, { last, since }] of changes.counts) {
          const before = stored.get(shortUrl);
          const gained = changes.gains.get(shortUrl);
          if (gained === undefined) {
            // Re-based (or new): the last day with a gain stays as it was.
            const lastGain = before && before[1] === since ? before.slice(2) : [];
            objects.put([last, since, ...lastGain], countKey(id, shortUrl));
            continue;
          }
          const clicksToday = (before?.[2] === today ? (before[3] ?? 0) : 0) + gained;
          objects.put([last, since, today, clicksToday], countKey(id, shortUrl));
          objects.put(clicksToday, dayKey(id, today, shortUrl));
        }
        for (const shortUrl of changes.gone) {
          objects.delete(countKey(id, shortUrl));
          // Its earlier days are left to age out: a link back in the list starts again from
          // today (readClickRecord reads no day before its `since`).
          objects.delete(dayKey(id, today, shortUrl));
        }
        objects.delete(daysBefore(id, today - RECORD_DAYS + 1));
      });
    };
    await promisifyRequest(objects.transaction);
  });

export const removeClickRecord = (id: string): Promise<void> =>
  recordStore()('readwrite', async (objects) => {
    objects.delete(id);
    objects.delete(everythingOf(id));
    await promisifyRequest(objects.transaction);
  });
