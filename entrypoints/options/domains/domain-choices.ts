// What the options page's Domains and Preferences sections decide, apart from drawing it.

import type { Domain } from '../../../lib/api/schemas.ts';
import { uiLanguage } from '../../../lib/i18n/t.ts';
import { shortHostShown } from '../../../lib/links/short-link-of-account.ts';
import { type Settings, saveAccount } from '../../../lib/settings/settings.ts';
import { defaultDomainLabel } from '../../../lib/wording/link-words.ts';

export type DomainChoice = {
  /** The host saved as the account's defaultDomain; "" is the service's default short domain. */
  value: string;
  label: string;
  /** When the domain was added, as an ISO date-time; "" when the service did not say. */
  createdAt: string;
  /** A saved choice the account no longer lists. */
  missing: boolean;
};

const byHost = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The domains to choose from: the default short domain first, the account's custom domains by
 * name, and a saved choice the account no longer has, so that it stays visible and can be changed.
 */
export function domainChoices(
  domains: readonly Domain[],
  chosen: string,
  /** The default short domain's host, to name it; see lib/links/short-link-of-account.ts. */
  defaultShortHost?: string,
): DomainChoice[] {
  const seen = new Set<string>();
  const custom: DomainChoice[] = [];
  for (const domain of domains) {
    if (domain.domain === '' || seen.has(domain.domain)) continue;
    seen.add(domain.domain);
    custom.push({
      value: domain.domain,
      label: shortHostShown(domain.domain, defaultShortHost),
      createdAt: domain.createdAt,
      missing: false,
    });
  }
  custom.sort((a, b) => byHost.compare(a.value, b.value));
  const choices: DomainChoice[] = [
    { value: '', label: defaultDomainLabel(defaultShortHost), createdAt: '', missing: false },
    ...custom,
  ];
  if (chosen !== '' && !seen.has(chosen)) {
    choices.push({
      value: chosen,
      label: shortHostShown(chosen, defaultShortHost),
      createdAt: '',
      missing: true,
    });
  }
  return choices;
}

/** The day of an ISO date-time in the person's time zone (or the one given), or "" if unknown. */
export function formatAddedDate(
  createdAt: string,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const time = Date.parse(createdAt);
  if (createdAt === '' || Number.isNaN(time)) return '';
  return new Date(time).toLocaleDateString(options.locale ?? uiLanguage(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: options.timeZone,
  });
}

/**
 * Saves the domain new links go to. The popup offers the last domain used before the default, so
 * the remembered one is forgotten: a default chosen here must show in the popup next time.
 */
export function saveDefaultDomain(accountId: string, domain: string): Promise<Settings> {
  return saveAccount(accountId, { defaultDomain: domain, lastDomain: undefined });
}
