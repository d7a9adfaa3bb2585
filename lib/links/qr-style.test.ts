import { describe, expect, it } from 'vitest';
import {
  colourProblem,
  contrastRatio,
  correctionOf,
  DEFAULT_QR_STYLE,
  logoFileProblem,
  marginProblem,
  sizeProblem,
} from './qr-style.ts';

describe('colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each([
    ['#000000', '#ffffff'],
    ['#2355d8', '#ffffff'],
    ['#1b1f24', '#ffd700'],
    ['#8a5a00', '#fff8e1'],
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

  it('raises error correction to H with a logo', () => {
    expect(correctionOf(DEFAULT_QR_STYLE)).toBe('M');
    expect(
      correctionOf({ ...DEFAULT_QR_STYLE, errorCorrection: 'L', logo: 'data:image/png;base64,' }),
    ).toBe('H');
  });
});
