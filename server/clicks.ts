import type { Store } from './db.ts';

/**
 * Counts clicks in memory and adds them to the database in one transaction every interval.
 * A redirect then costs no write of its own; flush() runs before every read of the counts and at
 * shutdown, so answers are exact and a SIGTERM loses nothing (a crash can lose one interval).
 */
export function createClickCounter(store: Store, flushIntervalMs = 200) {
  let pending = new Map<number, number>();
  const timer = setInterval(() => flush(), flushIntervalMs);
  timer.unref();

  function flush(): void {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    store.addClicks(batch);
  }

  return {
    count(linkId: number): void {
      pending.set(linkId, (pending.get(linkId) ?? 0) + 1);
    },
    flush,
    stop(): void {
      clearInterval(timer);
      flush();
    },
  };
}

export type ClickCounter = ReturnType<typeof createClickCounter>;
