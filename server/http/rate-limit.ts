// Fixed-window request limits (per account, per client address). On SQLite the service is one
// process and the windows live in its memory; on PostgreSQL every instance counts in one table,
// so a limit holds however many instances share the load (see openRateLimiter).
import { ipv6Groups } from '../shared/ip-address.ts';
import { type Storage, StorageUnavailable } from '../storage/storage.ts';

/**
 * What the per-address limit counts a client address as: an IPv4 address (an IPv4-mapped IPv6
 * one too) by itself, an IPv6 address by its /64, since one subscriber usually holds a whole /64
 * and could take a new address in it for every request.
 */
export function addressLimitKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join('.');
  }
  return `${[g0, g1, g2, g3].map((group) => (group ?? 0).toString(16)).join(':')}::/64`;
}

/** Counts one request of a key; resolves the seconds to wait when over the limit, else 0. */
export type RateLimiter = { take(key: string): number | Promise<number> };

const waitSeconds = (msLeft: number) => Math.max(1, Math.ceil(msLeft / 1000));

/**
 * A fixed-window request counter per key, in memory (one service process). The windows are kept
 * in the order they started (a Map keeps insertion order), so those that are over are dropped from
 * the front as new ones start: memory holds only the keys seen within one window, and a key's
 * current count is never forgotten however many other keys arrive.
 */
export function createRateLimiter(
  limitPerWindow: number,
  windowMs = 60_000,
  clock: () => number = Date.now,
) {
  const windows = new Map<string, { startedAt: number; count: number }>();

  const dropEnded = (now: number) => {
    for (const [key, window] of windows) {
      if (now - window.startedAt < windowMs) return;
      windows.delete(key);
    }
  };

  return {
    /** Counts one request; returns the seconds to wait when over the limit, else 0. */
    take(key: string, now = clock()): number {
      if (limitPerWindow <= 0) return 0;
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        dropEnded(now);
        window = { startedAt: now, count: 0 };
        // Deleted first so that the renewed window moves to the end, among the newest.
        windows.delete(key);
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= limitPerWindow) return 0;
      return waitSeconds(window.startedAt + windowMs - now);
    },

    /** How many windows are held. */
    get size(): number {
      return windows.size;
    },
  };
}

/**
 * The same windows counted in the database, shared by every instance on it: one upsert per
 * request under the limit. Once the database says a key is over it, this instance refuses the
 * key from memory until its window ends, so a flood costs the database nothing more: however many
 * requests arrive, it counts at most the limit (plus one per instance) per window and key.
 * While the database cannot be reached the count goes on in this process's memory, so the limiter
 * never fails a request by itself (the requests that need the database then answer 503 as they
 * would anyway, and the public description of the API still answers).
 */
export function createSharedRateLimiter(
  countRequest: NonNullable<Storage['countRequest']>,
  limitPerWindow: number,
  windowMs = 60_000,
  clock: () => number = Date.now,
): RateLimiter {
  const fallback = createRateLimiter(limitPerWindow, windowMs, clock);
  /** Keys over the limit, and when (this process's clock) their window ends. */
  const blockedUntil = new Map<string, number>();
  return {
    async take(key: string): Promise<number> {
      if (limitPerWindow <= 0) return 0;
      const blocked = blockedUntil.get(key);
      if (blocked !== undefined) {
        const msLeft = blocked - clock();
        if (msLeft > 0) return waitSeconds(msLeft);
        blockedUntil.delete(key);
      }
      let window: { count: number; msLeft: number };
      try {
        window = await countRequest(key, windowMs);
      } catch (error) {
        if (error instanceof StorageUnavailable) return fallback.take(key);
        throw error;
      }
      if (window.count <= limitPerWindow) return 0;
      if (blockedUntil.size > 100_000) blockedUntil.clear();
      blockedUntil.set(key, clock() + window.msLeft);
      return waitSeconds(window.msLeft);
    },
  };
}

/**
 * The limiter for `scope` (`account`, `address`): shared through the database when its engine
 * serves several processes, else in memory. `clock` is this process's (the database counts the
 * shared windows by its own).
 */
export function openRateLimiter(
  store: Pick<Storage, 'countRequest'>,
  scope: string,
  limitPerWindow: number,
  { windowMs = 60_000, clock = Date.now }: { windowMs?: number; clock?: () => number } = {},
): RateLimiter {
  const { countRequest } = store;
  if (!countRequest) return createRateLimiter(limitPerWindow, windowMs, clock);
  return createSharedRateLimiter(
    (key, ms) => countRequest(`${scope}:${key}`, ms),
    limitPerWindow,
    windowMs,
    clock,
  );
}
