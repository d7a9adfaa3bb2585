// The messages between the main thread's list reader (list-reader.ts) and the list worker
// (list-worker.ts): in a module of their own, so the worker imports no part of the thread that
// starts it.

export type ListWorkerData = { dbFile: string; shortDomain: string; busyTimeoutMs: number };

export type ListRequest =
  | {
      type: 'start';
      id: number;
      accountId: number;
      /** Only the links that carry every one of these tags (their keys). */
      tagKeys: string[];
      pendingClicks: [number, number][];
    }
  | { type: 'next' | 'cancel'; id: number };

export type ListReply = { id: number; bytes?: Uint8Array; done?: true; error?: string };
