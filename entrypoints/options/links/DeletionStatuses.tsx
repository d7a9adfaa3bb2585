import { useEffect, useState } from 'react';
import { plural, t } from '../../../lib/i18n/t.ts';
import type { DeletionStatus } from './use-pending-deletions.ts';

/** A deletion's status: named by its short URL when it is one link, else by how many. */
function statusText({ deletion, state }: DeletionStatus): string {
  const [only] = deletion.shortUrls;
  const count = deletion.shortUrls.length;
  if (count === 1 && only !== undefined) {
    if (state === 'undone') return t('linksUndoneOne', only);
    if (state === 'too-late') return t('linksTooLateOne', only);
    return t('linksDeletedOne', only);
  }
  if (state === 'undone') return plural('linksUndone', count);
  if (state === 'too-late') return plural('linksTooLate', count);
  return plural('linksDeleted', count);
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
          {t('linksUndo')}
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
