// Click statistics: what redirects are counted as (people and bots, referrer hosts, devices,
// countries with a GeoIP database), the endpoint's answer and its bad input, and exactness while
// the database refuses writes and across a restart. Runs on SQLite and, in the PostgreSQL suite,
// on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { LinkStatsAnswerJson } from '../../contract/link-stats.ts';
import {
  CHROME_WINDOWS,
  DAY,
  GOOGLEBOT,
  IPHONE,
  statsTestServices,
  testClock,
} from '../../test/support/stats-fixtures.ts';
import { api, backHalfOf, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { StorageUnavailable } from '../storage/storage.ts';
import type { ClickFacts } from './click-facts.ts';
import { createTally } from './click-tally.ts';

const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const services = statsTestServices('stats');

async function serviceWithLink(options: Parameters<typeof startTestService>[0] = {}) {
  const t = await services.start(options);
  const key = await t.createAccount('stats@example.com');
  const client = api(t.baseUrl, key);
  const link = (await client.create({ destination_url: 'https://example.com/stats' })).body;
  const service = t;
  const click = async (headers: Record<string, string> = {}) => {
    const answer = await rawRequest(service.baseUrl, `/${backHalfOf(link.short_url)}`, {
      headers,
    });
    expect(answer.status).toBe(302);
  };
  return { t, key, client, link, id: idOf(link.short_url), click };
}

describe('the statistics of a link', () => {
  it('count people and bots per UTC day, N days oldest first with none missing, and the lists by clicks', async () => {
    const clock = testClock();
    const { client, id, click } = await serviceWithLink({ clock });
    await click({ 'user-agent': CHROME_WINDOWS, referer: 'https://News.Example/a?b=c' });
    clock.advanceDays(2);
    await click({ 'user-agent': IPHONE, referer: 'https://news.example:443/other' });
    await click({ 'user-agent': IPAD });
    await click({ 'user-agent': GOOGLEBOT, referer: 'https://search.example/' });
    await click({ 'user-agent': IPHONE, referer: 'http://blog.example:8080/post' });

    const { status, body } = await client.stats(id, 5);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      stats: {
        humans: 4,
        bots: 1,
        qr_scans: 0,
        visitors: 3,
        from: '2026-11-24T00:00:00.000Z',
        to: '2026-11-29T00:00:00.000Z',
        granularity: 'day',
        // From one address: the iPhone's two clicks are one visitor, the iPad another.
        // Their counts that are 0 left out; the days (for older clients) keep theirs.
        buckets: [
          { start: '2026-11-24T00:00:00.000Z' },
          { start: '2026-11-25T00:00:00.000Z' },
          { start: '2026-11-26T00:00:00.000Z', humans: 1, visitors: 1 },
          { start: '2026-11-27T00:00:00.000Z' },
          { start: '2026-11-28T00:00:00.000Z', humans: 3, bots: 1, visitors: 2 },
        ],
        days: [
          { date: '2026-11-24', humans: 0, bots: 0, qr_scans: 0, visitors: 0 },
          { date: '2026-11-25', humans: 0, bots: 0, qr_scans: 0, visitors: 0 },
          { date: '2026-11-26', humans: 1, bots: 0, qr_scans: 0, visitors: 1 },
          { date: '2026-11-27', humans: 0, bots: 0, qr_scans: 0, visitors: 0 },
          { date: '2026-11-28', humans: 3, bots: 1, qr_scans: 0, visitors: 2 },
        ],
        referrers: [
          { host: 'news.example', kind: 'host', clicks: 2 },
          { host: null, kind: 'direct', clicks: 1 },
          { host: 'blog.example:8080', kind: 'host', clicks: 1 },
        ],
        devices: [
          { type: 'mobile', clicks: 2 },
          { type: 'desktop', clicks: 1 },
          { type: 'tablet', clicks: 1 },
        ],
        browsers: [
          { name: 'Mobile Safari', clicks: 3 },
          { name: 'Chrome', clicks: 1 },
        ],
        systems: [
          { name: 'iOS', clicks: 3 },
          { name: 'Windows', clicks: 1 },
        ],
        countries: [],
        expired_visits: 0,
      },
    });
    // The link's own count is every redirect, bots included.
    expect((await client.retrieve(id)).body.clicks).toBe(5);
    // 30 days when not asked; days before the window are not in it.
    const month = (await client.stats(id)).body.stats;
    expect(month.days).toHaveLength(30);
    expect(month.days.at(-1)?.date).toBe('2026-11-28');
    expect((await client.stats(id, 1)).body.stats).toMatchObject({ humans: 3, bots: 1 });
  });

  it('count the scans of the QR code (?qr=1) among the clicks and apart, and send them on without it', async () => {
    const clock = testClock();
    const { t, client, link, id } = await serviceWithLink({ clock });
    const person = { 'user-agent': CHROME_WINDOWS };
    const visit = async (query: string, headers: Record<string, string> = person) => {
      const answer = await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}${query}`, {
        headers,
      });
      expect(answer.status).toBe(302);
      return answer.headers.location;
    };
    expect(await visit('?qr=1')).toBe('https://example.com/stats');
    expect(await visit('?utm_source=poster&qr=1')).toBe('https://example.com/stats');
    expect(await visit('?qr=1', { 'user-agent': GOOGLEBOT })).toBe('https://example.com/stats');
    clock.advanceDays(1);
    await visit('?qr=1');
    // Not the marker: plain clicks.
    await visit('?qr=10');
    await visit('?qr=');
    await visit('');
    const stats = (await client.stats(id, 2)).body.stats;
    expect(stats).toMatchObject({ humans: 6, bots: 1, qr_scans: 4 });
    expect(stats.days).toEqual([
      { date: '2026-11-26', humans: 2, bots: 1, qr_scans: 3, visitors: 1 },
      { date: '2026-11-27', humans: 4, bots: 0, qr_scans: 1, visitors: 1 },
    ]);
    expect((await client.retrieve(id)).body.clicks).toBe(7);
  });

  it("name browsers and systems from the parser's list, and any other name as Other", async () => {
    const { client, id, click } = await serviceWithLink();
    await click({ 'user-agent': FIREFOX_LINUX });
    await click({ 'user-agent': FIREFOX_LINUX });
    // The parser reads "UpBrowser" out of this one: a name of no browser it knows.
    await click({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) MadeUpBrowser/1.0' });
    await click({ 'user-agent': GOOGLEBOT });
    const { browsers, systems, humans } = (await client.stats(id)).body.stats;
    expect(humans).toBe(3);
    expect(browsers).toEqual([
      { name: 'Firefox', clicks: 2 },
      { name: 'Other', clicks: 1 },
    ]);
    expect(systems).toEqual([{ name: 'Linux', clicks: 3 }]);
  });

  it('classify a User-Agent or Referer of any size or bytes, never failing the redirect', async () => {
    const { client, id, click } = await serviceWithLink();
    // isbot takes a User-Agent that names no browser for a bot.
    await click({
      'user-agent': 'x'.repeat(8_000),
      referer: `https://${'a'.repeat(7_000)}.example/`,
    });
    // Bytes that are not ASCII, read as Latin-1 by Node: the host in punycode.
    await click({
      'user-agent': 'Mozilla/5.0 \u00ff\u00fe',
      referer: 'https://B\u00fccher.example/x',
    });
    const browser = { 'user-agent': CHROME_WINDOWS };
    await click({ ...browser, referer: 'not a url' });
    await click({ ...browser, referer: 'https://[::1' });
    await click({ ...browser, referer: 'https://user:pass@Shop.Example:443/' });
    await click({ ...browser, referer: 'android-app://com.example.app/' });
    // An address names a person's machine or network: kept as "an IP address", not which.
    await click({ ...browser, referer: 'http://192.168.1.20:8080/admin' });
    // No User-Agent: no browser, so no person.
    await click({ referer: 'https://news.example/' });
    const { stats } = (await client.stats(id)).body;
    expect(stats).toMatchObject({ humans: 6, bots: 2 });
    expect(stats.devices).toEqual([
      { type: 'desktop', clicks: 5 },
      { type: 'other', clicks: 1 },
    ]);
    expect(stats.referrers).toEqual(
      expect.arrayContaining([
        { host: 'xn--bcher-kva.example', kind: 'host', clicks: 1 },
        { host: 'shop.example', kind: 'host', clicks: 1 },
        { host: 'com.example.app', kind: 'host', clicks: 1 },
        { host: null, kind: 'ip_address', clicks: 1 },
      ]),
    );
    const direct = stats.referrers.find((referrer) => referrer.kind === 'direct');
    expect(direct?.clicks).toBe(2);
    expect(stats.referrers.reduce((sum, r) => sum + r.clicks, 0)).toBe(6);
  });

  it('count countries when the operator gives a GeoLite2-Country database', async () => {
    const { client, id, click } = await serviceWithLink({
      geoipFile: services.geoipFile(),
      trustedProxies: ['127.0.0.1'],
    });
    await click({ 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '81.2.69.7' });
    await click({ 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '2.17.0.1' });
    await click({ 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '2.18.0.1' });
    await click({ 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '8.8.8.8' });
    await click({ 'user-agent': GOOGLEBOT, 'x-forwarded-for': '2.17.0.1' });
    expect((await client.stats(id)).body.stats.countries).toEqual([
      { code: 'DE', clicks: 2 },
      { code: 'GB', clicks: 1 },
    ]);
  });

  it('are the same after a restart, written with the clicks when the service stops', async () => {
    const { t: first, key, link, click } = await serviceWithLink();
    await click({ 'user-agent': IPHONE, referer: 'https://news.example/' });
    await click({ 'user-agent': GOOGLEBOT });
    await first.service.stop();
    services.forget();
    const second = await startTestService({ dbFile: first.dbFile });
    try {
      const answer = await api(second.baseUrl, key).stats(
        `${second.shortDomain}/${backHalfOf(link.short_url)}`,
      );
      expect(answer.body.stats).toMatchObject({
        humans: 1,
        bots: 1,
        referrers: [{ host: 'news.example', kind: 'host', clicks: 1 }],
        devices: [{ type: 'mobile', clicks: 1 }],
      });
    } finally {
      await second.stop();
      await first.stop();
    }
  });

  it('stay exact while the database refuses the writes, and once it takes them again', async () => {
    let refusing = true;
    const { t, key, client, id, click } = await serviceWithLink({
      wrapStorage: (store) => ({
        ...store,
        addClicks: (counts, batch, stats) =>
          refusing
            ? Promise.reject(new StorageUnavailable('database is locked'))
            : store.addClicks(counts, batch, stats),
      }),
    });
    for (let i = 0; i < 3; i++) await click({ 'user-agent': IPHONE });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await client.stats(id)).body.stats.humans).toBe(3);
    refusing = false;
    const [row] = await t.storedLinks(key);
    const today = Math.floor(Date.now() / DAY);
    const storedHumans = async () =>
      (await t.service.store.clickStats(row?.id ?? 0, today, today)).counts.find(
        (count) => count.facet === 'human',
      )?.clicks;
    await expect.poll(storedHumans, { timeout: 8_000 }).toBe(3);
    expect((await client.stats(id)).body.stats).toMatchObject({
      humans: 3,
      devices: [{ type: 'mobile', clicks: 3 }],
    });
  });

  it('of a deleted link do not hold back the statistics of the others', async () => {
    const { t, key, client, id, click } = await serviceWithLink();
    const other = (await client.create({ destination_url: 'https://example.com/other' })).body;
    await click({ 'user-agent': IPHONE });
    await rawRequest(t.baseUrl, `/${backHalfOf(other.short_url)}`, {
      headers: { 'user-agent': IPHONE },
    });
    await client.remove(id);
    const [row] = await t.storedLinks(key);
    const today = Math.floor(Date.now() / DAY);
    await expect
      .poll(
        async () => (await t.service.store.clickStats(row?.id ?? 0, today, today)).counts.length,
      )
      .toBeGreaterThan(0);
  });
});

