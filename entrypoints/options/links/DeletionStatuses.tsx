import { useEffect, useState } from 'react';
import type { DeletionStatus } from './use-pending-deletions.ts';

/** What a deletion is called in its status: the short URL, or how many links. */
export function deletedWhat(shortUrls: readonly string[]): string {
  return shortUrls.length === 1 ? (shortUrls[0] as string) : `${shortUrls.length} links`;
}

function statusText({ deletion, state }: DeletionStatus): string {
  const what = deletedWhat(deletion.shortUrls);
  if (state === 'undone')
    return `Undone: ${what} ${deletion.shortUrls.length === 1 ? 'is' : 'are'} kept.`;
  if (state === 'too-late')
    return `Too late to undo: ${what} ${deletion.shortUrls.length === 1 ? 'was' : 'were'} deleted.`;
  return `Deleted ${what}.`;
}

/** One status per deletion made on this page, with "Undo" until its time is up. */
function DeletionLine({
  status,
  onUndo,
}: {
  status: DeletionStatus;
  onUndo: (id: string) => void;
}) {
  const { deletion, state } = status;
  const [expired, setExpired] = useState(() => Date.now() >= deletion.dueAt);
  useEffect(() => {
    if (expired) return;
    const timer = setTimeout(() => setExpired(true), Math.max(0, deletion.dueAt - Date.now()));
    return () => clearTimeout(timer);
  }, [deletion.dueAt, expired]);
  return (
    <div className="notice deletion-status">
      <p>{statusText(status)}</p>
      {state === 'pending' && !expired && (
        <button type="button" onClick={() => onUndo(deletion.id)}>
          Undo
        </button>
      )}
    </div>
  );
}

export function DeletionStatuses({
  statuses,
  onUndo,
}: {
  statuses: readonly DeletionStatus[];
  onUndo: (id: string) => void;
}) {
  return statuses.map((status) => (
    <DeletionLine key={status.deletion.id} status={status} onUndo={onUndo} />
  ));
}
