// One object per account that owns everything the pages know of it: the API client (loaded on
// first use, so the popup draws its form before ky and the answer schemas arrive), the cached and
// fresh lists of links and domains, one request at a time per list, and the cache kept in step
// with every create, update and delete. The popup, the options sections and the background only
// subscribe to it and call its methods.
import type { ApiClient, CallOptions } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import type { CreateLinkInput, Domain, Link, UpdateLinkInput } from '../api/schemas.ts';
import { indexLinks, type LinkIndex } from '../links/link-index.ts';
import { type AccountRef, connectionTag } from '../settings/connection.ts';
import { recordListRead } from '../stats/click-record-store.ts';
import {
  type Cached,
  type CachedVersion,
  cachedLinksFetchedAt,
  cachedLinksVersion,
  changeCachedLinks,
  clearCaches,
  type FirstScreen,
  readCachedDomains,
  readCachedFirstScreen,
  readCachedLinks,
  readCachedLinksVersion,
  writeCachedDomains,
  writeCachedLinks,
} from './cache.ts';
import { addLink, removeLinks, replaceLink, restoreLinks } from './link-changes.ts';
import { type AccountSnapshot, EMPTY_SNAPSHOT } from './snapshot.ts';

export type LoadOptions<T> = {
  /** Where the cached list comes from; the popup reads the domains cache once for two uses. */
  readCache?: (connection: AccountRef) => Promise<Cached<T> | undefined>;
};

export type DeleteFailure = { shortUrl: string; error: unknown };

export type LinksToOptions = { maxAgeMs?: number; now?: () => number };

export type UpkeepResult = 'fresh' | 'refreshed' | 'failed';

export type Account = {
  readonly connection: AccountRef;
  /** The snapshot changes (a new object) whenever anything in it does. */
  getSnapshot(): AccountSnapshot;
  subscribe(listener: () => void): () => void;
  client(): Promise<ApiClient>;

  /** The cached links at once when none are shown yet, then the service's, then stored. */
  loadLinks(): Promise<Link[] | undefined>;
  /** The service's links; a call while one runs shares its answer. */
  refreshLinks(options?: CallOptions): Promise<Link[]>;
  /** Refreshes the cached links when they are missing or older than `maxAgeMs`; never throws. */
  refreshLinksIfOlderThan(maxAgeMs: number, now?: () => number): Promise<UpkeepResult>;
  /** Shows the cached links again, after another page or the background changed them. */
  reloadCachedLinks(): Promise<void>;
  /** The links cache of this account as stored, whoever wrote it. */
  cachedLinks(): Promise<Cached<Link[]> | undefined>;
  /** The domains cache of this account as stored. */
  cachedDomains(): Promise<Cached<Domain[]> | undefined>;
  /**
   * The account's links to any of these addresses, from its cached list (refreshed first when
   * missing or older than `maxAgeMs`): a lookup in an index by destination that this object keeps
   * in step with every write of the cache, its own and other pages' alike. Never throws.
   */
  linksTo(addresses: readonly string[], options?: LinksToOptions): Promise<Link[]>;

  /** The cached domains at once when none are shown yet, then the service's, then stored. */
  loadDomains(options?: LoadOptions<Domain[]>): Promise<Domain[] | undefined>;
  /** The service's domains, stored; a call while one runs shares its answer. */
  refreshDomains(options?: CallOptions): Promise<Domain[]>;

  /** One link as the service has it now, clicks included. */
  getLink(shortUrl: string, options?: CallOptions): Promise<Link>;
  /** Creates a link and adds it to the list and the cache. */
  createLink(input: CreateLinkInput, options?: CallOptions): Promise<Link>;
  /** Shows the change at once, saves it, and puts the link back as it was if the service refuses. */
  updateLink(link: Link, changes: UpdateLinkInput): Promise<Link>;
  /** Removes the links at once, deletes them, and puts back those the service did not delete. */
  deleteLinks(shortUrls: readonly string[]): Promise<DeleteFailure[]>;
  /** Takes from the list shown links deleted elsewhere (the background); the cache has it already. */
  dropLinks(shortUrls: readonly string[]): void;

  /** Stops every request under way; nothing is stored after it. */
  close(): void;
};

const isNotFound = (error: unknown) => isApiError(error) && error.kind === 'not_found';

/**
 * Waits until the page has drawn what was just set: serializing tens of thousands of links takes a
 * while, and the person should see them first. A page with no frames (the background) goes on.
 */
