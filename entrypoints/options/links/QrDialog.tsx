import { lazy, Suspense, useRef } from 'react';
import { t } from '../../../lib/i18n/t.ts';
import { useModalDialog } from '../use-modal-dialog.ts';

// The QR encoder loads only when a code is asked for, as in the popup.
const QrCode = lazy(() =>
  import('../../../components/campaigns/QrCode.tsx').then((module) => ({ default: module.QrCode })),
);

/** A modal with a link's QR code and its downloads, in the account's remembered style. */
export function QrDialog({
  shortUrl,
  accountId,
  onClose,
}: {
  shortUrl: string;
  accountId: string;
  onClose: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(closeButton);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog qr-dialog"
      aria-labelledby="qr-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h3 id="qr-dialog-title">{t('linksQrTitle', shortUrl)}</h3>
      <Suspense fallback={<p className="hint">{t('resultDrawingQr')}</p>}>
        <QrCode value={shortUrl} size={224} accountId={accountId} />
      </Suspense>
      <div className="row actions">
        <button type="button" ref={closeButton} onClick={onClose}>
          {t('linksClose')}
        </button>
      </div>
    </dialog>
  );
}
