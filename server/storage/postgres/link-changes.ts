// How the instances on one database keep their redirect caches in step: every update and delete
// of a link is announced with NOTIFY in the statement that makes it (queries.ts), and each
// instance LISTENs on a connection of its own. When that connection is lost, changes go unheard
// until it is back: the watcher is told at once, and the LISTEN is tried again every quarter of a
// second (postgres.js's own listen() waits longer and longer between tries, up to 20 s, and tells
// nobody that it lost the connection: seen, redirects 0.5–6.7 s stale after a restart).
import postgres from 'postgres';
import type { LinkChangeWatcher } from '../storage.ts';
import { driverOptions, storageError } from './database.ts';

/** The channel every update and delete of a link is announced on, `<domain>/<back_half>`. */
export const LINK_CHANGES = 'shortlink_link_changed';

const LISTEN_RETRY_MS = 250;

/** Listens until close(); resolves once the first LISTEN is in place. */
export async function listenForLinkChanges(
  url: string,
  watcher: LinkChangeWatcher,
): Promise<{ close(): Promise<void> }> {
  let listening = false;
  let trying = false;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  const options = {
    ...driverOptions,
    max: 1,
    // One connection for as long as it lasts (never closed when idle, postgres.js's default):
    // closed by the driver to renew it, it would miss changes too.
    max_lifetime: null,
    // The tries are paced here (LISTEN_RETRY_MS), not by the driver.
    backoff: () => 0,
    onnotify(channel: string, payload: string) {
      if (channel !== LINK_CHANGES) return;
      const slash = payload.lastIndexOf('/');
      watcher.changed({ domain: payload.slice(0, slash), backHalf: payload.slice(slash + 1) });
    },
    onclose() {
      if (closing) return;
      if (listening) {
        listening = false;
        watcher.lost();
      }
      listenAgain();
    },
  };
  // onnotify is postgres.js's own option (what its listen() uses), missing from its types.
  const sql = postgres(url, options as postgres.Options<Record<string, never>>);
  const listen = () => sql.unsafe(`LISTEN ${LINK_CHANGES}`);

  function listenAgain(): void {
    if (closing || listening || trying) return;
    trying = true;
    listen().then(
      () => {
        trying = false;
        if (closing) return;
        listening = true;
        watcher.back();
      },
      () => {
        trying = false;
        if (closing) return;
        clearTimeout(retry);
        retry = setTimeout(listenAgain, LISTEN_RETRY_MS);
        retry.unref();
      },
    );
  }

  try {
    trying = true;
    await listen();
    listening = true;
  } catch (error) {
    closing = true;
    await sql.end({ timeout: 1 });
    throw storageError(error);
  } finally {
    trying = false;
  }

  return {
    async close() {
      closing = true;
      clearTimeout(retry);
      await sql.end({ timeout: 1 });
    },
  };
}