function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined') {
    return Promise.resolve();
  }
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The caller stops waiting when its signal aborts; the shared request goes on for the others. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function createAccount(connection: AccountRef): Account {
  let snapshot = EMPTY_SNAPSHOT;
  const listeners = new Set<() => void>();
  const lifetime = new AbortController();
  let clientPromise: Promise<ApiClient> | undefined;
  let linksInFlight: Promise<Link[]> | undefined;
  /**
   * Changes made while a list is on its way: the list may have been read before them, so they are
   * applied to it again before it is shown and stored (else a link made meanwhile would vanish from
   * the cache, and the next "Shorten" would make it a second time).
   */
  let changesDuringRefresh: ((links: Link[]) => Link[])[] | undefined;
  /** Changes made while the first screen was shown: the whole list, read before them, gets them. */
  let changesOnFirstScreen: ((links: Link[]) => Link[])[] | undefined;
  let domainsInFlight: Promise<Domain[]> | undefined;
  let linksLoad: Promise<Link[] | undefined> | undefined;
  let cacheReload: Promise<void> | undefined;
  let reloadAgain = false;
  let domainsLoad: Promise<Domain[] | undefined> | undefined;
  /**
   * The cached links as last written or read, and their index by destination (built on the first
   * question). Kept only once `linksTo` has been asked (the background): the pages that never ask
   * hold no second list.
   */
  let indexed: (CachedVersion & { index?: LinkIndex; previous?: LinkIndex }) | undefined;
  let indexWanted = false;

  /** A write of the cache by this object: the index follows it without reading it back. */
  function noteWritten(written: CachedVersion | undefined): void {
    if (!indexWanted || !written) return;
    // The index of the list before is passed on: its destinations need no parsing again.
    indexed = { ...written, index: undefined, previous: indexed?.index ?? indexed?.previous };
  }

  function set<K extends keyof AccountSnapshot>(
    list: K,
    change: (now: AccountSnapshot[K]) => AccountSnapshot[K],
  ) {
    const next = change(snapshot[list]);
    if (next === snapshot[list]) return;
    snapshot = { ...snapshot, [list]: next };
    for (const listener of listeners) listener();
  }

  const closed = () => lifetime.signal.aborted;

  function client(): Promise<ApiClient> {
    clientPromise ??= import('../api/client.ts').then(({ createApiClient }) =>
      createApiClient({ baseUrl: connection.apiBaseUrl, apiKey: connection.apiKey }),
    );
    return clientPromise;
  }

  /** Applies a change to the links shown and to the stored cache alike. */
  function changeLinks(update: (links: Link[]) => Link[]): Promise<void> {
    changesDuringRefresh?.push(update);
    changesOnFirstScreen?.push(update);
    set('links', (now) => (now.value ? { ...now, value: update(now.value) } : now));
    return changeCachedLinks(connection, update).then(noteWritten, () => {});
  }

  function refreshLinks({ signal }: CallOptions = {}): Promise<Link[]> {
    linksInFlight ??= (async () => {
      set('links', (now) => ({ ...now, loading: true }));
      const changes: ((links: Link[]) => Link[])[] = [];
      changesDuringRefresh = changes;
      try {
        const listed = await (await client()).listLinks({
          signal: lifetime.signal,
          onProgress: (progress) => set('links', (now) => ({ ...now, progress })),
        });
        const links = changes.reduce((list, change) => change(list), listed);
        const appliedChanges = changes.length;
        const fetchedAt = Date.now();
        set('links', () => ({ value: links, fetchedAt, loading: false, error: undefined }));
        await afterNextPaint();
        // Changes made while the list was drawn are in the cache already: keep them there.
        const stored = changes.slice(appliedChanges).reduce((list, change) => change(list), links);
        if (!closed()) {
          await writeCachedLinks(connection, stored, fetchedAt).then(noteWritten, () => {});
          // Every read of the list feeds the local click record (Trending, and the chart against
          // a service without statistics); a failure to record never fails the read.
          await recordListRead(connection.id, listed, fetchedAt).catch(() => {});
        }
        return links;
      } catch (error) {
        set('links', (now) => ({ ...now, loading: false, progress: undefined, error }));
        throw error;
      }
    })().finally(() => {
      linksInFlight = undefined;
      changesDuringRefresh = undefined;
    });
    return untilAborted(linksInFlight, signal);
  }

  function refreshDomains({ signal }: CallOptions = {}): Promise<Domain[]> {
    domainsInFlight ??= (async () => {
      set('domains', (now) => ({ ...now, loading: true }));
      try {
        const domains = await (await client()).listDomains({ signal: lifetime.signal });
        const fetchedAt = Date.now();
        set('domains', () => ({ value: domains, fetchedAt, loading: false, error: undefined }));
        if (!closed()) await writeCachedDomains(connection, domains).catch(() => {});
        return domains;
      } catch (error) {
        set('domains', (now) => ({ ...now, loading: false, error }));
        throw error;
      }
    })().finally(() => {
      domainsInFlight = undefined;
    });
    return untilAborted(domainsInFlight, signal);
  }

  /** The one "cached, then fresh, then stored" flow, for either list. */
  async function load<K extends keyof AccountSnapshot>(
    list: K,
    readCache: (connection: AccountRef) => Promise<Cached<AccountSnapshot[K]['value']> | undefined>,
    refresh: () => Promise<NonNullable<AccountSnapshot[K]['value']>>,
  ): Promise<NonNullable<AccountSnapshot[K]['value']> | undefined> {
    // The service is asked at once; the cache is read while its answer is on the way.
    const fresh = refresh().catch(() => undefined);
    if (snapshot[list].value === undefined) {
      const cached = await readCache(connection).catch(() => undefined);
      // A fresh list may have arrived meanwhile; it is newer than the cache.
      if (cached) {
        set(list, (now) =>
          now.value === undefined
            ? { ...now, value: cached.value, fetchedAt: cached.fetchedAt }
            : now,
        );
      }
    }
    return fresh;
  }

  /**
   * The links' cache in two steps: its first screen (the newest links, a few kilobytes) as soon as
   * it is read, then the whole list (megabytes at tens of thousands), both read at once.
   */
  async function readLinksInTwo(): Promise<Cached<Link[]> | undefined> {
    // Asked for first, so that its answer is not queued behind the whole list's.
    const firstRead = readCachedFirstScreen(connection).catch(() => undefined);
    const whole = readCachedLinks(connection);
    const first: FirstScreen | undefined = await firstRead;
    if (first && first.total > first.value.length && snapshot.links.value === undefined) {
      // Before it is shown: a change may come from whoever is told of it.
      changesOnFirstScreen = [];
      set('links', (now) => ({
        ...now,
        value: first.value,
        fetchedAt: first.fetchedAt,
        partOf: first.total,
      }));
    }
    try {
      const cached = await whole;
      const changes = changesOnFirstScreen ?? [];
      if (cached) {
        const all = changes.reduce((links, change) => change(links), cached.value);
        set('links', (now) =>
          now.partOf === undefined ? now : { ...now, value: all, partOf: undefined },
        );
      }
      return cached;
    } finally {
      changesOnFirstScreen = undefined;
      // No whole list to follow (gone or damaged): the first screen alone would pass for all.
      set('links', (now) =>
        now.partOf === undefined ? now : { ...now, value: undefined, partOf: undefined },
      );
    }
  }

  /** The cached links' index, read again only when a page has written the cache since. */
  async function currentIndex(): Promise<{ index: LinkIndex; fetchedAt?: number } | undefined> {
    const version = await cachedLinksVersion(connection);
    if (version === undefined || indexed?.version !== version) {
      const read = await readCachedLinksVersion(connection);
      if (read.version === undefined) {
        // A list without a version (an older version wrote it) is read at every question.
        indexed = undefined;
        return read.links && { index: indexLinks(read.links), fetchedAt: read.fetchedAt };
      }
      noteWritten({ ...read, version: read.version });
    }
    if (!indexed?.links) return undefined;
    indexed.index ??= indexLinks(indexed.links, indexed.previous);
    indexed.previous = undefined;
    return { index: indexed.index, fetchedAt: indexed.fetchedAt };
  }

  async function linksTo(
    addresses: readonly string[],
    { maxAgeMs, now = Date.now }: LinksToOptions = {},
  ): Promise<Link[]> {
    indexWanted = true;
    try {
      let current = await currentIndex();
      const young = (fetchedAt: number | undefined, maxAge: number) =>
        fetchedAt !== undefined && now() - fetchedAt < maxAge;
      if (maxAgeMs !== undefined && !young(current?.fetchedAt, maxAgeMs)) {
        await refreshLinks().catch(() => {});
        current = await currentIndex();
      }
      return current?.index.linksTo(addresses) ?? [];
    } catch {
      return [];
    }
  }

  return {
    connection,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    client,

    loadLinks() {
      linksLoad ??= load('links', readLinksInTwo, refreshLinks).finally(() => {
        linksLoad = undefined;
      });
      return linksLoad;
    },
    refreshLinks,
    async refreshLinksIfOlderThan(maxAgeMs, now = Date.now) {
      try {
        const fetchedAt = await cachedLinksFetchedAt(connection);
        if (fetchedAt !== undefined && now() - fetchedAt < maxAgeMs) return 'fresh';
        await refreshLinks();
        return 'refreshed';
      } catch {
        return 'failed';
      }
    },
    reloadCachedLinks() {
      // Changes in a burst (five links made in the popup) make one read, and one more after it.
      if (cacheReload) {
        reloadAgain = true;
        return cacheReload;
      }
      cacheReload = (async () => {
        do {
          reloadAgain = false;
          // A list on its way is shown first: the cache read after it holds it and the change.
          await linksLoad?.catch(() => {});
          await linksInFlight?.catch(() => {});
          const cached = await readCachedLinks(connection).catch(() => undefined);
          if (!cached || closed()) return;
          set('links', (now) =>
            now.value === undefined || now.partOf !== undefined
              ? now
              : { ...now, value: cached.value, fetchedAt: cached.fetchedAt },
          );
        } while (reloadAgain);
      })().finally(() => {
        cacheReload = undefined;
      });
      return cacheReload;
    },
    cachedLinks: () => readCachedLinks(connection),
    cachedDomains: () => readCachedDomains(connection),
    linksTo,

    loadDomains({ readCache = readCachedDomains } = {}) {
      domainsLoad ??= load('domains', readCache, refreshDomains).finally(() => {
        domainsLoad = undefined;
      });
      return domainsLoad;
    },
    refreshDomains,

    getLink: async (shortUrl, { signal } = {}) => (await client()).getLink(shortUrl, { signal }),

    async createLink(input, { signal } = {}) {
      const link = await (await client()).createLink(input, { signal });
      await changeLinks((links) => addLink(links, link));
      return link;
    },

    async updateLink(link, changes) {
      const edited = { ...link, ...changes };
      void changeLinks((links) => replaceLink(links, link.shortUrl, edited));
      try {
        const saved = await (await client()).updateLink(link.shortUrl, changes);
        // Clicks and the creation date are not the edit's business: the list keeps its own.
        const result = { ...link, destinationUrl: saved.destinationUrl, title: saved.title };
        await changeLinks((links) => replaceLink(links, link.shortUrl, result));
        return result;
      } catch (error) {
        await changeLinks((links) => replaceLink(links, link.shortUrl, link));
        throw error;
      }
    },

    async deleteLinks(shortUrls) {
      // The list to put failures back into: the one shown, else the cached one (the popup's case).
      const shown = snapshot.links.partOf === undefined ? snapshot.links.value : undefined;
      const before = shown ?? (await readCachedLinks(connection))?.value ?? [];
      const gone = new Set(shortUrls);
      void changeLinks((links) => removeLinks(links, gone));
      const api = await client();
      const results = await Promise.allSettled(shortUrls.map((url) => api.deleteLink(url)));
      const failures: DeleteFailure[] = [];
      results.forEach((result, index) => {
        const shortUrl = shortUrls[index] as string;
        // Already gone on the service is what the person wanted.
        if (result.status === 'rejected' && !isNotFound(result.reason)) {
          failures.push({ shortUrl, error: result.reason });
        }
      });
      if (failures.length > 0) {
        const back = new Set(failures.map((failure) => failure.shortUrl));
        await changeLinks((links) => restoreLinks(links, before, back));
      }
      return failures;
    },

    dropLinks(shortUrls) {
      const gone = new Set(shortUrls);
      const update = (links: Link[]) => removeLinks(links, gone);
      changesDuringRefresh?.push(update);
      changesOnFirstScreen?.push(update);
      set('links', (now) => (now.value ? { ...now, value: update(now.value) } : now));
    },

    close() {
      lifetime.abort(new DOMException('The account was closed.', 'AbortError'));
      listeners.clear();
    },
  };
}

const open = new Map<string, Account>();

/**
 * The account object of an account: one per page (a new one when its API or key changes), so
 * every part of the page shares its lists and requests.
 */
export function openAccount({ id, apiBaseUrl, apiKey }: AccountRef): Account {
  const tag = `${id} ${connectionTag({ apiBaseUrl, apiKey })}`;
  let account = open.get(tag);
  if (!account) {
    account = createAccount({ id, apiBaseUrl, apiKey });
    open.set(tag, account);
  }
  return account;
}

/** Closes and forgets every account object of this page (tests, and a removed account). */
export function closeAccounts(keep?: (connection: AccountRef) => boolean): void {
  for (const [tag, account] of open) {
    if (keep?.(account.connection)) continue;
    account.close();
    open.delete(tag);
  }
}

/** An account was removed: this page's objects of it stop, and its caches go. */
export async function dropAccountData(id: string): Promise<void> {
  closeAccounts((connection) => connection.id !== id);
  await clearCaches(id);
}
