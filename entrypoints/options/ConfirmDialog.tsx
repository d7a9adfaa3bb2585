import { type ReactNode, useRef } from 'react';
import { Modal, ModalTitle } from '../../components/ui/Modal.tsx';
import { t } from '../../lib/i18n/t.ts';

/** A question in a Modal: its action (in red) or "Cancel", which has the focus; Escape cancels too. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelButton = useRef<HTMLButtonElement>(null);

  return (
    <Modal className="modal-box" initialFocus={cancelButton} onCancel={onCancel}>
      <ModalTitle>{title}</ModalTitle>
      {children}
      <div className="row actions">
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" ref={cancelButton} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}
