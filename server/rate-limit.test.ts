import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

const start = 1_700_000_000_000;

describe('createRateLimiter', () => {
  it('lets the limit through in a window and then asks to wait until the window ends', () => {
    const limiter = createRateLimiter(3);
    expect([1, 2, 3].map(() => limiter.take('k', start))).toEqual([0, 0, 0]);
    expect(limiter.take('k', start)).toBe(60);
    expect(limiter.take('k', start + 10_000)).toBe(50);
    expect(limiter.take('k', start + 59_001)).toBe(1);
  });

  it('never asks to wait less than one second', () => {
    const limiter = createRateLimiter(1);
    limiter.take('k', start);
    expect(limiter.take('k', start + 59_999)).toBe(1);
  });

  it('starts a new window once the old one is over', () => {
    const limiter = createRateLimiter(2);
    limiter.take('k', start);
    limiter.take('k', start);
    expect(limiter.take('k', start + 1)).toBeGreaterThan(0);
    expect(limiter.take('k', start + 60_000)).toBe(0);
    expect(limiter.take('k', start + 60_001)).toBe(0);
    expect(limiter.take('k', start + 60_002)).toBeGreaterThan(0);
  });

  it('counts each key on its own', () => {
    const limiter = createRateLimiter(1);
    expect(limiter.take('a', start)).toBe(0);
    expect(limiter.take('a', start)).toBeGreaterThan(0);
    expect(limiter.take('b', start)).toBe(0);
  });

  it('limits nothing when the limit is 0', () => {
    const limiter = createRateLimiter(0);
    for (let i = 0; i < 10_000; i++) expect(limiter.take('k', start)).toBe(0);
  });

  it('takes its window length as a setting', () => {
    const limiter = createRateLimiter(1, 5_000);
    limiter.take('k', start);
    expect(limiter.take('k', start + 1_000)).toBe(4);
    expect(limiter.take('k', start + 5_000)).toBe(0);
  });

  it('uses the clock when no time is given', () => {
    const limiter = createRateLimiter(1);
    expect(limiter.take('k')).toBe(0);
    const wait = limiter.take('k');
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
  });
});
