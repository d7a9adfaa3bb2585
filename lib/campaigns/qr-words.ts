// The words of a QR code's style (lib/campaigns/qr-style.ts): the error correction levels as the
// select names them, and why a choice is refused, each in a sentence.

import { formatNumber } from '../i18n/format.ts';
import { t } from '../i18n/t.ts';
import {
  colourProblemCode,
  ERROR_CORRECTION_SHARES,
  type ErrorCorrection,
  logoFileProblemCode,
  MARGIN_RANGE,
  MIN_CONTRAST,
  marginProblemCode,
  SIZE_RANGE,
  sizeProblemCode,
} from './qr-style.ts';

/** A level as the select says it: `L (7%)`, the share written the person's way (`7 %`, `٧٪`). */
export const correctionLabel = (level: ErrorCorrection): string =>
  t(
    'qrCorrectionOption',
    level,
    formatNumber(ERROR_CORRECTION_SHARES[level], { style: 'percent' }),
  );

/** Why scanners could not read this pair, in a sentence, or undefined. */
export function colourProblem(dark: string, light: string): string | undefined {
  const problem = colourProblemCode(dark, light);
  switch (problem?.code) {
    case undefined:
      return undefined;
    case 'notHexColours':
      return t('qrColoursFormat');
    case 'darkIsLighter':
      return t('qrColourLighter');
    case 'tooClose': {
      // Rounded down: 3.95 is not "4.0:1" in a sentence saying 4:1 is needed.
      const shown = formatNumber(Math.floor(problem.values.ratio * 10) / 10, {
        minimumFractionDigits: 1,
      });
      return t('qrColoursTooClose', shown, formatNumber(MIN_CONTRAST));
    }
  }
}

/** A count of pixels or modules, in the person's digits, without grouping (`4096`). */
const wholeNumber = (value: number) => formatNumber(value, { useGrouping: false });

export function marginProblem(margin: number): string | undefined {
  return (
    marginProblemCode(margin) &&
    t('qrMarginRange', wholeNumber(MARGIN_RANGE.min), wholeNumber(MARGIN_RANGE.max))
  );
}

export function sizeProblem(size: number): string | undefined {
  return (
    sizeProblemCode(size) &&
    t('qrSizeRange', wholeNumber(SIZE_RANGE.min), wholeNumber(SIZE_RANGE.max))
  );
}

/** Why this file cannot be the logo, in one sentence, or undefined. */
export function logoFileProblem(file: { type: string; size: number }): string | undefined {
  switch (logoFileProblemCode(file)) {
    case undefined:
      return undefined;
    case 'notImage':
      return t('qrLogoNotImage');
    case 'tooLarge':
      return t('qrLogoTooLarge');
  }
}
