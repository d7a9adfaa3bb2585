// An account's links: the cached list shown at once (its first screen, then the whole), the
// service's list asked for one request at a time, the changes made while either is on its way,
// and the index by destination that answers "which links lead to this page?".
import type { CallOptions } from '../api/client.ts';
import type { Link } from '../api/schemas.ts';
import { newestLinks } from '../links/link-order.ts';
import { recordListRead } from '../stats/click-record-store.ts';
import {
  type AccountState,
  loadCachedThenFresh,
  oneAtATime,
  untilAborted,
} from './account-state.ts';
import {
  type Cached,
  type CachedVersion,
  cachedLinksFetchedAt,
  cachedLinksVersion,
  FIRST_SCREEN_LINKS,
  type FirstScreen,
  readCachedFirstScreen,
  readCachedLinks,
  readCachedLinksVersion,
  writeCachedLinks,
} from './cache.ts';
import { cacheChangesInOrder, type LinksChange } from './cache-change.ts';
import { keepCachedLinksIndex } from './cached-links-index.ts';
import { countedOnFirstRows, oncePerFrame } from './first-rows-count.ts';
import { removeLinks } from './link-changes.ts';
import { keepUnchangedLinks, sameLinks } from './same-links.ts';

export type LinksToOptions = { maxAgeMs?: number; now?: () => number };

export type UpkeepResult = 'fresh' | 'refreshed' | 'failed';

export type RefreshOptions = CallOptions & {
  /**
   * An answer to a request sent after this call: a person's Refresh, a look for a link whose
   * create lost its answer. A refresh under way is let finish, then the service is asked again.
   */
  fresh?: boolean;
};

export type AccountLinks = {
  /** The cached links at once when none are shown yet, then the service's, then stored. */
  loadLinks(): Promise<Link[] | undefined>;
  /** The service's links; a call while one runs shares its answer, unless it asks for a fresh one. */
  refreshLinks(options?: RefreshOptions): Promise<Link[]>;
  /** Refreshes the cached links when they are missing or older than `maxAgeMs`; never throws. */
  refreshLinksIfOlderThan(maxAgeMs: number, now?: () => number): Promise<UpkeepResult>;
  /** Shows the cached links again, after another page or the background changed them. */
  reloadCachedLinks(): Promise<void>;
  /** The links cache of this account as stored, whoever wrote it. */
  cachedLinks(): Promise<Cached<Link[]> | undefined>;
  /**
   * The account's links to any of these addresses, from its cached list (refreshed first when
   * missing or older than `maxAgeMs`): a lookup in an index by destination that this object keeps
   * in step with every write of the cache, its own and other pages' alike. Never throws.
   */
  linksTo(addresses: readonly string[], options?: LinksToOptions): Promise<Link[]>;
  /** Takes from the list shown links deleted elsewhere (the background); the cache has it already. */
  dropLinks(shortUrls: readonly string[]): void;
  /** Resolves once the click record has taken in every read of the list so far. */
  linksRecorded(): Promise<void>;
};

/** Applies a change to the links shown and to the stored cache alike. */
export type ChangeLinks = (update: LinksChange) => Promise<void>;

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

