// The one engine of bulk work against the service ("Shorten all tabs", the import, and the bulk
// actions to come): tasks run a few at a time, as p-limit runs promises, within the service's rate
// limit. A 429 holds every task for its Retry-After and the refused task is tried again (a 429
// made nothing); a task whose answer was lost is tried again looking first for what it may have
// made (lost-answer.ts); and the work can be paused between tasks and resumed by running what is
// left. What a task does, and what its result means, is the caller's.
import { untilAborted } from '../account/account-state.ts';
import { isApiError } from '../api/errors.ts';
import { mayHaveBeenMade } from './lost-answer.ts';

/** Tasks at once: the reference service allows 600 requests a minute per account. */
export const REQUESTS_AT_ONCE = 4;
/**
 * The longest Retry-After that is waited out. A longer one is not: the refused task fails with the
 * 429 (whose words say when to try again), and so does every task that would start before then,
 * unsent, since the service said it would refuse it. A person waits a minute; an hour is theirs to
 * choose.
 */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** 429s waited out for one task before it fails: a service that keeps refusing is not asked forever. */
export const MAX_RATE_LIMIT_WAITS = 3;
/** The wait when a 429 names none (or names no number of seconds). */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;

export type Attempt = {
  /** An attempt before may have done the work (its answer was lost), or the caller asked: look first. */
  lookFirst: boolean;
};

export type Settled<Value> = { ok: true; value: Value } | { ok: false; error: unknown };

/** The service asked to slow down: every task holds `ms`, until `until` (epoch milliseconds). */
export type Hold = { ms: number; until: number };

export type BulkOptions<Item, Value> = {
  concurrency?: number;
  /** Tries of a task whose answer was lost, the first included; 1 reports it at once. */
  attempts?: number;
  /** Whether an item's first try looks first (an earlier run may have done it). */
  lookFirst?(item: Item): boolean;
  /** Read before each try: while true, no task starts, and run settles once those running end. */
  isPaused?(): boolean;
  /** Aborting stops the run: it rejects with the signal's reason, a wait included. */
  signal?: AbortSignal;
  /** Each hold as a 429 sets it; undefined once it is served and the tasks go on. */
  onHold?(hold: Hold | undefined): void;
  /** Each task's end, as it comes. */
  onSettled?(settled: Settled<Value>, index: number): void;
  sleep?(milliseconds: number, signal?: AbortSignal): Promise<void>;
};

/** How long a 429 asks to wait; undefined for any other error. */
export function rateLimitWaitMs(error: unknown): number | undefined {
  if (!isApiError(error) || error.kind !== 'rate_limited') return undefined;
  const seconds = error.retryAfterSeconds;
  return seconds === undefined || Number.isNaN(seconds) || seconds < 0
    ? DEFAULT_RATE_LIMIT_WAIT_MS
    : seconds * 1000;
}

const realSleep = (milliseconds: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const onAbort = () => clearTimeout(timer);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Runs `task` for every item, `concurrency` at a time, in the items' order; each item's result at
 * its index, or undefined when the run was paused before the item settled.
 */
export async function runBulk<Item, Value>(
  items: readonly Item[],
  task: (item: Item, attempt: Attempt) => Promise<Value>,
  options: BulkOptions<Item, Value> = {},
): Promise<(Settled<Value> | undefined)[]> {
  const { concurrency = REQUESTS_AT_ONCE, attempts = 1, signal, sleep = realSleep } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new TypeError(`Tasks at once must be a whole number from 1 up, not ${concurrency}.`);
  }
  const paused = () => options.isPaused?.() === true;
  const results: (Settled<Value> | undefined)[] = new Array(items.length).fill(undefined);
  let next = 0;
  /** Until when every task holds (a 429 within the maximum); 0: none. */
  let heldUntil = 0;
  /** A 429 too long to wait out: tasks that would start before `until` fail with it. */
  let refusal: { until: number; error: unknown } | undefined;

  async function holdIfAsked(): Promise<void> {
    const until = heldUntil;
    if (until === 0) return;
    const wait = until - Date.now();
    if (wait > 0) {
      // A run already stopped starts no sleep; an injected sleep may not listen to the signal.
      signal?.throwIfAborted();
      await untilAborted(sleep(wait, signal), signal);
    }
    // Served: the next try goes at once, unless another 429 came meanwhile.
    if (heldUntil === until) {
      heldUntil = 0;
      options.onHold?.(undefined);
    }
  }

  async function settle(item: Item): Promise<Settled<Value> | undefined> {
    let lookFirst = options.lookFirst?.(item) ?? false;
    let waits = 0;
    let tries = 0;
    for (;;) {
      await holdIfAsked();
      if (paused()) return undefined;
      signal?.throwIfAborted();
      if (refusal && Date.now() < refusal.until) return { ok: false, error: refusal.error };
      try {
        return { ok: true, value: await task(item, { lookFirst }) };
      } catch (error) {
        const wait = rateLimitWaitMs(error);
        if (wait === undefined) {
          tries++;
          if (tries >= attempts || !mayHaveBeenMade(error)) return { ok: false, error };
          lookFirst = true;
          continue;
        }
        if (wait > MAX_RATE_LIMIT_WAIT_MS) {
          refusal = { until: Date.now() + wait, error };
          return { ok: false, error };
        }
        if (waits >= MAX_RATE_LIMIT_WAITS) return { ok: false, error };
        waits++;
        heldUntil = Math.max(heldUntil, Date.now() + wait);
        options.onHold?.({ ms: wait, until: heldUntil });
      }
    }
  }

  async function worker(): Promise<void> {
    while (next < items.length && !paused()) {
      const index = next++;
      const settled = await settle(items[index] as Item);
      if (settled === undefined) continue;
      results[index] = settled;
      options.onSettled?.(settled, index);
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
