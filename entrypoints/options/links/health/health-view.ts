// How the Links section shows a destination's health: a row's badge and the "Broken" filter.
import { type DestinationHealth, offersHealth } from '../../../../lib/api/link-health.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../../lib/api/service-offer.ts';
import { browserHealthOf } from '../../../../lib/health/browser-check-record.ts';
import type { BrowserCheck } from '../../../../lib/health/browser-checks.ts';

export { leadsNowhere } from '../../../../lib/api/link-health.ts';

import { messagesLanguage, t } from '../../../../lib/i18n/t.ts';

const NONE: DestinationHealth = {};

/**
 * What the section shows of a link's destination: the service's health where it offers it, else
 * what this browser found ("Check destinations"), else nothing.
 */
export function shownHealth(
  link: Link,
  offer: ServiceOffer | undefined,
  browserChecks: ReadonlyMap<string, BrowserCheck> | undefined,
): DestinationHealth {
  if (offersHealth(offer)) return link;
  return browserHealthOf(link, browserChecks) ?? NONE;
}

let words: { broken: string; unreachable: string; redirected: string };
/** Read once: a search draws every row again. */
const badgeWords = () =>
  (words ??= {
    broken: t('linkHealthBroken'),
    unreachable: t('linkHealthUnreachable'),
    redirected: t('linkHealthRedirected'),
  });

/** A row's badge: "Broken", "Unreachable" or "Redirected"; none for a destination that answers. */
export function healthBadge(
  health: DestinationHealth,
): { text: string; state: 'broken' | 'unreachable' | 'redirected' } | undefined {
  const state = health.destinationStatus;
  if (state === 'broken' || state === 'unreachable' || state === 'redirected') {
    return { text: badgeWords()[state], state };
  }
  return undefined;
}

/** The reason phrases of HTTP's status line, as servers send them (they are not translated). */
const REASON_PHRASES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "404 Not Found", or the code alone when its phrase is not a common one. */
export const statusLine = (code: number) => `${code} ${REASON_PHRASES[code] ?? ''}`.trim();

const REASON_KEYS = {
  dns: 'healthReasonDns',
  refused: 'healthReasonRefused',
  timeout: 'healthReasonTimeout',
  tls: 'healthReasonTls',
  connection: 'healthReasonConnection',
  too_many_redirects: 'healthReasonTooManyRedirects',
  bad_redirect: 'healthReasonBadRedirect',
} as const;

/** What the last check found, after "Destination checked 3 hours ago: ". */
function foundText(health: DestinationHealth): string {
  const { destinationStatus: state, destinationStatusCode: code, destinationReason } = health;
  const finalUrl = health.destinationFinalUrl;
  if (state === 'redirected' && finalUrl) {
    return health.destinationPermanent
      ? t('healthMovedPermanentlyTo', finalUrl)
      : t('healthMovedTo', finalUrl);
  }
  if (state === 'unreachable') {
    const key = destinationReason ? REASON_KEYS[destinationReason as keyof typeof REASON_KEYS] : '';
    return key ? t(key) : t('linkHealthUnreachable');
  }
  if (typeof code === 'number') return statusLine(code);
  return state === 'broken' ? t('linkHealthBroken') : t('healthAnswers');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3 hours ago", "yesterday", in the person's language. */
function ago(time: number, now: number): string {
  const relative = new Intl.RelativeTimeFormat(messagesLanguage(), { numeric: 'auto' });
  const age = Math.max(0, now - time);
  if (age < MINUTE) return relative.format(0, 'second');
  if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
  return relative.format(-Math.floor(age / DAY), 'day');
}

/**
 * The details pane's line: "Destination checked 3 hours ago: 404 Not Found", "…: moved permanently
 * to https://…", "…: its host name was not found", or "Destination not checked yet".
 */
export function healthLine(health: DestinationHealth, now: number): string {
  if (health.destinationStatus === undefined) return '';
  if (health.destinationReason === 'private_address') return t('healthPrivateAddress');
  const checkedAt = Date.parse(health.destinationCheckedAt ?? '');
  if (health.destinationStatus === 'unchecked' || Number.isNaN(checkedAt)) {
    return t('healthNotChecked');
  }
  return t('healthCheckedLine', ago(checkedAt, now), foundText(health));
}