describe('the referrers of a link', () => {
  const referrerRowsOf = async (service: TestService, linkId: number, day: number) =>
    (await service.service.store.clickStats(linkId, day, day)).counts.filter(
      (count) => count.facet === 'referrer',
    );

  it('are the 50 most clicked of a day, and the others as one, last', async () => {
    const { t, key, client, id, click } = await serviceWithLink();
    const browser = { 'user-agent': CHROME_WINDOWS };
    for (let i = 0; i < 3; i++) await click({ ...browser, referer: 'https://news.example/' });
    for (let i = 0; i < 120; i++) await click({ ...browser, referer: `https://r${i}.example/` });
    const { referrers } = (await client.stats(id)).body.stats;
    expect(referrers).toHaveLength(50 + 1);
    expect(referrers[0]).toEqual({ host: 'news.example', kind: 'host', clicks: 3 });
    expect(referrers.at(-1)).toEqual({ host: null, kind: 'other', clicks: 120 - 49 });
    const [row] = await t.storedLinks(key);
    const today = Math.floor(Date.now() / DAY);
    await expect.poll(async () => (await referrerRowsOf(t, row?.id ?? 0, today)).length).toBe(51);
  });

  it('of a link with 100,000 distinct hosts stay 51 rows a day and answer in at most 60 kB', async () => {
    const { t, key, id } = await serviceWithLink();
    const [row] = await t.storedLinks(key);
    const linkId = row?.id ?? 0;
    const today = Math.floor(Date.now() / DAY);
    const person = (referrer: string): ClickFacts => ({
      bot: false,
      qrScan: false,
      referrer,
      device: 'desktop',
      browser: 'Chrome',
      system: 'Windows',
      country: '',
    });
    // As the click counter writes them: 50 batches of 2,000 made-up hosts, and one real referrer.
    for (let batch = 0; batch < 50; batch++) {
      const tally = createTally();
      for (let i = 0; i < 2_000; i++) {
        tally.add(linkId, today * DAY, person(`h${batch}-${i}.example`), true);
        if (i % 500 === 0) tally.add(linkId, today * DAY, person('news.example'), true);
      }
      await t.service.store.addClicks(new Map([[linkId, 2_004]]), undefined, tally.rows());
    }
    expect((await referrerRowsOf(t, linkId, today)).length).toBeLessThanOrEqual(51);

    const path = `/v1/links/${id}/stats?days=365`;
    const authorization = `Bearer ${key}`;
    const plain = await rawRequest(t.baseUrl, path, { headers: { authorization } });
    expect(plain.status).toBe(200);
    // A year of days and of buckets, each with its visitors, and 51 referrers: 50 kB at most.
    expect(Buffer.byteLength(plain.body)).toBeLessThanOrEqual(50_000);
    const { stats } = JSON.parse(plain.body) as LinkStatsAnswerJson;
    expect(stats.humans).toBe(50 * 2_004);
    expect(stats.referrers).toHaveLength(51);
    expect(stats.referrers[0]).toEqual({ host: 'news.example', kind: 'host', clicks: 200 });
    expect(stats.referrers.reduce((sum, referrer) => sum + referrer.clicks, 0)).toBe(stats.humans);
    // Compressed as the list is, for a client that takes it.
    const compressed = await rawRequest(t.baseUrl, path, {
      headers: { authorization, 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
  });
});

describe('GET /v1/links/{domain}/{back_half}/stats', () => {
  it('answers 404 for the link of another account, as for no link', async () => {
    const { t, id } = await serviceWithLink();
    const other = api(t.baseUrl, await t.createAccount('someone-else@example.com'));
    const answer = await other.stats(id);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'not_found' });
    expect((await other.stats(`${t.shortDomain}/nothing-here`)).status).toBe(404);
  });

  it('refuses days outside 1–365 or not a whole number with 400 invalid_field naming days', async () => {
    const { client, id } = await serviceWithLink();
    for (const days of ['0', '366', '1.5', 'abc', '-1', '', '1e2', '030 ', '0x10']) {
      const answer = await client.stats(id, days);
      expect(answer.status, `days=${days}`).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'invalid_field', field: 'days' });
    }
    expect((await client.stats(id, '365')).body.stats.days).toHaveLength(365);
  });

  it('reads the link identifier as GET on the link does: slash literal or %2F, host escaped or not', async () => {
    const { t, client, link, id } = await serviceWithLink();
    const backHalf = backHalfOf(link.short_url);
    const host = t.shortDomain;
    const forms = [id, `${host}%2F${backHalf}`, `${host}%2f${backHalf}`];
    forms.push(
      `${encodeURIComponent(host)}%2F${backHalf}`,
      `${encodeURIComponent(host)}/${backHalf}`,
    );
    for (const form of forms) {
      expect((await client.retrieve(form)).status, form).toBe(200);
      expect((await client.stats(form)).status, form).toBe(200);
    }
    // A back-half named "stats" is still a link, not the statistics of its host.
    const named = await client.create({
      destination_url: 'https://example.com/s',
      back_half: 'stats',
    });
    expect(named.status).toBe(200);
    for (const form of [`${host}/stats`, `${host}%2Fstats`]) {
      expect((await client.retrieve(form)).body, form).toMatchObject({
        short_url: named.body.short_url,
      });
    }
    expect((await client.stats(`${host}%2Fstats`)).status).toBe(200);
    expect((await client.stats(`${host}%2F${backHalf}x`)).status).toBe(404);
  });

  it('answers 405 with Allow: GET to another method', async () => {
    const { client, id } = await serviceWithLink();
    const answer = await client.send('POST', `/v1/links/${id}/stats`, {});
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });
});
