// What a redirect keeps of its request for the click statistics: the few header strings and the
// client's address, cut to a bound, and nothing worked out. Reading them (person or bot, device,
// referrer host, country, the visitor) waits for the batch's write (click-facts.ts, visitors.ts),
// so a redirect costs no parse, no lookup and no hash.
import type { IncomingMessage } from 'node:http';
import { QR_MARKER } from '../../contract/link-stats.ts';

/** One click's request as the statistics will read it. */
export type RawClick = {
  /**
   * The User-Agent; past USER_AGENT_HELD characters, its first and last USER_AGENT_END only (the
   * parts the bot list and the parser read).
   */
  userAgent: string;
  /** Whether the middle left out of a long User-Agent names a bot (BOT_WORDS). */
  botWordInside: boolean;
  /** The Referer, its first REFERRER_HELD characters (an authority is far shorter). */
  referrer: string;
  /** Whether the short URL's query carries the QR code's marker (QR_MARKER). */
  qrScan: boolean;
  /**
   * `Sec-GPC: 1` (Global Privacy Control): the click is counted among the people or bots of its
   * day and hour, with no breakdown and no visitor.
   */
  gpc: boolean;
  /**
   * The client's address, its first ADDRESS_HELD characters: read at the batch's write for the
   * country and the visitor's mark, never logged and never stored (see visitors.ts).
   */
  address: string;
  /**
   * The characters the strings above may keep in memory (a cut string can keep its whole header):
   * what the click counter bounds.
   */
  heldChars: number;
};

export const USER_AGENT_END = 512;
export const USER_AGENT_HELD = 2 * USER_AGENT_END;
export const REFERRER_HELD = 2_048;
/** An IPv6 address in full, with an IPv4 tail, is 45 characters; a proxy may add anything. */
export const ADDRESS_HELD = 64;

/**
 * Words that mark a bot in the middle of a long User-Agent, where the bot list does not read: a
 * plain scan, a few µs for the 16 kB a request's headers may hold, and only for those longer than
 * USER_AGENT_HELD.
 */
export const BOT_WORDS = /bot|crawl|spider|slurp|https?:\/\//i;

const QR_IN_QUERY = new RegExp(`[?&]${QR_MARKER.name}=${QR_MARKER.value}(?:&|$)`);

/** A query parameter's name, as `--no-track-param` takes it: no character a query escapes. */
export const TRACK_PARAM_NAME = /^[A-Za-z0-9_.~-]{1,64}$/;

export function createClickCapture(options: {
  /** The client's address, as the API's limits see it. */
  addressOf: (req: IncomingMessage) => string;
  /**
   * A query parameter by which a visitor opts out (`--no-track-param`): such a click is counted
   * in the link's clicks and in no statistics, so nothing of it is captured.
   */
  noTrackParam?: string;
}) {
  const { addressOf, noTrackParam } = options;
  const optedOut =
    noTrackParam === undefined
      ? undefined
      : new RegExp(`[?&]${noTrackParam.replaceAll('.', '\\.')}(?:[=&]|$)`);
  /** Nothing when the request opts out of the statistics. */
  return (req: IncomingMessage): RawClick | undefined => {
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    if (optedOut && queryAt !== -1 && optedOut.test(url.slice(queryAt))) return undefined;
    let userAgent = req.headers['user-agent'] ?? '';
    const referrer = req.headers.referer ?? '';
    let address = addressOf(req);
    if (address.length > ADDRESS_HELD) address = address.slice(0, ADDRESS_HELD);
    const heldChars = userAgent.length + referrer.length + address.length;
    let botWordInside = false;
    if (userAgent.length > USER_AGENT_HELD) {
      // From 16 characters before the end of the start, as the bot list reads it: a word cut there.
      botWordInside = BOT_WORDS.test(
        userAgent.slice(USER_AGENT_END - 16, userAgent.length - USER_AGENT_END + 16),
      );
      userAgent = userAgent.slice(0, USER_AGENT_END) + userAgent.slice(-USER_AGENT_END);
    }
    return {
      userAgent,
      botWordInside,
      qrScan: queryAt !== -1 && QR_IN_QUERY.test(url.slice(queryAt)),
      referrer: referrer.length > REFERRER_HELD ? referrer.slice(0, REFERRER_HELD) : referrer,
      address,
      gpc: req.headers['sec-gpc'] === '1',
      heldChars,
    };
  };
}

export type ClickCapture = ReturnType<typeof createClickCapture>;
