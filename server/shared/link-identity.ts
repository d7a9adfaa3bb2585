// The one reading of a link's identifier in a request path, `/v1/links/<domain>/<back_half>`, for
// every route that names a link (links/links-routes.ts, and the statistics below it in
// clicks/stats-routes.ts): the slash between domain and back-half comes literal or as %2F, and
// either part may be percent-encoded.
import { BACK_HALF_PATTERN } from '../../contract/limits.ts';
import { LINK_HOST_PATTERN } from '../../contract/wire.ts';
import type { DomainKey } from '../storage/storage.ts';
import type { ShortDomains } from './short-domain.ts';

const LINKS_PATH = '/v1/links/';

export type LinkIdentity = { domain: DomainKey; backHalf: string };

/** The API path of a link, as linkIdentityOf reads it back: `/v1/links/<host>/<back_half>`. */
export const linkPath = (domains: Pick<ShortDomains, 'hostOf'>, link: LinkIdentity) =>
  `${LINKS_PATH}${domains.hostOf(link.domain)}/${link.backHalf}`;

/**
 * The domain and back-half a request URL names between `/v1/links/` and `suffix` (as `/stats`),
 * or undefined when it names no link this service could hold.
 */
export function linkIdentityOf(
  url: string,
  domains: Pick<ShortDomains, 'domainOf'>,
  suffix = '',
): LinkIdentity | undefined {
  const path = new URL(url).pathname;
  if (!path.startsWith(LINKS_PATH) || !path.endsWith(suffix)) return undefined;
  const identifier = path.slice(LINKS_PATH.length, path.length - suffix.length);
  const match = /^([^/]+?)(?:\/|%2F)([^/]+)$/i.exec(identifier);
  if (!match) return undefined;
  let host: string;
  let backHalf: string;
  try {
    host = decodeURIComponent(match[1] as string);
    backHalf = decodeURIComponent(match[2] as string);
  } catch {
    return undefined;
  }
  const domain = LINK_HOST_PATTERN.test(host) ? domains.domainOf(host) : undefined;
  if (domain === undefined || !BACK_HALF_PATTERN.test(backHalf)) return undefined;
  return { domain, backHalf };
}
