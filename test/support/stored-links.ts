// An account's links as stored, read whole: for tests, which look at the database itself. The
// service never needs a whole list in memory (Storage.eachLinkOf streams it).
import type { LinkRow, Storage } from '../../server/storage/storage.ts';

/** The account's links newest first, as stored (without the engine's click-batch mark). */
export async function storedLinksOf(store: Storage, accountId: number): Promise<LinkRow[]> {
  const links: LinkRow[] = [];
  for await (const { storedBatch: _, ...link } of store.eachLinkOf(accountId)) links.push(link);
  return links;
}
