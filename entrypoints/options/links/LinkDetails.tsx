import './link-details.css';
import { lazy, Suspense, useRef, useState } from 'react';
import { useAccountData } from '../../../components/account/use-account-data.ts';
import { CopyButton } from '../../../components/ui/CopyButton.tsx';
import { Modal, ModalTitle } from '../../../components/ui/Modal.tsx';
import type { Account } from '../../../lib/account/account.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { qrCodeText } from '../../../lib/campaigns/qr-text.ts';
import { t } from '../../../lib/i18n/t.ts';
import { decodeForDisplay } from '../../../lib/links/display-url.ts';
import { EditLinkForm } from './EditLinkForm.tsx';
import { HealthDetails } from './health/HealthDetails.tsx';
import { LinkEndFacts } from './link-end/LinkEndFacts.tsx';
import { clicksNumber, createdLabel, rowTitle, splitDestination } from './links-view.ts';

// The QR encoder loads only when a code is asked for, as in the popup.
const QrCode = lazy(() =>
  import('../../../components/campaigns/QrCode.tsx').then((module) => ({ default: module.QrCode })),
);

// The chart and its library load with the pane, never with the page.
const LinkStatsPanel = lazy(() => import('./stats/LinkStatsPanel.tsx'));

/**
 * One link in full, in a pane at the side of the window (the whole window when it is narrow): the
 * whole destination, its QR code, clicks and creation date, and its edit form in place.
 */
export function LinkDetails({
  link,
  account,
  onClose,
}: {
  link: Link;
  account: Account;
  onClose: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const offer = useAccountData(account).offer.value;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const destination = splitDestination(link.destinationUrl);
  const created = createdLabel(link.createdAt, Date.now());

  return (
    <Modal
      className="details-pane"
      initialFocus={closeButton}
      // Escape leaves the edit form first, then the pane.
      onCancel={() => {
        if (editing) setEditing(false);
        else onClose();
      }}
    >
      <div className="details-head">
        <ModalTitle dir="auto">{rowTitle(link)}</ModalTitle>
        <button type="button" ref={closeButton} onClick={onClose}>
          {t('linksClose')}
        </button>
      </div>
      <dl className="details-facts">
        <dt>{t('linksShortLink')}</dt>
        <dd className="details-short">
          <a href={link.shortUrl} target="_blank" rel="noreferrer" dir="ltr">
            {link.shortUrl}
          </a>
          <CopyButton text={link.shortUrl} />
        </dd>
        <dt>{t('linksDestination')}</dt>
        <dd className="details-destination">
          <a href={link.destinationUrl} target="_blank" rel="noreferrer" dir="ltr">
            {destination.scheme}
            <strong>{destination.host}</strong>
            {decodeForDisplay(destination.rest)}
          </a>
        </dd>
        <dt>{t('linksClicksLabel')}</dt>
        <dd>{clicksNumber(link.clicks)}</dd>
        <dt>{t('linksCreated')}</dt>
        <dd>
          <time dateTime={link.createdAt}>{created.full || link.createdAt}</time>
        </dd>
        <LinkEndFacts link={link} account={account} />
      </dl>
      <HealthDetails link={link} account={account} />
      <Suspense fallback={null}>
        <LinkStatsPanel link={link} account={account} />
      </Suspense>
      {editing ? (
        <section className="details-edit" aria-label={t('linksEditLink')}>
          <EditLinkForm
            link={link}
            account={account}
            onSaved={() => setSaved(true)}
            onDone={() => {
              setEditing(false);
              requestAnimationFrame(() => editButton.current?.focus());
            }}
            idPrefix="details"
          />
        </section>
      ) : (
        <p>
          <button
            type="button"
            ref={editButton}
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('linksEdit')}
          </button>{' '}
          <span role="status">{saved ? t('linksSaved') : ''}</span>
        </p>
      )}
      <Suspense fallback={<p className="hint">{t('resultDrawingQr')}</p>}>
        <QrCode
          value={link.shortUrl}
          codeText={qrCodeText(link.shortUrl, offer)}
          size={176}
          accountId={account.connection.id}
        />
      </Suspense>
    </Modal>
  );
}
