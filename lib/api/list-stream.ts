// The list's answer read as it arrives, so that a page can draw its first rows from the answer's
// first kilobytes: at 20,000 links the whole answer (9 MB) took 500-900 ms to arrive, and the
// first screen waited for all of it. The rows are found by a scan of the text's structure (strings,
// brackets), not parsed: the whole answer is still parsed once it is in (parse-answer.ts).
import { readLinkRows } from './link-page.ts';
import type { FirstScreen } from './list-rows.ts';

/** Where a list's rows are in its answer (link-page.ts reads the same keys). */
const ROWS_KEYS = new Set(['links', 'data', 'results']);
/** A list whose first rows are not in its first megabytes is not scanned further. */
const MAX_SCANNED_CHARS = 4_000_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Takes an answer's text a piece at a time, as it arrives, and answers with its first `count`
 * rows (as parsed JSON) once they are all in: the rows of the array under `links`, `data` or
 * `results` of the answer's top-level object. Answers undefined until then, and for good when the
 * answer has no such array, fewer rows, or is not JSON. `finished()`: nothing more to look for.
 */
export function firstRowsScanner(count: number): {
  (piece: string): unknown[] | undefined;
  finished: () => boolean;
  /** Where, in the piece that completed them, the rows given end (the next row's comma). */
  rowsEndAt: () => number;
} {
  let finished = false;
  let rowsEndAt = 0;
  let scanned = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The top-level object's key being read, and the last one read (until its value ends). */
  let keyParts: string[] | undefined;
  let key: string | undefined;
  let lastString: string | undefined;
  let inRows = false;
  /** The row being read: its text from earlier pieces, and where it starts in this one. */
  let rowParts: string[] | undefined;
  const rows: string[] = [];
  /** Not a JSON object, its rows all in, or too far in: nothing more to find. */
  const giveUp = () => {
    finished = true;
    return undefined;
  };

  const scan = (piece: string) => {
    if (finished) return undefined;
    let rowStart = 0;
    let keyStart = 0;
    for (let at = 0; at < piece.length; at++) {
      const char = piece.charCodeAt(at);
      if (inString) {
        if (escaped) escaped = false;
        else if (char === BACKSLASH) escaped = true;
        else if (char === QUOTE) {
          inString = false;
          if (keyParts) {
            lastString = keyParts.join('') + piece.slice(keyStart, at);
            keyParts = undefined;
          }
        }
        continue;
      }
      if (char === QUOTE) {
        inString = true;
        if (depth === 1) {
          keyParts = [];
          keyStart = at + 1;
        }
      } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
        if (depth === 0 && char !== OPEN_BRACE) return giveUp();
        if (depth === 1 && char === OPEN_BRACKET && key !== undefined && ROWS_KEYS.has(key)) {
          inRows = true;
        }
        depth++;
        if (inRows && depth === 3) {
          rowParts = [];
          rowStart = at;
        }
      } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
        depth--;
        if (inRows && depth === 2 && rowParts) {
          rows.push(rowParts.join('') + piece.slice(rowStart, at + 1));
          rowParts = undefined;
          if (rows.length >= count) {
            finished = true;
            rowsEndAt = at + 1;
            try {
              return JSON.parse(`[${rows.join(',')}]`) as unknown[];
            } catch {
              return undefined;
            }
          }
        }
        // The rows' array closed with fewer rows than asked for: the whole answer is as quick.
        if (inRows && depth === 1) return giveUp();
      } else if (depth === 1 && char === COLON) {
        key = lastString;
      } else if (depth === 1 && char === COMMA) {
        key = undefined;
      } else if (depth === 0 && char > 0x20) {
        return giveUp();
      }
    }
    scanned += piece.length;
    if (scanned > MAX_SCANNED_CHARS) return giveUp();
    if (keyParts) keyParts.push(piece.slice(keyStart));
    if (rowParts) rowParts.push(piece.slice(rowStart));
    return undefined;
  };
  return Object.assign(scan, { finished: () => finished, rowsEndAt: () => rowsEndAt });
}

/**
 * Counts the rows of an answer's rows' array as the rest of it arrives, from a point between two
 * rows (`counted` before it): strings, most of the text, are passed over with indexOf, so that a
 * 9 MB answer costs some 20 ms in all. Answers how many rows are in; `ended()` once the array is.
 */
export function rowsCounter(counted: number): {
  (piece: string, from?: number): number;
  ended: () => boolean;
} {
  let rows = counted;
  /** 0 between two rows of the array, 1 inside a row, more inside its fields; -1 past its end. */
  let depth = 0;
  let inString = false;
  let escaped = false;
  const count = (piece: string, from = 0) => {
    let at = from;
    /** The next backslash at or after `at` in a string, -1 when the piece has no more. */
    let backslash = -2;
    while (at < piece.length && depth >= 0) {
      if (inString) {
        if (escaped) {
          escaped = false;
          at++;
          continue;
        }
        const quote = piece.indexOf('"', at);
        if (backslash !== -1 && backslash < at) backslash = piece.indexOf('\\', at);
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          escaped = true;
          at = backslash + 1;
        } else if (quote === -1) {
          break;
        } else {
          inString = false;
          at = quote + 1;
        }
        continue;
      }
      const char = piece.charCodeAt(at++);
      if (char === QUOTE) inString = true;
      else if (char === OPEN_BRACE || char === OPEN_BRACKET) depth++;
      else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) rows++;
      }
    }
    return rows;
  };
  return Object.assign(count, { ended: () => depth < 0 });
}

/**
 * The body of `response` as text, each decoded piece handed to `onPiece` as it arrives while it
 * answers true; the rest is then read in one go (hundreds of pieces each read in a task of its
 * own slowed a page that was drawing meanwhile, its cached list say).
 */
export async function readTextInPieces(
  response: Response,
  onPiece: (piece: string) => boolean,
): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const piece = decoder.decode(value, { stream: true });
    pieces.push(piece);
    if (onPiece(piece)) continue;
    reader.releaseLock();
    // A body read from cannot make a Response; piped on, it can (and no script runs per chunk).
    const rest = response.body?.pipeThrough(new TransformStream<Uint8Array, Uint8Array>());
    // The decoder goes on from where it was: a character cut between the two reads stays whole.
    pieces.push(decoder.decode(await new Response(rest).arrayBuffer()));
    return pieces.join('');
  }
  pieces.push(decoder.decode());
  return pieces.join('');
}

/**
 * Shows a list's first screen from the first rows of its answer as they arrive, before the rest
 * is in: the rows in the service's order (ours sends the newest first; the interface says
 * nothing of it), how many in all not yet known; then, while `arrived` wants it, how many rows
 * have come. `shown()` tells whether it was shown.
 */
export function showFirstRowsOnArrival(firstScreen: FirstScreen): {
  onPiece: (piece: string) => boolean;
  shown: () => boolean;
} {
  const scan = firstRowsScanner(firstScreen.size);
  let counter: ReturnType<typeof rowsCounter> | undefined;
  const tell = (rows: number) => firstScreen.arrived?.(rows) === true && counter?.ended() === false;
  return {
    /** Answers whether it wants the next piece too. */
    onPiece(piece) {
      if (counter) return tell(counter(piece));
      if (firstScreen.wanted?.() === false) return false;
      const rows = scan(piece);
      if (!rows) return !scan.finished();
      const links = readLinkRows(rows);
      if (links.length === 0) return false;
      void firstScreen.show(links, undefined);
      counter = rowsCounter(rows.length);
      return tell(counter(piece, scan.rowsEndAt()));
    },
    shown: () => counter !== undefined,
  };
}
