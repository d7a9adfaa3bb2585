// What the service refuses as a destination beyond the shared field rules of contract/wire.ts:
// its own short links (a loop), and the hosts of an optional blocklist file.
import { readFileSync, statSync } from 'node:fs';
import { BACK_HALF_PATTERN } from '../../contract/limits.ts';
import type { ShortDomains } from '../shared/short-domain.ts';

export class BlockedHostsError extends Error {
  override name = 'BlockedHostsError';
}

/** Why a destination is refused: a loop is an invalid field, a blocked host has its own code. */
export type DestinationRefusal = { kind: 'loop' | 'blocked'; message: string };

const bareHost = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');

/**
 * The hosts of a blocklist file: one host a line, or `*.example.com` for that host and every
 * host under it; blank lines and `#` comments are skipped. Hosts are read as the URL parser reads
 * them (lower case, international names in punycode), so they match a parsed destination.
 */
export function parseBlockedHosts(text: string, file: string) {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const [index, rawLine] of text.split(/\r?\n/).entries()) {
    const line = rawLine.replace(/#.*/, '').trim();
    if (!line) continue;
    const wildcard = line.startsWith('*.');
    let hostname: string;
    try {
      hostname = bareHost(new URL(`http://${wildcard ? line.slice(2) : line}/`).hostname);
    } catch {
      hostname = '';
    }
    if (!hostname || /[/@:]/.test(wildcard ? line.slice(2) : line)) {
      throw new BlockedHostsError(
        `${file}, line ${index + 1}: "${line}" is not a host name (write one host, or *.example.com, a line).`,
      );
    }
    if (wildcard) suffixes.push(hostname);
    else exact.add(hostname);
  }
  return {
    /** The blocklist entry that matches this host, if any. */
    match(hostname: string): string | undefined {
      const host = bareHost(hostname);
      if (exact.has(host)) return host;
      const suffix = suffixes.find((entry) => host === entry || host.endsWith(`.${entry}`));
      return suffix === undefined ? undefined : `*.${suffix}`;
    },
    size: exact.size + suffixes.length,
  };
}

type BlockedHosts = ReturnType<typeof parseBlockedHosts>;

/**
 * The blocklist file, read at start-up (a missing or malformed file stops the start) and read again
 * whenever its modification time or size changes: one stat per checked destination, so an edit
 * takes effect on the next request. A file that turns bad later keeps the last good list.
 */
export function watchBlockedHosts(file: string, onReloadError: (message: string) => void) {
  const versionOf = () => {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  };
  const read = () => parseBlockedHosts(readFileSync(file, 'utf8'), file);
  let version: string;
  let hosts: BlockedHosts;
  try {
    version = versionOf();
    hosts = read();
  } catch (error) {
    if (error instanceof BlockedHostsError) throw error;
    throw new BlockedHostsError(
      `The blocked hosts file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? error}): check the path given to --blocked-hosts.`,
    );
  }
  return {
    current(): BlockedHosts {
      try {
        const now = versionOf();
        if (now !== version) {
          version = now;
          hosts = read();
        }
      } catch (error) {
        onReloadError(
          `The blocked hosts file could not be read again; the last good list stays in force: ${error instanceof Error ? error.message : error}`,
        );
      }
      return hosts;
    },
    /** Reads the file now, changed or not (SIGHUP); a bad file leaves the last good list. */
    reload(): void {
      version = '';
      this.current();
    },
  };
}

/** Whether a path is one a redirect answers: a single segment shaped like a back-half. */
function isBackHalfPath(pathname: string): boolean {
  let segment: string;
  try {
    segment = decodeURIComponent(pathname.slice(1));
  } catch {
    return false;
  }
  return BACK_HALF_PATTERN.test(segment);
}

export type DestinationRules = ReturnType<typeof createDestinationRules>;

export function createDestinationRules(deps: {
  domains: ShortDomains;
  isCustomDomain(host: string): Promise<boolean>;
  blockedHosts?: { current(): BlockedHosts };
}) {
  const { domains } = deps;
  const [defaultHostname, defaultPort] = (() => {
    const url = new URL(`http://${domains.defaultHost}/`);
    return [url.hostname, url.port];
  })();

  /** Whether a destination's host serves this service's short links. */
  const isShortLinkHost = async (url: URL): Promise<boolean> => {
    const hostname = bareHost(url.hostname);
    if (hostname === defaultHostname) {
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      return defaultPort === '' || defaultPort === port;
    }
    return await deps.isCustomDomain(hostname);
  };

  return {
    /** Whether an address is on a host that serves this service's short links, whatever its path. */
    isOnShortLinkHost: (address: string) => isShortLinkHost(new URL(address)),

    /**
     * Checks a destination already normalised by the contract's DestinationUrl, or another address
     * a visitor is sent to (after expiry, a domain's fallbacks), named by `named` in the message.
     */
    async refusal(destination: string, named?: string): Promise<DestinationRefusal | undefined> {
      const what = named ?? 'The destination URL';
      const url = new URL(destination);
      // Only an address a redirect answers (`/<back-half>`) is a short link: the root of a brand
      // domain, or any other page on the service's host, leads nowhere else.
      if (isBackHalfPath(url.pathname) && (await isShortLinkHost(url))) {
        return {
          kind: 'loop',
          message: `${what} is a short link of this service (${url.host}): a link to it would loop. Give the address it leads to instead.`,
        };
      }
      const entry = deps.blockedHosts?.current().match(url.hostname);
      if (entry !== undefined) {
        const host = bareHost(url.hostname);
        return {
          kind: 'blocked',
          message: named
            ? `${what} leads to ${host}, and links to ${host} are not allowed on this service (blocked as ${entry}).`
            : `Links to ${host} are not allowed on this service (blocked as ${entry}).`,
        };
      }
      return undefined;
    },
  };
}
