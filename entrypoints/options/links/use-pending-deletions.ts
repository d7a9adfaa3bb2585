import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type FinishedDeletion,
  listenForFinishedDeletions,
  type PendingDeletion,
  readPendingDeletions,
  scheduleDeletion,
  undoDeletion,
  watchPendingDeletions,
} from '../../../lib/deletions/pending-deletions.ts';

/** A deletion made on this page, as its status shows it. */
export type DeletionStatus = {
  deletion: PendingDeletion;
  /** Waiting with "Undo"; undone; or too late to undo (its DELETE was under way). */
  state: 'pending' | 'undone' | 'too-late';
};

const NONE: ReadonlySet<string> = new Set();

/**
 * The account's deletions waiting for their "Undo" time (held by the background, see
 * lib/deletions/pending-deletions.ts): the links they will delete, hidden from the list meanwhile, also
 * those of another options page; and the statuses of this page's own.
 */
export function usePendingDeletions(
  accountId: string,
  onFinished: (finished: FinishedDeletion) => void,
) {
  const [stored, setStored] = useState<readonly PendingDeletion[]>([]);
  const [statuses, setStatuses] = useState<readonly DeletionStatus[]>([]);

  useEffect(() => {
    let live = true;
    const stop = watchPendingDeletions((deletions) => live && setStored(deletions));
    void readPendingDeletions().then((deletions) => live && setStored(deletions));
    return () => {
      live = false;
      stop();
    };
  }, []);

  useEffect(
    () =>
      listenForFinishedDeletions((finished) => {
        if (finished.accountId !== accountId) return;
        setStatuses((now) => now.filter((status) => status.deletion.id !== finished.id));
        onFinished(finished);
      }),
    [accountId, onFinished],
  );

  // Those this page has not seen stored yet count too: the row goes at the click.
  const hidden = useMemo(() => {
    const mine = statuses.filter((status) => status.state === 'pending');
    const theirs = stored.filter((deletion) => deletion.accountId === accountId);
    if (mine.length === 0 && theirs.length === 0) return NONE;
    return new Set(
      [...theirs, ...mine.map((status) => status.deletion)].flatMap(
        (deletion) => deletion.shortUrls,
      ),
    );
  }, [stored, statuses, accountId]);

  const schedule = useCallback(
    async (shortUrls: readonly string[]) => {
      const deletion = await scheduleDeletion(accountId, shortUrls);
      setStatuses((now) => [
        ...now.filter((status) => status.state === 'pending'),
        { deletion, state: 'pending' },
      ]);
    },
    [accountId],
  );

  const undo = useCallback(async (id: string) => {
    const undone = await undoDeletion(id).catch(() => false);
    setStatuses((now) =>
      now.map((status) =>
        status.deletion.id === id ? { ...status, state: undone ? 'undone' : 'too-late' } : status,
      ),
    );
  }, []);

  const dismiss = useCallback((id: string) => {
    setStatuses((now) => now.filter((status) => status.deletion.id !== id));
  }, []);

  return { hidden, statuses, schedule, undo, dismiss };
}
