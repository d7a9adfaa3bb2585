// Where each account's click record lives (see click-record.ts): IndexedDB, one entry per account,
// apart from the links cache so that opening the options page never reads it; it is read only for
// the details pane, the sort "Trending" and the popup's 7-day clicks.
import { createStore, del, get, promisifyRequest } from 'idb-keyval';
import { type ClickRecord, recordRead } from './click-record.ts';

let store: ReturnType<typeof createStore> | undefined;
const recordStore = () => {
  store ??= createStore('shortlink-click-records', 'records');
  return store;
};

const isRecord = (value: unknown): value is ClickRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readClickRecord(id: string): Promise<ClickRecord> {
  const stored: unknown = await get(id, recordStore());
  return isRecord(stored) ? stored : {};
}

/** Adds a read of the list to the account's record, read and written in one transaction. */
export const recordListRead = (
  id: string,
  links: readonly { shortUrl: string; clicks: number }[],
  now = Date.now(),
): Promise<void> =>
  recordStore()('readwrite', async (objects) => {
    const read = objects.get(id);
    read.onsuccess = () => {
      const before: unknown = read.result;
      objects.put(recordRead(isRecord(before) ? before : {}, links, now), id);
    };
    await promisifyRequest(objects.transaction);
  });

export const removeClickRecord = (id: string): Promise<void> => del(id, recordStore());
