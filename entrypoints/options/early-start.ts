// Imported first by main.tsx: the cached links (megabytes at tens of thousands) are asked for while
// the rest of the page's code is evaluated, rather than after React has mounted. The Links section
// starts on the default account, so that account's cache is the one read.
import type { Cached } from '../../lib/account/cache.ts';
import { prefetchCachedLinks } from '../../lib/account/cache.ts';
import type { AccountRef } from '../../lib/account/connection.ts';
import { defaultAccount, loadSettings } from '../../lib/account/settings.ts';
import type { Link } from '../../lib/api/schemas.ts';

let prefetched: ReturnType<typeof prefetchCachedLinks> | undefined = prefetchCachedLinks(
  loadSettings().then((settings) => defaultAccount(settings).id),
);

/** The cache read at start-up, once; later readers (another account, say) read it afresh. */
export function takeCachedLinksReadAtStart():
  | ((account: AccountRef) => Promise<Cached<Link[]> | undefined>)
  | undefined {
  const read = prefetched;
  prefetched = undefined;
  return read;
}
