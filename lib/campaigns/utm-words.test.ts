import { afterEach, describe, expect, it } from 'vitest';
import { speak } from '../../test/support/speak.ts';
import { NO_UTM, UTM_FIELDS, type UtmValues } from './utm.ts';
import { utmProblems, utmValueProblem } from './utm-words.ts';

const utm = (values: Partial<UtmValues>): UtmValues => ({ ...NO_UTM, ...values });

describe('utmProblems', () => {
  it.each([
    [
      'a value over 255 characters',
      'source',
      'x'.repeat(256),
      'Source is too long: at most 255 characters.',
    ],
    [
      '255 emoji count as 255',
      'medium',
      '😀'.repeat(256),
      'Medium is too long: at most 255 characters.',
    ],
    [
      'a line break',
      'campaign',
      'a\nb',
      'Campaign must not contain line breaks or control characters.',
    ],
    ['a NUL', 'term', 'a\u0000', 'Term must not contain line breaks or control characters.'],
    [
      'a paragraph separator',
      'content',
      'a\u2029',
      'Content must not contain line breaks or control characters.',
    ],
    [
      'half of a surrogate pair',
      'source',
      'a\uD800',
      'Source contains a broken character (half of a surrogate pair); type it again.',
    ],
  ] as const)('refuses %s on its field', (_, field, value, sentence) => {
    expect(utmValueProblem(field, value)).toBe(sentence);
    expect(utmProblems(utm({ [field]: value }))).toEqual({ [field]: sentence });
  });

  it.each(['', 'x'.repeat(255), '😀'.repeat(255), ' spaced '])('takes %j', (value) => {
    expect(utmProblems(utm({ source: value }))).toEqual({});
  });
});

describe("utmValueProblem in the person's language", () => {
  let english = () => {};
  afterEach(() => english());
  const BAD_VALUES = ['x'.repeat(256), 'a\nb', 'a\uD800'];

  it('says each field and problem in a sentence of its own, in German', () => {
    english = speak('de', 'de-DE');
    expect(utmValueProblem('term', 'x'.repeat(256))).toBe(
      'Der Begriff ist zu lang: höchstens 255 Zeichen.',
    );
    expect(utmValueProblem('source', 'a\u0000')).toBe(
      'Die Quelle darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
    );
    const sentences = UTM_FIELDS.flatMap((field) =>
      BAD_VALUES.map((value) => utmValueProblem(field, value)),
    );
    expect(new Set(sentences).size).toBe(UTM_FIELDS.length * BAD_VALUES.length);
    // No English field name pasted into German words.
    for (const sentence of sentences) expect(sentence).not.toMatch(/Source|Campaign|Term|Content/);
  });

  it('in Arabic, the limit written and isolated the Arabic way', () => {
    english = speak('ar');
    const limit = new Intl.NumberFormat('ar').format(255);
    expect(utmValueProblem('campaign', 'x'.repeat(256))).toBe(
      `الحملة طويلة جدًا: \u2068${limit}\u2069 حرفًا على الأكثر.`,
    );
    expect(utmValueProblem('content', 'a\uD800')).toBe(
      'يحتوي المحتوى على حرف تالف (نصف زوج بديل)؛ اكتبه مرة أخرى.',
    );
  });
});
