// GET /v1/links is written by a worker thread (list-worker.ts): this is the main thread's side.
// Listing 20,000 links ten times a second is a core's worth of work; done on the main thread it
// would delay every redirect, and on a machine short of CPU the operating system would run the
// busy thread less often, so redirects would wait for their turn too. In a worker of its own the
// work only slows the lists, and the main thread, idle between requests, answers redirects at once.
import { Worker } from 'node:worker_threads';
import type { ClickCounter } from '../clicks/clicks.ts';
import type { LinkFilter } from '../storage/storage.ts';
import type { ListReply, ListRequest, ListWorkerData } from './list-protocol.ts';

/** Reading the list failed: the message is the worker's, for the log. */
export class ListReadError extends Error {
  override name = 'ListReadError';
}

export type ListReader = ReturnType<typeof createListReader>;

export function createListReader(data: ListWorkerData) {
  let worker: Worker | undefined;
  const waiting = new Map<
    number,
    { resolve(reply: ListReply): void; reject(error: Error): void }
  >();
  let lastId = 0;

  const failAll = (error: Error) => {
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };

  /** The worker, started on the first list and again after one that failed. */
  const running = (): Worker => {
    if (worker) return worker;
    const started = new Worker(new URL('./list-worker.ts', import.meta.url), { workerData: data });
    started.unref();
    started.on('message', (reply: ListReply) => {
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      waiter?.resolve(reply);
    });
    started.on('error', (error) => failAll(new ListReadError(`the list worker failed: ${error}`)));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll(new ListReadError('the list worker stopped'));
    });
    worker = started;
    return started;
  };

  return {
    /**
     * The account's list as JSON bytes, `{"success":true,"links":[…]}`, a chunk (some 256 kB) at a
     * time. The worker writes the next chunk while this one is passed on (compressed, sent): one
     * ahead, no more, so memory holds a few chunks however long the list. Asked for only once a
     * chunk had been taken, the worker and the main thread took turns, each idle while the other
     * worked. Clicks not yet written are added from `clicks`.
     */
    async *chunks(
      accountId: number,
      clicks: Pick<ClickCounter, 'settled' | 'pendingSnapshot'>,
      filter: LinkFilter = {},
    ): AsyncGenerator<Uint8Array> {
      const thread = running();
      const id = ++lastId;
      const nextReply = () =>
        new Promise<ListReply>((resolve, reject) => {
          waiting.set(id, { resolve, reject });
          thread.postMessage({ type: 'next', id } satisfies ListRequest);
        });
      let open = true;
      try {
        // The worker's read takes its snapshot with the first chunk: no click write of this
        // process may land between the clicks taken as pending here and that snapshot (clicks.ts).
        const firstReply = clicks.settled(() => {
          const pendingClicks = [...clicks.pendingSnapshot()];
          const start = { type: 'start', id, accountId, pendingClicks, filter } as const;
          thread.postMessage(start satisfies ListRequest);
          return nextReply();
        });
        let coming: Promise<ListReply> = firstReply;
        while (true) {
          const reply = await coming;
          if (reply.error !== undefined || reply.done) {
            open = false;
            if (reply.error !== undefined) throw new ListReadError(reply.error);
            return;
          }
          coming = nextReply();
          // Not awaited when the client goes away meanwhile: its failure is no one's to see.
          coming.catch(() => {});
          yield reply.bytes as Uint8Array;
        }
      } finally {
        // The client went away, or the worker failed: let go of the read.
        if (open) thread.postMessage({ type: 'cancel', id } satisfies ListRequest);
      }
    },

    async stop(): Promise<void> {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
