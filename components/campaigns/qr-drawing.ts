// A QR code drawn in a style (lib/campaigns/qr-style.ts): its SVG document and its PNG, both with the
// colours, the quiet zone and the logo. lean-qr makes the code locally (no network).
import { correction, generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { correctionOf, LOGO_SHARE, type QrStyle } from '../../lib/campaigns/qr-style.ts';

export type QrDrawing = {
  /** Modules per side, without the quiet zone. */
  modules: number;
  /** The dark modules as one SVG path, one unit per module. */
  path: string;
  /** The logo's square (cleared to the background), in modules, when there is a logo. */
  logoBox?: { at: number; side: number };
};

export function drawQr(value: string, style: QrStyle): QrDrawing {
  const code = generate(value, { minCorrectionLevel: correction[correctionOf(style)] });
  const modules = code.size;
  if (!style.logo) return { modules, path: toSvgPath(code) };
  // Odd or even as the code is, so that the square sits in its exact middle.
  let side = Math.round(modules * LOGO_SHARE);
  if (side % 2 !== modules % 2) side += 1;
  return { modules, path: toSvgPath(code), logoBox: { at: (modules - side) / 2, side } };
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The SVG document the "SVG" download holds. */
export function qrSvgSource(drawing: QrDrawing, style: QrStyle): string {
  const { margin: m, size } = style;
  const box = drawing.modules + 2 * m;
  const logo =
    drawing.logoBox && style.logo
      ? `<rect x="${drawing.logoBox.at}" y="${drawing.logoBox.at}" width="${drawing.logoBox.side}" height="${drawing.logoBox.side}" fill="${style.light}"/><image href="${attribute(style.logo)}" x="${drawing.logoBox.at + 0.5}" y="${drawing.logoBox.at + 0.5}" width="${drawing.logoBox.side - 1}" height="${drawing.logoBox.side - 1}" preserveAspectRatio="xMidYMid meet"/>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-m} ${-m} ${box} ${box}" width="${size}" height="${size}" shape-rendering="crispEdges"><rect x="${-m}" y="${-m}" width="${box}" height="${box}" fill="${style.light}"/><path d="${drawing.path}" fill="${style.dark}"/>${logo}</svg>`;
}

/** The PNG, `style.size` pixels square, each module's edges on whole pixels. */
export async function qrPngUrl(value: string, drawing: QrDrawing, style: QrStyle): Promise<string> {
  const code = generate(value, { minCorrectionLevel: correction[correctionOf(style)] });
  const { margin, size } = style;
  const box = drawing.modules + 2 * margin;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  const edge = (module: number) => Math.round(((module + margin) * size) / box);
  context.fillStyle = style.light;
  context.fillRect(0, 0, size, size);
  context.fillStyle = style.dark;
  for (let y = 0; y < drawing.modules; y++) {
    for (let x = 0; x < drawing.modules; x++) {
      if (code.get(x, y))
        context.fillRect(edge(x), edge(y), edge(x + 1) - edge(x), edge(y + 1) - edge(y));
    }
  }
  if (drawing.logoBox && style.logo) {
    const { at, side } = drawing.logoBox;
    context.fillStyle = style.light;
    context.fillRect(edge(at), edge(at), edge(at + side) - edge(at), edge(at + side) - edge(at));
    const image = new Image();
    image.src = style.logo;
    await image.decode();
    const room = edge(at + side - 0.5) - edge(at + 0.5);
    const scale = Math.min(room / image.naturalWidth, room / image.naturalHeight);
    const [width, height] = [image.naturalWidth * scale, image.naturalHeight * scale];
    const middle = (edge(at) + edge(at + side)) / 2;
    context.drawImage(image, middle - width / 2, middle - height / 2, width, height);
  }
  return canvas.toDataURL('image/png');
}
