// The worker thread that writes GET /v1/links: it reads the rows on a read-only connection of its
// own and turns them into JSON, one chunk per request from the main thread. The main thread only
// passes the bytes on, so however many links are listed, and however starved of CPU the machine
// is, the thread that answers redirects is never the one doing the work (see list-reader.ts).
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { createShortDomains } from '../shared/short-domain.ts';
import { linksOfAccountParams, linksOfAccountSql } from '../storage/sqlite/tag-queries.ts';
import type { LinkFilter } from '../storage/storage.ts';
import { LIST_ROW_COLUMNS, type ListRow, listJsonChunks } from './list-json.ts';
import type { ListRequest, ListWorkerData } from './list-protocol.ts';

const { dbFile, shortDomain, busyTimeoutMs } = workerData as ListWorkerData;
const domains = createShortDomains(shortDomain);
const encoder = new TextEncoder();

function* valuesOf(rows: Iterable<unknown>) {
  for (const row of rows) yield Object.values(row as object);
}

/**
 * Each list reads on a connection of its own, opened for it (a fraction of a millisecond) and
 * closed with it: statements on one connection share one read transaction, so a list a slow client
 * kept open would have held every other list to the moment it started.
 */
function openList(accountId: number, pending: Map<number, number>, filter: LinkFilter) {
  const db = new DatabaseSync(dbFile, { readOnly: true, timeout: busyTimeoutMs });
  const keys = [...new Set(filter.tagKeys ?? [])];
  const status = filter.destinationStatus;
  const statement = db.prepare(
    linksOfAccountSql(LIST_ROW_COLUMNS, keys.length, status !== undefined),
  );
  // Node.js 22.13 to 22.15 have no arrays: their objects' values come in the columns' order.
  const asArrays = typeof statement.setReturnArrays === 'function';
  if (asArrays) statement.setReturnArrays(true);
  const read = statement.iterate(...linksOfAccountParams(accountId, keys, status));
  const rows = (asArrays ? read : valuesOf(read)) as Iterator<ListRow> & Iterable<ListRow>;
  const chunks = listJsonChunks(rows, domains, (id) => pending.get(id) ?? 0);
  return {
    chunks,
    close() {
      chunks.return(undefined);
      db.close();
    },
  };
}

const lists = new Map<number, ReturnType<typeof openList>>();
const port = parentPort as NonNullable<typeof parentPort>;

port.on('message', (request: ListRequest) => {
  if (request.type === 'start') {
    try {
      const pending = new Map(request.pendingClicks);
      lists.set(request.id, openList(request.accountId, pending, request.filter));
    } catch (error) {
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return;
  }
  const list = lists.get(request.id);
  if (!list) return;
  if (request.type === 'cancel') {
    lists.delete(request.id);
    list.close();
    return;
  }
  try {
    const next = list.chunks.next();
    if (next.done) {
      lists.delete(request.id);
      list.close();
      port.postMessage({ id: request.id, done: true });
      return;
    }
    const bytes = encoder.encode(next.value);
    port.postMessage({ id: request.id, bytes }, [bytes.buffer]);
  } catch (error) {
    lists.delete(request.id);
    list.close();
    port.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
