import { describe, expect, it } from 'vitest';
import {
  colourProblemCode,
  contrastRatio,
  correctionOf,
  DEFAULT_QR_STYLE,
  logoFileProblemCode,
  marginProblemCode,
  sizeProblemCode,
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
    expect(colourProblemCode(dark, light)).toBeUndefined();
  });

  it.each([
    ['#ffffff', '#000000', 'darkIsLighter'],
    ['#777777', '#777777', 'darkIsLighter'],
    ['#ffd700', '#ffffff', 'tooClose'],
    ['#999999', '#ffffff', 'tooClose'],
    ['#808080', '#ffffff', 'tooClose'],
    ['#949494', '#ffffff', 'tooClose'],
    ['black', '#ffffff', 'notHexColours'],
    ['#fff', '#000000', 'notHexColours'],
  ])('refuses %s on %s as %s', (dark, light, code) => {
    expect(colourProblemCode(dark, light)?.code).toBe(code);
  });

  it('gives the contrast of a pair too close', () => {
    expect(colourProblemCode('#808080', '#ffffff')).toEqual({
      code: 'tooClose',
      values: { ratio: contrastRatio('#808080', '#ffffff') },
    });
  });
});

describe('margin, size and logo', () => {
  it.each([-1, 1.5, 17, Number.NaN])('refuses the margin %s', (margin) => {
    expect(marginProblemCode(margin)).toBe('outOfRange');
  });
  it.each([127, 4097, 300.5, Number.NaN])('refuses the size %s', (size) => {
    expect(sizeProblemCode(size)).toBe('outOfRange');
  });
  it('takes the ends of the ranges', () => {
    expect([
      marginProblemCode(0),
      marginProblemCode(16),
      sizeProblemCode(128),
      sizeProblemCode(4096),
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it.each([
    [{ type: 'application/pdf', size: 10 }, 'notImage'],
    [{ type: '', size: 10 }, 'notImage'],
    [{ type: 'image/png', size: 1024 * 1024 + 1 }, 'tooLarge'],
    [{ type: 'image/svg+xml', size: 1024 * 1024 }, undefined],
  ])('tells of the logo %j: %s', (file, code) => {
    expect(logoFileProblemCode(file)).toBe(code);
  });

  it('raises error correction to H with a logo', () => {
    expect(correctionOf(DEFAULT_QR_STYLE)).toBe('M');
    expect(
      correctionOf({ ...DEFAULT_QR_STYLE, errorCorrection: 'L', logo: 'data:image/png;base64,' }),
    ).toBe('H');
  });
});
