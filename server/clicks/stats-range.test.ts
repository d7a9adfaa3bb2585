// A link's statistics over a range: `from`, `to` and `granularity` (hours, days, months), the bad
// ranges refused, and hours kept for 14 days. Runs on SQLite and, in the PostgreSQL suite, on
// PostgreSQL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkStatsAnswerJson } from '../../contract/link-stats.ts';
import { CHROME_WINDOWS, GOOGLEBOT } from '../../test/support/stats-fixtures.ts';
import { api, backHalfOf, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestService | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

/** A service whose clock the test sets; it starts at 2026-11-26T10:30Z. */
async function serviceWithLink() {
  let now = Date.parse('2026-11-26T10:30:00Z');
  const service = await startTestService({ clock: { now: () => now } });
  t = service;
  const key = await service.createAccount('range@example.com');
  const link = (await api(service.baseUrl, key).create({ destination_url: 'https://example.com/' }))
    .body;
  const id = idOf(link.short_url);
  return {
    key,
    at: (iso: string) => {
      now = Date.parse(iso);
    },
    click: async (userAgent = CHROME_WINDOWS, query = '') => {
      const answer = await rawRequest(service.baseUrl, `/${backHalfOf(link.short_url)}${query}`, {
        headers: { 'user-agent': userAgent },
      });
      expect(answer.status).toBe(302);
    },
    stats: async (query: string) => {
      const answer = await fetch(`${service.baseUrl}/v1/links/${id}/stats?${query}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: answer.status, body: (await answer.json()) as LinkStatsAnswerJson };
    },
  };
}

/** A bucket as the answer sends it: its counts that are 0 left out. */
const bucket = (start: string, humans: number, bots = 0, qr_scans = 0, visitors = 0) =>
  Object.fromEntries(
    Object.entries({ start, humans, bots, qr_scans, visitors }).filter(([, value]) => value !== 0),
  );

describe('the statistics of a range', () => {
  it('count hours, UTC, between two instants, the range widened to whole hours', async () => {
    const { at, click, stats } = await serviceWithLink();
    at('2026-11-26T10:30:00Z');
    await click();
    at('2026-11-26T12:05:00Z');
    await click();
    await click(GOOGLEBOT, '?qr=1');
    at('2026-11-26T12:59:59Z');
    await click(CHROME_WINDOWS, '?qr=1');
    at('2026-11-26T14:00:00Z');
    await click();
    at('2026-11-26T15:00:00Z');
    const { status, body } = await stats(
      'from=2026-11-26T10:45:00Z&to=2026-11-26T13:00:00%2B00:00&granularity=hour',
    );
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({
      from: '2026-11-26T10:00:00.000Z',
      to: '2026-11-26T13:00:00.000Z',
      granularity: 'hour',
      humans: 3,
      bots: 1,
      qr_scans: 2,
      // One person all day: a visitor of the hour they were first seen in.
      visitors: 1,
      buckets: [
        bucket('2026-11-26T10:00:00.000Z', 1, 0, 0, 1),
        bucket('2026-11-26T11:00:00.000Z', 0),
        bucket('2026-11-26T12:00:00.000Z', 2, 1, 2),
      ],
    });
    // The days of the range, whole, as before.
    expect(body.stats.days).toEqual([
      { date: '2026-11-26', humans: 4, bots: 1, qr_scans: 2, visitors: 1 },
    ]);
    // An offset is read as one: 12:00+01:00 is 11:00Z.
    const offset = await stats(
      'from=2026-11-26T12:00:00%2B01:00&to=2026-11-26T12:00:00Z&granularity=hour',
    );
    expect(offset.body.stats.buckets).toEqual([bucket('2026-11-26T11:00:00.000Z', 0)]);
    // Without a range: the last 24 hours, this one the last.
    const day = (await stats('granularity=hour')).body.stats;
    expect(day.buckets).toHaveLength(24);
    expect(day.buckets.at(-1)?.start).toBe('2026-11-26T15:00:00.000Z');
    expect(day.humans).toBe(4);
  });

  it('count days and months between two dates, `to` included, none missing', async () => {
    const { at, click, stats } = await serviceWithLink();
    at('2026-09-30T23:59:00Z');
    await click();
    at('2026-10-01T00:00:00Z');
    await click();
    at('2026-11-26T10:00:00Z');
    await click();
    await click();
    const days = (await stats('from=2026-09-30&to=2026-10-02')).body.stats;
    expect(days).toMatchObject({
      from: '2026-09-30T00:00:00.000Z',
      to: '2026-10-03T00:00:00.000Z',
      granularity: 'day',
      humans: 2,
    });
    expect(days.buckets).toEqual([
      bucket('2026-09-30T00:00:00.000Z', 1, 0, 0, 1),
      bucket('2026-10-01T00:00:00.000Z', 1, 0, 0, 1),
      bucket('2026-10-02T00:00:00.000Z', 0),
    ]);
    expect(days.days.map((day) => day.date)).toEqual(['2026-09-30', '2026-10-01', '2026-10-02']);
    const months = (await stats('from=2026-09-15&to=2026-11-26&granularity=month')).body.stats;
    // The same person on three days: a visitor of each day, and of the range three times.
    expect(months.buckets).toEqual([
      bucket('2026-09-01T00:00:00.000Z', 1, 0, 0, 1),
      bucket('2026-10-01T00:00:00.000Z', 1, 0, 0, 1),
      bucket('2026-11-01T00:00:00.000Z', 2, 0, 0, 1),
    ]);
    expect(months).toMatchObject({ humans: 4, visitors: 3 });
    // A whole year, the most a range may be.
    expect((await stats('from=2025-11-27&to=2026-11-26')).body.stats.buckets).toHaveLength(365);
  });

  it.each([
    ['from=2026-11-31', 'from'],
    ['from=yesterday', 'from'],
    ['from=2026-11-26T10:00', 'from'],
    ['to=2026-13-01', 'to'],
    ['from=2026-11-26&to=2026-11-25', 'to'],
    ['from=2026-11-26T12:00:00Z&to=2026-11-26T12:00:00Z', 'to'],
    ['from=2025-11-26&to=2026-11-26', 'from'],
    ['from=2026-11-01&to=2026-11-26&granularity=hour', 'from'],
    ['granularity=week', 'granularity'],
    ['days=7&from=2026-11-01', 'days'],
  ])('refuses %s with 400 invalid_field naming %s', async (query, field) => {
    const { stats } = await serviceWithLink();
    const { status, body } = await stats(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'invalid_field', field });
  });

  it('keeps hours for 14 days: older ones are deleted as the link is clicked', async () => {
    const { key, at, click, stats } = await serviceWithLink();
    at('2026-11-01T08:00:00Z');
    await click();
    at('2026-11-14T08:00:00Z');
    // 13 days later: still there.
    expect((await stats('from=2026-11-01&to=2026-11-01&granularity=hour')).body.stats.humans).toBe(
      1,
    );
    at('2026-11-16T08:00:00Z');
    await click();
    at('2026-11-16T09:00:00Z');
    expect((await stats('from=2026-11-02&to=2026-11-16&granularity=hour')).body.stats.humans).toBe(
      1,
    );
    // Asked for, once they are gone, by a range that reaches back too far: refused.
    const gone = await stats('from=2026-11-01&to=2026-11-01&granularity=hour');
    expect(gone.status).toBe(400);
    // The day keeps its count.
    expect((await stats('from=2026-11-01&to=2026-11-01')).body.stats.humans).toBe(1);
    const service = t as TestService;
    const [row] = await service.storedLinks(key);
    const day = Date.parse('2026-11-01') / DAY;
    // Once the click's batch is written (every 200 ms), read straight from the database.
    await vi.waitFor(async () => {
      const stored = await service.service.store.clickStats(row?.id ?? 0, day, day);
      expect(stored.counts.filter((count) => count.facet.startsWith('hour_'))).toEqual([]);
      expect(stored.counts.find((count) => count.facet === 'human')?.clicks).toBe(1);
    });
  });
});
