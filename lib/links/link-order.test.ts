import { describe, expect, it } from 'vitest';
import type { Link } from '../api/schemas.ts';
import { newestFirst, newestLinks } from './link-order.ts';

const at = (n: number, day: number): Link => ({
  shortUrl: `http://localhost:8787/l${n}`,
  destinationUrl: `https://example.com/${n}`,
  clicks: 0,
  createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
  title: '',
});

describe('newestLinks', () => {
  it('gives what a stable sort newest first gives, cut to the count', () => {
    // Shuffled, with ties (links made the same day keep their order, as in a stable sort).
    const days = [5, 1, 9, 9, 3, 7, 1, 12, 5, 2, 9, 11, 4];
    const links = days.map((day, n) => at(n, day));
    for (const count of [0, 1, 3, 5, links.length, links.length + 4]) {
      expect(newestLinks(links, count)).toEqual([...links].sort(newestFirst).slice(0, count));
    }
  });

  it('takes the first ones of a list already newest first', () => {
    const links = Array.from({ length: 100 }, (_, n) => at(n, 100 - n));
    expect(newestLinks(links, 10)).toEqual(links.slice(0, 10));
  });
});
