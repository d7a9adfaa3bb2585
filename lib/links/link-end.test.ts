import { describe, expect, it } from 'vitest';
import { extendedExpiry, hasEnded } from './link-end.ts';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const DAY = 86_400_000;

describe('"Extend 7 days"', () => {
  it('adds a week to an expiry still ahead', () => {
    const expiresAt = new Date(NOW + 2 * DAY).toISOString();
    expect(extendedExpiry({ expiresAt }, NOW)).toBe(new Date(NOW + 9 * DAY).toISOString());
  });

  it('gives a week from now to a link without an expiry, or whose expiry has passed', () => {
    const week = new Date(NOW + 7 * DAY).toISOString();
    expect(extendedExpiry({}, NOW)).toBe(week);
    expect(extendedExpiry({ expiresAt: null }, NOW)).toBe(week);
    expect(extendedExpiry({ expiresAt: new Date(NOW - DAY).toISOString() }, NOW)).toBe(week);
    expect(hasEnded({ expiresAt: week }, 0, NOW)).toBe(false);
  });
});
