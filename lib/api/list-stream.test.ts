import { describe, expect, it } from 'vitest';
import {
  firstRowsScanner,
  readTextInPieces,
  rowsCounter,
  showFirstRowsOnArrival,
} from './list-stream.ts';

const row = (n: number) => ({
  // Characters of several bytes, cut between pieces below.
  emoji: '🔗ü',
  short_url: `https://sho.rt/r${n}`,
  // Brackets, braces, quotes and escapes inside strings are text, not structure.
  title: `Row ${n} "quoted" {braced} [bracketed] \\ back\u2028slash`,
  tags: [{ id: n, name: 'a]b}', color: 'red' }],
});
const answer = (count: number, before = '"success":true,') =>
  JSON.stringify(JSON.parse(`{${before}"links":[]}`)).replace(
    '"links":[]',
    `"links":${JSON.stringify(Array.from({ length: count }, (_, n) => row(n)))}`,
  );

/** Feeds `text` to a scanner in pieces of `size` characters; its first answer and when. */
function scanInPieces(text: string, size: number, count: number) {
  const scan = firstRowsScanner(count);
  for (let at = 0; at < text.length; at += size) {
    const rows = scan(text.slice(at, at + size));
    if (rows) return { rows, seen: at + size };
  }
  return undefined;
}

describe("the list's first rows, read as its answer arrives", () => {
  it('are the first rows of the answer, however its text is cut', () => {
    const text = answer(50);
    const endOfThird = text.indexOf(JSON.stringify(row(3))) + JSON.stringify(row(2)).length;
    for (const size of [1, 2, 3, 7, 64, 1_000, text.length]) {
      const found = scanInPieces(text, size, 3);
      expect(found?.rows).toEqual([row(0), row(1), row(2)]);
      // As soon as the third row is in: the rest of the answer is not waited for.
      expect(found?.seen).toBeLessThanOrEqual(endOfThird + size);
    }
  });

  it('are found under data or results too, after other fields and whitespace', () => {
    const text = `\n { "meta" : {"links": [1, 2, 3]}, "links": {"next": "x"},\n "data" : [ ${JSON.stringify(row(0))} , ${JSON.stringify(row(1))} ] }`;
    expect(scanInPieces(text, 5, 2)?.rows).toEqual([row(0), row(1)]);
  });

  it('are not given when the answer has fewer rows, none, or is not a JSON object', () => {
    for (const text of [
      answer(2),
      '{"success":false,"error":{"code":"unauthorized","message":"[no]"}}',
      `[${JSON.stringify(row(0))},${JSON.stringify(row(1))},${JSON.stringify(row(2))}]`,
      '<html>{"links":[{},{},{}]}</html>',
      '{"title":"links","x":[{},{},{}]}',
    ]) {
      expect(scanInPieces(text, 4, 3)).toBeUndefined();
    }
  });

  it('are given once', () => {
    const scan = firstRowsScanner(1);
    expect(scan(answer(3))).toHaveLength(1);
    expect(scan(answer(3))).toBeUndefined();
  });

  it('are not looked for once a first screen is no longer wanted (a cached one is shown)', () => {
    let wanted = true;
    let shown = 0;
    const wire = (n: number) => ({
      ...row(n),
      destination_url: 'https://example.com/',
      clicks: 0,
      created_at: '2026-11-22T10:00:00Z',
    });
    const text = `{"links":[${[0, 1, 2, 3].map((n) => JSON.stringify(wire(n))).join(',')}]}`;
    const early = showFirstRowsOnArrival({
      size: 3,
      show: () => void shown++,
      wanted: () => wanted,
    });
    expect(early.onPiece(text.slice(0, 30))).toBe(true);
    wanted = false;
    expect(early.onPiece(text.slice(30))).toBe(false);
    expect([shown, early.shown()]).toEqual([0, false]);
    // Wanted, the same text shows its first three rows, and no more pieces are asked for.
    const eager = showFirstRowsOnArrival({ size: 3, show: () => void shown++ });
    expect(eager.onPiece(text)).toBe(false);
    expect([shown, eager.shown()]).toEqual([1, true]);
  });

  it('are counted as the rest of the answer arrives, however its text is cut', () => {
    const text = `${answer(50).slice(0, -1)},"meta":{"rows":[{"not":"a row"}]}}`;
    const afterThird = text.indexOf(JSON.stringify(row(3))) - 1;
    for (const size of [1, 2, 3, 7, 64, 1_000, text.length]) {
      const count = rowsCounter(3);
      const counts: number[] = [];
      for (let at = afterThird; at < text.length; at += size) {
        counts.push(count(text.slice(at, at + size)));
      }
      // Every row once, the meta's objects not: the count stops where the rows' array ends.
      expect(counts.at(-1)).toBe(50);
      expect(count.ended()).toBe(true);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
    }
  });

  it('are counted once the first screen is shown, as long as that is wanted', () => {
    const wire = (n: number) => ({
      ...row(n),
      destination_url: 'https://example.com/',
      clicks: 0,
      created_at: '2026-11-22T10:00:00Z',
    });
    const text = `{"links":[${Array.from({ length: 8 }, (_, n) => JSON.stringify(wire(n))).join(',')}]}`;
    const piece = Math.ceil(text.length / 8);
    const told: number[] = [];
    let shown = false;
    let counted = true;
    const early = showFirstRowsOnArrival({
      size: 2,
      show: () => {
        shown = true;
      },
      // As the page asks: no first screen wanted once one is shown.
      wanted: () => !shown,
      arrived: (rows) => told.push(rows) > 0 && counted,
    });
    const goesOn: boolean[] = [];
    for (let at = 0; at < 6 * piece; at += piece)
      goesOn.push(early.onPiece(text.slice(at, at + piece)));
    expect(early.shown()).toBe(true);
    // Told at the first screen and at each piece after it, more rows each time but for a piece
    // inside a row; it asks for every piece.
    expect(told.length).toBeGreaterThan(3);
    expect(told[0]).toBeGreaterThanOrEqual(2);
    expect(told.at(-1)).toBeGreaterThan(told[0] as number);
    expect(told).toEqual([...told].sort((a, b) => a - b));
    expect(goesOn.slice(-told.length)).toEqual(told.map(() => true));
    // No longer wanted (the cached list replaced the first rows): the rest is read in one go.
    counted = false;
    expect(early.onPiece(text.slice(6 * piece, 7 * piece))).toBe(false);
    // Without anyone to tell, the first screen is where the pieces stop, as before.
    const untold = showFirstRowsOnArrival({ size: 2, show: () => {} });
    expect(untold.onPiece(text)).toBe(false);
  });

  it("come with the answer's whole text, read in pieces", async () => {
    const text = answer(20);
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Cut inside a character of several bytes, too.
        for (let at = 0; at < bytes.length; at += 5) controller.enqueue(bytes.slice(at, at + 5));
        controller.close();
      },
    });
    const pieces: string[] = [];
    const all = (piece: string) => pieces.push(piece) > 0;
    expect(await readTextInPieces(new Response(body), all)).toBe(text);
    expect(pieces.length).toBeGreaterThan(100);
    // Pieces only while they are wanted: the rest in one go, cut characters whole.
    const few = (piece: string) => pieces.push(piece) < 3;
    pieces.length = 0;
    const again = new Response(bytes).body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          for (let at = 0; at < chunk.length; at += 5) controller.enqueue(chunk.slice(at, at + 5));
        },
      }),
    );
    expect(await readTextInPieces(new Response(again), few)).toBe(text);
    expect(pieces).toHaveLength(3);
  });
});
