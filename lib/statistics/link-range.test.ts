import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  changeOnPrevious,
  customRangeProblem,
  localDate,
  localHour,
  rangesFor,
} from './link-range.ts';

const zoneBefore = process.env.TZ;
/** Node reads TZ again whenever it is set: each test fixes the viewer's zone it is about. */
const inZone = (zone: string) => {
  process.env.TZ = zone;
};
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe('the ranges of a link statistics', () => {
  it('asks for the last 24 whole UTC hours, this one included, and the 24 before them', () => {
    inZone('Europe/Berlin');
    const ranges = rangesFor('24h', new Date('2026-11-28T10:20:00Z'));
    expect(ranges).toEqual({
      current: {
        from: '2026-11-27T11:00:00.000Z',
        to: '2026-11-28T11:00:00.000Z',
        granularity: 'hour',
        days: 1,
      },
      previous: {
        from: '2026-11-26T11:00:00.000Z',
        to: '2026-11-27T11:00:00.000Z',
        granularity: 'hour',
        days: 1,
      },
    });
  });

  it("counts the days by the viewer's date, not UTC's", () => {
    // 01:30 on the 28th in Tokyo is still the 27th in UTC: today is the 28th.
    inZone('Asia/Tokyo');
    const tokyo = rangesFor('7d', new Date('2026-11-27T16:30:00Z'));
    expect(tokyo?.current).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
      granularity: 'day',
      days: 7,
    });
    expect(tokyo?.previous).toMatchObject({ from: '2026-11-15', to: '2026-11-21' });
    // 20:00 on the 27th in New York is the 28th in UTC: today is the 27th.
    inZone('America/New_York');
    const newYork = rangesFor('30d', new Date('2026-11-28T01:00:00Z'));
    expect(newYork?.current).toMatchObject({ from: '2026-10-29', to: '2026-11-27', days: 30 });
    expect(newYork?.previous).toMatchObject({ from: '2026-09-29', to: '2026-10-28', days: 30 });
  });

  it('keeps whole dates across a change of daylight saving time', () => {
    inZone('Europe/Berlin');
    // The clocks went back on 25 October 2026: 90 dates are still 90, none counted twice.
    const ranges = rangesFor('90d', new Date('2026-11-28T12:00:00+01:00'));
    expect(ranges?.current).toMatchObject({ from: '2026-08-31', to: '2026-11-28', days: 90 });
    expect(ranges?.previous).toMatchObject({ from: '2026-06-02', to: '2026-08-30', days: 90 });
    expect(localDate(new Date('2026-03-29T01:30:00Z'))).toBe('2026-03-29');
  });

  it('asks for twelve months by month, this one included, within 365 days', () => {
    inZone('UTC');
    const ranges = rangesFor('12m', new Date('2026-11-28T12:00:00Z'));
    expect(ranges?.current).toEqual({
      from: '2025-12-01',
      to: '2026-11-28',
      granularity: 'month',
      days: 363,
    });
    expect(ranges?.previous).toMatchObject({ from: '2024-12-01', to: '2025-11-30', days: 365 });
    // The last of February in a leap year: twelve whole months would be 366 days.
    const leap = rangesFor('12m', new Date('2028-02-29T12:00:00Z'));
    expect(leap?.current).toMatchObject({ from: '2027-03-02', to: '2028-02-29', days: 365 });
  });

  it('asks for a custom range and as many days before it', () => {
    inZone('UTC');
    const ranges = rangesFor('custom', new Date('2026-11-28T12:00:00Z'), {
      from: '2026-11-01',
      to: '2026-11-10',
    });
    expect(ranges?.current).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
      granularity: 'day',
      days: 10,
    });
    expect(ranges?.previous).toMatchObject({ from: '2026-10-22', to: '2026-10-31' });
  });

  it.each([
    ['', '2026-11-10', 'incomplete'],
    ['2026-02-30', '2026-03-02', 'incomplete'],
    ['2026-11-10', '2026-11-09', 'endBeforeStart'],
    ['2025-11-10', '2026-11-10', 'tooLong'],
  ] as const)('refuses the custom range %s to %s (%s)', (from, to, problem) => {
    expect(customRangeProblem(from, to)).toBe(problem);
    expect(rangesFor('custom', new Date(), { from, to })).toBeUndefined();
  });

  it('takes a custom range of exactly 365 days', () => {
    expect(customRangeProblem('2025-11-11', '2026-11-10')).toBeUndefined();
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('the hours as the viewer sees them', () => {
  it('shows a UTC hour as the local hour', () => {
    inZone('America/New_York');
    expect(localHour(Date.parse('2026-11-28T15:00:00Z'))).toBe('2026-11-28T10:00');
    inZone('Asia/Tokyo');
    expect(localHour(Date.parse('2026-11-28T15:00:00Z'))).toBe('2026-11-29T00:00');
  });

  it('follows a change of daylight saving time hour by hour', () => {
    inZone('Europe/Berlin');
    // 25 October 2026, 01:00Z: 03:00 summer time becomes 02:00 winter time.
    expect(localHour(Date.parse('2026-10-25T00:00:00Z'))).toBe('2026-10-25T02:00');
    expect(localHour(Date.parse('2026-10-25T01:00:00Z'))).toBe('2026-10-25T02:00');
    expect(localHour(Date.parse('2026-10-25T02:00:00Z'))).toBe('2026-10-25T03:00');
  });

  it('shifts hours to the nearest whole local hour in half-hour and 45-minute zones', () => {
    inZone('Asia/Kolkata');
    // 10:00Z is 15:30 in India: shown as 16:00.
    expect(localHour(Date.parse('2026-11-28T10:00:00Z'))).toBe('2026-11-28T16:00');
    inZone('Asia/Kathmandu');
    // 10:00Z is 15:45 in Nepal: shown as 16:00.
    expect(localHour(Date.parse('2026-11-28T10:00:00Z'))).toBe('2026-11-28T16:00');
    inZone('America/St_Johns');
    // 10:00Z is 06:30 in Newfoundland (UTC−3:30): shown as 07:00.
    expect(localHour(Date.parse('2026-11-28T10:00:00Z'))).toBe('2026-11-28T07:00');
  });
});

describe('the change against the previous period', () => {
  it.each([
    [118, 100, 0.18],
    [50, 100, -0.5],
    [100, 100, 0],
    [0, 4, -1],
  ])('%i clicks after %i is %d', (current, previous, change) => {
    expect(changeOnPrevious(current, previous)).toBeCloseTo(change);
  });

  it('says nothing when the previous period had no clicks', () => {
    expect(changeOnPrevious(5, 0)).toBeUndefined();
    expect(changeOnPrevious(0, 0)).toBeUndefined();
  });
});
