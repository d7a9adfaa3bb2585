// What a redirect's request tells the click statistics: person or bot, the referrer's host, the
// device type and, with a GeoLite2-Country database, the country. Nothing of the request is kept
// beyond these values. Whatever the headers hold (any size, any bytes), a request is classified.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { isbot } from 'isbot';
import type { CountryResponse, Reader } from 'maxmind';
import { UAParser } from 'ua-parser-js';
import { REFERRER_GROUPS } from '../storage/storage.ts';

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other';

export type ClickFacts = {
  bot: boolean;
  /**
   * The referrer's host, normalised; '' for a direct visit (or a referrer without a host);
   * REFERRER_GROUPS.ipAddress for an address.
   */
  referrer: string;
  device: DeviceType;
  /** ISO 3166 alpha-2 code; '' when unknown or when no database was given. */
  country: string;
};

/** Distinct User-Agents and referrer authorities remembered: parsing a User-Agent costs ~100 µs. */
const MAX_REMEMBERED = 10_000;
/** Longer values are classified each time rather than remembered, so the memory stays small. */
const MAX_REMEMBERED_LENGTH = 1_024;
/**
 * The part of a User-Agent the bot list reads, at its start and at its end: the list's cost grows
 * with the length (550 µs for 16 kB), and a browser's own User-Agent is shorter.
 */
const BOT_LIST_READ = 512;
/**
 * The part the parser reads for the device type: its cost grows with the length too (~300 µs at
 * 512 characters), and a browser names its device and itself in the first 200 or so.
 */
const PARSER_READ = 256;
/**
 * Words that mark a bot in the middle of a long User-Agent, where the bot list does not read: a
 * plain scan, a few µs for the 16 kB a request's headers may hold.
 */
const BOT_WORDS = /bot|crawl|spider|slurp|https?:\/\//i;
/**
 * User-Agents not remembered that the parser reads, at most, each second: ~100 µs each, 2 % of a
 * core. Real traffic brings a few new ones a second; a flood of made-up ones is counted (people or
 * bots, as the bot list says) with its device read as 'other' once they are spent.
 */
export const PARSES_PER_SECOND = 200;

type UserAgentFacts = { bot: boolean; device: DeviceType };
/** A person's device when no parse is left this second: counted, and not remembered. */
const UNPARSED: UserAgentFacts = { bot: false, device: 'other' };

/**
 * A Map that forgets everything when full: enough for the few distinct values real traffic has.
 * `unremembered`: a value computed but not kept (it is worked out again next time).
 */
function memo<T>(compute: (key: string) => T, unremembered?: T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (key.length > MAX_REMEMBERED_LENGTH || value === unremembered) return value;
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

function isBotUserAgent(userAgent: string): boolean {
  // No User-Agent is no browser: a script, a prefetcher or a proxy that strips it. The statistics
  // count people and bots, and what cannot be told to be a person is not counted as one.
  if (userAgent.trim() === '') return true;
  if (isbot(userAgent.slice(0, BOT_LIST_READ))) return true;
  if (userAgent.length <= BOT_LIST_READ) return false;
  // Past the start only: a marker there was the bot list's to find (a Cubot phone is no bot).
  return (
    isbot(userAgent.slice(-BOT_LIST_READ)) || BOT_WORDS.test(userAgent.slice(BOT_LIST_READ - 16))
  );
}

function classifyUserAgent(userAgent: string, mayParse: () => boolean): UserAgentFacts {
  try {
    if (isBotUserAgent(userAgent)) return { bot: true, device: 'other' };
    if (!mayParse()) return UNPARSED;
    const parser = new UAParser(userAgent.slice(0, PARSER_READ));
    const type = parser.getDevice().type;
    if (type === 'mobile' || type === 'tablet') return { bot: false, device: type };
    // No device type is how the parser reports a desktop browser; a tool (curl) has no browser.
    if (type === undefined && parser.getBrowser().name) return { bot: false, device: 'desktop' };
    return { bot: false, device: 'other' };
  } catch {
    return { bot: false, device: 'other' };
  }
}

/** `scheme://[userinfo@]host[:port]`: the authority, up to the path, query or fragment. */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i;

/**
 * The referrer's host: lower case, punycode, without user information or the default port of its
 * scheme; '' when there is none to read; REFERRER_GROUPS.ipAddress for an IP address (in any of
 * the forms the URL parser reads as one: `0x7f.1`, `2130706433`, `[::1]`).
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
    if (url.hostname.length > 253) return '';
    return isIP(url.hostname.replace(/^\[|\]$/g, '')) ? REFERRER_GROUPS.ipAddress : url.host;
  } catch {
    return '';
  }
}

export function createClickClassifier(
  options: {
    countries?: Reader<CountryResponse>;
    /** The client's address, as the API's limits see it (trusted proxies considered). */
    addressOf?: (req: IncomingMessage) => string;
    /** Milliseconds, for the parses of each second (tests stop it). */
    now?: () => number;
  } = {},
) {
  const { countries, addressOf = (req) => req.socket.remoteAddress ?? '' } = options;
  const now = options.now ?? Date.now;
  let second = Number.NaN;
  let parsesLeft = 0;
  const mayParse = () => {
    const thisSecond = Math.floor(now() / 1_000);
    if (thisSecond !== second) {
      second = thisSecond;
      parsesLeft = PARSES_PER_SECOND;
    }
    return parsesLeft-- > 0;
  };
  const userAgentFacts = memo((userAgent) => classifyUserAgent(userAgent, mayParse), UNPARSED);
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
