import { isLoopbackHostname } from '../../contract/limits.ts';
import { DEFAULT_DOMAIN, type DomainKey } from '../storage/storage.ts';

function parseHost(host: string): { hostname: string; port: string } | undefined {
  try {
    const url = new URL(`http://${host.trim().toLowerCase()}`);
    if (url.pathname !== '/' || url.username || url.search) return undefined;
    return { hostname: url.hostname.replace(/\.$/, ''), port: url.port };
  } catch {
    return undefined;
  }
}

/**
 * Short URLs and the hosts they live on. The default short domain may carry a port
 * (`localhost:8787`); custom domains are bare hosts. A loopback custom domain (`go.localhost`)
 * borrows the default domain's port, so custom domains work on a laptop too.
 */
export function createShortDomains(shortDomain: string) {
  const main = parseHost(shortDomain);
  if (!main) throw new Error(`Invalid short domain: ${shortDomain}`);
  const defaultHost = main.port ? `${main.hostname}:${main.port}` : main.hostname;
  const schemeOf = (hostname: string) => (isLoopbackHostname(hostname) ? 'http' : 'https');

  return {
    defaultHost,

    /** The host (with port where needed) that short URLs on this domain use. */
    hostOf(domain: DomainKey): string {
      if (domain === DEFAULT_DOMAIN) return defaultHost;
      return isLoopbackHostname(domain) && main.port ? `${domain}:${main.port}` : domain;
    },

    shortUrl(domain: DomainKey, backHalf: string): string {
      const hostname = domain === DEFAULT_DOMAIN ? main.hostname : domain;
      return `${schemeOf(hostname)}://${this.hostOf(domain)}/${backHalf}`;
    },

    /**
     * The domain key a host names (a Host header, the host part of a link identifier, or a
     * `domain` field): the default domain by its host with or without port, else the bare host.
     */
    domainOf(host: string): DomainKey | undefined {
      const parsed = parseHost(host);
      if (!parsed) return undefined;
      return parsed.hostname === main.hostname ? DEFAULT_DOMAIN : parsed.hostname;
    },
  };
}

export type ShortDomains = ReturnType<typeof createShortDomains>;
