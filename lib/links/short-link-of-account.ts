// Whether an address is already a short link of the account: on its default short domain or on
// one of its custom domains, with a back-half for its only path segment.

import { BACK_HALF_PATTERN, isLoopbackHostname } from '../../contract/limits.ts';
import type { Link } from '../api/schemas.ts';
import { displayHostAndPort } from './display-host.ts';

export type AccountHosts = {
  /** Host (with port) of the service's default short domain. */
  defaultShortHost: string;
  /** Host names of the account's custom domains. */
  customDomains: readonly string[];
};

const hostOf = (address: string) => {
  try {
    return new URL(address).host.toLowerCase();
  } catch {
    return undefined;
  }
};

/**
 * The host of the service's default short domain. The interface does not tell it: it is learned
 * from the account's links (a short URL on no custom domain), else taken to be the API's own host,
 * as on the reference service (`localhost:8787` serves both).
 */
export function defaultShortHost(
  apiBaseUrl: string,
  links: readonly Pick<Link, 'shortUrl'>[],
  customDomains: readonly string[],
): string {
  const custom = new Set(customDomains.map((domain) => domain.toLowerCase()));
  for (const link of links) {
    const host = hostOf(link.shortUrl);
    if (host && !custom.has(host) && !custom.has(host.replace(/:\d+$/, ''))) return host;
  }
  return hostOf(apiBaseUrl) ?? '';
}

export type ShortLinkAddress = {
  /** The link's identifier in API paths: `<host>/<back_half>`, the host as in its short URL. */
  id: string;
  backHalf: string;
  /** The domain as the account names it: a custom domain's host name, or the default host. */
  domain: string;
};

/** The short link an address is, when it is one of the account's; undefined otherwise. */
export function shortLinkOfAccount(
  address: string,
  hosts: AccountHosts,
): ShortLinkAddress | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.host.toLowerCase();
  // A loopback custom domain borrows the default domain's port (go.localhost:8787).
  const domain =
    host === hosts.defaultShortHost.toLowerCase()
      ? hosts.defaultShortHost
      : hosts.customDomains.find(
          (custom) => custom.toLowerCase() === host || custom.toLowerCase() === url.hostname,
        );
  if (domain === undefined) return undefined;
  const backHalf = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (!backHalf || !BACK_HALF_PATTERN.test(backHalf)) return undefined;
  return { id: `${host}/${backHalf}`, backHalf, domain };
}

/**
 * A short-link host as every page shows it: with its port wherever it has one, since that is what
 * a person types (`go.localhost:8787`, `localhost:8787`, `bücher.example`), a look-alike in
 * punycode. `domain` is a custom domain as the account names it, a host from a short URL, or ""
 * for the service's default short domain (`defaultShortHost`; undefined when it is not known).
 * A loopback custom domain borrows the default host's port, as the reference service serves it
 * (server/shared/short-domain.ts): the account lists `go.localhost`, its links live on
 * `go.localhost:8787`.
 */
export function shortHostShown(domain: string, defaultShortHost?: string): string {
  if (domain === '') return defaultShortHost ? displayHostAndPort(defaultShortHost) : '';
  const defaultPort = /:\d+$/.exec(defaultShortHost ?? '')?.[0];
  const borrows = defaultPort && !/:\d*$/.test(domain) && isLoopbackHostname(domain.toLowerCase());
  return displayHostAndPort(borrows ? domain + defaultPort : domain);
}

/**
 * The service's default short domain as a choice names it by its host, when it is known: the host
 * first and the rest short (`bücher.example`, `localhost:8787`), so that a narrow select (the
 * popup's) still shows the host whole. lib/wording/link-words.ts puts it in the label.
 */
export function defaultDomainName(defaultShortHost: string | undefined): string | undefined {
  return defaultShortHost ? shortHostShown('', defaultShortHost) : undefined;
}
