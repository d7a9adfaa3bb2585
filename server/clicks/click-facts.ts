// What a redirect's request tells the click statistics: person or bot, the referrer's host, the
// device type, browser and operating system and, with a GeoLite2-Country database, the country. Read when a batch of clicks is
// written, from what the redirect captured (click-capture.ts); nothing of the request is kept
// beyond these values. Whatever the headers hold (any size, any bytes), a request is classified.
import { isIP } from 'node:net';
import { isbot } from 'isbot';
import type { CountryResponse, Reader } from 'maxmind';
import { UAParser } from 'ua-parser-js';
import { Browser, OS } from 'ua-parser-js/enums';
import { OTHER_NAME, REFERRER_GROUPS } from '../storage/storage.ts';
import { BOT_WORDS, type RawClick, USER_AGENT_END } from './click-capture.ts';

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other';

export type ClickFacts = {
  bot: boolean;
  /**
   * The referrer's host, normalised; '' for a direct visit (or a referrer without a host);
   * REFERRER_GROUPS.ipAddress for an address.
   */
  referrer: string;
  device: DeviceType;
  /** The browser's and the operating system's names, from the parser's list, else OTHER_NAME. */
  browser: string;
  system: string;
  /** A scan of the link's QR code (see QR_MARKER): counted among the clicks and apart. */
  qrScan: boolean;
  /** ISO 3166 alpha-2 code; '' when unknown or when no database was given. */
  country: string;
  /** Global Privacy Control asked for: counted, with no breakdown and no visitor. */
  withoutBreakdown?: boolean;
};

/** Distinct User-Agents and referrer authorities remembered: parsing a User-Agent costs ~100 µs. */
export const MAX_REMEMBERED = 10_000;
/**
 * Longer values are classified each time rather than remembered, so the memory stays small: a
 * captured User-Agent is never longer.
 */
const MAX_REMEMBERED_LENGTH = 1_024;
/**
 * The part of a User-Agent the bot list reads, at its start and at its end: the list's cost grows
 * with the length (550 µs for 16 kB), and a browser's own User-Agent is shorter.
 */
const BOT_LIST_READ = USER_AGENT_END;
/**
 * The part the parser reads for the device type: its cost grows with the length too (~300 µs at
 * 512 characters), and a browser names its device and itself in the first 200 or so.
 */
const PARSER_READ = 256;
/**
 * User-Agents not remembered that the parser reads, at most, each second: ~100 µs each, 2 % of a
 * core. Real traffic brings a few new ones a second; a flood of made-up ones is counted (people or
 * bots, as the bot list says) with its device read as 'other' once they are spent.
 */
export const PARSES_PER_SECOND = 200;

/**
 * The names the parser knows: a name it reads out of the User-Agent itself (some rules do) is
 * counted as OTHER_NAME, so made-up names add no rows.
 */
const BROWSER_NAMES: ReadonlySet<string> = new Set(Object.values(Browser));
const SYSTEM_NAMES: ReadonlySet<string> = new Set(Object.values(OS));
const named = (names: ReadonlySet<string>, name: string | undefined) =>
  name !== undefined && names.has(name) ? name : OTHER_NAME;

/** `parsed` false: a person's device, browser and system not read yet, for want of a parse. */
type UserAgentFacts = {
  bot: boolean;
  device: DeviceType;
  browser: string;
  system: string;
  parsed: boolean;
};

/**
 * A Map that forgets everything when full: enough for the few distinct values real traffic has.
 * `stale`: a value remembered that is worked out again when next asked for.
 */
function memo<T>(
  compute: (key: string, stale?: T) => T,
  isStale: (value: T) => boolean = () => false,
) {
  const known = new Map<string, T>();
  const lookup = (key: string): T => {
    let value = known.get(key);
    if (value === undefined || isStale(value)) {
      value = compute(key, value);
      if (key.length > MAX_REMEMBERED_LENGTH) return value;
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(key, value);
    }
    return value;
  };
  return Object.assign(lookup, { size: () => known.size });
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

const BOT: UserAgentFacts = { bot: true, device: 'other', browser: '', system: '', parsed: true };
const person = (device: DeviceType, browser = OTHER_NAME, system = OTHER_NAME, parsed = true) => ({
  bot: false,
  device,
  browser,
  system,
  parsed,
});

/**
 * `knownPerson`: the bot list already read it (a remembered User-Agent not parsed then), so only
 * the parse is left to do.
 */
function classifyUserAgent(
  userAgent: string,
  mayParse: () => boolean,
  knownPerson: boolean,
): UserAgentFacts {
  try {
    if (!knownPerson && isBotUserAgent(userAgent)) return BOT;
    // Remembered as a person not parsed yet: the bot list is not read again.
    if (!mayParse()) return person('other', OTHER_NAME, OTHER_NAME, false);
    const parser = new UAParser(userAgent.slice(0, PARSER_READ));
    const type = parser.getDevice().type;
    const browserName = parser.getBrowser().name;
    const browser = named(BROWSER_NAMES, browserName);
    const system = named(SYSTEM_NAMES, parser.getOS().name);
    if (type === 'mobile' || type === 'tablet') return person(type, browser, system);
    // No device type is how the parser reports a desktop browser; a tool (curl) has no browser.
    return person(type === undefined && browserName ? 'desktop' : 'other', browser, system);
  } catch {
    return person('other');
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

/** A person who asked for Global Privacy Control: nothing of them but the click itself. */
const PRIVATE_PERSON: ClickFacts = {
  bot: false,
  qrScan: false,
  referrer: '',
  device: 'other',
  browser: OTHER_NAME,
  system: OTHER_NAME,
  country: '',
  withoutBreakdown: true,
};

export function createClickClassifier(
  options: {
    countries?: Reader<CountryResponse>;
    /** Milliseconds, for the parses of each second (tests stop it). */
    now?: () => number;
  } = {},
) {
  const { countries } = options;
  const now = options.now ?? Date.now;
  let second = Number.NaN;
  let parsesLeft = 0;
  const parseLeft = () => {
    const thisSecond = Math.floor(now() / 1_000);
    if (thisSecond !== second) {
      second = thisSecond;
      parsesLeft = PARSES_PER_SECOND;
    }
    return parsesLeft > 0;
  };
  const mayParse = () => parseLeft() && parsesLeft-- > 0;
  const userAgentFacts = memo<UserAgentFacts>(
    (userAgent, stale) => classifyUserAgent(userAgent, mayParse, stale !== undefined),
    // A person's User-Agent not parsed yet is parsed once a parse is left; until then it costs a
    // Map look-up, as any other remembered one, and the bot list is not read again.
    (facts) => !facts.parsed && parseLeft(),
  );
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

  const classify = (click: RawClick): ClickFacts => {
    const { bot, device, browser, system } = click.botWordInside
      ? BOT
      : userAgentFacts(click.userAgent);
    const { qrScan } = click;
    if (bot) return { bot, qrScan, referrer: '', device, browser, system, country: '' };
    if (click.gpc) return { ...PRIVATE_PERSON, qrScan };
    // Only the authority is remembered (paths vary with every page that links here).
    const authority = AUTHORITY.exec(click.referrer)?.[0] ?? '';
    return {
      bot,
      qrScan,
      referrer: authority === '' ? '' : hostOf(authority),
      device,
      browser,
      system,
      country: countries ? countryOf(click.address) : '',
    };
  };
  return Object.assign(classify, {
    /** Distinct values remembered (User-Agents, referrer authorities): bounded. */
    remembered: () => userAgentFacts.size() + hostOf.size(),
  });
}

export type ClickClassifier = ReturnType<typeof createClickClassifier>;
