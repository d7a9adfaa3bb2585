// The overview's lists as rows to draw: names in the person's language, the most clicked first,
// the first OVERVIEW_ROWS of each.
import type { Overview } from '../../../lib/statistics/account-overview.ts';
import { countryName, deviceName, referrerRows } from '../links/stats/stats-view.ts';

/** The rows each list shows: the service answers up to 50, a glance needs fewer. */
export const OVERVIEW_ROWS = 10;

export type OverviewRow = {
  name: string;
  clicks: number;
  /** A host or a short URL: read left to right whatever the page's direction. */
  address?: boolean;
  /** A link's short URL: the row leads to its details in Links. */
  shortUrl?: string;
};

/** A short URL as the row shows it: without its scheme, as the list of links does. */
export const shownShortUrl = (shortUrl: string) => shortUrl.replace(/^https?:\/\//, '');

export type OverviewLists = {
  links: OverviewRow[];
  referrers: OverviewRow[];
  countries: OverviewRow[];
  devices: OverviewRow[];
  browsers: OverviewRow[];
  systems: OverviewRow[];
  campaigns: OverviewRow[];
};

export function overviewLists(overview: Overview): OverviewLists {
  const { groups } = overview;
  const top = <T>(rows: T[]) => rows.slice(0, OVERVIEW_ROWS);
  return {
    links: top(overview.links).map(({ shortUrl, clicks }) => ({
      name: shownShortUrl(shortUrl),
      clicks,
      address: true,
      shortUrl,
    })),
    referrers: referrerRows(groups.referrer ?? []),
    countries: top(groups.country ?? []).map(({ code, clicks }) => ({
      name: countryName(code),
      clicks,
    })),
    devices: top(groups.device ?? []).map(({ type, clicks }) => ({
      name: deviceName(type),
      clicks,
    })),
    browsers: top(groups.browser ?? []).map(({ name, clicks }) => ({ name, clicks })),
    systems: top(groups.os ?? []).map(({ name, clicks }) => ({ name, clicks })),
    campaigns: top(groups.campaign ?? []).map(({ name, clicks }) => ({ name, clicks })),
  };
}
