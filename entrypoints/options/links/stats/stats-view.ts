// What the statistics pane shows, worked out apart from the screen: names of referrers, devices
// and countries, and days.
import type { LinkStats } from '../../../../lib/api/schemas.ts';
import { formatDate } from '../../../../lib/i18n/format.ts';
import { type MessageKey, t, uiLanguage } from '../../../../lib/i18n/t.ts';

const DEVICE_NAMES: Record<string, MessageKey> = {
  desktop: 'statsDeviceDesktop',
  mobile: 'statsDeviceMobile',
  tablet: 'statsDeviceTablet',
  other: 'statsDeviceOther',
};
export const deviceName = (type: string) => t(DEVICE_NAMES[type] ?? 'statsDeviceOther');

/** The referrers the pane names; the clicks of the others are one row, last. */
export const REFERRERS_SHOWN = 10;

type Referrer = LinkStats['referrers'][number];

export type ReferrerRow = {
  name: string;
  clicks: number;
  /** A host: read left to right whatever the page's direction. */
  address: boolean;
};

const GROUP_NAMES: Record<Exclude<Referrer['kind'], 'host'>, MessageKey> = {
  direct: 'statsDirect',
  ip_address: 'statsReferrerIpAddress',
  other: 'statsReferrerOther',
};

/**
 * The REFERRERS_SHOWN most clicked referrers as rows, then the others (those past them and the
 * service's own "other") as one row: however many a service answers, the pane stays short.
 */
export function referrerRows(referrers: Referrer[]): ReferrerRow[] {
  const named = referrers
    .filter((referrer) => referrer.kind !== 'other')
    .sort((a, b) => b.clicks - a.clicks);
  let others = 0;
  for (const referrer of referrers) if (referrer.kind === 'other') others += referrer.clicks;
  for (const referrer of named.slice(REFERRERS_SHOWN)) others += referrer.clicks;
  const rows = named.slice(0, REFERRERS_SHOWN).map(({ host, kind, clicks }) => ({
    name:
      kind === 'host' && host !== null ? host : t(GROUP_NAMES[kind === 'host' ? 'other' : kind]),
    clicks,
    address: kind === 'host',
  }));
  if (others > 0) rows.push({ name: t(GROUP_NAMES.other), clicks: others, address: false });
  return rows;
}

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
