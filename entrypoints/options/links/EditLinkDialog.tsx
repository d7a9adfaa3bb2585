import { Modal, ModalTitle } from '../../../components/ui/Modal.tsx';
import type { Account } from '../../../lib/account/account.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { t } from '../../../lib/i18n/t.ts';
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
  return (
    <Modal className="modal-box edit-dialog" onCancel={onClose}>
      <ModalTitle>{t('linksEditTitle', link.shortUrl)}</ModalTitle>
      <EditLinkForm
        link={link}
        account={account}
        onDone={onClose}
        onSaved={() => onSaved(link.shortUrl)}
        idPrefix="edit"
      />
    </Modal>
  );
}
