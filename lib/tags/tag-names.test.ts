import { describe, expect, it } from 'vitest';
import { MAX_TAGS_PER_LINK } from '../../contract/limits.ts';
import { tagNameProblem, withTagAdded } from './tag-names.ts';

describe('a typed tag name', () => {
  it.each([
    ['Client A', undefined],
    ['  Kunde Ä  ', undefined],
    ['x'.repeat(40), undefined],
    ['日本'.repeat(20), undefined],
    ['x'.repeat(41), 'tooLong'],
    ['a,b', 'separator'],
    ['a|b', 'separator'],
    ['line\nbreak', 'control'],
    ['tab\there', 'control'],
    ['half \uD800', 'control'],
  ] as const)('%j is %s', (name, problem) => {
    expect(tagNameProblem(name)).toBe(problem);
  });
});

describe('adding a typed tag', () => {
  it('adds it trimmed, once whatever its case, and nothing for blank text', () => {
    expect(withTagAdded(['Spring'], '  Launch ')).toEqual({ tags: ['Spring', 'Launch'] });
    expect(withTagAdded(['Straße'], 'STRASSE')).toEqual({ tags: ['Straße'] });
    expect(withTagAdded(['Spring'], '   ')).toEqual({ tags: ['Spring'] });
  });

  it('refuses a bad name and a tag past the most a link has', () => {
    expect(withTagAdded([], 'a,b')).toEqual({ problem: 'separator' });
    const full = Array.from({ length: MAX_TAGS_PER_LINK }, (_, index) => `t${index}`);
    expect(withTagAdded(full, 'one more')).toEqual({ problem: 'tooMany' });
    expect(withTagAdded(full, 'T0')).toEqual({ tags: full });
  });
});
