// Dates as services write them, read into one form (`toISOString()`'s) so that strings sort: the
// link answers' `created_at` and `expires_at`.
import * as z from 'zod/mini';

const IsoWithOffset = z.iso.datetime({ offset: true });
const IsoWithoutZone = z.iso.datetime({ local: true });

/**
 * A UTC date-time in the forms services write most, `2026-11-22T10:00:00+00:00` (the interface's
 * example, and our service) and `toISOString()`'s own, as `toISOString()` writes it, without a
 * Date: checking each and writing it anew took about half of reading a 20,000-link list. Days
 * every month has need no more than the pattern; the 29th to the 31st must exist. Undefined for
 * any other form (normalizeTimestamp then reads it the long way).
 */
const ISO_UTC =
  /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)(\.\d{3})?(?:Z|\+00:00)$/;

export function utcTimestamp(value: string): string | undefined {
  const match = ISO_UTC.exec(value);
  if (!match) return undefined;
  const canonical = `${match[1]}${match[2] ?? '.000'}Z`;
  if (Number(value.slice(8, 10)) <= 28) return canonical;
  const time = Date.parse(canonical);
  return !Number.isNaN(time) && new Date(time).toISOString() === canonical ? canonical : undefined;
}

/** Any ISO 8601 date-time, as `toISOString()` (UTC, milliseconds, `Z`) so strings sort; else "". */
export function normalizeTimestamp(value: unknown): string {
  if (typeof value !== 'string') return '';
  const utc = utcTimestamp(value);
  if (utc !== undefined) return utc;
  const text = value.trim();
  let time = Number.NaN;
  if (IsoWithOffset.safeParse(text).success) time = Date.parse(text);
  // The interface says UTC, so a date-time without a zone is read as UTC, not as local time.
  else if (IsoWithoutZone.safeParse(text).success) time = Date.parse(`${text}Z`);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}
