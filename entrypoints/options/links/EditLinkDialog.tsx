import type { Account } from '../../../lib/account/account.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { t } from '../../../lib/i18n/t.ts';
import { useModalDialog } from '../use-modal-dialog.ts';
import { EditLinkForm } from './EditLinkForm.tsx';

/** Edits a link's destination and title in a modal. */
export function EditLinkDialog({
  link,
  account,
  onClose,
  onSaved,
}: {
  link: Link;
  account: Account;
  onClose: () => void;
  onSaved: (shortUrl: string) => void;
}) {
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog edit-dialog"
      aria-labelledby="edit-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h3 id="edit-dialog-title">{t('linksEditTitle', link.shortUrl)}</h3>
      <EditLinkForm
        link={link}
        account={account}
        onDone={onClose}
        onSaved={() => onSaved(link.shortUrl)}
        idPrefix="edit"
      />
    </dialog>
  );
}
