// Where each account's cached links live: IndexedDB, one entry per account, through idb-keyval.
// Not browser.storage.local like the rest: at 20,000 links (3.7 MB of JSON) storage.local took
// 56–240 ms to hand the list to a page and IndexedDB 7–9 ms (measured in Chromium, same page, same
// string), which is most of the options page's cached opening; storage.local also stops at 10 MB
// without the unlimitedStorage permission, about 55,000 links. Extension pages and the background
// share the extension origin's IndexedDB in Chrome and Firefox alike.
import { clear, createStore, del, get, set, update } from 'idb-keyval';

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

export const readStoredLinks = (id: string): Promise<unknown> => get(id, linksStore());

export const writeStoredLinks = (id: string, value: unknown): Promise<void> =>
  set(id, value, linksStore());

/** Reads, changes and writes in one transaction: two pages changing the list at once both count. */
export const updateStoredLinks = (
  id: string,
  change: (stored: unknown) => unknown,
): Promise<void> => update(id, change, linksStore());

export const removeStoredLinks = (id: string): Promise<void> => del(id, linksStore());

/** Every account's cached links gone (the unit tests start each test this way). */
export const removeAllStoredLinks = (): Promise<void> => clear(linksStore());
