// A QR code drawn locally (lean-qr: no network), with PNG and SVG downloads. Always dark on white,
// whatever the theme: scanners need the contrast.
import { generate } from 'lean-qr';
import { toSvgPath, toSvgSource } from 'lean-qr/extras/svg';
import { useEffect, useMemo, useRef } from 'react';

const QUIET_ZONE = 4;
const PNG_SCALE = 10;

/** A file name from a short URL: `go.example.com-abc`. */
export function qrFileName(shortUrl: string): string {
  return shortUrl.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9._-]+/g, '-');
}

export function QrCode({
  value,
  size = 160,
  revealOnShow = false,
}: {
  value: string;
  size?: number;
  /** Scrolls the code and its downloads into view when shown (the popup; not a dialog). */
  revealOnShow?: boolean;
}) {
  const { path, modules, pngUrl, svgUrl } = useMemo(() => {
    const code = generate(value);
    const pad = { padX: QUIET_ZONE, padY: QUIET_ZONE };
    const svg = toSvgSource(code, { ...pad, on: 'black', off: 'white', xmlDeclaration: true });
    return {
      path: toSvgPath(code),
      modules: code.size,
      pngUrl: code.toDataURL({ ...pad, scale: PNG_SCALE }),
      svgUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    };
  }, [value]);
  const figure = useRef<HTMLElement>(null);
  // In a small popup the code and its downloads would open below the fold.
  // A block body: Chromium's scrollIntoView now answers a promise, which React would take for the
  // effect's clean-up and call on unmount ("is not a function"), unmounting the whole page.
  useEffect(() => {
    if (revealOnShow) figure.current?.scrollIntoView({ block: 'nearest' });
  }, [revealOnShow]);
  const box = modules + 2 * QUIET_ZONE;
  const fileName = qrFileName(value);

  return (
    <figure className="qr" ref={figure}>
      <svg
        role="img"
        aria-label={`QR code for ${value}`}
        viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
        width={size}
        height={size}
        shapeRendering="crispEdges"
      >
        <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="white" />
        <path d={path} fill="black" />
      </svg>
      <figcaption>
        <a href={pngUrl} download={`${fileName}.png`}>
          Download PNG
        </a>
        <a href={svgUrl} download={`${fileName}.svg`}>
          Download SVG
        </a>
      </figcaption>
    </figure>
  );
}
