import { type Clock, systemClock } from '../shared/clock.ts';
import type { Logger } from '../shared/logger.ts';
import { type StatCount, type Storage, StorageUnavailable } from '../storage/storage.ts';
import { createCapturedClicks, MAX_CAPTURED_CHARS } from './captured-clicks.ts';
import type { RawClick } from './click-capture.ts';
import type { ClickFacts } from './click-facts.ts';
import { createTally, type Tally } from './click-tally.ts';
import { visitorDaysOverBefore } from './visitors.ts';

export const DAY_MS = 86_400_000;

export type ClickCounterOptions = {
  /** How often clicks held in memory are written. */
  flushIntervalMs?: number;
  /** The longest wait between tries while writes fail (the wait doubles from flushIntervalMs). */
  maxRetryDelayMs?: number;
  /** How long stop() keeps trying when the database refuses the last write. */
  stopTimeoutMs?: number;
  logger?: Logger;
  /** Distinct statistics held at most (MAX_HELD_STATS unless told). */
  maxHeldStats?: number;
  /** The clock that says which UTC day a click is on (tests move it). */
  clock?: Clock;
  /** Reads a captured click for the statistics (click-facts.ts); without it, none are kept. */
  classify?: (click: RawClick) => ClickFacts;
  /** Characters of captured clicks held before they are classified at once (MAX_CAPTURED_CHARS). */
  maxCapturedChars?: number;
};

type Batch = {
  number: number;
  counts: Map<number, number>;
  stats: Tally;
  expiredVisits: Map<number, number>;
  /** The day before which visitor keys and marks are deleted (visitors.ts). */
  visitorDaysOverBefore: number;
};

/**
 * Distinct statistics held at most (pending and unconfirmed together): about 200 bytes each, 40 MB
 * at worst. Past it, referrer hosts and countries not held yet are counted as direct and unknown, so
 * a flood of made-up referrers while the database is away cannot fill the memory; days, people,
 * bots and devices (a few per link and day) are always counted.
 */
export const MAX_HELD_STATS = 200_000;

export { MAX_CAPTURED_CHARS, MAX_CAPTURED_CLICKS } from './captured-clicks.ts';

const sum = (counts: Map<number, number>) => {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
};

/**
 * Counts clicks in memory and adds them to the database in one transaction every interval. A
 * redirect then costs no write of its own. A write that fails (the database locked by another
 * process, a full disk, a server gone) keeps its batch and tries that same batch again, later and
 * later, until it succeeds: redirects go on meanwhile and every click is written once the database
 * is back. Batches are numbered, and an engine that cannot always tell whether a failed write was
 * committed (a connection lost during the commit) records the number with the clicks, so the
 * retry of a batch already stored adds nothing (see Storage.addClicks).
 *
 * Answers add what is not stored yet to what a read found stored. For that sum to be exact, reads
 * of click counts run through settled(): none of them overlaps a write of this process, so a batch
 * is either in what the read found or still in memory, never both or neither. stop() writes what
 * is left, so a SIGTERM loses nothing (a crash can lose what was held).
 */
