// A change a page makes to its account's cached links (an edit, a link made or deleted), written
// from the list the page already holds. changeCachedLinks reads, parses and remakes the whole
// stored list inside its transaction, one task that cannot wait: at 50,000 links 95–283 ms, twice
// an edit (shown, then saved). Here the new list's pieces are made a few per turn and written only
// over the version the page knows; when another page (the popup, the background, a second tab)
// wrote since, the change is made in one transaction as before, so neither change is lost.
import type { Link } from '../api/schemas.ts';
import type { AccountRef } from '../settings/connection.ts';
import { type CachedVersion, changeCachedLinks, storeLinksInTurns } from './cache.ts';

/** A change to an account's list of links: the list after it. */
export type LinksChange = (links: Link[]) => Link[];

/** `change` applied to `known` (the cache as this page last read or wrote it) and stored. */
export async function changeKnownCachedLinks(
  account: AccountRef,
  known: CachedVersion | undefined,
  change: LinksChange,
): Promise<CachedVersion | undefined> {
  if (known?.links === undefined || known.fetchedAt === undefined) {
    return changeCachedLinks(account, change);
  }
  const written = await storeLinksInTurns(account, change(known.links), known.fetchedAt, {
    ifVersion: known.version,
  });
  return written ?? changeCachedLinks(account, change);
}

/**
 * A page's changes to its cache, stored one after another in the order they were made, each from
 * the version the one before wrote (`known`, kept by `noted`).
 */
export function cacheChangesInOrder(
  account: AccountRef,
  known: () => CachedVersion | undefined,
  noted: (written: CachedVersion | undefined) => void,
): (change: LinksChange) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (change) => {
    last = last.then(() => changeKnownCachedLinks(account, known(), change)).then(noted, () => {});
    return last;
  };
}
