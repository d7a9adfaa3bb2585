import { describe, expect, it } from 'vitest';
import { removeTrackingParameters } from '../links/tracking-parameters.ts';
import {
  hasUtm,
  NO_UTM,
  type UtmValues,
  utmProblemCodes,
  utmValueProblemCode,
  withUtm,
} from './utm.ts';

const utm = (values: Partial<UtmValues>): UtmValues => ({ ...NO_UTM, ...values });

describe('withUtm', () => {
  it.each([
    [
      'added to an address without a query',
      'https://example.com/a',
      { source: 'news', medium: 'mail' },
      'https://example.com/a?utm_source=news&utm_medium=mail',
    ],
    [
      'after the parameters already there, in their spelling',
      'https://example.com/?q=a+b&id=%7E3',
      { campaign: 'spring' },
      'https://example.com/?q=a+b&id=%7E3&utm_campaign=spring',
    ],
    [
      'before the fragment',
      'https://example.com/p?x=1#top',
      { source: 'a' },
      'https://example.com/p?x=1&utm_source=a#top',
    ],
    [
      'before a fragment that holds a "?"',
      'https://example.com/p#/route?tab=2',
      { source: 'a' },
      'https://example.com/p?utm_source=a#/route?tab=2',
    ],
    [
      "replacing the page's own value, not doubling it",
      'https://example.com/?utm_source=old&id=1&utm_medium=web',
      { source: 'new' },
      'https://example.com/?id=1&utm_medium=web&utm_source=new',
    ],
    [
      'replacing an encoded name',
      'https://example.com/?utm%5Fsource=old',
      { source: 'new' },
      'https://example.com/?utm_source=new',
    ],
    [
      'spaces, "&", "#", "=" and "+" encoded',
      'https://example.com/',
      { campaign: 'spring sale & more #1 = +' },
      'https://example.com/?utm_campaign=spring%20sale%20%26%20more%20%231%20%3D%20%2B',
    ],
    [
      'non-Latin text encoded as UTF-8',
      'https://example.com/',
      { campaign: 'весна', term: '春' },
      'https://example.com/?utm_campaign=%D0%B2%D0%B5%D1%81%D0%BD%D0%B0&utm_term=%E6%98%A5',
    ],
    [
      'an empty "?" and stray "&" dropped',
      'https://example.com/?&',
      { source: 'a' },
      'https://example.com/?utm_source=a',
    ],
    [
      'values trimmed',
      'https://example.com/',
      { source: '  a  ' },
      'https://example.com/?utm_source=a',
    ],
  ])('%s', (_, address, values, expected) => {
    expect(withUtm(address, utm(values))).toBe(expected);
  });

  it('never throws on a value it refuses: the value is left out', () => {
    expect(withUtm('https://example.com/', utm({ source: 'a\uD800', medium: 'm' }))).toBe(
      'https://example.com/?utm_medium=m',
    );
  });

  it('leaves the address alone when no value is filled', () => {
    expect(withUtm('https://example.com/?utm_source=x', utm({ source: '  ' }))).toBe(
      'https://example.com/?utm_source=x',
    );
  });

  it.each(['example.com', '', 'not a url'])(
    'leaves %j alone: not a URL, its own check says so',
    (address) => {
      expect(withUtm(address, utm({ source: 'a' }))).toBe(address);
    },
  );

  it.each(["it's", 'a b&c#d', '100% (of) *them*!', 'ü/é?x=y', '😀'])(
    'gives the address the URL parser gives for %j, so the service stores the same',
    (value) => {
      const address = withUtm('https://example.com/path?a=1#h', utm({ content: value }));
      expect(new URL(address).href).toBe(address);
      expect(new URL(address).searchParams.get('utm_content')).toBe(value);
      expect(new URL(address).hash).toBe('#h');
    },
  );

  it("keeps the person's values through tracking removal done first", () => {
    const cleaned = removeTrackingParameters(
      'https://example.com/?utm_source=ad&fbclid=x&id=2',
    ).url;
    expect(withUtm(cleaned, utm({ source: 'mine' }))).toBe(
      'https://example.com/?id=2&utm_source=mine',
    );
  });
});

describe('utmProblemCodes', () => {
  it.each([
    ['a value over 255 characters', 'source', 'x'.repeat(256), 'tooLong'],
    ['255 emoji count as 255', 'medium', '😀'.repeat(256), 'tooLong'],
    ['a line break', 'campaign', 'a\nb', 'controlCharacters'],
    ['a NUL', 'term', 'a\u0000', 'controlCharacters'],
    ['a paragraph separator', 'content', 'a\u2029', 'controlCharacters'],
    ['half of a surrogate pair', 'source', 'a\uD800', 'brokenCharacter'],
  ] as const)('refuses %s on its field', (_, field, value, code) => {
    expect(utmValueProblemCode(value)).toBe(code);
    expect(utmProblemCodes(utm({ [field]: value }))).toEqual({ [field]: code });
  });

  it.each(['', 'x'.repeat(255), '😀'.repeat(255), ' spaced '])('takes %j', (value) => {
    expect(utmProblemCodes(utm({ source: value }))).toEqual({});
  });

  it('hasUtm is false for blanks only', () => {
    expect(hasUtm(utm({ source: ' ' }))).toBe(false);
    expect(hasUtm(utm({ term: 'x' }))).toBe(true);
  });
});
