// What the statistics pane shows, worked out apart from the screen: names of devices and
// countries, and the chart's title.
import type { LinkStats } from '../../../../lib/api/schemas.ts';
import { formatDate } from '../../../../lib/i18n/format.ts';
import { type MessageKey, plural, t, uiLanguage } from '../../../../lib/i18n/t.ts';

export type ClicksDay = LinkStats['days'][number];

export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

export const chartLabel = (days: number) => plural('statsChartLabel', days);

const DEVICE_NAMES: Record<string, MessageKey> = {
  desktop: 'statsDeviceDesktop',
  mobile: 'statsDeviceMobile',
  tablet: 'statsDeviceTablet',
  other: 'statsDeviceOther',
};
export const deviceName = (type: string) => t(DEVICE_NAMES[type] ?? 'statsDeviceOther');

/** The referrer of clicks that came with none. */
export const directName = () => t('statsDirect');

let regions: Intl.DisplayNames | undefined;
/** A country's name in the browser's language; the code itself when it has none. */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(uiLanguage(), { type: 'region' });
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "12 Nov" in UTC, as the days are, in the browser's language. */
export const dayName = (date: string | Date) =>
  formatDate(typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
