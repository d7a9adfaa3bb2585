// Imported first by main.tsx: the cached links (megabytes at tens of thousands) are asked for while
// the rest of the page's code is evaluated, rather than after the settings have been read.
import type { Cached } from '../../lib/account/cache.ts';
import { prefetchCachedLinks } from '../../lib/account/cache.ts';
import type { Connection } from '../../lib/account/connection.ts';
import type { Link } from '../../lib/api/schemas.ts';

let prefetched: ReturnType<typeof prefetchCachedLinks> | undefined = prefetchCachedLinks();

/** The cache read at start-up, once; later readers (a new connection, say) read it afresh. */
export function takeCachedLinksReadAtStart():
  | ((connection: Connection) => Promise<Cached<Link[]> | undefined>)
  | undefined {
  const read = prefetched;
  prefetched = undefined;
  return read;
}
