// The extension's own record of clicks: at each read of the list, the clicks each link gained since
// the read before, counted on that day (UTC). The chart against services without statistics, and
// for every service the sort "Trending" and the popup's 7-day clicks. Pure: the store is
// click-record-store.ts.

/** How long a day's count is kept. */
export const RECORD_DAYS = 90;

/**
 * One link as recorded. Days are counted from 1970-01-01 (UTC) and the gains kept as one flat
 * list of numbers: structured clone stores a small whole number in 1–3 bytes where a
 * `["2026-11-21", 5]` pair took 18. 20,000 links over 90 days take 12 MB when every link is
 * clicked every day and 2.2 MB when one in ten is (as pairs: 35 MB); test/bench/click-record-bench.ts.
 */
export type RecordedLink = {
  /** Clicks at the last read. */
  last: number;
  /** The first day this browser saw the link. */
  since: number;
  /** Gains, oldest first, as day, clicks, day, clicks…; only days with a gain. */
  days: number[];
};

/** An account's record, by short URL. */
export type ClickRecord = Record<string, RecordedLink>;

const DAY_MS = 86_400_000;
export const dayNumber = (at: number): number => Math.floor(at / DAY_MS);
export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

const linkOf = (record: ClickRecord, shortUrl: string): RecordedLink | undefined =>
  Object.hasOwn(record, shortUrl) ? record[shortUrl] : undefined;

/** A link's count as the record keeps it apart from its days: what each read of the list compares. */
export type RecordedCount = Pick<RecordedLink, 'last' | 'since'>;

/** What one read of the list changes in a record; links not named in it stay as they are. */
export type ReadChanges = {
  /** New links, and links whose clicks rose or fell: their count from now on. */
  counts: Map<string, RecordedCount>;
  /** Links whose clicks rose: the clicks gained, counted today. */
  gains: Map<string, number>;
  /** Links no longer listed: dropped with their days. */
  gone: string[];
};

/**
 * The changes a read of the list makes: a new link starts with no gains (what it had before this
 * browser saw it is unknown), a link whose clicks rose gains the difference today, a link whose
 * clicks fell (a count reset) is only re-based, a link no longer listed is dropped. A link whose
 * clicks did not change is not named: nothing of it needs writing.
 */
export function readChanges(
  known: { get(shortUrl: string): RecordedCount | undefined; keys(): Iterable<string> },
  links: readonly { shortUrl: string; clicks: number }[],
  now: number,
): ReadChanges {
  const today = dayNumber(now);
  const changes: ReadChanges = { counts: new Map(), gains: new Map(), gone: [] };
  const listed = new Set<string>();
  for (const { shortUrl, clicks } of links) {
    listed.add(shortUrl);
    const count = known.get(shortUrl);
    if (!count) {
      changes.counts.set(shortUrl, { last: clicks, since: today });
      continue;
    }
    if (clicks === count.last) continue;
    changes.counts.set(shortUrl, { last: clicks, since: count.since });
    if (clicks > count.last) changes.gains.set(shortUrl, clicks - count.last);
  }
  for (const shortUrl of known.keys()) {
    if (!listed.has(shortUrl)) changes.gone.push(shortUrl);
  }
  return changes;
}

/** A link's days with `gained` clicks added today, and days older than RECORD_DAYS gone. */
export function daysWithGain(days: readonly number[], now: number, gained: number): number[] {
  const today = dayNumber(now);
  const oldest = today - RECORD_DAYS + 1;
  let first = 0;
  while (first < days.length && (days[first] ?? 0) < oldest) first += 2;
  const kept = days.slice(first);
  if (gained > 0) {
    if (kept.at(-2) === today) kept[kept.length - 1] = (kept.at(-1) ?? 0) + gained;
    else kept.push(today, gained);
  }
  return kept;
}

/**
 * The record after a read of the list (readChanges), its days older than RECORD_DAYS gone: the
 * record as one object, for tests and the size benchmark; the store applies the same changes
 * link by link (click-record-store.ts).
 */
export function recordRead(
  before: ClickRecord,
  links: readonly { shortUrl: string; clicks: number }[],
  now: number,
): ClickRecord {
  const changes = readChanges(
    { get: (shortUrl) => linkOf(before, shortUrl), keys: () => Object.keys(before) },
    links,
    now,
  );
  // No prototype: a short URL ending in `__proto__` is a key like any other.
  const after: ClickRecord = Object.create(null);
  for (const { shortUrl } of links) {
    const known = linkOf(before, shortUrl);
    const count = changes.counts.get(shortUrl) ?? (known as RecordedCount);
    const days = known ? daysWithGain(known.days, now, changes.gains.get(shortUrl) ?? 0) : [];
    after[shortUrl] = { last: count.last, since: count.since, days };
  }
  return after;
}

/**
 * A link's recorded clicks for the `count` days ending today, oldest first, every day present
 * (0 when nothing was seen); only from the first day seen on. Undefined when never seen.
 */
export function recordedDays(
  record: ClickRecord,
  shortUrl: string,
  count: number,
  now: number,
): { date: string; clicks: number }[] | undefined {
  const link = linkOf(record, shortUrl);
  if (!link) return undefined;
  const today = dayNumber(now);
  const gains = new Map<number, number>();
  for (let i = 0; i + 1 < link.days.length; i += 2) {
    gains.set(link.days[i] ?? 0, link.days[i + 1] ?? 0);
  }
  const days: { date: string; clicks: number }[] = [];
  for (let day = Math.max(today - count + 1, link.since); day <= today; day++) {
    days.push({ date: dateOf(day), clicks: gains.get(day) ?? 0 });
  }
  return days;
}

/** A link's recorded clicks over the last `count` days (today included); 0 when never seen. */
export function recentClicks(
  record: ClickRecord,
  shortUrl: string,
  count: number,
  now: number,
): number {
  const days = linkOf(record, shortUrl)?.days ?? [];
  const oldest = dayNumber(now) - count + 1;
  let sum = 0;
  for (let i = 0; i + 1 < days.length; i += 2) {
    if ((days[i] ?? 0) >= oldest) sum += days[i + 1] ?? 0;
  }
  return sum;
}

/**
 * Each link's recorded clicks over the last `count` days, with the gains of `links` counted
 * whether or not the record has taken that read in yet: a page reads the record as soon as it
 * shows a new list, and the read's own write may come after (account-links.ts writes it once
 * the list is drawn). Taken in already, the list changes nothing (recordRead gains nothing twice).
 */
export function recentClicksOfList(
  record: ClickRecord,
  links: readonly { shortUrl: string; clicks: number }[],
  count: number,
  now: number,
): Map<string, number> {
  const withList = recordRead(record, links, now);
  return new Map(
    links.map(({ shortUrl }) => [shortUrl, recentClicks(withList, shortUrl, count, now)]),
  );
}
