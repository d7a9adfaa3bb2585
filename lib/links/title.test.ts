import { describe, expect, it } from 'vitest';
import { TITLE_MAX_LENGTH } from '../../contract/limits.ts';
import { Title } from '../../contract/wire.ts';
import { cutTitle } from './title.ts';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('cutTitle', () => {
  it.each([
    ['a short title', 'a short title'],
    ['  padded  ', 'padded'],
    ['', ''],
    ['x'.repeat(TITLE_MAX_LENGTH), 'x'.repeat(TITLE_MAX_LENGTH)],
  ])('keeps %j as it is', (title, expected) => {
    expect(cutTitle(title)).toBe(expected);
  });

  it.each([
    ['a NUL', 'a\u0000b', 'a b'],
    ['a run of C0 and C1 controls', 'a\u0001\u007f\u0085b', 'a b'],
    ['line and paragraph separators', 'one\u2028two\u2029', 'one two'],
    ['a line break', 'first\r\nsecond', 'first second'],
  ])('turns %s into a space, as the service refuses them', (_case, title, expected) => {
    expect(cutTitle(title)).toBe(expected);
    expect(Title.safeParse(cutTitle(title)).success).toBe(true);
  });

  it('drops the direction controls the service refuses (a page title may hold them)', () => {
    const title = 'invoice \u202Efdp.exe \u2066x\u2069 \u202A\u202B\u202C\u202D\u2067\u2068';
    expect(cutTitle(title)).toBe('invoice fdp.exe x');
    expect(Title.safeParse(cutTitle(title)).success).toBe(true);
    expect(Title.safeParse(title).success).toBe(false);
  });

  it('cuts a long title on a word and ends it with "…"', () => {
    const cut = cutTitle(words(60));
    expect([...cut].length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    expect(cut).toMatch(/word\d+…$/);
    expect(words(60).startsWith(cut.slice(0, -1))).toBe(true);
    expect(words(60)[cut.length - 1]).toBe(' ');
  });

  it.each([
    ['one word too long', 'y'.repeat(300), `${'y'.repeat(254)}…`],
    ['a word ending right at the limit', `${'z'.repeat(254)} tail`, `${'z'.repeat(254)}…`],
    ['emoji counted as one character each', '😀'.repeat(300), `${'😀'.repeat(254)}…`],
  ])('cuts %s', (_case, title, expected) => {
    expect(cutTitle(title)).toBe(expected);
  });

  it('cuts right-to-left text the same way', () => {
    const arabic = Array.from({ length: 80 }, () => 'مرحبا').join(' ');
    const cut = cutTitle(arabic);
    expect([...cut].length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    expect(cut.endsWith('مرحبا…')).toBe(true);
  });
});
