// Pure helpers of the Links section: counts, dates, how a row shows a link, edits in the list.
import type { ListSnapshot } from '../../../lib/account/snapshot.ts';
import type { LinkLifecycle } from '../../../lib/api/link-lifecycle.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { formatNumber } from '../../../lib/i18n/format.ts';
import { messagesLanguage, plural, t, uiLanguage } from '../../../lib/i18n/t.ts';
import { displayHostAndPort } from '../../../lib/links/display-host.ts';
import { hasEnded } from '../../../lib/links/link-end.ts';

/** "1 link", "12,345 links", or with a search active "12 of 12,345 links". */
export function linkCount(shown: number, total: number): string {
  if (shown === total) return plural('linksCount', total);
  return plural('linksCountOf', total, formatNumber(shown));
}

/**
 * The Links section's count line for the list as it stands: a first screen or a paged list on its
 * way ("Loading links… 60 of 20,000", or "… 1,240 so far" while the answer arrives), the links
 * shown of all, or nothing yet.
 */
export function listCountText(list: ListSnapshot<readonly Link[]>, shown: number): string {
  if (list.value && list.partOf !== undefined) {
    const loaded = Math.max(list.value.length, list.partOf.loaded ?? 0);
    return loadingCount({ loaded, total: list.partOf.total });
  }
  if (list.progress && list.loading) return loadingCount(list.progress);
  if (list.value) return linkCount(shown, list.value.length);
  return list.loading ? t('linksLoading') : '';
}

/** A paged list on its way: "Loading links… 2,000 of 5,000", or without a total, "… 2,000 so far". */
export function loadingCount({ loaded, total }: { loaded: number; total?: number }): string {
  return total === undefined
    ? t('linksLoadingSoFar', formatNumber(loaded))
    : t('linksLoadingOf', formatNumber(loaded), formatNumber(total));
}

/**
 * The formatters every row uses, made once per UI language: a scroll shows other links in the
 * rows' elements many times a second, and making an Intl formatter costs about 0.1 ms.
 */
let rowFormats:
  | {
      language: string;
      relative: Intl.RelativeTimeFormat;
      fullDate: Intl.DateTimeFormat;
      shortDate: Intl.DateTimeFormat;
      number: Intl.NumberFormat;
      plural: Intl.PluralRules;
    }
  | undefined;
function formats() {
  const language = uiLanguage();
  if (rowFormats?.language !== language) {
    rowFormats = {
      language,
      relative: new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
      fullDate: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
      shortDate: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
      number: new Intl.NumberFormat(language),
      plural: new Intl.PluralRules(messagesLanguage()),
    };
  }
  return rowFormats;
}

/** "1 click", "12,345 clicks": as plural('linksClicks', count), with the formatters made once. */
export function clicksText(count: number): string {
  const { number, plural: rules } = formats();
  const category = rules.select(count);
  const key = `linksClicks_${category}` as 'linksClicks_other';
  return t(key, number.format(count)) || t('linksClicks_other', number.format(count));
}

/** A number of clicks on its own, written the person's way. */
export const clicksNumber = (count: number): string => formats().number.format(count);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A creation date as people read it: relative within a week, else the date; "" when unknown. */
export function createdLabel(iso: string, now: number): { text: string; full: string } {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return { text: '', full: '' };
  const { relative, fullDate, shortDate } = formats();
  const full = fullDate.format(time);
  const age = now - time;
  if (age < 0 || age >= 7 * DAY) return { text: shortDate.format(time), full };
  if (age < MINUTE) return { text: relative.format(0, 'second'), full };
  if (age < HOUR) return { text: relative.format(-Math.floor(age / MINUTE), 'minute'), full };
  if (age < DAY) return { text: relative.format(-Math.floor(age / HOUR), 'hour'), full };
  return { text: relative.format(-Math.floor(age / DAY), 'day'), full };
}

/**
 * When a link ends, as its row says it: "Expired", "Expires in 3 days" (the shared relative format,
 * so a search's redraw of every row builds no Intl object), or "" when it has no end ahead.
 */
export function endLabel(lifecycle: LinkLifecycle, clicks: number, now: number): string {
  if (hasEnded(lifecycle, clicks, now)) return t('linkExpired');
  const left =
    typeof lifecycle.expiresAt === 'string' ? Date.parse(lifecycle.expiresAt) - now : NaN;
  if (Number.isNaN(left)) return '';
  const [unit, size] =
    left >= DAY
      ? (['day', DAY] as const)
      : left >= HOUR
        ? (['hour', HOUR] as const)
        : (['minute', MINUTE] as const);
  return t('linkExpiresIn', formats().relative.format(Math.max(1, Math.round(left / size)), unit));
}

/**
 * The destination split so that its host can stand out and the rest be truncated; the host as the
 * browser's address bar would show it (lib/links/display-host.ts).
 */
export function splitDestination(url: string): { scheme: string; host: string; rest: string } {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(url);
  if (!match) return { scheme: '', host: '', rest: url };
  return { scheme: match[1] ?? '', host: displayHostAndPort(match[2] ?? ''), rest: match[3] ?? '' };
}

/**
 * A short URL split before its last path segment (the back-half), so that a narrow row can cut the
 * host and keep the back-half: `https://go.example.com` and `/abc`.
 */
export function splitShortUrl(shortUrl: string): { host: string; path: string } {
  const slash = shortUrl.lastIndexOf('/');
  const afterScheme = shortUrl.indexOf('//') + 2;
  if (slash < afterScheme) return { host: shortUrl, path: '' };
  return { host: shortUrl.slice(0, slash), path: shortUrl.slice(slash) };
}

/** What a row leads with: the title, or the destination's host when the link has none. */
export function rowTitle(link: Link): string {
  return link.title.trim() || splitDestination(link.destinationUrl).host || link.destinationUrl;
}

/** The fields of an edit that differ from the link; empty when nothing changed. */
export function changedFields(
  link: Link,
  form: { destinationUrl: string; title: string },
): { destinationUrl?: string; title?: string } {
  const changes: { destinationUrl?: string; title?: string } = {};
  if (form.destinationUrl !== link.destinationUrl) changes.destinationUrl = form.destinationUrl;
  if (form.title !== link.title) changes.title = form.title;
  return changes;
}
