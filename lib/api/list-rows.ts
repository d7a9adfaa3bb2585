// The rows of the list as links, read a slice at a time with a turn of the page between slices,
// and the newest of them first when a page wants to show them before the rest: at 20,000 links
// reading every row was a task of 200-400 ms between the list's arrival and its first rows.
import { Link, plainLinkReader } from './schemas.ts';

/** The newest links of a list, asked for ahead of the rest: how many, and what shows them. */
export type FirstScreen = {
  size: number;
  /**
   * Given the newest `size` links (in no particular order) and how many rows the list has, before
   * the rest are read; the reading goes on once what it answers has settled (a paint). Or, with
   * the total undefined, the first `size` rows of an answer still arriving (list-stream.ts).
   */
  show: (links: Link[], total: number | undefined) => Promise<void> | void;
  /** Whether a first screen is still wanted, asked as the answer arrives (a cached one is shown). */
  wanted?: () => boolean;
  /**
   * Once the first screen is shown, told how many of the list's rows are in as the rest comes:
   * the rows of an answer still arriving as each piece of it does (list-stream.ts), or the rows
   * read, a slice at a time (below). Answers whether it still wants to know (else an answer still
   * arriving is read in one go).
   */
  arrived?: (rows: number) => boolean;
};

/** Rows read between two turns of the page. */
const SLICE = 5_000;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The indices of the `count` rows with the latest `created_at` as written (compared as text, no
 * date read: a list writes its dates in one form, and the whole list follows a moment later).
 */
export function newestRowIndices(rows: readonly unknown[], count: number): number[] {
  const newest: { at: string; index: number }[] = [];
  rows.forEach((row, index) => {
    const written = (row as { created_at?: unknown } | null)?.created_at;
    const at = typeof written === 'string' ? written : '';
    if (newest.length >= count && at <= (newest.at(-1)?.at ?? '')) return;
    let place = newest.length;
    while (place > 0 && (newest[place - 1]?.at ?? '') < at) place--;
    newest.splice(place, 0, { at, index });
    if (newest.length > count) newest.pop();
  });
  return newest.map(({ index }) => index);
}

/**
 * The rows as links, each read on its own (an odd row is left out, as `Link` refuses it), a
 * slice at a time. With `firstScreen` and more rows than it holds, its newest rows are read and
 * shown first.
 */
export async function readListRows(
  rows: readonly unknown[],
  {
    signal,
    firstScreen,
    pause = nextTurn,
  }: { signal?: AbortSignal; firstScreen?: FirstScreen; pause?: () => Promise<void> } = {},
): Promise<Link[]> {
  const plain = plainLinkReader();
  const read = (row: unknown): Link | undefined => {
    const taken = plain(row);
    if (taken !== undefined) return taken;
    const checked = Link.safeParse(row);
    return checked.success ? checked.data : undefined;
  };
  /** Whoever was shown the first screen, while they want to know how many rows are read. */
  let tell: FirstScreen['arrived'];
  if (firstScreen && rows.length > firstScreen.size) {
    tell = firstScreen.arrived;
    const first: Link[] = [];
    for (const index of newestRowIndices(rows, firstScreen.size)) {
      const link = read(rows[index]);
      if (link) first.push(link);
    }
    await firstScreen.show(first, rows.length);
    signal?.throwIfAborted();
  }
  const links: Link[] = [];
  for (let at = 0; at < rows.length; at += SLICE) {
    // A long list's first slice too: the answer was just parsed whole (some 30 ms at 20,000
    // links), and the two together made a task of 60-80 ms after the first rows were drawn.
    if (at > 0 || rows.length > SLICE) {
      await pause();
      signal?.throwIfAborted();
    }
    for (let index = at; index < Math.min(at + SLICE, rows.length); index++) {
      const link = read(rows[index]);
      if (link) links.push(link);
    }
    if (tell?.(links.length) === false) tell = undefined;
  }
  return links;
}
