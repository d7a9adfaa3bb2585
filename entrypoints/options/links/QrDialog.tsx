import { lazy, Suspense, useRef } from 'react';
import { Modal, ModalTitle } from '../../../components/ui/Modal.tsx';
import type { ServiceOffer } from '../../../lib/api/service-offer.ts';
import { qrCodeText } from '../../../lib/campaigns/qr-text.ts';
import { t } from '../../../lib/i18n/t.ts';

// The QR encoder loads only when a code is asked for, as in the popup.
const QrCode = lazy(() =>
  import('../../../components/campaigns/QrCode.tsx').then((module) => ({ default: module.QrCode })),
);

/** A modal with a link's QR code and its downloads, in the account's remembered style. */
export function QrDialog({
  shortUrl,
  accountId,
  offer,
  onClose,
}: {
  shortUrl: string;
  accountId: string;
  /** What the account's service offers: whether the code carries the scan marker. */
  offer: ServiceOffer | undefined;
  onClose: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal className="modal-box qr-dialog" initialFocus={closeButton} onCancel={onClose}>
      <ModalTitle>{t('linksQrTitle', shortUrl)}</ModalTitle>
      <Suspense fallback={<p className="hint">{t('resultDrawingQr')}</p>}>
        <QrCode
          value={shortUrl}
          codeText={qrCodeText(shortUrl, offer)}
          size={224}
          accountId={accountId}
        />
      </Suspense>
      <div className="row actions">
        <button type="button" ref={closeButton} onClick={onClose}>
          {t('linksClose')}
        </button>
      </div>
    </Modal>
  );
}
