// What the scheduled checks found, written in small batches. node:sqlite is synchronous, so each
// write holds the event loop and the redirects with it: one transaction per link made the busy
// checker's commits the service's largest cost after the redirects themselves, and one transaction
// for everything due would hold the loop for as long as it has links. So results wait a moment for
// company, at most RECORDS_PER_WRITE go to the storage at once, and the loop gets a turn between
// two writes.
import type { CheckClaim, CheckRecord } from '../storage/destination-health.ts';
import type { Storage } from '../storage/storage.ts';

/** The most links one storage call writes. */
export const RECORDS_PER_WRITE = 16;
/** How long a result waits for others before it is written alone. */
export const RECORD_WAIT_MS = 100;

type Pending = {
  claim: CheckClaim;
  record: CheckRecord;
  settle: (error: unknown, stored?: boolean) => void;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type CheckWriter = ReturnType<typeof createCheckWriter>;

export function createCheckWriter(store: Pick<Storage, 'recordChecks'>) {
  let pending: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  async function writeAll(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.splice(0, RECORDS_PER_WRITE);
      try {
        const stored = await store.recordChecks(
          batch.map(({ claim, record }) => ({ claim, record })),
        );
        for (const [index, entry] of batch.entries())
          entry.settle(undefined, stored[index] === true);
      } catch (error) {
        for (const entry of batch) entry.settle(error);
      }
      if (pending.length > 0) await nextTurn();
    }
  }

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (writing) return;
    writing = writeAll().finally(() => {
      writing = undefined;
      if (pending.length > 0) flush();
    });
  };

  return {
    /** Stores one check's result with the next batch; resolves once it is written. */
    record(claim: CheckClaim, record: CheckRecord): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        pending.push({
          claim,
          record,
          settle: (error, stored) =>
            error === undefined ? resolve(stored === true) : reject(error),
        });
        if (pending.length >= RECORDS_PER_WRITE) flush();
        else if (timer === undefined && !writing) {
          timer = setTimeout(flush, RECORD_WAIT_MS);
          timer.unref();
        }
      });
    },
    /** Results waiting to be written (tests). */
    waiting: () => pending.length,
    /** Drops what waits, unwritten (after stop() gave up on the checks). */
    drop(): void {
      clearTimeout(timer);
      timer = undefined;
      const dropped = pending;
      pending = [];
      for (const entry of dropped) entry.settle(undefined, false);
    },
  };
}
