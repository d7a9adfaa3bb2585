// What the statistics pane shows, worked out apart from the screen: names of devices and
// countries, and the chart's title.
import type { LinkStats } from '../../../../lib/api/schemas.ts';

export type ClicksDay = LinkStats['days'][number];

export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

export const chartLabel = (days: number) => `Clicks per day, last ${days} days`;

const DEVICE_NAMES: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  other: 'Other',
};
export const deviceName = (type: string) => DEVICE_NAMES[type] ?? 'Other';

export const referrerName = (host: string | null) => host ?? 'Direct';

let regions: Intl.DisplayNames | undefined;
/** A country's name in the browser's language; the code itself when it has none. */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(undefined, { type: 'region' });
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "12 Nov" in UTC, as the days are. */
const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
export const dayName = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
