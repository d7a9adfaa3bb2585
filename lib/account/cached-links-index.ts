// The account's cached links by destination ("which links lead to this page?" as a lookup), kept
// in step with every write of the cache: this object's own without reading it back, and other
// pages' by the cache's version.
import { indexLinks, type LinkIndex } from '../links/link-index.ts';
import type { AccountRef } from '../settings/connection.ts';
import { type CachedVersion, cachedLinksVersion, readCachedLinksVersion } from './cache.ts';

export type CachedLinksIndex = {
  /** A write of the cache by this object: the index follows it without reading it back. */
  noteWritten(written: CachedVersion | undefined): void;
  /** The cached links' index, read again only when a page has written the cache since. */
  current(): Promise<{ index: LinkIndex; fetchedAt?: number } | undefined>;
};

export function keepCachedLinksIndex(connection: AccountRef): CachedLinksIndex {
  /**
   * The cached links as last written or read, and their index by destination (built on the first
   * question). Kept only once the index has been asked for (the background): the pages that never
   * ask hold no second list.
   */
  let indexed: (CachedVersion & { index?: LinkIndex; previous?: LinkIndex }) | undefined;
  let indexWanted = false;

  function noteWritten(written: CachedVersion | undefined): void {
    if (!indexWanted || !written) return;
    // The index of the list before is passed on: its destinations need no parsing again.
    indexed = { ...written, index: undefined, previous: indexed?.index ?? indexed?.previous };
  }

  return {
    noteWritten,
    async current() {
      indexWanted = true;
      const version = await cachedLinksVersion(connection);
      if (version === undefined || indexed?.version !== version) {
        const read = await readCachedLinksVersion(connection);
        if (read.version === undefined) {
          // A list without a version (an older version wrote it) is read at every question.
          indexed = undefined;
          return read.links && { index: indexLinks(read.links), fetchedAt: read.fetchedAt };
        }
        noteWritten({ ...read, version: read.version });
      }
      if (!indexed?.links) return undefined;
      indexed.index ??= indexLinks(indexed.links, indexed.previous);
      indexed.previous = undefined;
      return { index: indexed.index, fetchedAt: indexed.fetchedAt };
    },
  };
}
