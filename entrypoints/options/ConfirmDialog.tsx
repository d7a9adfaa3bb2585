import { type ReactNode, useRef } from 'react';
import { t } from '../../lib/i18n/t.ts';
import { useModalDialog } from './use-modal-dialog.ts';

/** A modal <dialog>: opens on mount, Escape or "Cancel" cancels, focus returns where it was. */
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
  const dialog = useModalDialog(cancelButton);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h3 id="confirm-dialog-title">{title}</h3>
      {children}
      <div className="row actions">
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" ref={cancelButton} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </dialog>
  );
}
