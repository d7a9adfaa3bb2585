// Checkpoints off the thread that answers requests. SQLite's own runs inside the commit that takes
// the write-ahead log past 1,000 pages: it copies them into the database file and syncs it, 12 to
// 100 ms on this machine's disk, while every request waits (a create writes 5 pages, so one create
// in 200 stalled the 50 in flight: the create p99 of issue 33). A worker thread does it instead.
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

/** `kind` tells the one-file build's entry which worker to run (bundle-entry.ts). */
export type CheckpointWorkerData = { kind: 'checkpoints'; dbFile: string; everyMs: number };

/** How often the worker copies the log: at 2,000 creates a second, some 2,000 pages each time. */
const CHECKPOINT_EVERY_MS = 200;
/**
 * The writer checkpoints itself only past this many pages (about 80 MB): when the worker has
 * stopped or fallen far behind, the log still cannot grow without bound.
 */
export const WRITER_CHECKPOINT_PAGES = 20_000;

/**
 * Hands the checkpoints of `db` (the file `dbFile`) to a worker thread; stop() ends it, after
 * which closing `db` makes the last checkpoint as usual.
 */
export function checkpointInBackground(db: DatabaseSync, dbFile: string) {
  db.exec(`PRAGMA wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), {
    workerData: {
      kind: 'checkpoints',
      dbFile,
      everyMs: CHECKPOINT_EVERY_MS,
    } satisfies CheckpointWorkerData,
  });
  worker.unref();
  // A worker that fails leaves the writer's fallback in place: nothing is lost, requests only
  // wait for the rare checkpoint again.
  worker.on('error', () => {});
  return {
    async stop(): Promise<void> {
      await worker.terminate();
    },
  };
}
