import { describe, expect, it } from 'vitest';
import { GENERATED_BACK_HALF_ALPHABET } from '../../contract/limits.ts';
import { generateBackHalf } from './back-half.ts';

describe('generateBackHalf', () => {
  const samples = Array.from({ length: 10_000 }, generateBackHalf);

  it('gives 7 characters of [A-Za-z0-9]', () => {
    for (const backHalf of samples) expect(backHalf).toMatch(/^[A-Za-z0-9]{7}$/);
  });

  it('does not repeat itself in 10,000 draws', () => {
    expect(new Set(samples).size).toBe(samples.length);
  });

  it('uses all 62 characters about equally often', () => {
    const counts = new Map<string, number>();
    for (const backHalf of samples) {
      for (const char of backHalf) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...GENERATED_BACK_HALF_ALPHABET].sort());
    // 70,000 draws: about 1,129 each, with a standard deviation of about 33.
    const mean = (samples.length * 7) / 62;
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(mean * 0.8);
      expect(count).toBeLessThan(mean * 1.2);
    }
  });
});
