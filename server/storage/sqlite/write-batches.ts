// Writes that arrive together share one transaction. Under the create load (50 connections) the
// commits were a fifth of the thread's time, and each one wrote its five pages to the log again:
// the same last pages of the links table and its indexes, 20 KB a create, which the checkpoints
// then copied. Creates handled in one turn of the event loop now commit together, each in a
// savepoint of its own, so that one that fails (a back-half taken) changes nothing and the others
// still commit. A lone write is one transaction, as before.
import type { DatabaseSync } from 'node:sqlite';
import { storageError } from './database.ts';

type Queued = {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export function createWriteBatches(db: DatabaseSync) {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const savepoint = db.prepare('SAVEPOINT batched');
  const release = db.prepare('RELEASE batched');
  const rollbackTo = db.prepare('ROLLBACK TO batched');
  let queued: Queued[] = [];
  let scheduled: NodeJS.Immediate | undefined;

  /** Every settlement of the batch, run once it has committed (or its failure is known). */
  function run(batch: Queued[]): (() => void)[] {
    try {
      begin.run();
    } catch (error) {
      return batch.map((one) => () => one.reject(storageError(error)));
    }
    const settled: (() => void)[] = [];
    const lone = batch.length === 1;
    for (const one of batch) {
      if (!lone) savepoint.run();
      try {
        const result = one.work();
        if (!lone) release.run();
        settled.push(() => one.resolve(result));
      } catch (error) {
        if (lone || !db.isTransaction) {
          // A lone write's failure, or SQLite itself ended the transaction (a full disk, an I/O
          // error): nothing of the batch was written.
          rollback();
          return batch.map((each) => () => each.reject(storageError(error)));
        }
        rollbackTo.run();
        release.run();
        settled.push(() => one.reject(storageError(error)));
      }
    }
    try {
      commit.run();
    } catch (error) {
      rollback();
      return batch.map((one) => () => one.reject(storageError(error)));
    }
    return settled;
  }

  function rollback(): void {
    if (!db.isTransaction) return;
    try {
      db.exec('ROLLBACK');
    } catch {
      // The first error is the one to report.
    }
  }

  /** Writes what is queued now: at the end of this turn of the event loop, or before a close. */
  function flush(): void {
    clearImmediate(scheduled);
    scheduled = undefined;
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    let settles: (() => void)[];
    try {
      settles = run(batch);
    } catch (error) {
      // A savepoint that could not be taken or undone: nothing of the batch is kept.
      rollback();
      settles = batch.map((one) => () => one.reject(storageError(error)));
    }
    for (const settle of settles) settle();
  }

  return {
    /**
     * `work` (synchronous writes) in the transaction of the writes queued in this turn of the
     * event loop: its result once committed, or its error (the storage's, as transaction()'s).
     */
    write<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queued.push({ work, resolve: resolve as (value: unknown) => void, reject });
        scheduled ??= setImmediate(flush);
      });
    },
    flush,
  };
}

export type WriteBatches = ReturnType<typeof createWriteBatches>;
