import { afterEach, describe, expect, it } from 'vitest';
import { speak } from '../../test/support/speak.ts';
import {
  colourProblem,
  correctionLabel,
  logoFileProblem,
  marginProblem,
  sizeProblem,
} from './qr-words.ts';

describe('colours', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#767676', '#ffffff'],
  ])('takes %s on %s', (dark, light) => {
    expect(colourProblem(dark, light)).toBeUndefined();
  });

  it.each([
    ['#ffffff', '#000000', /darker than the background/],
    ['#777777', '#777777', /darker than the background/],
    ['#ffd700', '#ffffff', /too close for scanners to read \(contrast 1\.4:1/],
    ['#999999', '#ffffff', /too close/],
    ['#808080', '#ffffff', /\(contrast 3\.9:1, at least 4:1 is needed\)/],
    ['#949494', '#ffffff', /too close .*at least 4:1/],
    ['black', '#ffffff', /#rrggbb/],
    ['#fff', '#000000', /#rrggbb/],
  ])('refuses %s on %s in a sentence', (dark, light, sentence) => {
    expect(colourProblem(dark, light)).toMatch(sentence);
  });
});

describe('margin, size and logo', () => {
  it.each([-1, 1.5, 17, Number.NaN])('refuses the margin %s', (margin) => {
    expect(marginProblem(margin)).toMatch(/from 0 to 16/);
  });
  it.each([127, 4097, 300.5, Number.NaN])('refuses the size %s', (size) => {
    expect(sizeProblem(size)).toMatch(/from 128 to 4096/);
  });
  it('takes the ends of the ranges', () => {
    expect([marginProblem(0), marginProblem(16), sizeProblem(128), sizeProblem(4096)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it.each([
    [
      { type: 'application/pdf', size: 10 },
      'The logo must be an image file: PNG, JPEG, GIF, WebP or SVG.',
    ],
    [{ type: '', size: 10 }, 'The logo must be an image file: PNG, JPEG, GIF, WebP or SVG.'],
    [{ type: 'image/png', size: 1024 * 1024 + 1 }, 'The logo is too large: at most 1 MB.'],
  ])('refuses the logo %j in one sentence', (file, sentence) => {
    expect(logoFileProblem(file)).toBe(sentence);
  });
});

describe("in the person's language", () => {
  let english = () => {};
  afterEach(() => english());

  it('names the levels with the share written the English way', () => {
    expect(['L', 'M', 'Q', 'H'].map((level) => correctionLabel(level as 'L'))).toEqual([
      'L (7%)',
      'M (15%)',
      'Q (25%)',
      'H (30%)',
    ]);
  });

  it('says the problems in German, with German numbers', () => {
    english = speak('de', 'de-DE');
    expect(correctionLabel('M')).toBe('M (15\u00a0%)');
    expect(sizeProblem(5000)).toBe(
      'Die Größe muss eine ganze Zahl von Pixeln zwischen 128 und 4096 sein.',
    );
    expect(colourProblem('#777777', '#888888')).toMatch(
      /^Diese Farben .*\(Kontrast 1,2:1, mindestens 4:1/,
    );
    expect(logoFileProblem({ type: 'text/plain', size: 1 })).toMatch(
      /^Das Logo muss eine Bilddatei/,
    );
  });

  it('says them in Arabic, its numbers written and isolated the Arabic way', () => {
    english = speak('ar');
    const arabic = new Intl.NumberFormat('ar');
    const percent = new Intl.NumberFormat('ar', { style: 'percent' });
    expect(marginProblem(17)).toBe(
      `يجب أن يكون الهامش عددًا صحيحًا من الوحدات من \u2068${arabic.format(0)}\u2069 إلى \u2068${arabic.format(16)}\u2069.`,
    );
    expect(correctionLabel('H')).toBe(`\u2068H\u2069 (\u2068${percent.format(0.3)}\u2069)`);
  });
});
