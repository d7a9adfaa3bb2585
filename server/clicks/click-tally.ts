// The click statistics counted in memory between two writes (clicks.ts): one entry per link and
// UTC day (with its hours), found by a number, so a redirect adds to it without building a string.

import {
  HOUR_FACETS,
  REFERRER_GROUPS,
  REFERRERS_KEPT,
  type StatCount,
  type Visit,
} from '../storage/storage.ts';
import type { ClickFacts } from './click-facts.ts';

/**
 * Distinct referrers held per link and day between two writes; the clicks of any other go to
 * REFERRER_GROUPS.other. More than are kept, so that among a flood of made-up hosts the ones
 * really clicked are seen more than once and are among the REFERRERS_KEPT that a write keeps.
 */
export const REFERRERS_HELD = 10 * REFERRERS_KEPT;

type DayTally = {
  linkId: number;
  day: number;
  humans: number;
  bots: number;
  qrScans: number;
  /** Of the scans, the bots': taken out when an answer excludes bots. */
  botQrScans: number;
  /** Per hour of the day (0–23): people, bots, scans and bots' scans (HOUR_FACETS' order). */
  hours: Map<number, [number, number, number, number]>;
  devices: Map<string, number>;
  browsers: Map<string, number>;
  systems: Map<string, number>;
  referrers: Map<string, number>;
  countries: Map<string, number>;
  /** The day's visitors (visitors.ts), each with the hour it was first seen in. */
  visitors: Map<string, number>;
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Days fit in 20 bits until the year 4840; link ids stay far below 2^33. */
const keyOf = (linkId: number, day: number) => linkId * 1_048_576 + day;

const byClicks = ([a, m]: [string, number], [b, n]: [string, number]) =>
  n - m || (a < b ? -1 : a > b ? 1 : 0);

/** The REFERRERS_KEPT most clicked referrers, and the clicks of the others as one. */
function keptReferrers(counts: Map<string, number>): Iterable<[string, number]> {
  if (counts.size <= REFERRERS_KEPT) return counts;
  const ranked = [...counts].filter(([value]) => value !== REFERRER_GROUPS.other).sort(byClicks);
  let others = counts.get(REFERRER_GROUPS.other) ?? 0;
  for (const [, clicks] of ranked.slice(REFERRERS_KEPT)) others += clicks;
  const kept = ranked.slice(0, REFERRERS_KEPT);
  if (others > 0) kept.push([REFERRER_GROUPS.other, others]);
  return kept;
}

const bump = (counts: Map<string, number>, value: string): boolean => {
  const held = counts.get(value);
  counts.set(value, (held ?? 0) + 1);
  return held === undefined;
};

export function createTally() {
  const tallies = new Map<number, DayTally>();
  /** Distinct counts held: bounds the memory. */
  let size = 0;

  const countsOf = (tally: DayTally): StatCount[] => {
    const { linkId, day } = tally;
    const rows: StatCount[] = [];
    if (tally.humans) rows.push({ linkId, day, facet: 'human', value: '', clicks: tally.humans });
    if (tally.bots) rows.push({ linkId, day, facet: 'bot', value: '', clicks: tally.bots });
    if (tally.qrScans) rows.push({ linkId, day, facet: 'qr', value: '', clicks: tally.qrScans });
    if (tally.botQrScans) {
      rows.push({ linkId, day, facet: 'bot_qr', value: '', clicks: tally.botQrScans });
    }
    for (const [hour, counts] of tally.hours) {
      const value = String(hour).padStart(2, '0');
      HOUR_FACETS.forEach((facet, i) => {
        const clicks = counts[i] as number;
        if (clicks) rows.push({ linkId, day, facet, value, clicks });
      });
    }
    for (const [facet, counts] of [
      ['device', tally.devices],
      ['browser', tally.browsers],
      ['os', tally.systems],
      ['referrer', keptReferrers(tally.referrers)],
      ['country', tally.countries],
    ] as const) {
      for (const [value, clicks] of counts) rows.push({ linkId, day, facet, value, clicks });
    }
    return rows;
  };

  return {
    /**
     * Counts one click, and a person's `visitor` (visitors.ts) once a day. Not `roomy`: a referrer
     * or country not held yet is counted with the other referrers or not at all, and a visitor not
     * held yet not at all (days, people, bots, devices, browsers and systems always are).
     */
    add(linkId: number, at: number, facts: ClickFacts, roomy: boolean, visitor?: string): void {
      const day = Math.floor(at / DAY_MS);
      const key = keyOf(linkId, day);
      let tally = tallies.get(key);
      if (!tally) {
        tally = {
          linkId,
          day,
          humans: 0,
          bots: 0,
          qrScans: 0,
          botQrScans: 0,
          hours: new Map(),
          devices: new Map(),
          browsers: new Map(),
          systems: new Map(),
          referrers: new Map(),
          countries: new Map(),
          visitors: new Map(),
        };
        tallies.set(key, tally);
        size++;
      }
      if (facts.qrScan) tally.qrScans++;
      if (facts.qrScan && facts.bot) tally.botQrScans++;
      const hour = Math.floor((at - day * DAY_MS) / HOUR_MS);
      let hourCounts = tally.hours.get(hour);
      if (!hourCounts) {
        hourCounts = [0, 0, 0, 0];
        tally.hours.set(hour, hourCounts);
        size++;
      }
      hourCounts[facts.bot ? 1 : 0]++;
      if (facts.qrScan) hourCounts[2]++;
      if (facts.qrScan && facts.bot) hourCounts[3]++;
      if (facts.bot) {
        tally.bots++;
        return;
      }
      tally.humans++;
      if (facts.withoutBreakdown) return;
      if (visitor !== undefined && !tally.visitors.has(visitor) && roomy) {
        tally.visitors.set(visitor, hour);
        size++;
      }
      if (bump(tally.devices, facts.device)) size++;
      // Names from the parser's own list (click-facts.ts): a few dozen at most, always counted.
      if (bump(tally.browsers, facts.browser)) size++;
      if (bump(tally.systems, facts.system)) size++;
      const referrer =
        tally.referrers.has(facts.referrer) || (roomy && tally.referrers.size < REFERRERS_HELD)
          ? facts.referrer
          : REFERRER_GROUPS.other;
      if (bump(tally.referrers, referrer)) size++;
      if (facts.country && (roomy || tally.countries.has(facts.country))) {
        if (bump(tally.countries, facts.country)) size++;
      }
    },
    get size(): number {
      return size;
    },
    /** Every count, as rows to store. */
    rows(): StatCount[] {
      return [...tallies.values()].flatMap(countsOf);
    },
    /** Every visitor of a link and day, with the hour first seen, for the storage to mark. */
    visits(): Visit[] {
      const visits: Visit[] = [];
      for (const { linkId, day, visitors } of tallies.values()) {
        for (const [visitor, hour] of visitors) visits.push({ linkId, day, hour, visitor });
      }
      return visits;
    },
    /** The counts of one link. */
    rowsOf(linkId: number): StatCount[] {
      const rows: StatCount[] = [];
      for (const tally of tallies.values()) {
        if (tally.linkId === linkId) for (const row of countsOf(tally)) rows.push(row);
      }
      return rows;
    },
  };
}

export type Tally = ReturnType<typeof createTally>;
