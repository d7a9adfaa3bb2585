// The ranges a link's statistics are shown for, in the viewer's time zone, and the range before
// each (for the comparison). Pure: dates and instants in, the query's values out.
import { STATS_MAX_DAYS, type StatsGranularity } from '../../contract/link-stats.ts';

export const RANGE_CHOICES = ['24h', '7d', '30d', '90d', '12m', 'custom'] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

/**
 * A range as the service is asked for it: `from` and `to` ISO dates (both included) or instants
 * (`to` excluded), and `days`, the last days an older service (`?days=`) is asked for instead.
 */
export type AskedRange = { from: string; to: string; granularity: StatsGranularity; days: number };
export type RangePair = { current: AskedRange; previous: AskedRange };

/** Why a custom range cannot be asked for; the words are the page's. */
export type CustomRangeProblem = 'incomplete' | 'endBeforeStart' | 'tooLong';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The viewer's calendar date at `instant`, as YYYY-MM-DD. */
export const localDate = (instant: Date) =>
  `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The date `days` days after `date` (before, when negative): calendar arithmetic, no zone. */
export const addDays = (date: string, days: number) => dateOfDay(dayNumber(date) + days);

/** How many dates from `from` to `to`, both included. */
export const datesIn = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

const isDate = (text: string) =>
  DATE.test(text) && Number.isFinite(dayNumber(text)) && dateOfDay(dayNumber(text)) === text;

/** The first of the month `months` months before the month of `date`. */
function monthStart(date: string, monthsBefore: number): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - monthsBefore, 1));
  return first.toISOString().slice(0, 10);
}

function ofDates(from: string, to: string, granularity: StatsGranularity): AskedRange {
  return { from, to, granularity, days: Math.min(datesIn(from, to), STATS_MAX_DAYS) };
}

/** The dates' range and the as many dates just before it. */
function datesAndBefore(from: string, to: string): RangePair {
  const length = datesIn(from, to);
  return {
    current: ofDates(from, to, 'day'),
    previous: ofDates(addDays(from, -length), addDays(from, -1), 'day'),
  };
}

/** Twelve calendar months to `to` (the first month whole), at most STATS_MAX_DAYS dates. */
function twelveMonthsTo(to: string): AskedRange {
  const from = monthStart(to, 11);
  const earliest = addDays(to, -(STATS_MAX_DAYS - 1));
  return ofDates(from < earliest ? earliest : from, to, 'month');
}

/**
 * A custom range's problem, if any: both dates given and real, the end not before the start, and
 * at most STATS_MAX_DAYS dates in all.
 */
export function customRangeProblem(from: string, to: string): CustomRangeProblem | undefined {
  if (!isDate(from) || !isDate(to)) return 'incomplete';
  if (to < from) return 'endBeforeStart';
  if (datesIn(from, to) > STATS_MAX_DAYS) return 'tooLong';
  return undefined;
}

/**
 * The range a choice stands for at `now`, and the one before it. "24 hours" is the 24 UTC hours
 * to the end of the current one (hours are whole everywhere but in half-hour zones, shown shifted:
 * see shownHour). Days are the viewer's dates: the last N of them, today included; the service
 * counts by UTC day, so each date shows the clicks of the UTC day of that date. "12 months" is
 * this month and the eleven before it, in months. A custom range is undefined unless it is valid.
 */
export function rangesFor(
  choice: RangeChoice,
  now: Date,
  custom?: { from: string; to: string },
): RangePair | undefined {
  const today = localDate(now);
  switch (choice) {
    case '24h': {
      const toMs = (Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS;
      const instant = (ms: number) => new Date(ms).toISOString();
      const hours = (fromMs: number, end: number): AskedRange => ({
        from: instant(fromMs),
        to: instant(end),
        granularity: 'hour',
        days: 1,
      });
      return {
        current: hours(toMs - DAY_MS, toMs),
        previous: hours(toMs - 2 * DAY_MS, toMs - DAY_MS),
      };
    }
    case '7d':
    case '30d':
    case '90d': {
      const days = Number.parseInt(choice, 10);
      return datesAndBefore(addDays(today, -(days - 1)), today);
    }
    case '12m': {
      const current = twelveMonthsTo(today);
      return { current, previous: twelveMonthsTo(addDays(current.from, -1)) };
    }
    case 'custom':
      if (!custom || customRangeProblem(custom.from, custom.to)) return undefined;
      return datesAndBefore(custom.from, custom.to);
  }
}

/**
 * Where an hour that starts at `startMs` (UTC) is shown: the same instant in zones a whole number
 * of hours from UTC. In a zone with a half-hour (or 45-minute) offset a UTC hour straddles two
 * local hours (10:00Z is 15:30–16:30 in India), so it is shifted to the nearest whole local hour
 * (16:00): the label is that local hour, and the shift is at most half an hour.
 */
export function shownHour(startMs: number): number {
  const offsetMinutes = -new Date(startMs).getTimezoneOffset();
  const shiftMinutes = Math.round(offsetMinutes / 60) * 60 - offsetMinutes;
  return startMs + shiftMinutes * 60_000;
}

/** The local hour an hourly bucket is shown as, YYYY-MM-DDTHH:00 (see shownHour). */
export function localHour(startMs: number): string {
  const shown = new Date(shownHour(startMs));
  return `${localDate(shown)}T${pad(shown.getHours())}:00`;
}

/**
 * The change from the previous period's clicks to this one's, as a fraction (0.18 for +18 %);
 * undefined when the previous period had none, where no change can be said.
 */
export function changeOnPrevious(current: number, previous: number): number | undefined {
  if (!(previous > 0)) return undefined;
  return (current - previous) / previous;
}
