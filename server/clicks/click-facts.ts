// What a redirect's request tells the click statistics: person or bot, the referrer's host, the
// device type and, with a GeoLite2-Country database, the country. Nothing of the request is kept
// beyond these values. Whatever the headers hold (any size, any bytes), a request is classified.
import type { IncomingMessage } from 'node:http';
import { isbot } from 'isbot';
import type { CountryResponse, Reader } from 'maxmind';
import { UAParser } from 'ua-parser-js';

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other';

export type ClickFacts = {
  bot: boolean;
  /** The referrer's host, normalised; '' for a direct visit (or a referrer without a host). */
  referrer: string;
  device: DeviceType;
  /** ISO 3166 alpha-2 code; '' when unknown or when no database was given. */
  country: string;
};

/** Distinct User-Agents and referrer authorities remembered: parsing a User-Agent costs ~30 µs. */
const MAX_REMEMBERED = 10_000;
/** Longer User-Agents are read up to here: no browser sends more, and parsing cost grows with it. */
const MAX_USER_AGENT_READ = 512;

/** A Map that forgets everything when full: enough for the few distinct values real traffic has. */
function memo<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

function classifyUserAgent(userAgent: string): { bot: boolean; device: DeviceType } {
  try {
    const read = userAgent.slice(0, MAX_USER_AGENT_READ);
    if (read === '' || isbot(read)) return { bot: read !== '', device: 'other' };
    const parsed = UAParser(read);
    const type = parsed.device.type;
    if (type === 'mobile' || type === 'tablet') return { bot: false, device: type };
    // No device type is how the parser reports a desktop browser; a tool (curl) has no browser.
    if (type === undefined && parsed.browser.name) return { bot: false, device: 'desktop' };
    return { bot: false, device: 'other' };
  } catch {
    return { bot: false, device: 'other' };
  }
}

/** `scheme://[userinfo@]host[:port]`: the authority, up to the path, query or fragment. */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i;

/**
 * The referrer's host: lower case, punycode, without user information or the default port of its
 * scheme; '' when there is none to read.
 */
export function referrerHost(referrer: string): string {
  try {
    const match = AUTHORITY.exec(referrer.slice(0, 2_048));
    if (!match?.[1]) return '';
    const scheme = referrer.slice(0, referrer.indexOf(':')).toLowerCase();
    // The URL parser of an http(s) address does what a host needs (lower case, punycode, Latin-1
    // read as such, the scheme's default port dropped); other schemes' hosts are read as http's.
    const url = new URL(`${scheme === 'https' ? 'https' : 'http'}://${match[1]}/`);
    // Longer is no host name (RFC 1035): made up, and not worth a row.
    return url.hostname.length > 253 ? '' : url.host;
  } catch {
    return '';
  }
}

export function createClickClassifier(
  options: {
    countries?: Reader<CountryResponse>;
    /** The client's address, as the API's limits see it (trusted proxies considered). */
    addressOf?: (req: IncomingMessage) => string;
  } = {},
) {
  const { countries, addressOf = (req) => req.socket.remoteAddress ?? '' } = options;
  const userAgentFacts = memo(classifyUserAgent);
  const hostOf = memo(referrerHost);
  const countryOf = (address: string): string => {
    if (!countries || address === '') return '';
    try {
      const code = countries.get(address)?.country?.iso_code;
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : '';
    } catch {
      return '';
    }
  };

  return (req: IncomingMessage): ClickFacts => {
    const { bot, device } = userAgentFacts(String(req.headers['user-agent'] ?? ''));
    // Only the authority is remembered (paths vary with every page that links here).
    const referer = String(req.headers.referer ?? '');
    const authority = AUTHORITY.exec(referer.slice(0, 2_048))?.[0] ?? '';
    return {
      bot,
      referrer: authority === '' ? '' : hostOf(authority),
      device,
      country: bot || !countries ? '' : countryOf(addressOf(req)),
    };
  };
}

export type ClickClassifier = ReturnType<typeof createClickClassifier>;
