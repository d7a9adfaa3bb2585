// The worker thread that writes GET /v1/links: it reads the rows on a read-only connection of its
// own and turns them into JSON, one chunk per request from the main thread. The main thread only
// passes the bytes on, so however many links are listed, and however starved of CPU the machine
// is, the thread that answers redirects is never the one doing the work (see list-reader.ts).
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { listJsonChunks } from './list-json.ts';
import type { ListRequest, ListWorkerData } from './list-reader.ts';
import { createShortDomains } from './short-domain.ts';
import type { LinkRow } from './storage.ts';

const { dbFile, shortDomain, busyTimeoutMs } = workerData as ListWorkerData;
const domains = createShortDomains(shortDomain);
const encoder = new TextEncoder();
let db: DatabaseSync | undefined;

const LINKS_OF_ACCOUNT = `SELECT id, domain, back_half AS backHalf, destination_url AS destinationUrl,
  title, clicks, created_at AS createdAt FROM links WHERE account_id = ?
  ORDER BY created_at DESC, id DESC`;

/** Each list's rows come from a statement of its own: lists are read side by side. */
function rowsOf(accountId: number): Iterable<LinkRow> {
  db ??= new DatabaseSync(dbFile, { readOnly: true, timeout: busyTimeoutMs });
  return db.prepare(LINKS_OF_ACCOUNT).iterate(accountId) as IterableIterator<LinkRow>;
}

const lists = new Map<number, Generator<string>>();
const port = parentPort as NonNullable<typeof parentPort>;

port.on('message', (request: ListRequest) => {
  if (request.type === 'start') {
    const pending = new Map(request.pendingClicks);
    lists.set(
      request.id,
      listJsonChunks(rowsOf(request.accountId), domains, (id) => pending.get(id) ?? 0),
    );
    return;
  }
  const chunks = lists.get(request.id);
  if (!chunks) return;
  if (request.type === 'cancel') {
    lists.delete(request.id);
    chunks.return(undefined);
    return;
  }
  try {
    const next = chunks.next();
    if (next.done) {
      lists.delete(request.id);
      port.postMessage({ id: request.id, done: true });
      return;
    }
    const bytes = encoder.encode(next.value);
    port.postMessage({ id: request.id, bytes }, [bytes.buffer]);
  } catch (error) {
    lists.delete(request.id);
    chunks.return(undefined);
    port.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
