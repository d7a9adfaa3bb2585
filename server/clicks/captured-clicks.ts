// The clicks redirects captured (click-capture.ts), held until their batch is written and read
// then: classified, their visitor made and looked up among those marked already, and counted in
// the batch's tally. A redirect only appends; the batch's write reads them a share at a time,
// with a turn of the event loop between two shares, so that the redirects waiting meanwhile are
// answered.
import type { RawClick } from './click-capture.ts';
import type { ClickFacts } from './click-facts.ts';
import type { Tally } from './click-tally.ts';
import { createMarkedVisitors, createVisitorDigests } from './visitors.ts';

const DAY_MS = 86_400_000;

/**
 * Clicks captured but not classified yet, at most: 200 bytes each besides their strings, 2 MB.
 * At the service's pace (a write every 200 ms) a batch holds far fewer.
 */
export const MAX_CAPTURED_CLICKS = 10_000;
/** The characters their header strings may hold at most: 8 MB (one byte each, as Node reads them). */
export const MAX_CAPTURED_CHARS = 8_000_000;
/**
 * Clicks read in one turn of the event loop: about 1 µs each with the memos warm, a few hundred
 * µs of User-Agent parses at most (PARSES_PER_SECOND), so no redirect waits long for a batch.
 */
export const CLICKS_READ_PER_TURN = 1_000;

type CapturedClick = { linkId: number; at: number; click: RawClick };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createCapturedClicks(options: {
  classify: (click: RawClick) => ClickFacts;
  maxCapturedChars: number;
  /** Whether the tallies have room for another distinct value (see MAX_HELD_STATS). */
  roomy: () => boolean;
}) {
  const { classify, maxCapturedChars, roomy } = options;
  let captured: CapturedClick[] = [];
  let capturedChars = 0;
  /** Visitors whose batch was written: a repeat visit on the same link and day adds nothing. */
  const marked = createMarkedVisitors();
  const digestOf = createVisitorDigests();

  const readInto = (tally: Tally, clicks: CapturedClick[]) => {
    for (const { linkId, at, click } of clicks) {
      const facts = classify(click);
      let visitor = facts.bot || facts.withoutBreakdown ? undefined : digestOf(click);
      if (visitor !== undefined && marked.has(linkId, Math.floor(at / DAY_MS), visitor)) {
        visitor = undefined;
      }
      tally.add(linkId, at, facts, roomy(), visitor);
    }
  };

  /** Reads every click captured into `tally`, in this turn. */
  const readAll = (tally: Tally): void => {
    if (captured.length === 0) return;
    const clicks = captured;
    captured = [];
    capturedChars = 0;
    readInto(tally, clicks);
  };

  return {
    marked,
    /** Holds a click; true when the bounds are reached and the clicks held must be read now. */
    add(linkId: number, at: number, click: RawClick): boolean {
      captured.push({ linkId, at, click });
      capturedChars += click.heldChars;
      return captured.length >= MAX_CAPTURED_CLICKS || capturedChars >= maxCapturedChars;
    },
    readAll,
    /**
     * Reads the clicks captured into `tally` CLICKS_READ_PER_TURN at a time, a turn of the loop
     * between two; the last few (those captured meanwhile) in the same turn as the caller goes on,
     * so that the batch it makes holds the statistics of every click it counts.
     */
    readInTurns(tally: () => Tally): Promise<void> | undefined {
      // Few enough for one turn: read at once, and the write starts in this turn too.
      if (captured.length <= CLICKS_READ_PER_TURN) {
        readAll(tally());
        return undefined;
      }
      return (async () => {
        // Bounded: the clicks of a flood that keeps up with the reads wait for the last turn.
        for (let turns = Math.ceil(captured.length / CLICKS_READ_PER_TURN); turns > 0; turns--) {
          if (captured.length <= CLICKS_READ_PER_TURN) break;
          const share = captured.splice(0, CLICKS_READ_PER_TURN);
          for (const { click } of share) capturedChars -= click.heldChars;
          readInto(tally(), share);
          await nextTurn();
        }
        readAll(tally());
      })();
    },
    get size(): { clicks: number; chars: number } {
      return { clicks: captured.length, chars: capturedChars };
    },
  };
}
