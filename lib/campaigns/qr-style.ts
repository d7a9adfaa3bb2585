// How a QR code is drawn for print: its colours, error correction, margin, PNG size and logo, and
// what is refused because a scanner could not read it. Pure rules: a problem is a code, which
// lib/campaigns/qr-words.ts says in a sentence; QrCode.tsx draws them.

export const ERROR_CORRECTIONS = ['L', 'M', 'Q', 'H'] as const;
export type ErrorCorrection = (typeof ERROR_CORRECTIONS)[number];

/** The share of the code each level can lose and still be read. */
export const ERROR_CORRECTION_SHARES: Record<ErrorCorrection, number> = {
  L: 0.07,
  M: 0.15,
  Q: 0.25,
  H: 0.3,
};

export type QrStyle = {
  /** The modules' colour, `#rrggbb`. */
  dark: string;
  /** The background and quiet zone, `#rrggbb`. */
  light: string;
  errorCorrection: ErrorCorrection;
  /** The quiet zone around the code, in modules. */
  margin: number;
  /** The PNG's width and height in pixels. */
  size: number;
  /** An image drawn in the middle, as a data URL. */
  logo?: string;
};

export const DEFAULT_QR_STYLE: QrStyle = {
  dark: '#000000',
  light: '#ffffff',
  errorCorrection: 'M',
  margin: 4,
  size: 512,
};

export const MARGIN_RANGE = { min: 0, max: 16 } as const;
export const SIZE_RANGE = { min: 128, max: 4096 } as const;
export const LOGO_MAX_BYTES = 1024 * 1024;
/**
 * The contrast below which a colour pair is refused, as WCAG measures it. Not WCAG's 3:1 for
 * graphics: jsQR (a greyscale reader, as phone scanners are) failed on pairs from 3:1 to 3.8:1
 * (#949494 on white, #23324e on #fe04d7) and read each of 3,000 random pairs from 4:1 to 4.5:1.
 */
export const MIN_CONTRAST = 4;
/** The logo's width as a share of the code's: at most about 5% of its area, well inside H's 30%. */
export const LOGO_SHARE = 0.22;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((lighter as number) + 0.05) / ((darker as number) + 0.05);
}

/** Why scanners could not read a colour pair. */
export type ColourProblem =
  | { code: 'notHexColours' }
  | { code: 'darkIsLighter' }
  | { code: 'tooClose'; values: { ratio: number } };

/** Why scanners could not read this pair, or undefined. */
export function colourProblemCode(dark: string, light: string): ColourProblem | undefined {
  if (!HEX_COLOUR.test(dark) || !HEX_COLOUR.test(light)) return { code: 'notHexColours' };
  if (relativeLuminance(dark) >= relativeLuminance(light)) return { code: 'darkIsLighter' };
  const ratio = contrastRatio(dark, light);
  return ratio < MIN_CONTRAST ? { code: 'tooClose', values: { ratio } } : undefined;
}

/** A margin or size outside its range, or not a whole number. */
export type RangeProblem = 'outOfRange';

export function marginProblemCode(margin: number): RangeProblem | undefined {
  return Number.isInteger(margin) && margin >= MARGIN_RANGE.min && margin <= MARGIN_RANGE.max
    ? undefined
    : 'outOfRange';
}

export function sizeProblemCode(size: number): RangeProblem | undefined {
  return Number.isInteger(size) && size >= SIZE_RANGE.min && size <= SIZE_RANGE.max
    ? undefined
    : 'outOfRange';
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

export type LogoFileProblem = 'notImage' | 'tooLarge';

/** Why this file cannot be the logo, or undefined (its content is checked when drawn). */
export function logoFileProblemCode(file: {
  type: string;
  size: number;
}): LogoFileProblem | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return 'notImage';
  if (file.size > LOGO_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** The level the code is made with: H whenever a logo covers part of it. */
export const correctionOf = (style: QrStyle): ErrorCorrection =>
  style.logo ? 'H' : style.errorCorrection;
