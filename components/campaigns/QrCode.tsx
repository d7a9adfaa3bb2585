// A QR code drawn locally, in the colours, margin and logo the person chose for the account (kept
// per account), with PNG and SVG downloads that carry them.
import { useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../lib/i18n/t.ts';
import { QrStyleControls } from './QrStyleControls.tsx';
import { drawQr, type QrDrawing, qrPngUrl, qrSvgSource } from './qr-drawing.ts';
import type { SiteIcon } from './site-icon.ts';
import { useQrStyle } from './use-qr-style.ts';

/** A file name from a short URL: `go.example.com-abc`. */
export function qrFileName(shortUrl: string): string {
  return shortUrl.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9._-]+/g, '-');
}

export function QrCode({
  value,
  codeText = value,
  size = 160,
  revealOnShow = false,
  accountId,
  siteIcon,
}: {
  /** The short URL: named by the image and the downloads' file names. */
  value: string;
  /** What the code holds: the short URL with the scan marker where it is counted (qrCodeText). */
  codeText?: string;
  size?: number;
  /** Scrolls the code and its downloads into view when shown (the popup; not a dialog). */
  revealOnShow?: boolean;
  /** The account whose QR style is used and remembered. */
  accountId?: string;
  /** The popup's page, whose icon can be the logo; the Links pane has no tab, so only a file. */
  siteIcon?: SiteIcon;
}) {
  const [style, setStyle] = useQrStyle(accountId);
  const drawing = useMemo(() => drawQr(codeText, style), [codeText, style]);
  const svgUrl = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvgSource(drawing, style))}`,
    [drawing, style],
  );
  const [png, setPng] = useState<{ url: string; for: QrDrawing }>();
  useEffect(() => {
    let live = true;
    void qrPngUrl(codeText, drawing, style).then((url) => live && setPng({ url, for: drawing }));
    return () => {
      live = false;
    };
  }, [codeText, drawing, style]);
  const figure = useRef<HTMLElement>(null);
  // In a small popup the code and its downloads would open below the fold.
  // A block body: Chromium's scrollIntoView now answers a promise, which React would take for the
  // effect's clean-up and call on unmount ("is not a function"), unmounting the whole page.
  useEffect(() => {
    if (revealOnShow) figure.current?.scrollIntoView({ block: 'nearest' });
  }, [revealOnShow]);
  const { margin } = style;
  const box = drawing.modules + 2 * margin;
  const fileName = qrFileName(value);
  const logoBox = drawing.logoBox;

  return (
    <div className="qr-view">
      <figure className="qr" ref={figure}>
        <svg
          role="img"
          aria-label={t('qrImageLabel', value)}
          viewBox={`${-margin} ${-margin} ${box} ${box}`}
          width={size}
          height={size}
          shapeRendering="crispEdges"
        >
          <rect x={-margin} y={-margin} width={box} height={box} fill={style.light} />
          <path d={drawing.path} fill={style.dark} />
          {logoBox && style.logo && (
            <>
              <rect
                x={logoBox.at}
                y={logoBox.at}
                width={logoBox.side}
                height={logoBox.side}
                fill={style.light}
              />
              <image
                href={style.logo}
                x={logoBox.at + 0.5}
                y={logoBox.at + 0.5}
                width={logoBox.side - 1}
                height={logoBox.side - 1}
                preserveAspectRatio="xMidYMid meet"
              />
            </>
          )}
        </svg>
        <figcaption>
          <a
            href={png?.for === drawing ? png.url : undefined}
            download={`${fileName}.png`}
            aria-disabled={png?.for !== drawing}
          >
            {t('qrDownloadPng')}
          </a>
          <a href={svgUrl} download={`${fileName}.svg`}>
            {t('qrDownloadSvg')}
          </a>
        </figcaption>
      </figure>
      <QrStyleControls style={style} onChange={setStyle} siteIcon={siteIcon} />
    </div>
  );
}
