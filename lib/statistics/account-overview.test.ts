import { describe, expect, it } from 'vitest';
import type { ClickRecord } from '../stats/click-record.ts';
import { localOverview, rangeDates } from './account-overview.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-28T15:00:00Z');
const today = Math.floor(NOW / DAY);

describe("the account's overview", () => {
  it.each([
    ['7d', '2026-11-22'],
    ['30d', '2026-10-30'],
    ['90d', '2026-08-31'],
    ['12m', '2025-11-29'],
  ] as const)('asks the service for %s from %s to today (UTC days)', (range, from) => {
    expect(rangeDates(range, NOW)).toEqual({ from, to: '2026-11-28' });
  });

  it("sums this browser's record per day and per link, the most clicked first, within the range", () => {
    const record: ClickRecord = Object.assign(Object.create(null), {
      'https://s.example/a': {
        last: 9,
        since: today - 40,
        days: [today - 40, 5, today - 1, 1, today, 2],
      },
      'https://s.example/b': { last: 4, since: today - 3, days: [today - 3, 4] },
      'https://s.example/c': { last: 0, since: today, days: [] },
    });
    const overview = localOverview(record, '7d', NOW);
    expect(overview).toMatchObject({ source: 'local', humans: 7, bots: 0, groups: {} });
    expect(overview.links).toEqual([
      { shortUrl: 'https://s.example/b', clicks: 4 },
      { shortUrl: 'https://s.example/a', clicks: 3 },
    ]);
    expect(overview.days).toHaveLength(7);
    expect(overview.days.slice(-4)).toEqual([
      { date: '2026-11-25', humans: 4, bots: 0 },
      { date: '2026-11-26', humans: 0, bots: 0 },
      { date: '2026-11-27', humans: 1, bots: 0 },
      { date: '2026-11-28', humans: 2, bots: 0 },
    ]);
    expect(localOverview(record, '90d', NOW).humans).toBe(12);
  });
});
