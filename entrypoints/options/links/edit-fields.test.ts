import { describe, expect, it } from 'vitest';
import { checkEditDestination, checkEditTitle } from './edit-fields.ts';

describe('checkEditDestination', () => {
  it.each([
    ['example.com/foo', 'https://example.com/foo'],
    ['  docs.example.org  ', 'https://docs.example.org/'],
    ['https://example.com/already', 'https://example.com/already'],
  ])('takes %j as the popup does: %j', (typed, sent) => {
    expect(checkEditDestination(typed)).toEqual({ value: sent });
  });

  it.each(['not a url', 'javascript:alert(1)', ''])('refuses %j in a sentence', (typed) => {
    expect(checkEditDestination(typed)).toEqual({ problem: expect.stringMatching(/\.$/) });
  });
});

describe('checkEditTitle', () => {
  it('refuses a line break in a sentence and keeps a plain title', () => {
    expect(checkEditTitle('Spring sale')).toEqual({ value: 'Spring sale' });
    expect(checkEditTitle('two\nlines')).toEqual({ problem: expect.stringMatching(/\.$/) });
  });
});
