// Where each account's cached links live: IndexedDB, one entry per account, through idb-keyval.
// Not browser.storage.local like the rest: at 20,000 links (3.7 MB of JSON) storage.local took
// 56–240 ms to hand the list to a page and IndexedDB 7–9 ms (measured in Chromium, same page, same
// string), which is most of the options page's cached opening; storage.local also stops at 10 MB
// without the unlimitedStorage permission, about 55,000 links. Extension pages and the background
// share the extension origin's IndexedDB in Chrome and Firefox alike.
import { clear, createStore, get, promisifyRequest } from 'idb-keyval';

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
 *
 * When `all` is an object with a list of strings `parts` (the list's JSON in pieces), each piece is
 * stored under a key of its own and written in a task of its own: one put of the 3.7 MB of 20,000
 * links was a task of 40 ms. `all` is then stored with the number of pieces, and read back with
 * the pieces in its `parts` again; a piece missing makes the whole read as nothing.
 */
export type StoredLinks = { all: unknown; firstScreen?: unknown };

const firstScreenKey = (id: string) => `${id}:first-screen`;
/**
 * A new value at every write of an account's links, in the same transaction: a page that keeps
 * something made from the list (the background's index by destination) knows by this one small
 * read whether another page has written since. Missing for lists written by older versions. It
 * starts with the time the list stored is as new as (`versionAsOf`).
 */
const versionKey = (id: string) => `${id}:version`;

/**
 * The time the stored list is as new as, read from its version: when its list was asked of the
 * service, or when a change was made to it. Undefined for versions written without one.
 */
export function versionAsOf(version: string | undefined): number | undefined {
  const match = version === undefined ? null : /^(\d+):/.exec(version);
  return match ? Number(match[1]) : undefined;
}
const partKey = (id: string, at: number) => `${id}:part:${at}`;
const allPartKeys = (id: string) => IDBKeyRange.bound(`${id}:part:`, `${id}:part:\uffff`);

function partsOf(all: unknown): readonly string[] | undefined {
  const parts = (all as { parts?: unknown } | null)?.parts;
  return Array.isArray(parts) && parts.every((part) => typeof part === 'string')
    ? parts
    : undefined;
}

const partCountOf = (stored: unknown): number | undefined => {
  const parts = (stored as { parts?: unknown } | null)?.parts;
  return typeof parts === 'number' && Number.isInteger(parts) && parts >= 0 ? parts : undefined;
};

/** The stored links of `id` with their pieces put back, read in the transaction of `store`. */
function readWhole(store: IDBObjectStore, id: string, done: (stored: unknown) => void): void {
  const read = store.get(id);
  read.onsuccess = () => {
    const stored: unknown = read.result;
    const count = partCountOf(stored);
    if (count === undefined) return done(stored);
    if (count === 0) return done({ ...(stored as object), parts: [] });
    const parts: unknown[] = new Array(count);
    let left = count;
    for (let at = 0; at < count; at++) {
      const part = store.get(partKey(id, at));
      part.onsuccess = () => {
        parts[at] = part.result;
        if (--left > 0) return;
        const whole = parts.every((piece) => typeof piece === 'string');
        done(whole ? { ...(stored as object), parts } : undefined);
      };
    }
  };
}

const readInOne = <T>(
  read: (store: IDBObjectStore, done: (value: T) => void) => void,
): Promise<T> =>
  linksStore()('readonly', async (store) => {
    let value: T | undefined;
    read(store, (result) => {
      value = result;
    });
    await promisifyRequest(store.transaction);
    return value as T;
  });

export const readStoredLinks = (id: string): Promise<unknown> =>
  readInOne((store, done) => readWhole(store, id, done));

/** The version of an account's stored links: undefined when none, or written without one. */
export const readStoredLinksVersion = async (id: string): Promise<string | undefined> => {
  const version: unknown = await get(versionKey(id), linksStore());
  return typeof version === 'string' ? version : undefined;
};

/** The stored links and their version, read in one transaction (so they belong together). */
export const readStoredLinksWithVersion = (
  id: string,
): Promise<{ stored: unknown; version: string | undefined }> =>
  readInOne((store, done) => {
    const version = store.get(versionKey(id));
    readWhole(store, id, (stored) =>
      done({ stored, version: typeof version.result === 'string' ? version.result : undefined }),
    );
  });

export const readStoredFirstScreen = (id: string): Promise<unknown> =>
  get(firstScreenKey(id), linksStore());

/**
 * Writes the links and a new version; answers that version. The pieces of the list go one request
 * after another, each from the answer to the one before: the transaction stays open, and each
 * piece is copied in a task of its own.
 */
function put(
  store: IDBObjectStore,
  id: string,
  { all, firstScreen }: StoredLinks,
  asOf: number,
): string {
  const version = `${Math.round(asOf)}:${crypto.randomUUID()}`;
  const parts = partsOf(all);
  store.delete(allPartKeys(id));
  store.put(parts ? { ...(all as object), parts: parts.length } : all, id);
  if (firstScreen === undefined) store.delete(firstScreenKey(id));
  else store.put(firstScreen, firstScreenKey(id));
  store.put(version, versionKey(id));
  const putPart = (at: number) => {
    if (!parts || at >= parts.length) return;
    store.put(parts[at], partKey(id, at)).onsuccess = () => putPart(at + 1);
  };
  putPart(0);
  return version;
}

/** A write that failed midway is undone as a whole: a transaction that ends in error keeps nothing. */
async function inTransaction<T>(
  store: IDBObjectStore,
  write: (done: (value: T) => void) => void,
): Promise<T> {
  let value: T | undefined;
  try {
    write((result) => {
      value = result;
    });
  } catch (error) {
    store.transaction.abort();
    throw error;
  }
  await promisifyRequest(store.transaction);
  return value as T;
}

/**
 * Writes an account's links, as new as `asOf` (now unless told); answers the version written.
 * With `ifVersion`, writes only when the stored version is still that one (undefined: none), and
 * answers undefined otherwise: a list serialised over several turns is not written over a change
 * made meanwhile.
 */
export const writeStoredLinks = (
  id: string,
  links: StoredLinks,
  { asOf = Date.now(), ...options }: { ifVersion?: string | undefined; asOf?: number } = {},
): Promise<string | undefined> =>
  linksStore()('readwrite', (store) =>
    inTransaction<string | undefined>(store, (done) => {
      if (!('ifVersion' in options)) return done(put(store, id, links, asOf));
      const version = store.get(versionKey(id));
      version.onsuccess = () => {
        const now = typeof version.result === 'string' ? version.result : undefined;
        done(now === options.ifVersion ? put(store, id, links, asOf) : undefined);
      };
    }),
  );

/**
 * Reads, changes and writes in one transaction: two pages changing the list at once both count.
 * `change` answers undefined to leave things as they are. Answers the version written, if any.
 */
export const updateStoredLinks = (
  id: string,
  change: (stored: unknown) => StoredLinks | undefined,
): Promise<string | undefined> =>
  linksStore()('readwrite', (store) =>
    inTransaction<string | undefined>(store, (done) =>
      readWhole(store, id, (stored) => {
        const next = change(stored);
        done(next === undefined ? undefined : put(store, id, next, Date.now()));
      }),
    ),
  );

export const removeStoredLinks = (id: string): Promise<void> =>
  linksStore()('readwrite', (store) => {
    for (const key of [id, firstScreenKey(id), versionKey(id)]) store.delete(key);
    store.delete(allPartKeys(id));
    return promisifyRequest(store.transaction);
  });

/** Every account's cached links gone (the unit tests start each test this way). */
export const removeAllStoredLinks = (): Promise<void> => clear(linksStore());
