import { lazy, Suspense, useState } from 'react';
import type { Link } from '../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../lib/api/service-offer.ts';
import { qrCodeText } from '../../lib/campaigns/qr-text.ts';
import { t } from '../../lib/i18n/t.ts';
import { type CopyFormat, formatForCopy } from '../../lib/links/copy-formats.ts';
import { COPY_FORMAT_BUTTONS } from '../../lib/wording/link-words.ts';
import type { SiteIcon } from '../campaigns/site-icon.ts';
import { RecentClicks } from '../stats/RecentClicks.tsx';
import { CopyButton } from '../ui/CopyButton.tsx';
import { ShortLink } from './ShortLink.tsx';

// The QR encoder loads only when a code is asked for.
const QrCode = lazy(() =>
  import('../campaigns/QrCode.tsx').then((module) => ({ default: module.QrCode })),
);

const FORMATS: CopyFormat[] = ['link', 'markdown', 'html', 'title-and-link'];

/** The short link made, with "Copy" in the preferred format and the other formats beside it. */
export function ShortenResult({
  link,
  copied,
  copyAs,
  focusCopy,
  accountId,
  offer,
  siteIcon,
}: {
  link: Link;
  /** Whether it was copied by itself (auto-copy), and so says. */
  copied: boolean;
  copyAs: CopyFormat;
  focusCopy?: boolean;
  /** The account whose QR style the QR view uses and remembers. */
  accountId?: string;
  /** What the account's service offers: whether the QR code carries the scan marker. */
  offer?: ServiceOffer;
  /** The page shortened, whose icon the QR view offers as its logo. */
  siteIcon?: SiteIcon;
}) {
  const [showQr, setShowQr] = useState(false);
  const content = { shortUrl: link.shortUrl, title: link.title };
  return (
    <section className="result" aria-labelledby="result-heading">
      <h2 id="result-heading" className="visually-hidden">
        {t('resultHeading')}
      </h2>
      <p className="short-url">
        <ShortLink shortUrl={link.shortUrl} />
      </p>
      {accountId && <RecentClicks accountId={accountId} shortUrl={link.shortUrl} />}
      {copied && (
        <p className="copied" role="status">
          {t('resultCopied')}
        </p>
      )}
      <div className="row result-actions">
        <CopyButton
          text={link.shortUrl}
          content={formatForCopy(copyAs, content)}
          className="primary"
          autoFocus={focusCopy}
        />
        <button type="button" aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
          {t('resultQrCode')}
        </button>
      </div>
      <div className="row copy-formats">
        {FORMATS.filter((format) => format !== copyAs).map((format) => (
          <CopyButton
            key={format}
            text={link.shortUrl}
            content={formatForCopy(format, content)}
            label={t(COPY_FORMAT_BUTTONS[format])}
          />
        ))}
      </div>
      {showQr && (
        <Suspense fallback={<p className="hint">{t('resultDrawingQr')}</p>}>
          <QrCode
            value={link.shortUrl}
            codeText={qrCodeText(link.shortUrl, offer)}
            revealOnShow
            accountId={accountId}
            siteIcon={siteIcon}
          />
        </Suspense>
      )}
    </section>
  );
}
