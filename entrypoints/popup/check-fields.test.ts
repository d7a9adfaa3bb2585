import { afterEach, describe, expect, it } from 'vitest';
import { speak } from '../../test/support/speak.ts';
import { backHalfProblem, checkFields } from './check-fields.ts';

describe('backHalfProblem', () => {
  it.each(['', 'a', 'My-link_2', 'x'.repeat(64)])('accepts %j', (backHalf) => {
    expect(backHalfProblem(backHalf)).toBeUndefined();
  });

  it.each([
    ['a b', /only letters, digits/],
    ['a/b', /only letters, digits/],
    ['café', /only letters, digits/],
    ['x'.repeat(65), /too long/],
  ])('explains what is wrong with %j', (backHalf, problem) => {
    expect(backHalfProblem(backHalf)).toMatch(problem);
  });
});

describe('checkFields', () => {
  const fields = {
    destinationUrl: 'https://example.com/',
    title: '',
    backHalf: '',
    domain: '',
  };

  it.each([
    [
      'title',
      { title: 'a\u0000b' },
      'The title must not contain line breaks or control characters.',
    ],
    [
      'title',
      { title: 'one\u2028two' },
      'The title must not contain line breaks or control characters.',
    ],
    [
      'domain',
      { domain: 'go\u0001.example' },
      'The domain must not contain line breaks or control characters.',
    ],
  ] as const)(
    'says of a control character in the %s what the service says',
    (field, typed, sentence) => {
      const checked = checkFields({ ...fields, ...typed });
      expect(checked).toEqual({ errors: { [field]: sentence } });
    },
  );
});

describe('in German', () => {
  let english = () => {};
  afterEach(() => english());

  it('says what is wrong with each field in German', () => {
    english = speak('de', 'de-DE');
    expect(backHalfProblem('a b')).toBe(
      'Das Back-Half darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten (1 bis 64 Zeichen).',
    );
    expect(
      checkFields({ destinationUrl: 'not a url', title: 'a\u0000', backHalf: '', domain: '' }),
    ).toEqual({
      errors: {
        destinationUrl:
          'Das ist keine Webadresse. Geben Sie eine ein wie \u2066https://example.com/page\u2069.',
        title: 'Der Titel darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
      },
    });
  });
});
