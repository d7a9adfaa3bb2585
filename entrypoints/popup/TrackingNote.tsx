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
  const parameters = count === 1 ? 'tracking parameter' : 'tracking parameters';
  return (
    <p className="hint tracking-note" role="status">
      {kept ? (
        <>
          Tracking parameters kept for this link.{' '}
          <button type="button" className="link-button" onClick={() => onKeep(false)}>
            Remove them
          </button>
        </>
      ) : (
        <>
          <span title={removed.join(', ')}>
            Removed {count} {parameters} ({removed.join(', ')}).
          </span>{' '}
          <button type="button" className="link-button" onClick={() => onKeep(true)}>
            Keep {count === 1 ? 'it' : 'them'}
          </button>
        </>
      )}
    </p>
  );
}
