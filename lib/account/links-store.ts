// Where each account's cached links live: IndexedDB, one entry per account, through idb-keyval.
// Not browser.storage.local like the rest: at 20,000 links (3.7 MB of JSON) storage.local took
// 56–240 ms to hand the list to a page and IndexedDB 7–9 ms (measured in Chromium, same page, same
// string), which is most of the options page's cached opening; storage.local also stops at 10 MB
// without the unlimitedStorage permission, about 55,000 links. Extension pages and the background
// share the extension origin's IndexedDB in Chrome and Firefox alike.
import { clear, createStore, delMany, get, getMany, promisifyRequest } from 'idb-keyval';

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
/**
 * A new value at every write of an account's links, in the same transaction: a page that keeps
 * something made from the list (the background's index by destination) knows by this one small
 * read whether another page has written since. Missing for lists written by older versions.
 */
const versionKey = (id: string) => `${id}:version`;

export const readStoredLinks = (id: string): Promise<unknown> => get(id, linksStore());

/** The version of an account's stored links: undefined when none, or written without one. */
export const readStoredLinksVersion = async (id: string): Promise<string | undefined> => {
  const version: unknown = await get(versionKey(id), linksStore());
  return typeof version === 'string' ? version : undefined;
};

/** The stored links and their version, read in one transaction (so they belong together). */
export async function readStoredLinksWithVersion(
  id: string,
): Promise<{ stored: unknown; version: string | undefined }> {
  const [stored, version] = await getMany([id, versionKey(id)], linksStore());
  return { stored, version: typeof version === 'string' ? version : undefined };
}

export const readStoredFirstScreen = (id: string): Promise<unknown> =>
  get(firstScreenKey(id), linksStore());

/** Writes the links and a new version; answers that version. */
function put(store: IDBObjectStore, id: string, { all, firstScreen }: StoredLinks): string {
  const version = crypto.randomUUID();
  store.put(all, id);
  if (firstScreen === undefined) store.delete(firstScreenKey(id));
  else store.put(firstScreen, firstScreenKey(id));
  store.put(version, versionKey(id));
  return version;
}

/** Writes an account's links; answers the version written. */
export const writeStoredLinks = (id: string, links: StoredLinks): Promise<string> =>
  linksStore()('readwrite', async (store) => {
    const version = put(store, id, links);
    await promisifyRequest(store.transaction);
    return version;
  });

/**
 * Reads, changes and writes in one transaction: two pages changing the list at once both count.
 * `change` answers undefined to leave things as they are. Answers the version written, if any.
 */
export const updateStoredLinks = (
  id: string,
  change: (stored: unknown) => StoredLinks | undefined,
): Promise<string | undefined> =>
  linksStore()('readwrite', async (store) => {
    let version: string | undefined;
    const read = store.get(id);
    read.onsuccess = () => {
      const next = change(read.result);
      if (next !== undefined) version = put(store, id, next);
    };
    await promisifyRequest(store.transaction);
    return version;
  });

export const removeStoredLinks = (id: string): Promise<void> =>
  delMany([id, firstScreenKey(id), versionKey(id)], linksStore());

/** Every account's cached links gone (the unit tests start each test this way). */
export const removeAllStoredLinks = (): Promise<void> => clear(linksStore());
