import { lazy, Suspense, useState } from 'react';
import type { Link } from '../lib/api/schemas.ts';
import { CopyButton } from './CopyButton.tsx';

// The QR encoder loads only when a code is asked for.
const QrCode = lazy(() => import('./QrCode.tsx').then((module) => ({ default: module.QrCode })));

export function ShortenResult({ link, copied }: { link: Link; copied: boolean }) {
  const [showQr, setShowQr] = useState(false);
  return (
    <section className="result" aria-labelledby="result-heading">
      <h2 id="result-heading" className="visually-hidden">
        Short link
      </h2>
      <p className="short-url">
        <a href={link.shortUrl} target="_blank" rel="noreferrer">
          {link.shortUrl}
        </a>
      </p>
      {copied && (
        <p className="copied" role="status">
          Copied to the clipboard
        </p>
      )}
      <div className="row">
        <CopyButton text={link.shortUrl} />
        <button type="button" aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
          QR code
        </button>
      </div>
      {showQr && (
        <Suspense fallback={<p className="hint">Drawing the QR code…</p>}>
          <QrCode value={link.shortUrl} />
        </Suspense>
      )}
    </section>
  );
}
