import { plural, t } from '../../lib/i18n/t.ts';

/** Under the destination: how many tracking parameters were removed, and a way to keep them. */
export function TrackingNote({
  removed,
  kept,
  onKeep,
}: {
  removed: string[];
  kept: boolean;
  onKeep: (keep: boolean) => void;
}) {
  const count = removed.length;
  return (
    <p className="hint tracking-note" role="status">
      {kept ? (
        <>
          {t('trackingKept')}{' '}
          <button type="button" className="link-button" onClick={() => onKeep(false)}>
            {t('trackingRemoveThem')}
          </button>
        </>
      ) : (
        <>
          <span title={removed.join(', ')}>
            {plural('trackingRemoved', count, removed.join(', '))}
          </span>{' '}
          <button type="button" className="link-button" onClick={() => onKeep(true)}>
            {plural('trackingKeep', count)}
          </button>
        </>
      )}
    </p>
  );
}
