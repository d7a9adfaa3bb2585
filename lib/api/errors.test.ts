import { describe, expect, it } from 'vitest';
import { ERROR_CODE_KINDS, ERROR_CODES, ErrorCode } from '../../contract/limits.ts';
import { ApiError, ApiErrorKind, isApiError } from './errors.ts';

describe('isApiError', () => {
  it('recognises an ApiError', () => {
    expect(isApiError(new ApiError('network', 'x'))).toBe(true);
  });

  it('recognises an ApiError from another realm by its name and kind', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', kind: 'timeout' });
    expect(isApiError(foreign)).toBe(true);
  });

  it.each([
    ['a plain error', new Error('x')],
    ['an error named ApiError without kind', Object.assign(new Error('x'), { name: 'ApiError' })],
    ['a string', 'ApiError'],
    ['null', null],
  ])('rejects %s', (_, value) => {
    expect(isApiError(value)).toBe(false);
  });

  it('has the name ApiError and is an Error', () => {
    const error = new ApiError('not_found', 'Gone.', { status: 404 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
  });
});

describe('ApiErrorKind', () => {
  it('refuses a kind that is not in the list', () => {
    expect(ApiErrorKind.safeParse('network').success).toBe(true);
    expect(ApiErrorKind.safeParse('exploded').success).toBe(false);
  });
});

describe('ApiErrorKind and the contract', () => {
  it('holds every kind the contract reads its error codes as', () => {
    for (const { kind } of Object.values(ERROR_CODES)) {
      expect(ApiErrorKind.options).toContain(kind);
    }
    expect(ApiErrorKind.options).toEqual(expect.arrayContaining([...ERROR_CODE_KINDS]));
  });
});

describe('the contract’s error codes, one row each', () => {
  it('names each code in code as its camel case, and nothing else', () => {
    expect(ErrorCode.backHalfTaken).toBe('back_half_taken');
    expect(ErrorCode.serviceUnavailable).toBe('service_unavailable');
    expect(Object.values(ErrorCode).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(Object.isFrozen(ErrorCode)).toBe(true);
  });
});
