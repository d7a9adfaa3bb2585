// Whether a list from the service is the list already cached, link by link: a refresh that
// changes nothing then writes nothing (at 20,000 links a write is megabytes of JSON and a task of
// about 100 ms, and it tells every page and the background to read the list again).
import type { Link } from '../api/schemas.ts';

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Nested values (tags, an expiry's details) are rare and small.
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

function sameLink(a: Link, b: Link): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!sameValue(a[key as keyof Link], b[key as keyof Link])) return false;
  }
  return true;
}

/** Links compared between turns of the page: 20,000 at once were a 70 ms task. */
const SLICE = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function sameLinks(a: readonly Link[], b: readonly Link[]): Promise<boolean> {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at++) {
    if (at > 0 && at % SLICE === 0) await nextTurn();
    if (!sameLink(a[at] as Link, b[at] as Link)) return false;
  }
  return true;
}
