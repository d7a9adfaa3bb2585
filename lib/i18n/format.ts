// Numbers and dates in the person's language, through Intl: never built from pieces.
import { dateTimeFormat, numberFormat } from './intl-cache.ts';
import { uiLanguage } from './t.ts';

export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  numberFormat(uiLanguage(), options).format(value);

export const formatDate = (date: Date, options?: Intl.DateTimeFormatOptions): string =>
  dateTimeFormat(uiLanguage(), options ?? { dateStyle: 'medium' }).format(date);

/** "3 days ago", "in 2 hours": the largest whole unit that fits. */
export function formatRelative(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(uiLanguage(), { numeric: 'auto' }).format(
    Math.round(seconds / size),
    unit,
  );
}
