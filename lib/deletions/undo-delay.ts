// How long a deletion waits for its "Undo", and the one way to shorten it: a value that only the
// browser tests write, for their own browser. Apart from the queue (pending-deletions.ts), which
// needs a browser to load, so that those tests can read these names too.
import * as z from 'zod/mini';

/** How long "Undo" is offered, and the DELETE held back: what every user gets. */
export const UNDO_DELAY_MS = 10_000;

/**
 * Where a browser test stores a shorter undo time, in `storage.session`: no code of the extension
 * writes it, a web page cannot reach the extension's storage, and it is gone with the browser.
 */
export const UNDO_DELAY_FOR_TESTS_KEY = 'undoDelayMsForTests';

/** Long enough to press "Undo" at all. */
export const SHORTEST_UNDO_DELAY_MS = 500;

const ShorterUndoDelay = z.int().check(z.gte(SHORTEST_UNDO_DELAY_MS), z.lte(UNDO_DELAY_MS));

/** The undo time, given what is stored under UNDO_DELAY_FOR_TESTS_KEY: only ever shortened. */
export function undoDelayOf(stored: unknown): number {
  const parsed = ShorterUndoDelay.safeParse(stored);
  return parsed.success ? parsed.data : UNDO_DELAY_MS;
}
