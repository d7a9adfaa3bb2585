// Distinct visitors, counted without keeping anyone: one a day per link from the keyed hash of the
// address and User-Agent, the day's key and marks deleted once the day is over, no stored value
// that holds or hashes an address, and exact across a restart. Runs on SQLite and, in the
// PostgreSQL suite, on PostgreSQL.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { LinkStatsAnswerJson } from '../../contract/link-stats.ts';
import { CHROME_WINDOWS, GOOGLEBOT } from '../../test/support/stats-fixtures.ts';
import { selectColumn, storedValues } from '../../test/support/stored-values.ts';
import { api, backHalfOf, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { newDayKey, visitorMarker } from '../storage/visitor-marks.ts';

const DAY = 86_400_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let services: TestService[] = [];
afterEach(async () => {
  for (const service of services) await service.stop();
  services = [];
});

/** A clock the test moves; starts at 10:00 UTC on 2026-11-26. */
function testClock() {
  let now = Date.parse('2026-11-26T10:00:00Z');
  return { now: () => now, set: (iso: string) => (now = Date.parse(iso)) };
}

async function serviceWithLinks(options: Parameters<typeof startTestService>[0] = {}) {
  const t = await startTestService({ trustedProxies: ['127.0.0.1'], ...options });
  services.push(t);
  const key = await t.createAccount('visitors@example.com');
  const client = api(t.baseUrl, key);
  const first = (await client.create({ destination_url: 'https://example.com/one' })).body;
  const second = (await client.create({ destination_url: 'https://example.com/two' })).body;
  /** A click on `link` from this address (through the trusted proxy) with this User-Agent. */
  const click = async (link: typeof first, address: string, userAgent = CHROME_WINDOWS) => {
    const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`, {
      headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
    });
    expect(answer.status).toBe(302);
  };
  const visitors = async (link: typeof first, query = 'days=7') => {
    const answer = await client.send('GET', `/v1/links/${idOf(link.short_url)}/stats?${query}`);
    return (answer.body as LinkStatsAnswerJson).stats;
  };
  return { t, key, client, first, second, click, visitors };
}

describe('the visitors of a link', () => {
  it('count a visitor once a day: twice the same, once; another address or browser, again; on another link, apart; the next day, again', async () => {
    const clock = testClock();
    const { first, second, click, visitors } = await serviceWithLinks({ clock });
    await click(first, '198.51.100.1');
    await click(first, '198.51.100.1');
    // Another address, and another browser at the first address: two more.
    await click(first, '198.51.100.2');
    await click(first, '198.51.100.1', FIREFOX);
    // A bot is no visitor.
    await click(first, '198.51.100.3', GOOGLEBOT);
    // The same person on the other link: a visitor of each.
    await click(second, '198.51.100.1');
    clock.set('2026-11-26T15:30:00Z');
    await click(first, '198.51.100.1');
    expect(await visitors(first)).toMatchObject({ humans: 5, visitors: 3 });
    expect(await visitors(second)).toMatchObject({ humans: 1, visitors: 1 });
    // Counted in the hour first seen.
    const hours = await visitors(first, 'granularity=hour');
    expect(hours.buckets.find((b) => b.start === '2026-11-26T10:00:00.000Z')?.visitors).toBe(3);
    // None: left out, as every count that is 0.
    expect(hours.buckets.find((b) => b.start === '2026-11-26T15:00:00.000Z')?.visitors).toBe(
      undefined,
    );

    clock.set('2026-11-27T09:00:00Z');
    await click(first, '198.51.100.1');
    await click(first, '198.51.100.1');
    const week = await visitors(first);
    expect(week.days.slice(-2).map((day) => day.visitors)).toEqual([3, 1]);
    // The range's visitors are the sum of its days': a person on two days counts twice.
    expect(week.visitors).toBe(4);
  });

  it('keep no stored value that holds the address or an unkeyed hash of it', async () => {
    const { t, first, second, click, visitors } = await serviceWithLinks();
    const address = '203.0.113.77';
    await click(first, address);
    await click(second, address);
    await click(first, '2001:db8::77');
    expect((await visitors(first)).visitors).toBe(2);
    // Written by the stats answer: what is held is stored before it is read.
    const forms = (text: string) =>
      ['sha256', 'sha1', 'md5'].flatMap((algorithm) =>
        ['hex', 'base64', 'base64url'].map((encoding) =>
          createHash(algorithm)
            .update(text)
            .digest(encoding as 'hex'),
        ),
      );
    const forbidden = [
      ...forms(address),
      ...forms('2001:db8::77'),
      ...forms(`${address}\n${CHROME_WINDOWS}`),
      ...forms(`${address}${CHROME_WINDOWS}`),
    ];
    const values = await storedValues(t.dbFile);
    expect(values.some(({ table }) => table === 'visitor_marks')).toBe(true);
    for (const { table, value } of values) {
      expect(value, table).not.toContain(address);
      expect(value, table).not.toContain('2001:db8::77');
      for (const hash of forbidden) expect(value, table).not.toContain(hash);
    }
  });

  it("forget the day's key and marks once the day is over and counted, keeping its count", async () => {
    const clock = testClock();
    const { t, first, click, visitors } = await serviceWithLinks({ clock });
    const daysIn = (table: string) =>
      selectColumn(t.dbFile, `SELECT DISTINCT day FROM ${table} ORDER BY day`);
    const today = Date.parse('2026-11-26') / DAY;
    clock.set('2026-11-26T23:59:00Z');
    await click(first, '198.51.100.1');
    await visitors(first);
    expect((await daysIn('visitor_keys')).map(Number)).toEqual([today]);
    // Just after midnight the day before keeps its key a few minutes, for clicks still held.
    clock.set('2026-11-27T00:01:00Z');
    await click(first, '198.51.100.1');
    await visitors(first);
    expect((await daysIn('visitor_keys')).map(Number)).toEqual([today, today + 1]);
    clock.set('2026-11-27T00:10:00Z');
    await click(first, '198.51.100.1');
    const counted = await visitors(first);
    expect((await daysIn('visitor_keys')).map(Number)).toEqual([today + 1]);
    expect((await daysIn('visitor_marks')).map(Number)).toEqual([today + 1]);
    expect(counted.days.slice(-2).map((day) => day.visitors)).toEqual([1, 1]);
    // With no click at all, the next write deletes them too.
    clock.set('2026-11-28T00:10:00Z');
    await t.service.stop();
    expect(await daysIn('visitor_keys')).toEqual([]);
    expect(await daysIn('visitor_marks')).toEqual([]);
  });

  it('are exact through a stop and a restart: a visitor held in memory is not counted again', async () => {
    const clock = testClock();
    const { t, key, first, click } = await serviceWithLinks({ clock });
    await click(first, '198.51.100.1');
    await click(first, '198.51.100.2');
    // Stopped with the visitors still in memory: the last write marks them.
    await t.service.stop();
    const second = await startTestService({
      dbFile: t.dbFile,
      clock,
      trustedProxies: ['127.0.0.1'],
    });
    services.push(second);
    const path = `/${backHalfOf(first.short_url)}`;
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const answer = await rawRequest(second.baseUrl, path, {
        headers: { 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': address },
      });
      expect(answer.status).toBe(302);
    }
    const answer = await api(second.baseUrl, key).stats(
      `${second.shortDomain}/${backHalfOf(first.short_url)}`,
    );
    expect(answer.body.stats).toMatchObject({ humans: 5, visitors: 3 });
  });
});

describe('the mark of a visitor', () => {
  it('is HMAC-SHA256 under the day key, cut to 128 bits, for any key and visitor', () => {
    for (const key of [newDayKey(), randomBytes(64), randomBytes(100), randomBytes(1)]) {
      const markOf = visitorMarker(key);
      for (const [visitor, linkId] of [
        ['x', 1],
        ['é😀'.repeat(40), 123_456_789],
      ] as const) {
        const expected = createHmac('sha256', key)
          .update(`${visitor}\n${linkId}`)
          .digest()
          .subarray(0, 16)
          .toString('base64url');
        expect(markOf(visitor, linkId)).toBe(expected);
      }
    }
  });
});
