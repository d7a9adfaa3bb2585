// The account's click statistics (GET /v1/stats): every link of the account together, per day and
// by list, the range and its bad input, people only, and that an account sees only its own.
// Runs on SQLite and, in the PostgreSQL suite, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { AccountStatsAnswerJson, AccountStatsJson } from '../../contract/account-stats.ts';
import {
  CHROME_WINDOWS,
  GOOGLEBOT,
  IPHONE,
  statsTestServices,
  testClock,
} from '../../test/support/stats-fixtures.ts';
import {
  api,
  backHalfOf,
  expectProblem,
  idOf,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import type { startTestService } from '../../test/support/test-service.ts';
import { campaignOf } from './account-stats-routes.ts';

const services = statsTestServices('account-stats');

async function service(options: Parameters<typeof startTestService>[0] = {}) {
  const running = await services.start({
    geoipFile: services.geoipFile(),
    trustedProxies: ['127.0.0.1'],
    ...options,
  });
  const account = async (email: string) => {
    const client = api(running.baseUrl, await running.createAccount(email));
    const link = async (destination_url: string) => {
      const made = (await client.create({ destination_url })).body;
      const click = async (headers: Record<string, string> = {}, query = '') => {
        const answer = await rawRequest(running.baseUrl, `/${backHalfOf(made.short_url)}${query}`, {
          headers: { 'x-forwarded-for': '8.8.8.8', ...headers },
        });
        expect(answer.status).toBe(302);
      };
      return { ...made, id: idOf(made.short_url), click };
    };
    /** The overview once `clicks` (people and bots) are written: they are written every 200 ms. */
    const overview = async (query = '', clicks = 0): Promise<AccountStatsJson> => {
      for (let tries = 0; ; tries++) {
        const answer = await client.send<AccountStatsAnswerJson>('GET', `/v1/stats${query}`);
        expect(answer.status).toBe(200);
        const { stats } = answer.body;
        if (stats.humans + stats.bots >= clicks || tries >= 50) return stats;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    return { client, link, overview };
  };
  return { t: running, account };
}

describe("the account's statistics", () => {
  it('sum every link per day and in each list, the most clicked first', async () => {
    const clock = testClock();
    const { t: running, account } = await service({ clock });
    const { link, overview } = await account('overview@example.com');
    const spring = await link('https://example.com/a?utm_source=x&utm_campaign=spring');
    const springToo = await link('https://example.com/b?utm_campaign=spring');
    const autumn = await link('https://example.com/c?utm_campaign=autumn');
    const plain = await link('https://example.com/d');
    await spring.click({ 'user-agent': IPHONE, referer: 'https://news.example/a' }, '?qr=1');
    clock.advanceDays(1);
    await spring.click({ 'user-agent': IPHONE, 'x-forwarded-for': '81.2.69.7' });
    await springToo.click({ 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '2.17.0.1' });
    await autumn.click({ 'user-agent': CHROME_WINDOWS, referer: 'https://news.example/b' });
    await plain.click({ 'user-agent': GOOGLEBOT });
    await plain.click({ 'user-agent': GOOGLEBOT });

    const stats = await overview('?from=2026-11-26&to=2026-11-27', 6);
    expect(stats).toEqual({
      from: '2026-11-26T00:00:00.000Z',
      to: '2026-11-28T00:00:00.000Z',
      humans: 4,
      bots: 2,
      qr_scans: 1,
      days: [
        { date: '2026-11-26', humans: 1, bots: 0, qr_scans: 1 },
        { date: '2026-11-27', humans: 3, bots: 2, qr_scans: 0 },
      ],
      groups: {
        link: [
          {
            domain: running.shortDomain,
            back_half: backHalfOf(spring.short_url),
            short_url: spring.short_url,
            clicks: 2,
          },
          {
            domain: running.shortDomain,
            back_half: backHalfOf(plain.short_url),
            short_url: plain.short_url,
            clicks: 2,
          },
          {
            domain: running.shortDomain,
            back_half: backHalfOf(springToo.short_url),
            short_url: springToo.short_url,
            clicks: 1,
          },
          {
            domain: running.shortDomain,
            back_half: backHalfOf(autumn.short_url),
            short_url: autumn.short_url,
            clicks: 1,
          },
        ],
        referrer: [
          { host: null, kind: 'direct', clicks: 2 },
          { host: 'news.example', kind: 'host', clicks: 2 },
        ],
        device: [
          { type: 'desktop', clicks: 2 },
          { type: 'mobile', clicks: 2 },
        ],
        browser: [
          { name: 'Chrome', clicks: 2 },
          { name: 'Mobile Safari', clicks: 2 },
        ],
        os: [
          { name: 'Windows', clicks: 2 },
          { name: 'iOS', clicks: 2 },
        ],
        country: [
          { code: 'DE', clicks: 1 },
          { code: 'GB', clicks: 1 },
        ],
        campaign: [
          { name: 'spring', clicks: 3 },
          { name: 'autumn', clicks: 1 },
        ],
      },
    });
  });

  it('answer only the lists asked for in group_by', async () => {
    const { account } = await service();
    const { link, overview } = await account('groups@example.com');
    await (await link('https://example.com/')).click({ 'user-agent': IPHONE });
    const stats = await overview('?group_by=country,link', 1);
    expect(Object.keys(stats.groups).sort()).toEqual(['country', 'link']);
    expect(stats.groups.link?.[0]?.clicks).toBe(1);
    expect(Object.keys((await overview('?group_by=os')).groups)).toEqual(['os']);
  });

  it("count people only with bots=exclude: no bots, no bots' scans, and links by their people", async () => {
    const { account } = await service();
    const { link, overview } = await account('people@example.com');
    const crawled = await link('https://example.com/crawled?utm_campaign=c');
    const read = await link('https://example.com/read');
    await crawled.click({ 'user-agent': GOOGLEBOT }, '?qr=1');
    await crawled.click({ 'user-agent': GOOGLEBOT });
    await crawled.click({ 'user-agent': IPHONE }, '?qr=1');
    await read.click({ 'user-agent': IPHONE });
    await read.click({ 'user-agent': CHROME_WINDOWS });
    expect((await overview('', 5)).groups.link?.map((l) => l.clicks)).toEqual([3, 2]);
    const people = await overview('?bots=exclude');
    expect(await overview('')).toMatchObject({ humans: 3, bots: 2, qr_scans: 2 });
    expect(people).toMatchObject({ humans: 3, bots: 0, qr_scans: 1 });
    expect(people.days.every((day) => day.bots === 0)).toBe(true);
    expect(people.groups.link?.map((l) => [l.short_url, l.clicks])).toEqual([
      [read.short_url, 2],
      [crawled.short_url, 1],
    ]);
    expect(people.groups.campaign).toEqual([{ name: 'c', clicks: 1 }]);
  });

  it("count the range's whole UTC days only, the last 30 when none is said", async () => {
    const clock = testClock();
    const { account } = await service({ clock });
    const { link, overview } = await account('range@example.com');
    const counted = await link('https://example.com/');
    await counted.click({ 'user-agent': IPHONE });
    clock.advanceDays(2);
    await counted.click({ 'user-agent': IPHONE });
    await counted.click({ 'user-agent': IPHONE });

    const lastThirty = await overview('', 3);
    expect(lastThirty.days).toHaveLength(30);
    expect(lastThirty.days.at(-1)).toEqual({ date: '2026-11-28', humans: 2, bots: 0, qr_scans: 0 });
    expect(lastThirty).toMatchObject({
      from: '2026-10-30T00:00:00.000Z',
      to: '2026-11-29T00:00:00.000Z',
    });
    const firstDay = await overview('?from=2026-11-26T10:00:00Z&to=2026-11-26T11:00:00Z');
    expect(firstDay).toMatchObject({ humans: 1, days: [{ date: '2026-11-26', humans: 1 }] });
    expect(firstDay.groups.device).toEqual([{ type: 'mobile', clicks: 1 }]);
    const between = await overview('?from=2026-11-27&to=2026-11-27');
    expect(between).toMatchObject({ humans: 0, days: [{ date: '2026-11-27', humans: 0 }] });
    expect(between.groups.link).toEqual([]);
    const year = await overview('?from=2025-11-29&to=2026-11-28');
    expect(year.days).toHaveLength(365);
    expect(year.humans).toBe(3);
  });

  it.each([
    ['from=yesterday', 'from'],
    ['from=2026-02-30', 'from'],
    ['to=2026-11-26T10:00', 'to'],
    ['from=2026-11-27&to=2026-11-26', 'to'],
    ['from=2025-11-01&to=2026-11-26', 'from'],
    ['group_by=link,visitors', 'group_by'],
    ['group_by=', 'group_by'],
    ['bots=none', 'bots'],
    ['bots=', 'bots'],
  ])('refuse %s: 400 invalid_field naming %s', async (query, field) => {
    const { account } = await service();
    const { client } = await account('bad@example.com');
    const answer = await client.send('GET', `/v1/stats?${query}`);
    // As a link's statistics word them: the field first, in quotes.
    expect([answer.status, answer.body]).toEqual([
      400,
      { success: false, code: 'invalid_field', field, message: expect.stringMatching(/^".+\.$/) },
    ]);
  });

  it("are the account's own: another account's clicks never appear, a deleted link's leave", async () => {
    const { account } = await service();
    const mine = await account('mine@example.com');
    const theirs = await account('theirs@example.com');
    const kept = await mine.link('https://example.com/kept?utm_campaign=mine');
    const deleted = await mine.link('https://example.com/deleted');
    const other = await theirs.link('https://example.com/theirs?utm_campaign=theirs');
    await kept.click({ 'user-agent': IPHONE });
    await deleted.click({ 'user-agent': CHROME_WINDOWS, referer: 'https://gone.example/' });
    await other.click({ 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '81.2.69.7' });
    await other.click({ 'user-agent': GOOGLEBOT });
    expect(await theirs.overview('', 2)).toMatchObject({ humans: 1, bots: 1 });

    const before = await mine.overview('', 2);
    expect(before).toMatchObject({ humans: 2, bots: 0 });
    expect(before.groups.link?.map((l) => l.short_url).sort()).toEqual(
      [kept.short_url, deleted.short_url].sort(),
    );
    expect(before.groups.country).toEqual([]);
    expect(before.groups.campaign).toEqual([{ name: 'mine', clicks: 1 }]);

    expect((await mine.client.remove(deleted.id)).status).toBe(200);
    const after = await mine.overview();
    expect(after).toMatchObject({ humans: 1, bots: 0 });
    expect(after.groups.link?.map((l) => l.short_url)).toEqual([kept.short_url]);
    expect(after.groups.referrer).toEqual([{ host: null, kind: 'direct', clicks: 1 }]);
    expect(after.groups.device).toEqual([{ type: 'mobile', clicks: 1 }]);
  });

  it('of an account without clicks: every day at 0 and every list empty', async () => {
    const { account } = await service();
    const { link, overview } = await account('empty@example.com');
    await link('https://example.com/never?utm_campaign=none');
    const stats = await overview();
    expect(stats).toMatchObject({ humans: 0, bots: 0, qr_scans: 0 });
    expect(stats.days).toHaveLength(30);
    expect(stats.days.every((day) => day.humans + day.bots + day.qr_scans === 0)).toBe(true);
    expect(stats.groups).toEqual({
      link: [],
      referrer: [],
      device: [],
      browser: [],
      os: [],
      country: [],
      campaign: [],
    });
  });

  it('ask for the key as every /v1 route does', async () => {
    const { t: running } = await service();
    expectProblem(await api(running.baseUrl).send('GET', '/v1/stats'), 401, 'unauthorized');
  });
});

describe("a destination's campaign", () => {
  it.each([
    ['https://example.com/?utm_campaign=spring', 'spring'],
    ['https://example.com/?a=1&utm_campaign=Spring%20sale', 'Spring sale'],
    ['https://example.com/?utm_campaign=', undefined],
    ['https://example.com/?my_utm_campaign=x', undefined],
    ['https://example.com/', undefined],
  ])('of %s is %s', (destination, campaign) => {
    expect(campaignOf(destination)).toBe(campaign);
  });
});
