// Where each account's cached links live: IndexedDB, one entry per account, through idb-keyval.
// Not browser.storage.local like the rest: at 20,000 links (3.7 MB of JSON) storage.local took
// 56–240 ms to hand the list to a page and IndexedDB 7–9 ms (measured in Chromium, same page, same
// string), which is most of the options page's cached opening; storage.local also stops at 10 MB
// without the unlimitedStorage permission, about 55,000 links. Extension pages and the background
// share the extension origin's IndexedDB in Chrome and Firefox alike.
import { clear, createStore, delMany, get, promisifyRequest } from 'idb-keyval';

let store: ReturnType<typeof createStore> | undefined;
// Opened on first use: a page that never touches the links cache never opens the database.
const linksStore = () => {
  store ??= createStore('shortlink-caches', 'links');
  return store;
};

/**
 * Opens the database now, so that a read asked for a moment later finds it open (tens of
 * milliseconds in a new page). createStore alone opens nothing: idb-keyval opens on the first
 * transaction, so an empty one is asked for.
 */
export const openLinksStore = (): void =>
  void linksStore()('readonly', () => undefined).catch(() => {});

/**
 * An account's links as stored: the whole list, and the first screen of it (small, read first so
 * the options page draws its first rows before the whole list has been read; see cache.ts). The
 * two are written together, in one transaction, so they never disagree.
 */
export type StoredLinks = { all: unknown; firstScreen?: unknown };

const firstScreenKey = (id: string) => `${id}:first-screen`;

export const readStoredLinks = (id: string): Promise<unknown> => get(id, linksStore());

export const readStoredFirstScreen = (id: string): Promise<unknown> =>
  get(firstScreenKey(id), linksStore());

function put(store: IDBObjectStore, id: string, { all, firstScreen }: StoredLinks): void {
  store.put(all, id);
  if (firstScreen === undefined) store.delete(firstScreenKey(id));
  else store.put(firstScreen, firstScreenKey(id));
}

export const writeStoredLinks = (id: string, links: StoredLinks): Promise<void> =>
  linksStore()('readwrite', (store) => {
    put(store, id, links);
    return promisifyRequest(store.transaction);
  });

/**
 * Reads, changes and writes in one transaction: two pages changing the list at once both count.
 * `change` answers undefined to leave things as they are.
 */
export const updateStoredLinks = (
  id: string,
  change: (stored: unknown) => StoredLinks | undefined,
): Promise<void> =>
  linksStore()('readwrite', (store) => {
    const read = store.get(id);
    read.onsuccess = () => {
      const next = change(read.result);
      if (next !== undefined) put(store, id, next);
    };
    return promisifyRequest(store.transaction);
  });

export const removeStoredLinks = (id: string): Promise<void> =>
  delMany([id, firstScreenKey(id)], linksStore());

/** Every account's cached links gone (the unit tests start each test this way). */
export const removeAllStoredLinks = (): Promise<void> => clear(linksStore());
