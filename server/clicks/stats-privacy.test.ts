// The privacy switches of the click statistics: `bots=exclude` on the answer, a visitor's opt-out
// parameter (--no-track-param), Global Privacy Control (Sec-GPC: 1), and referrers kept as hosts
// alone. Runs on SQLite and, in the PostgreSQL suite, on PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import type { LinkStatsAnswerJson } from '../../contract/link-stats.ts';
import { CHROME_WINDOWS, GOOGLEBOT } from '../../test/support/stats-fixtures.ts';
import { storedValues } from '../../test/support/stored-values.ts';
import { api, backHalfOf, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';

let t: TestService | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

async function serviceWithLink(options: Parameters<typeof startTestService>[0] = {}) {
  const service = await startTestService(options);
  t = service;
  const key = await service.createAccount('privacy@example.com');
  const client = api(service.baseUrl, key);
  const link = (await client.create({ destination_url: 'https://example.com/private' })).body;
  const visit = async (query: string, headers: Record<string, string>) => {
    const answer = await rawRequest(service.baseUrl, `/${backHalfOf(link.short_url)}${query}`, {
      headers,
    });
    expect(answer.status).toBe(302);
    return answer.headers.location;
  };
  const stats = async (query = '') => {
    const answer = await client.send('GET', `/v1/links/${idOf(link.short_url)}/stats${query}`);
    return { status: answer.status, body: answer.body as LinkStatsAnswerJson };
  };
  return { service, client, link, visit, stats };
}

describe('the privacy switches of the statistics', () => {
  it('bots=exclude answers for people only: totals, buckets, days and scans', async () => {
    const { visit, stats } = await serviceWithLink();
    await visit('?qr=1', { 'user-agent': CHROME_WINDOWS, referer: 'https://news.example/' });
    await visit('', { 'user-agent': CHROME_WINDOWS });
    await visit('?qr=1', { 'user-agent': GOOGLEBOT });
    await visit('', { 'user-agent': GOOGLEBOT });
    const all = (await stats('?days=1')).body.stats;
    expect(all).toMatchObject({ humans: 2, bots: 2, qr_scans: 2, visitors: 1 });
    const people = (await stats('?days=1&bots=exclude')).body.stats;
    expect(people).toMatchObject({ humans: 2, bots: 0, qr_scans: 1, visitors: 1 });
    expect(people.buckets).toEqual([
      { start: expect.any(String), humans: 2, qr_scans: 1, visitors: 1 },
    ]);
    expect(people.days).toEqual([
      expect.objectContaining({ humans: 2, bots: 0, qr_scans: 1, visitors: 1 }),
    ]);
    const hours = (await stats('?granularity=hour&bots=exclude')).body.stats;
    expect(hours).toMatchObject({ humans: 2, bots: 0, qr_scans: 1 });
    expect(
      hours.buckets.reduce((sum, bucket) => sum + (bucket.bots ?? 0) + (bucket.qr_scans ?? 0), 0),
    ).toBe(1);
    expect(people.referrers).toEqual(all.referrers);
    expect((await stats('?days=1&bots=include')).body.stats).toEqual(all);
  });

  it.each(['', 'no', 'EXCLUDE', 'exclude,include'])(
    'refuses bots=%s with 400 invalid_field naming bots',
    async (value) => {
      const { stats } = await serviceWithLink();
      const { status, body } = await stats(`?bots=${value}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'invalid_field', field: 'bots' });
    },
  );

  it('a redirect carrying the opt-out parameter counts in clicks, in no statistics, and is not passed on', async () => {
    const { client, link, visit, stats } = await serviceWithLink({ noTrackParam: 'no_track' });
    const person = { 'user-agent': CHROME_WINDOWS, referer: 'https://news.example/' };
    expect(await visit('?no_track=1', person)).toBe('https://example.com/private');
    expect(await visit('?utm_source=x&no_track', person)).toBe('https://example.com/private');
    expect(await visit('?qr=1&no_track=', person)).toBe('https://example.com/private');
    // Not the parameter: counted.
    await visit('?no_tracking=1', person);
    const answer = (await stats('?days=1')).body.stats;
    expect(answer).toMatchObject({ humans: 1, bots: 0, qr_scans: 0, visitors: 1 });
    expect(answer.referrers).toEqual([{ host: 'news.example', kind: 'host', clicks: 1 }]);
    expect((await client.retrieve(idOf(link.short_url))).body.clicks).toBe(4);
  });

  it('Sec-GPC: 1 counts the click in its day and hour, with no breakdown and no visitor', async () => {
    const { visit, stats } = await serviceWithLink();
    const gpc = { 'user-agent': CHROME_WINDOWS, referer: 'https://news.example/', 'sec-gpc': '1' };
    await visit('', gpc);
    await visit('?qr=1', gpc);
    await visit('', { ...gpc, 'user-agent': GOOGLEBOT });
    const answer = (await stats('?days=1')).body.stats;
    expect(answer).toMatchObject({
      humans: 2,
      bots: 1,
      qr_scans: 1,
      visitors: 0,
      referrers: [],
      devices: [],
      browsers: [],
      systems: [],
      countries: [],
    });
    const hours = (await stats('?granularity=hour')).body.stats;
    expect(hours.buckets.at(-1)).toEqual({
      start: expect.any(String),
      humans: 2,
      bots: 1,
      qr_scans: 1,
    });
    // Without the header (or with another value), the same person is counted in full.
    await visit('', { ...gpc, 'sec-gpc': '0' });
    expect((await stats('?days=1')).body.stats).toMatchObject({
      humans: 3,
      visitors: 1,
      referrers: [{ host: 'news.example', kind: 'host', clicks: 1 }],
    });
  });

  it("keeps a referrer's host alone: its path and query never reach the database", async () => {
    const { service, visit, stats } = await serviceWithLink();
    await visit('', {
      'user-agent': CHROME_WINDOWS,
      referer: 'https://user:secret-pass@News.Example:443/secret-path/page?token=abc123#frag',
    });
    expect((await stats('?days=1')).body.stats.referrers).toEqual([
      { host: 'news.example', kind: 'host', clicks: 1 },
    ]);
    for (const { table, value } of await storedValues(service.dbFile)) {
      for (const part of ['secret-path', 'abc123', 'secret-pass', 'frag', 'user:']) {
        expect(value, table).not.toContain(part);
      }
    }
  });
});