export function createAccountLinks(
  state: AccountState,
): AccountLinks & { changeLinks: ChangeLinks } {
  const { connection, set } = state;
  const index = keepCachedLinksIndex(connection);
  /**
   * Changes made while a list is on its way: the list may have been read before them, so they are
   * applied to it again before it is shown and stored (else a link made meanwhile would vanish from
   * the cache, and the next "Shorten" would make it a second time).
   */
  let changesDuringRefresh: LinksChange[] | undefined;
  /**
   * Changes made while the cache is read, a first screen (the cache's or the service's) shown
   * meanwhile: the whole cached list, read before them, gets them.
   */
  let changesOnFirstScreen: LinksChange[] | undefined;
  let cacheReload: Promise<void> | undefined;
  let reloadAgain = false;
  /** The cache as this object last read or wrote it: a refresh that finds the same writes nothing. */
  let knownCache: CachedVersion | undefined;
  /** The click record's last write from a read of the list, which the next one waits for. */
  let recording: Promise<void> = Promise.resolve();
  let cacheRead: Promise<unknown> | undefined;
  /** The cache's latest versions this object wrote: a list it read may be stored over them. */
  const writtenHere = new Set<string>();
  const noteCache = (written: CachedVersion | undefined) => {
    knownCache = written;
    index.noteWritten(written);
    if (!written) return;
    writtenHere.add(written.version);
    if (writtenHere.size > 20) writtenHere.delete(writtenHere.values().next().value as string);
  };

  /** Whether the stored cache is still `links` as this object knows it (one small read). */
  async function cacheHolds(links: Link[]): Promise<boolean> {
    await cacheRead?.catch(() => {});
    const known = knownCache;
    if (!known?.links || !(await sameLinks(known.links, links))) return false;
    if ((await cachedLinksVersion(connection).catch(() => undefined)) !== known.version) {
      return false;
    }
    // The list shown stands for the cache from now on: the one read from it is let go.
    if (knownCache === known) knownCache = { ...known, links };
    return true;
  }

  /** Shows a change at once, and keeps it for a list on its way. */
  function changeShown(update: LinksChange): void {
    changesDuringRefresh?.push(update);
    changesOnFirstScreen?.push(update);
    set('links', (now) => (now.value ? { ...now, value: update(now.value) } : now));
  }

  const changeCache = cacheChangesInOrder(connection, () => knownCache, noteCache);

  function changeLinks(update: LinksChange): Promise<void> {
    changeShown(update);
    return changeCache(update);
  }

  const refresh = oneAtATime(async () => {
    set('links', (now) => ({ ...now, loading: true }));
    const changes: LinksChange[] = [];
    changesDuringRefresh = changes;
    const asked = { askedAt: Date.now(), replaces: (version: string) => writtenHere.has(version) };
    /** The list's newest links, shown while the rest is read when nothing was shown yet. */
    let firstShown: Link[] | undefined;
    const countRowsArrived = oncePerFrame((loaded: number) =>
      set('links', (now) => countedOnFirstRows(now, firstShown, { loaded })),
    );
    try {
      const listed = await (await state.client()).listLinks({
        signal: state.lifetime,
        onProgress: (progress) =>
          set('links', (now) => countedOnFirstRows({ ...now, progress }, firstShown, progress)),
        firstScreen: {
          size: FIRST_SCREEN_LINKS,
          wanted: () => state.getSnapshot().links.value === undefined,
          show(first, total) {
            if (state.getSnapshot().links.value !== undefined) return;
            firstShown = newestLinks(first, FIRST_SCREEN_LINKS);
            set('links', (now) => ({ ...now, value: firstShown, partOf: { total } }));
            return afterNextPaint();
          },
          arrived(rows) {
            if (state.getSnapshot().links.value !== firstShown) return false;
            countRowsArrived(rows);
            return true;
          },
        },
      });
      // The list shown, when it is the whole one, keeps its objects where the service's are the
      // same: an unchanged list is then the same array, and nothing is drawn or worked out again.
      const shown = state.getSnapshot().links;
      const kept =
        shown.value && shown.partOf === undefined && shown.value !== firstShown
          ? await keepUnchangedLinks(shown.value, listed)
          : listed;
      const links = changes.reduce((list, change) => change(list), kept);
      const appliedChanges = changes.length;
      const fetchedAt = Date.now();
      set('links', () => ({ value: links, fetchedAt, loading: false, error: undefined }));
      await afterNextPaint();
      // Changes made while the list was drawn are in the cache already: keep them there. Taken
      // again after each wait, so that a link made meanwhile (one click) is not written over.
      const stored = () =>
        changes.slice(appliedChanges).reduce((list, change) => change(list), links);
      if (!state.lifetime.aborted && !(await cacheHolds(stored()))) {
        // Not over an edit another page stored meanwhile: that page's word is newer (cache.ts).
        const written = await writeCachedLinks(connection, stored, fetchedAt, asked).catch(
          () => undefined,
        );
        if (written) noteCache(written);
      }
      if (!state.lifetime.aborted) {
        // Every read of the list feeds the local click record (Trending, and the chart against
        // a service without statistics); a failure to record never fails the read. It runs in
        // idle time, a slice at a time, for seconds at 10,000 links: the list is answered without
        // waiting for it (an import's check, a click's reuse), and records run one after another.
        recording = recording
          .then(() => recordListRead(connection.id, listed, fetchedAt))
          .catch(() => {});
      }
      return links;
    } catch (error) {
      set('links', (now) => ({
        ...now,
        // The newest links alone would pass for the whole list.
        ...(firstShown && now.partOf !== undefined && { value: undefined, partOf: undefined }),
        loading: false,
        progress: undefined,
        error,
      }));
      throw error;
    } finally {
      changesDuringRefresh = undefined;
    }
  });
  const refreshLinks = ({ signal, fresh = false }: RefreshOptions = {}) => {
    const running = refresh.running;
    // What a run under way answers was asked before this call: a fresh answer waits for it to end.
    const run =
      running && fresh ? running.catch(() => {}).then(() => refresh.run()) : refresh.run();
    return untilAborted(run, signal);
  };

  /**
   * The links' cache in two steps: its first screen (the newest links, a few kilobytes) as soon as
   * it is read, then the whole list (megabytes at tens of thousands), both read at once.
   */
  async function readLinksInTwo(): Promise<Cached<Link[]> | undefined> {
    // Kept before anything is shown: the service's first rows may come before the cache's.
    changesOnFirstScreen = [];
    // Asked for first, so that its answer is not queued behind the whole list's.
    const firstRead = readCachedFirstScreen(connection).catch(() => undefined);
    const wholeWithVersion = readCachedLinksVersion(connection);
    const whole = wholeWithVersion.then((read): Cached<Link[]> | undefined => {
      if (read.version !== undefined) knownCache = { ...read, version: read.version };
      return read.links && { value: read.links, fetchedAt: read.fetchedAt ?? 0 };
    });
    // Resolves to nothing: a promise of the list would hold it for the page's life.
    cacheRead = whole.then(
      () => undefined,
      () => undefined,
    );
    const first: FirstScreen | undefined = await firstRead;
    if (
      first &&
      first.total > first.value.length &&
      state.getSnapshot().links.value === undefined
    ) {
      set('links', (now) => ({
        ...now,
        value: first.value,
        fetchedAt: first.fetchedAt,
        partOf: { total: first.total },
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

  const load = oneAtATime(() => loadCachedThenFresh(state, 'links', readLinksInTwo, refreshLinks));

  return {
    changeLinks,
    linksRecorded: () => recording,
    loadLinks: load.run,
    refreshLinks,
    async refreshLinksIfOlderThan(maxAgeMs, now = Date.now) {
      try {
        const fetchedAt = await cachedLinksFetchedAt(connection);
        if (fetchedAt !== undefined && now() - fetchedAt < maxAgeMs) return 'fresh';
        // No age allowed at all: the pages' "list them afresh", after a create may have acted.
        await refreshLinks({ fresh: maxAgeMs <= 0 });
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
          await load.running?.catch(() => {});
          await refresh.running?.catch(() => {});
          const cached = await readCachedLinks(connection).catch(() => undefined);
          if (!cached || state.lifetime.aborted) return;
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
    async linksTo(addresses, { maxAgeMs, now = Date.now } = {}) {
      try {
        let current = await index.current();
        const young = (fetchedAt: number | undefined, maxAge: number) =>
          fetchedAt !== undefined && now() - fetchedAt < maxAge;
        if (maxAgeMs !== undefined && !young(current?.fetchedAt, maxAgeMs)) {
          await refreshLinks().catch(() => {});
          current = await index.current();
        }
        return current?.index.linksTo(addresses) ?? [];
      } catch {
        return [];
      }
    },
    dropLinks(shortUrls) {
      const gone = new Set(shortUrls);
      changeShown((links) => removeLinks(links, gone));
    },
  };
}
