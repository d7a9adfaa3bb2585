import { UNDO_DELAY_MS } from '../../../lib/pending-deletions.ts';

/** How many of the links the confirmation names; the rest are counted ("and 3 more"). */
export const NAMED_IN_CONFIRMATION = 5;

/** The delete confirmation's text: the links it deletes, a bounded number of them by name. */
export function DeleteConfirmText({ shortUrls }: { shortUrls: readonly string[] }) {
  const undo = `You can undo it for ${UNDO_DELAY_MS / 1000} seconds.`;
  if (shortUrls.length === 1) {
    return (
      <p>
        <strong>{shortUrls[0]}</strong> will stop working. {undo}
      </p>
    );
  }
  const named = shortUrls.slice(0, NAMED_IN_CONFIRMATION);
  const more = shortUrls.length - named.length;
  return (
    <>
      <p>These {shortUrls.length} short links will stop working:</p>
      <ul className="delete-list">
        {named.map((shortUrl) => (
          <li key={shortUrl}>{shortUrl}</li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </ul>
      <p>{undo}</p>
    </>
  );
}
