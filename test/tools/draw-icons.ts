// Draws the extension's logo (two interlocked chain links on a rounded square in the accent colour)
// as PNGs in public/icon/, where WXT finds them for the manifest and the stores take them from.
// Drawn from signed distances with 4 × 4 samples a pixel, so every size is sharp without an image
// library. Run: node test/tools/draw-icons.ts
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Each size with the transparent margin around the art. The Chrome Web Store asks for 128 × 128
 * with the art in the middle 96 × 96; the toolbar sizes use all their pixels.
 */
const SIZES: { size: number; padding: number }[] = [
  { size: 16, padding: 0 },
  { size: 32, padding: 0 },
  { size: 48, padding: 0 },
  { size: 96, padding: 0 },
  { size: 128, padding: 16 },
];
/** Drawing units: the icon is designed on a 128 × 128 grid and scaled. */
const GRID = 128;
const SAMPLES = 4;
type Rgb = readonly [number, number, number];
const TOP: Rgb = [0x2f, 0x63, 0xe6];
const BOTTOM: Rgb = [0x1b, 0x45, 0xb4];
const GLYPH: Rgb = [0xff, 0xff, 0xff];

type Point = { x: number; y: number };

function roundedSquare(p: Point, inset: number, radius: number): number {
  const half = GRID / 2 - inset - radius;
  const qx = Math.abs(p.x - GRID / 2) - half;
  const qy = Math.abs(p.y - GRID / 2) - half;
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

function segmentDistance(p: Point, a: Point, b: Point): number {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const t = Math.max(
    0,
    Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / (abx ** 2 + aby ** 2)),
  );
  return Math.hypot(p.x - a.x - t * abx, p.y - a.y - t * aby);
}

const AXIS = { x: Math.SQRT1_2, y: -Math.SQRT1_2 };
const LINK_HALF_LENGTH = 10;
const LINK_RADIUS = 16;
const LINK_STROKE = 12;
const LINK_OFFSET = 18;
/** The space cut out of the lower link where the upper one crosses it. */
const CROSSING_GAP = 3;

/** One link of the chain: the outline of a stadium along the up-right diagonal. */
function chainLink(p: Point, centre: Point): number {
  const a = {
    x: centre.x - AXIS.x * LINK_HALF_LENGTH,
    y: centre.y - AXIS.y * LINK_HALF_LENGTH,
  };
  const b = {
    x: centre.x + AXIS.x * LINK_HALF_LENGTH,
    y: centre.y + AXIS.y * LINK_HALF_LENGTH,
  };
  return Math.abs(segmentDistance(p, a, b) - LINK_RADIUS) - LINK_STROKE / 2;
}

/** Two interlocked links: each passes over the other at one of their two crossings. */
function inGlyph(p: Point): boolean {
  const c = GRID / 2;
  const lower = chainLink(p, { x: c - AXIS.x * LINK_OFFSET, y: c - AXIS.y * LINK_OFFSET });
  const upper = chainLink(p, { x: c + AXIS.x * LINK_OFFSET, y: c + AXIS.y * LINK_OFFSET });
  const side = (p.x - c) * -AXIS.y + (p.y - c) * AXIS.x;
  return (
    (lower <= 0 && !(side < 0 && upper <= CROSSING_GAP)) ||
    (upper <= 0 && !(side > 0 && lower <= CROSSING_GAP))
  );
}

function render(size: number, padding: number): Buffer {
  const scale = GRID / (size - 2 * padding);
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let background = 0;
      let mark = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const p = {
            x: (x - padding + (sx + 0.5) / SAMPLES) * scale,
            y: (y - padding + (sy + 0.5) / SAMPLES) * scale,
          };
          if (roundedSquare(p, 4, 26) <= 0) {
            background++;
            if (inGlyph(p)) mark++;
          }
        }
      }
      const total = SAMPLES * SAMPLES;
      const alpha = background / total;
      const glyphShare = background ? mark / background : 0;
      const t = Math.min(1, Math.max(0, (y - padding) / Math.max(1, size - 2 * padding - 1)));
      const i = 1 + x * 4;
      TOP.forEach((top, channel) => {
        const fill = top + ((BOTTOM[channel] as number) - top) * t;
        row[i + channel] = Math.round(fill + ((GLYPH[channel] as number) - fill) * glyphShare);
      });
      row[i + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of rows that already start with their filter byte (0, none). */
function png(size: number, filteredRows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filteredRows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const { size, padding } of SIZES) {
  writeFileSync(new URL(`../../public/icon/${size}.png`, import.meta.url), render(size, padding));
}
