import { describe, expect, it } from 'vitest';
import { backHalfProblem } from './check-fields.ts';

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
