import { describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../storage/storage.ts';
import {
  addressLimitKey,
  createRateLimiter,
  createSharedRateLimiter,
  openRateLimiter,
} from './rate-limit.ts';

const start = 1_700_000_000_000;

describe('addressLimitKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
  ])('counts %s as %s', (address, key) => {
    expect(addressLimitKey(address)).toBe(key);
  });
});

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

  it('still refuses an address over its limit after 100,050 other addresses in the minute', () => {
    const limiter = createRateLimiter(1);
    limiter.take('203.0.113.1', start);
    expect(limiter.take('203.0.113.1', start)).toBe(60);
    for (let i = 0; i < 100_050; i++)
      limiter.take(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, start + 1);
    expect(limiter.take('203.0.113.1', start + 2)).toBe(60);
    expect(limiter.take('10.0.0.1', start + 3)).toBe(60);
  });

  it('forgets windows once they are over, oldest first', () => {
    const limiter = createRateLimiter(1);
    for (let i = 0; i < 1_000; i++) limiter.take(`old-${i}`, start + i);
    expect(limiter.size).toBe(1_000);
    limiter.take('new', start + 60_500);
    expect(limiter.size).toBe(500);
    expect(limiter.take('old-999', start + 60_500)).toBe(1);
    limiter.take('newer', start + 61_000);
    expect(limiter.size).toBe(2);
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

describe('createSharedRateLimiter', () => {
  /** A window store like the database's: counts per key, the window ending in 30 s. */
  const windows = () => {
    const counts = new Map<string, number>();
    const state = { calls: 0, failure: undefined as Error | undefined };
    const countRequest = async (key: string) => {
      state.calls++;
      if (state.failure) throw state.failure;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return { count: counts.get(key) ?? 0, msLeft: 30_000 };
    };
    return { state, countRequest };
  };

  it('passes the limit, then refuses until the window ends without asking the database again', async () => {
    const { state, countRequest } = windows();
    const limiter = createSharedRateLimiter(countRequest, 2);
    expect([await limiter.take('k'), await limiter.take('k')]).toEqual([0, 0]);
    expect(await limiter.take('k')).toBe(30);
    expect(state.calls).toBe(3);
    const wait = await limiter.take('k');
    expect(wait).toBeGreaterThanOrEqual(29);
    expect(wait).toBeLessThanOrEqual(30);
    expect(state.calls).toBe(3);
    expect(await limiter.take('other')).toBe(0);
  });

  it('counts in memory while the database is unavailable, and fails on any other error', async () => {
    const { state, countRequest } = windows();
    const limiter = createSharedRateLimiter(countRequest, 1);
    state.failure = new StorageUnavailable('connection refused');
    expect(await limiter.take('k')).toBe(0);
    expect(await limiter.take('k')).toBeGreaterThan(0);
    state.failure = new Error('a bug');
    await expect(limiter.take('other')).rejects.toThrow('a bug');
  });

  it('is chosen when the storage counts requests, each scope on keys of its own', async () => {
    const seen: string[] = [];
    const limiter = openRateLimiter(
      {
        countRequest: async (key) => {
          seen.push(key);
          return { count: 1, msLeft: 60_000 };
        },
      },
      'account',
      5,
    );
    expect(await limiter.take('7')).toBe(0);
    expect(seen).toEqual(['account:7']);
    expect(openRateLimiter({}, 'account', 5).take('7')).toBe(0);
  });
});
