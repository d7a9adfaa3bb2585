import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { findOrCreate, mayHaveBeenMade } from './lost-answer.ts';

describe('mayHaveBeenMade', () => {
  it.each([
    ['a lost connection', new ApiError('network', 'Unreachable.'), true],
    ['a timeout', new ApiError('timeout', 'Too slow.'), true],
    ['a server error', new ApiError('server_error', 'Failed.'), true],
    ['an error of no kind we know', new TypeError('Failed to fetch'), true],
    ['a refused key', new ApiError('unauthorized', 'Wrong key.'), false],
    ['a taken back-half', new ApiError('back_half_taken', 'Taken.'), false],
    ['a 429', new ApiError('rate_limited', 'Slow down.', {}), false],
  ])('%s: %s', (_, error, expected) => {
    expect(mayHaveBeenMade(error)).toBe(expected);
  });
});

describe('findOrCreate', () => {
  const calls: string[] = [];
  const lookUp = (answer: string | undefined | Error) => async () => {
    calls.push('look');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const create = async () => {
    calls.push('create');
    return 'made';
  };

  it.each([
    [
      'gives the link found, and makes none',
      true,
      'found',
      { value: 'found', found: true },
      ['look'],
    ],
    [
      'makes the link when none is found',
      true,
      undefined,
      { value: 'made', found: false },
      ['look', 'create'],
    ],
    [
      'makes the link when the lookup fails',
      true,
      new Error('offline'),
      { value: 'made', found: false },
      ['look', 'create'],
    ],
    [
      'does not look when not asked to',
      false,
      'found',
      { value: 'made', found: false },
      ['create'],
    ],
  ])('%s', async (_, lookFirst, answer, expected, steps) => {
    calls.length = 0;
    expect(await findOrCreate(lookFirst, lookUp(answer), create)).toEqual(expected);
    expect(calls).toEqual(steps);
  });
});
