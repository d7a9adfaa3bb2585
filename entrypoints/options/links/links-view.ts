// Pure helpers of the Links section: counts, dates, the visible window of a virtual list.
import type { Link } from '../../../lib/api/schemas.ts';

const numbers = new Intl.NumberFormat();

/** "1 link", "12,345 links", or with a search active "12 of 12,345 links". */
export function linkCount(shown: number, total: number): string {
  const noun = total === 1 ? 'link' : 'links';
  if (shown === total) return `${numbers.format(total)} ${noun}`;
  return `${numbers.format(shown)} of ${numbers.format(total)} ${noun}`;
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A creation date as people read it: relative within a week, else the date; "" when unknown. */
export function createdLabel(iso: string, now: number): { text: string; full: string } {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return { text: '', full: '' };
  const full = fullDate.format(time);
  const age = now - time;
  if (age < 0 || age >= 7 * DAY) return { text: shortDate.format(time), full };
  if (age < MINUTE) return { text: relative.format(0, 'second'), full };
  if (age < HOUR) return { text: relative.format(-Math.floor(age / MINUTE), 'minute'), full };
  if (age < DAY) return { text: relative.format(-Math.floor(age / HOUR), 'hour'), full };
  return { text: relative.format(-Math.floor(age / DAY), 'day'), full };
}

/** The destination split so that its host can stand out and the rest be truncated. */
export function splitDestination(url: string): { host: string; rest: string } {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(url);
  if (!match) return { host: '', rest: url };
  return { host: match[2] ?? '', rest: match[3] ?? '' };
}

/** The rows a scroll container of `height` px at `scrollTop` shows, plus `overscan` each side. */
export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  height: number,
  overscan: number,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + height) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
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

export function replaceLink(links: readonly Link[], shortUrl: string, next: Link): Link[] {
  return links.map((link) => (link.shortUrl === shortUrl ? next : link));
}

export function removeLinks(links: readonly Link[], shortUrls: ReadonlySet<string>): Link[] {
  return links.filter((link) => !shortUrls.has(link.shortUrl));
}

/** Puts removed links back where they were, for a rollback after a failed delete. */
export function restoreLinks(
  current: readonly Link[],
  before: readonly Link[],
  restored: ReadonlySet<string>,
): Link[] {
  const kept = new Set(current.map((link) => link.shortUrl));
  return before
    .filter((link) => kept.has(link.shortUrl) || restored.has(link.shortUrl))
    .map((link) => current.find((c) => c.shortUrl === link.shortUrl) ?? link);
}