export function createClickCounter(
  store: Pick<Storage, 'addClicks'>,
  options: ClickCounterOptions = {},
) {
  const flushIntervalMs = options.flushIntervalMs ?? 200;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 3_200;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  const logger = options.logger;
  /** Counted, in no batch yet. */
  let pending = new Map<number, number>();
  let pendingStats = createTally();
  /** Visits to ended links, counted apart from clicks, in no batch yet. */
  let pendingExpired = new Map<number, number>();
  const clock = options.clock ?? systemClock;
  const maxHeldStats = options.maxHeldStats ?? MAX_HELD_STATS;
  const { classify } = options;
  /** Clicks captured by redirects and not yet in pendingStats. */
  const captured =
    classify &&
    createCapturedClicks({
      classify,
      maxCapturedChars: options.maxCapturedChars ?? MAX_CAPTURED_CHARS,
      roomy: () => heldStats() < maxHeldStats,
    });
  /** The batch being written, or whose write failed: written again, as it is, before any other. */
  let unconfirmed: Batch | undefined;
  let lastBatch = 0;
  /** The day before which the last write deleted visitor keys and marks. */
  let visitorDaysForgotten = Number.NEGATIVE_INFINITY;
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  // Reads and writes take turns: reads side by side, a write alone. A write waiting for the reads
  // under way holds back new ones, so a steady stream of reads never starves it.
  /** Set while a write waits for its turn or runs; settles when it is over. */
  let writeTurn: Promise<void> | undefined;
  let reads = 0;
  let readsDone: (() => void) | undefined;

  const retryDelay = () => Math.min(flushIntervalMs * 2 ** failures, maxRetryDelayMs);
  const held = () => sum(pending) + (unconfirmed ? sum(unconfirmed.counts) : 0);

  /** The next write: after the interval, or after the retry delay while writes fail. */
  function schedule(): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void flush(), failures > 0 ? retryDelay() : flushIntervalMs);
    timer.unref();
  }

  async function write(batch: Batch): Promise<boolean> {
    const visits = batch.stats.visits();
    try {
      await store.addClicks(batch.counts, batch.number, batch.stats.rows(), batch.expiredVisits, {
        visits,
        forgetBefore: batch.visitorDaysOverBefore,
      });
    } catch (error) {
      failures++;
      const reason = error instanceof StorageUnavailable ? error.reason : String(error);
      logger?.error(
        `Clicks not written (${reason}): ${held()} held in memory, next try in ${retryDelay()} ms.`,
      );
      return false;
    }
    unconfirmed = undefined;
    captured?.marked.addAll(visits);
    visitorDaysForgotten = Math.max(visitorDaysForgotten, batch.visitorDaysOverBefore);
    if (failures > 0) {
      logger?.info(`Clicks written again after ${failures} failed tries.`);
      failures = 0;
    }
    return true;
  }

  /** Classifies the captured clicks into pendingStats: the work a redirect did not do. */
  const classifyCaptured = () => captured?.readAll(pendingStats);

  /**
   * Writes the clicks held in memory; resolves false (and they stay held) when the database
   * refuses. One write at a time: a flush while one is in flight waits for it, then writes the rest.
   */
  async function flush(): Promise<boolean> {
    while (writeTurn) await writeTurn;
    let endTurn = () => {};
    writeTurn = new Promise((resolve) => {
      endTurn = resolve;
    });
    try {
      if (reads > 0) await new Promise<void>((resolve) => (readsDone = resolve));
      if (unconfirmed && !(await write(unconfirmed))) return false;
      const reading = captured?.readInTurns(() => pendingStats);
      if (reading) await reading;
      // A day over since the last write: its visitor keys and marks are deleted, clicks or none.
      const daysOverBefore = visitorDaysOverBefore(clock.now());
      const nothingHeld =
        pending.size === 0 && pendingStats.size === 0 && pendingExpired.size === 0;
      if (nothingHeld && daysOverBefore <= visitorDaysForgotten) return true;
      unconfirmed = {
        number: ++lastBatch,
        counts: pending,
        stats: pendingStats,
        expiredVisits: pendingExpired,
        visitorDaysOverBefore: daysOverBefore,
      };
      pending = new Map();
      pendingStats = createTally();
      pendingExpired = new Map();
      return await write(unconfirmed);
    } finally {
      writeTurn = undefined;
      endTurn();
      schedule();
    }
  }

  const heldStats = () => pendingStats.size + (unconfirmed?.stats.size ?? 0);

  schedule();

  return {
    /**
     * Counts a click; with `click`, in the statistics too (a link's `clicks` counts every one),
     * read when the batch is written.
     */
    count(linkId: number, click?: RawClick): void {
      pending.set(linkId, (pending.get(linkId) ?? 0) + 1);
      if (click && captured?.add(linkId, clock.now(), click)) classifyCaptured();
    },
    /** Clicks captured and not classified yet, and the characters they hold: bounded. */
    get captured(): { clicks: number; chars: number } {
      return captured?.size ?? { clicks: 0, chars: 0 };
    },
    /** Distinct statistics held, pending and unconfirmed: bounded by maxHeldStats (and a little). */
    get heldStats(): number {
      return heldStats();
    },
    /** Counts a visit to a link that has ended: not a click, and in no statistics. */
    countExpired(linkId: number): void {
      pendingExpired.set(linkId, (pendingExpired.get(linkId) ?? 0) + 1);
    },
    /** As pendingOf, of the visits after the link ended. */
    pendingExpiredOf(linkId: number, storedBatch?: number): number {
      const unstored = unconfirmed && unconfirmed.number > (storedBatch ?? 0);
      return (
        (pendingExpired.get(linkId) ?? 0) +
        (unstored ? (unconfirmed?.expiredVisits.get(linkId) ?? 0) : 0)
      );
    },
    /**
     * Runs a read of stored click counts while no click write of this process is under way, and
     * none starts until it ends; the pending counts to add must be taken before it returns.
     */
    async settled<T>(read: () => Promise<T>): Promise<T> {
      while (writeTurn) await writeTurn;
      reads++;
      try {
        return await read();
      } finally {
        reads--;
        if (reads === 0 && readsDone) {
          readsDone();
          readsDone = undefined;
        }
      }
    },
    /**
     * Clicks of this link counted but not in what a read inside settled() found stored.
     * `storedBatch` is the last batch of this process that the read saw stored, when the engine
     * says (see LinkRow.storedBatch): the batch of a failed write may have been committed after all.
     */
    pendingOf(linkId: number, storedBatch?: number): number {
      const unstored = unconfirmed && unconfirmed.number > (storedBatch ?? 0);
      return (pending.get(linkId) ?? 0) + (unstored ? (unconfirmed?.counts.get(linkId) ?? 0) : 0);
    },
    /**
     * The statistics of this link counted but not in what a read inside settled() found stored
     * (as pendingOf).
     */
    pendingStatsOf(linkId: number, storedBatch?: number): StatCount[] {
      classifyCaptured();
      const found = pendingStats.rowsOf(linkId);
      if (unconfirmed && unconfirmed.number > (storedBatch ?? 0)) {
        for (const row of unconfirmed.stats.rowsOf(linkId)) found.push(row);
      }
      return found;
    },
    /** Every link's pendingOf (a copy). */
    pendingSnapshot(storedBatch?: number): Map<number, number> {
      const snapshot = new Map(pending);
      if (unconfirmed && unconfirmed.number > (storedBatch ?? 0)) {
        for (const [linkId, count] of unconfirmed.counts) {
          snapshot.set(linkId, (snapshot.get(linkId) ?? 0) + count);
        }
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
