import type { Logger } from './app.ts';
import { type Storage, StorageUnavailable } from './storage.ts';

export type ClickCounterOptions = {
  /** How often clicks held in memory are written. */
  flushIntervalMs?: number;
  /** The longest wait between tries while writes fail (the wait doubles from flushIntervalMs). */
  maxRetryDelayMs?: number;
  /** How long stop() keeps trying when the database refuses the last write. */
  stopTimeoutMs?: number;
  logger?: Logger;
};

/**
 * Counts clicks in memory and adds them to the database in one transaction every interval. A
 * redirect then costs no write of its own. A write that fails (the database locked by another
 * process, a full disk) keeps its clicks and is tried again, later and later, until it succeeds:
 * redirects go on meanwhile and every click is written once the database is back. Answers add
 * pendingOf() to what is stored, so counts are exact even then. stop() writes what is left, so a
 * SIGTERM loses nothing (a crash can lose what was held).
 */
export function createClickCounter(
  store: Pick<Storage, 'addClicks'>,
  options: ClickCounterOptions = {},
) {
  const flushIntervalMs = options.flushIntervalMs ?? 200;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 3_200;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  const logger = options.logger;
  /** Counted, not yet handed to the storage. */
  let pending = new Map<number, number>();
  /** Handed to the storage by the write in flight, not yet known to be stored. */
  let writing = new Map<number, number>();
  let inFlight: Promise<boolean> | undefined;
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const retryDelay = () => Math.min(flushIntervalMs * 2 ** failures, maxRetryDelayMs);
  const held = () => {
    let total = 0;
    for (const count of pending.values()) total += count;
    return total;
  };

  /** The next write: after the interval, or after the retry delay while writes fail. */
  function schedule(): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void flush(), failures > 0 ? retryDelay() : flushIntervalMs);
    timer.unref();
  }

  async function write(batch: Map<number, number>): Promise<boolean> {
    try {
      await store.addClicks(batch);
    } catch (error) {
      for (const [linkId, count] of batch) pending.set(linkId, (pending.get(linkId) ?? 0) + count);
      failures++;
      const reason = error instanceof StorageUnavailable ? error.reason : String(error);
      logger?.error(
        `Clicks not written (${reason}): ${held()} held in memory, next try in ${retryDelay()} ms.`,
      );
      return false;
    } finally {
      writing = new Map();
    }
    if (failures > 0) {
      logger?.info(`Clicks written again after ${failures} failed tries.`);
      failures = 0;
    }
    return true;
  }

  /**
   * Writes the clicks held in memory; resolves false (and they stay held) when the database
   * refuses. One write at a time: a flush while one is in flight waits for it, then writes the rest.
   */
  async function flush(): Promise<boolean> {
    while (inFlight) await inFlight;
    if (pending.size === 0) {
      schedule();
      return true;
    }
    writing = pending;
    pending = new Map();
    inFlight = write(writing);
    try {
      return await inFlight;
    } finally {
      inFlight = undefined;
      schedule();
    }
  }

  schedule();

  return {
    count(linkId: number): void {
      pending.set(linkId, (pending.get(linkId) ?? 0) + 1);
    },
    /** Clicks of this link counted but not yet known to be stored. */
    pendingOf(linkId: number): number {
      return (pending.get(linkId) ?? 0) + (writing.get(linkId) ?? 0);
    },
    /** Every link's clicks counted but not yet written (a copy). */
    pendingSnapshot(): Map<number, number> {
      const snapshot = new Map(writing);
      for (const [linkId, count] of pending) {
        snapshot.set(linkId, (snapshot.get(linkId) ?? 0) + count);
      }
      return snapshot;
    },
    flush,
    /** Stops the timer and writes what is held, trying again for a while when it fails. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      const giveUpAt = Date.now() + stopTimeoutMs;
      while (!(await flush())) {
        if (Date.now() >= giveUpAt) {
          logger?.error(`${held()} clicks could not be written before stopping and are lost.`);
          return;
        }
        const wait = Math.min(retryDelay(), 500, giveUpAt - Date.now());
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
}

export type ClickCounter = ReturnType<typeof createClickCounter>;
