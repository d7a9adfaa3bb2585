// What every part of an account object shares: its snapshot and whoever follows it, its API client
// (loaded on first use, so the popup draws its form before ky and the answer schemas arrive), its
// lifetime, and the "cached, then fresh" flow that both lists take.
import type { ApiClient } from '../api/client.ts';
import type { AccountRef } from '../settings/connection.ts';
import type { Cached } from './cache.ts';
import { type AccountSnapshot, EMPTY_SNAPSHOT } from './snapshot.ts';

export type AccountState = {
  readonly connection: AccountRef;
  /** The snapshot changes (a new object) whenever anything in it does. */
  getSnapshot(): AccountSnapshot;
  subscribe(listener: () => void): () => void;
  /** Changes one list of the snapshot; the listeners are told when it is a new value. */
  set<K extends keyof AccountSnapshot>(
    list: K,
    change: (now: AccountSnapshot[K]) => AccountSnapshot[K],
  ): void;
  client(): Promise<ApiClient>;
  /** Aborts when the account is closed: the requests under way stop, and nothing is stored after. */
  readonly lifetime: AbortSignal;
  /** Stops every request under way; nothing is stored after it. */
  close(): void;
};

export function createAccountState(connection: AccountRef): AccountState {
  let snapshot = EMPTY_SNAPSHOT;
  const listeners = new Set<() => void>();
  const lifetime = new AbortController();
  let clientPromise: Promise<ApiClient> | undefined;
  return {
    connection,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(list, change) {
      const next = change(snapshot[list]);
      if (next === snapshot[list]) return;
      snapshot = { ...snapshot, [list]: next };
      for (const listener of listeners) listener();
    },
    client() {
      clientPromise ??= import('../api/client.ts').then(({ createApiClient }) =>
        createApiClient({ baseUrl: connection.apiBaseUrl, apiKey: connection.apiKey }),
      );
      return clientPromise;
    },
    lifetime: lifetime.signal,
    close() {
      lifetime.abort(new DOMException('The account was closed.', 'AbortError'));
      listeners.clear();
    },
  };
}

/**
 * The caller stops waiting when its signal aborts; the work goes on (a shared request for the
 * others, a sleep of the bulk pool that does not listen to the signal).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * One run of `work` at a time: a call while one runs shares it. `running` is the run under way,
 * for whoever must wait for it to end.
 */
export function oneAtATime<T>(work: () => Promise<T>): {
  run(): Promise<T>;
  readonly running: Promise<T> | undefined;
} {
  let running: Promise<T> | undefined;
  return {
    run() {
      running ??= work().finally(() => {
        running = undefined;
      });
      return running;
    },
    get running() {
      return running;
    },
  };
}

/** The one "cached, then fresh, then stored" flow, for either list. */
export async function loadCachedThenFresh<K extends keyof AccountSnapshot>(
  state: AccountState,
  list: K,
  readCache: (connection: AccountRef) => Promise<Cached<AccountSnapshot[K]['value']> | undefined>,
  refresh: () => Promise<NonNullable<AccountSnapshot[K]['value']>>,
): Promise<NonNullable<AccountSnapshot[K]['value']> | undefined> {
  // The service is asked at once; the cache is read while its answer is on the way.
  const fresh = refresh().catch(() => undefined);
  if (state.getSnapshot()[list].value === undefined) {
    const cached = await readCache(state.connection).catch(() => undefined);
    // A fresh list may have arrived meanwhile; it is newer than the cache.
    if (cached) {
      state.set(list, (now) =>
        now.value === undefined
          ? { ...now, value: cached.value, fetchedAt: cached.fetchedAt }
          : now,
      );
    }
  }
  return fresh;
}
