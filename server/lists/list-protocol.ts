// The messages between the main thread's list reader (list-reader.ts) and the list worker
// (list-worker.ts): in a module of their own, so the worker imports no part of the thread that
// starts it.

import type { LinkFilter } from '../storage/storage.ts';

export type ListWorkerData = { dbFile: string; shortDomain: string; busyTimeoutMs: number };

export type ListRequest =
  | {
      type: 'start';
      id: number;
      accountId: number;
      pendingClicks: [number, number][];
      filter: LinkFilter;
    }
  | { type: 'next' | 'cancel'; id: number };

export type ListReply = { id: number; bytes?: Uint8Array; done?: true; error?: string };
