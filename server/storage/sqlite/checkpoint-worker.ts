// The thread that copies the write-ahead log into the database file (checkpoints.ts): a connection
// of its own, a passive checkpoint every few hundred milliseconds. Passive: it never waits for the
// writer or for a list being read, and copies what it can.
import { DatabaseSync } from 'node:sqlite';
import { workerData } from 'node:worker_threads';
import type { CheckpointWorkerData } from './checkpoints.ts';

const { dbFile, everyMs } = workerData as CheckpointWorkerData;
const db = new DatabaseSync(dbFile);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
setInterval(() => {
  try {
    checkpoint.get();
  } catch {
    // Busy or away: the next round tries again, and the writer's own fallback bounds the log.
  }
}, everyMs);
