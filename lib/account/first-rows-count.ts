// How many of the service's links are in (arrived, or read) while only its first rows are shown,
// for the count beside the heading ("Loading links… 1,240 so far"): the rows shown stay the same
// array, so the count is all that is drawn again, at most once a frame however many pieces come.
import type { ListProgress } from '../api/client.ts';
import type { Link } from '../api/schemas.ts';
import type { ListSnapshot } from './snapshot.ts';

/**
 * The list with `progress` as the count of the whole that `firstRows` are part of, when they are
 * what it shows; as it was otherwise (the cached list has replaced them, or the whole is in).
 */
export function countedOnFirstRows(
  list: ListSnapshot<Link[]>,
  firstRows: Link[] | undefined,
  { loaded, total }: ListProgress,
): ListSnapshot<Link[]> {
  const { value, partOf } = list;
  if (value === undefined || value !== firstRows || partOf === undefined) return list;
  // A count told late (a frame after a page's) never goes back.
  const counted = { total: total ?? partOf.total, loaded: Math.max(loaded, partOf.loaded ?? 0) };
  if (counted.loaded === partOf.loaded && counted.total === partOf.total) return list;
  return { ...list, partOf: counted };
}

/** The next frame of a page, or a frame's time where there are none (the tests). */
function nextFrame(run: () => void): void {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined') {
    requestAnimationFrame(run);
  } else {
    setTimeout(run, 16);
  }
}

/** `apply` called with the latest value given, once a frame at most. */
export function oncePerFrame<T>(apply: (latest: T) => void): (value: T) => void {
  let latest: { value: T } | undefined;
  return (value) => {
    const waiting = latest !== undefined;
    latest = { value };
    if (waiting) return;
    nextFrame(() => {
      const { value: last } = latest as { value: T };
      latest = undefined;
      apply(last);
    });
  };
}
