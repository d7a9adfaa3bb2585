// The Links section's "Show" menu: all links, or only those in one state that a capability names
// (ended links, broken destinations…). Each capability adds its entry to SHOW_FILTERS; the menu
// offers an entry only where the account's service offers what it reads, with its count.
import { offersHealth } from '../../../lib/api/link-health.ts';
import { offeredLifecycle } from '../../../lib/api/link-lifecycle.ts';
import { isProtected, PROTECTED_FIELD } from '../../../lib/api/link-password.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../lib/api/service-offer.ts';
import { offersLinkField } from '../../../lib/api/service-offer.ts';
import type { BrowserCheck } from '../../../lib/health/browser-checks.ts';
import { formatNumber } from '../../../lib/i18n/format.ts';
import { t } from '../../../lib/i18n/t.ts';
import { hasEnded } from '../../../lib/links/link-end.ts';
import { leadsNowhere, shownHealth } from './health/health-view.ts';

/** What a filter knows besides the link: the account's offer, and the list's clock. */
export type ShowContext = {
  offer: ServiceOffer | undefined;
  now: number;
  /** What this browser found of the destinations, where the service does not check them. */
  browserChecks?: ReadonlyMap<string, BrowserCheck>;
};

export type ShowFilter = {
  /** Its value in the menu. */
  id: string;
  /** Its name in the menu, before its count. */
  label: () => string;
  /** Whether the account's service (or this browser) has what the filter reads. */
  offered: (offer: ServiceOffer | undefined, context?: ShowContext) => boolean;
  /** Whether the link is one the filter keeps. */
  keeps: (link: Link, context: ShowContext) => boolean;
};

export const SHOW_FILTERS: readonly ShowFilter[] = [
  {
    id: 'expired',
    label: () => t('linksShowExpired'),
    offered: (offer) =>
      offersLinkField(offer, 'expires_at') || offersLinkField(offer, 'max_clicks'),
    // Most links have no end: they are passed over without reading the offer (20,000 a count).
    keeps: (link, { offer, now }) =>
      (typeof link.expiresAt === 'string' || typeof link.maxClicks === 'number') &&
      hasEnded(offeredLifecycle(link, offer), link.clicks, now),
  },
  {
    id: 'broken',
    label: () => t('linksShowBroken'),
    offered: (offer, context) => offersHealth(offer) || (context?.browserChecks?.size ?? 0) > 0,
    keeps: (link, { offer, browserChecks }) =>
      leadsNowhere(shownHealth(link, offer, browserChecks)),
  },
  {
    id: 'protected',
    label: () => t('linksShowProtected'),
    offered: (offer) => offersLinkField(offer, PROTECTED_FIELD),
    keeps: (link, { offer }) => isProtected(link, offer),
  },
];

/**
 * The filters this account's service offers, each with how many of `links` it keeps and its words
 * in the menu ("Expired (3)"): worked out with the counts, once a list, not at every render.
 */
export function offeredFilters(
  links: readonly Link[],
  context: ShowContext,
): { filter: ShowFilter; count: number; text: string }[] {
  return SHOW_FILTERS.filter((filter) => filter.offered(context.offer, context)).map((filter) => {
    let count = 0;
    for (const link of links) if (filter.keeps(link, context)) count++;
    return { filter, count, text: t('linksShowCount', filter.label(), formatNumber(count)) };
  });
}

/** The links the chosen filter keeps; all of them when none is chosen (or it is not offered). */
export function keptBy(links: readonly Link[], id: string, context: ShowContext): readonly Link[] {
  const filter = SHOW_FILTERS.find((entry) => entry.id === id);
  if (!filter?.offered(context.offer, context)) return links;
  return links.filter((link) => filter.keeps(link, context));
}
