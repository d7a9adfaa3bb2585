// What the popup learns about the page before it shortens anything: the address without its
// tracking parameters, the links the account already has for it, and whether the page itself is
// one of the account's short links. "Shorten" waits for these, so Enter pressed the moment the
// popup opens never makes a duplicate.
import type { Account } from '../../lib/account/account.ts';
import type { Settings } from '../../lib/account/settings.ts';
import { isApiError } from '../../lib/api/errors.ts';
import type { Link } from '../../lib/api/schemas.ts';
import { defaultShortHost, shortLinkOfAccount } from '../../lib/links/short-link-of-account.ts';
import { requestLinksForPage } from '../../lib/links-upkeep.ts';

export type PageFacts = {
  /** The page's address as it will be shortened: without tracking parameters when asked. */
  destination: string;
  /** Tracking parameters taken out of `destination`. */
  removed: string[];
  /** The account's links to this page (with or without its tracking parameters). */
  existing: Link[];
  /** The account's own short link that this page is, retrieved with its clicks. */
  selfLink?: Link;
  /**
   * The page is an address of the account's short domains that no link of the account has (the
   * service's "Link not found" page): shortening it would loop, and the service refuses it.
   */
  noLink?: true;
};

const NO_LINK = 'no link';

async function withoutTracking(address: string, settings: Settings) {
  if (!settings.removeTracking) return { url: address, removed: [] };
  // Loaded on demand: the list of parameters is not part of the popup's first script.
  const { removeTrackingParameters } = await import('../../lib/links/tracking-parameters.ts');
  return removeTrackingParameters(address);
}

async function retrieveSelfLink(
  address: string,
  account: Account,
  customDomains: string[],
): Promise<Link | typeof NO_LINK | undefined> {
  const hosts = {
    defaultShortHost: defaultShortHost(account.connection.apiBaseUrl, [], customDomains),
    customDomains,
  };
  const candidate = shortLinkOfAccount(address, hosts);
  if (!candidate) return undefined;
  try {
    return await account.getLink(candidate.id);
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return NO_LINK;
    // Unreachable, or not the account's service after all: the page is shortened as any other.
    return undefined;
  }
}

const uniqueByShortUrl = (links: Link[]) => [
  ...new Map(links.map((link) => [link.shortUrl, link])).values(),
];

export async function learnPageFacts(
  pageUrl: string,
  settings: Settings,
  account: Account,
  customDomains: string[],
): Promise<PageFacts> {
  const [cleaned, self] = await Promise.all([
    withoutTracking(pageUrl, settings),
    retrieveSelfLink(pageUrl, account, customDomains),
  ]);
  const selfLink = self === NO_LINK ? undefined : self;
  const addresses = cleaned.url === pageUrl ? [pageUrl] : [cleaned.url, pageUrl];
  const existing = self
    ? []
    : uniqueByShortUrl(
        (
          await Promise.all(
            addresses.map((address) => requestLinksForPage(address, account.connection.id)),
          )
        ).flat(),
      );
  return {
    destination: cleaned.url,
    removed: cleaned.removed,
    existing,
    selfLink,
    ...(self === NO_LINK && { noLink: true }),
  };
}
