// How the instances on one database keep their redirect caches in step: every update and delete
// of a link is announced with NOTIFY in the statement that makes it (queries.ts), and each
// instance LISTENs.
import type { DomainKey } from '../storage.ts';
import { guarded, type Sql } from './database.ts';

/** The channel every update and delete of a link is announced on, `<domain>/<back_half>`. */
export const LINK_CHANGES = 'shortlink_link_changed';

/** See Storage.watchLinkChanges. */
export function watchLinkChanges(
  sql: Sql,
  changed: (link?: { domain: DomainKey; backHalf: string }) => void,
): Promise<void> {
  return guarded(async () => {
    let connected = false;
    await sql.listen(
      LINK_CHANGES,
      (payload) => {
        const slash = payload.lastIndexOf('/');
        changed({ domain: payload.slice(0, slash), backHalf: payload.slice(slash + 1) });
      },
      // Called at every (re)connection: whatever changed while the connection was down was
      // not heard, so everything cached may be stale.
      () => {
        if (connected) changed();
        connected = true;
      },
    );
  });
}
