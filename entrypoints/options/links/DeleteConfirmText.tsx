import { Message } from '../../../components/ui/Message.tsx';
import { UNDO_DELAY_MS } from '../../../lib/deletions/undo-delay.ts';
import { plural } from '../../../lib/i18n/t.ts';

/** How many of the links the confirmation names; the rest are counted ("and 3 more"). */
export const NAMED_IN_CONFIRMATION = 5;

/** The delete confirmation's text: the links it deletes, a bounded number of them by name. */
export function DeleteConfirmText({ shortUrls }: { shortUrls: readonly string[] }) {
  const undo = plural('linksUndoFor', UNDO_DELAY_MS / 1000);
  if (shortUrls.length === 1) {
    return (
      <p>
        <Message
          id="linksDeleteOneBody"
          values={[
            <strong key="url" dir="ltr">
              {shortUrls[0]}
            </strong>,
          ]}
        />{' '}
        {undo}
      </p>
    );
  }
  const named = shortUrls.slice(0, NAMED_IN_CONFIRMATION);
  const more = shortUrls.length - named.length;
  return (
    <>
      <p>{plural('linksDeleteManyBody', shortUrls.length)}</p>
      <ul className="delete-list">
        {named.map((shortUrl) => (
          <li key={shortUrl}>
            <bdi dir="ltr">{shortUrl}</bdi>
          </li>
        ))}
        {more > 0 && <li>{plural('linksAndMore', more)}</li>}
      </ul>
      <p>{undo}</p>
    </>
  );
}
