// How a QR code is drawn for print: its colours, error correction, margin, PNG size and logo, and
// what is refused because a scanner could not read it. Pure rules; QrCode.tsx draws them.
import { formatNumber } from '../i18n/format.ts';
import { t } from '../i18n/t.ts';

export const ERROR_CORRECTIONS = ['L', 'M', 'Q', 'H'] as const;
export type ErrorCorrection = (typeof ERROR_CORRECTIONS)[number];

/** The share of the code each level can lose and still be read. */
const ERROR_CORRECTION_SHARES: Record<ErrorCorrection, number> = {
  L: 0.07,
  M: 0.15,
  Q: 0.25,
  H: 0.3,
};

/** A level as the select says it: `L (7%)`, the share written the person's way (`7 %`, `٧٪`). */
export const correctionLabel = (level: ErrorCorrection): string =>
  t(
    'qrCorrectionOption',
    level,
    formatNumber(ERROR_CORRECTION_SHARES[level], { style: 'percent' }),
  );

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

/** Why scanners could not read this pair, in a sentence, or undefined. */
export function colourProblem(dark: string, light: string): string | undefined {
  if (!HEX_COLOUR.test(dark) || !HEX_COLOUR.test(light)) {
    return t('qrColoursFormat');
  }
  if (relativeLuminance(dark) >= relativeLuminance(light)) {
    return t('qrColourLighter');
  }
  const ratio = contrastRatio(dark, light);
  if (ratio < MIN_CONTRAST) {
    // Rounded down: 3.95 is not "4.0:1" in a sentence saying 4:1 is needed.
    const shown = formatNumber(Math.floor(ratio * 10) / 10, { minimumFractionDigits: 1 });
    return t('qrColoursTooClose', shown, formatNumber(MIN_CONTRAST));
  }
  return undefined;
}

/** A count of pixels or modules, in the person's digits, without grouping (`4096`). */
const wholeNumber = (value: number) => formatNumber(value, { useGrouping: false });

export function marginProblem(margin: number): string | undefined {
  return Number.isInteger(margin) && margin >= MARGIN_RANGE.min && margin <= MARGIN_RANGE.max
    ? undefined
    : t('qrMarginRange', wholeNumber(MARGIN_RANGE.min), wholeNumber(MARGIN_RANGE.max));
}

export function sizeProblem(size: number): string | undefined {
  return Number.isInteger(size) && size >= SIZE_RANGE.min && size <= SIZE_RANGE.max
    ? undefined
    : t('qrSizeRange', wholeNumber(SIZE_RANGE.min), wholeNumber(SIZE_RANGE.max));
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

/** Why this file cannot be the logo, in one sentence, or undefined (its content is checked when drawn). */
export function logoFileProblem(file: { type: string; size: number }): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) {
    return t('qrLogoNotImage');
  }
  if (file.size > LOGO_MAX_BYTES) return t('qrLogoTooLarge');
  return undefined;
}

/** The level the code is made with: H whenever a logo covers part of it. */
export const correctionOf = (style: QrStyle): ErrorCorrection =>
  style.logo ? 'H' : style.errorCorrection;

/** The first problem of a whole style, or undefined. */
export function qrStyleProblem(style: QrStyle): string | undefined {
  return (
    colourProblem(style.dark, style.light) ?? marginProblem(style.margin) ?? sizeProblem(style.size)
  );
}
