// The classification of a redirect's request for the statistics, and the bounds on what the click
// counter holds of them: per link and day, and while the database refuses writes.
import type { IncomingMessage } from 'node:http';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHROME_WINDOWS } from '../../test/support/stats-fixtures.ts';
import { REFERRER_GROUPS, REFERRERS_KEPT, StorageUnavailable } from '../storage/storage.ts';
import { CLICKS_READ_PER_TURN } from './captured-clicks.ts';
import { createClickCapture, type RawClick } from './click-capture.ts';
import {
  createClickClassifier,
  MAX_REMEMBERED,
  PARSES_PER_SECOND,
  referrerHost,
} from './click-facts.ts';
import { createTally, REFERRERS_HELD } from './click-tally.ts';
import { createClickCounter, MAX_CAPTURED_CLICKS } from './clicks.ts';
import { createVisitorDigests, DIGESTS_REMEMBERED, visitorOf } from './visitors.ts';

/** The characters each costly reader of a User-Agent was given: the work a classification does. */
const read = vi.hoisted(() => ({ byParser: [] as number[], byBotList: [] as number[] }));
vi.mock('ua-parser-js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('ua-parser-js')>();
  function UAParser(userAgent?: string) {
    read.byParser.push(userAgent?.length ?? 0);
    return new.target ? new actual.UAParser(userAgent) : actual.UAParser(userAgent);
  }
  return { ...actual, UAParser };
});
vi.mock('isbot', async (importOriginal) => {
  const actual = await importOriginal<typeof import('isbot')>();
  return {
    ...actual,
    isbot: (userAgent: string) => {
      read.byBotList.push(userAgent.length);
      return actual.isbot(userAgent);
    },
  };
});
beforeEach(() => {
  read.byParser.length = 0;
  read.byBotList.length = 0;
});

/** What a redirect with these headers captures, as the batch's write reads it. */
const requestWith = (headers: Record<string, string>) =>
  createClickCapture({ addressOf: () => '192.0.2.1' })({
    headers,
    socket: {},
  } as unknown as IncomingMessage) as RawClick;
const sum = (lengths: number[]) => lengths.reduce((total, length) => total + length, 0);

describe('the classification of a User-Agent', () => {
  it('counts a request without a User-Agent, or with an empty one, as a bot', () => {
    const classify = createClickClassifier();
    for (const headers of [{}, { 'user-agent': '' }, { 'user-agent': '   ' }] as Record<
      string,
      string
    >[]) {
      expect(classify(requestWith(headers))).toMatchObject({ bot: true, device: 'other' });
    }
    expect(classify(requestWith({ 'user-agent': CHROME_WINDOWS }))).toMatchObject({
      bot: false,
      device: 'desktop',
    });
  });

  it.each([
    ['at the end', `${CHROME_WINDOWS}${' '.repeat(600)} Googlebot/2.1`],
    [
      'in the middle',
      `${CHROME_WINDOWS}${'x'.repeat(3_000)} (compatible; bingbot/2.0) ${'x'.repeat(3_000)}`,
    ],
    ['near the header limit', `${CHROME_WINDOWS}${';'.repeat(15_000)} AhrefsBot/7.0`],
  ])('finds a bot marker past the 512th character, %s', (_, userAgent) => {
    expect(createClickClassifier()(requestWith({ 'user-agent': userAgent })).bot).toBe(true);
  });

  it('reads a bounded part of a hostile 512-character User-Agent, and a repeated one not again', () => {
    const classify = createClickClassifier();
    for (let i = 0; i < 20; i++) {
      const hostile = `${CHROME_WINDOWS} ${i}`.padEnd(512, ' (KHTML, like Gecko) Safari/537.36');
      expect(classify(requestWith({ 'user-agent': hostile }))).toMatchObject({ bot: false });
      classify(requestWith({ 'user-agent': hostile }));
    }
    // One parse and one look at the bot list per distinct User-Agent, each of a bounded part.
    expect(read.byParser).toHaveLength(20);
    expect(Math.max(...read.byParser)).toBeLessThanOrEqual(256);
    expect(sum(read.byBotList)).toBeLessThanOrEqual(20 * 512);
  });

  it('parses at most PARSES_PER_SECOND new User-Agents a second, however many arrive', () => {
    let now = 0;
    const classify = createClickClassifier({ now: () => now });
    const userAgent = (n: number) => `${CHROME_WINDOWS} ${n}`.padEnd(512, ' (KHTML, like Gecko)');
    for (let i = 0; i < 5 * PARSES_PER_SECOND; i++) {
      // Still counted as people, on a device not read once the second's parses are spent.
      expect(classify(requestWith({ 'user-agent': userAgent(i) })).bot).toBe(false);
    }
    expect(read.byParser).toHaveLength(PARSES_PER_SECOND);
    // The next second, one not parsed before is parsed and then remembered.
    now += 1_000;
    const late = userAgent(5 * PARSES_PER_SECOND - 1);
    expect(classify(requestWith({ 'user-agent': late })).device).toBe('desktop');
    classify(requestWith({ 'user-agent': late }));
    expect(read.byParser).toHaveLength(PARSES_PER_SECOND + 1);
  });
});

describe('referrerHost', () => {
  it.each([
    ['https://News.Example/path?q=1#f', 'news.example'],
    ['https://news.example:443/', 'news.example'],
    ['http://news.example:80/', 'news.example'],
    ['http://news.example:443/', 'news.example:443'],
    ['https://news.example:8443/', 'news.example:8443'],
    ['https://user:secret@shop.example/', 'shop.example'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['https://B\u00fccher.example/', 'xn--bcher-kva.example'],
    ['https://[2001:DB8::1]:443/', REFERRER_GROUPS.ipAddress],
    ['http://81.2.69.7/page', REFERRER_GROUPS.ipAddress],
    ['http://192.168.1.20:8080/', REFERRER_GROUPS.ipAddress],
    ['http://0x7f.1/', REFERRER_GROUPS.ipAddress],
    ['http://2130706433/', REFERRER_GROUPS.ipAddress],
    ['https://[::ffff:1.2.3.4]:8443/', REFERRER_GROUPS.ipAddress],
    ['https://1.2.3.4.example/', '1.2.3.4.example'],
    ['android-app://com.example.app/', 'com.example.app'],
    ['', ''],
    ['not a url', ''],
    ['https://[::1', ''],
    ['https://exa mple.com/', ''],
    ['/relative/path', ''],
    [`https://${'a'.repeat(250)}.example/`, ''],
  ])('reads %s as %j', (referrer, host) => {
    expect(referrerHost(referrer)).toBe(host);
  });
});

describe('the statistics held in memory', () => {
  it('cost a redirect no parse and no look-up: the batch reads its clicks when it is written', async () => {
    const written: number[] = [];
    const counter = createClickCounter(
      { addClicks: async (counts) => void written.push(...counts.values()) },
      { flushIntervalMs: 60_000, classify: createClickClassifier() },
    );
    for (let i = 0; i < 100; i++) {
      counter.count(
        1,
        requestWith({ 'user-agent': `${CHROME_WINDOWS} ${i}`, referer: 'https://a.example/' }),
      );
    }
    expect(read.byBotList).toHaveLength(0);
    expect(read.byParser).toHaveLength(0);
    expect(counter.captured.clicks).toBe(100);
    await counter.flush();
    expect(written).toEqual([100]);
    expect(counter.captured.clicks).toBe(0);
    expect(read.byBotList).toHaveLength(100);
    expect(read.byParser).toHaveLength(100);
  });

  it('are read a share at a time when their batch is written, with turns of the event loop between', async () => {
    const classifier = createClickClassifier();
    let classified = 0;
    const classify = (click: RawClick) => {
      classified++;
      return classifier(click);
    };
    const written: number[] = [];
    const counter = createClickCounter(
      { addClicks: async (counts) => void written.push(...counts.values()) },
      { flushIntervalMs: 60_000, classify },
    );
    const clicks = 5 * CLICKS_READ_PER_TURN;
    for (let i = 0; i < clicks; i++)
      counter.count(1, requestWith({ 'user-agent': CHROME_WINDOWS }));
    // The most clicks read between two turns of the loop while the batch is written.
    let most = 0;
    let before = 0;
    let writing = true;
    const probe = () => {
      most = Math.max(most, classified - before);
      before = classified;
      if (writing) setImmediate(probe);
    };
    setImmediate(probe);
    await counter.flush();
    writing = false;
    probe();
    expect(written).toEqual([clicks]);
    expect(classified).toBe(clicks);
    expect(most).toBeLessThanOrEqual(CLICKS_READ_PER_TURN);
    await counter.stop();
  });

  it("make a visitor's digest once: the same person's clicks are looked up, not hashed again", () => {
    const digestOf = createVisitorDigests();
    const click = requestWith({ 'user-agent': CHROME_WINDOWS });
    const first = digestOf(click);
    expect(first).toBe(visitorOf(click));
    expect(digestOf(requestWith({ 'user-agent': CHROME_WINDOWS }))).toBe(first);
    expect(digestOf.size()).toBe(1);
    expect(digestOf(requestWith({ 'user-agent': `${CHROME_WINDOWS} other` }))).not.toBe(first);
    for (let i = 0; i < DIGESTS_REMEMBERED + 10; i++) {
      digestOf(requestWith({ 'user-agent': `${CHROME_WINDOWS} ${i}` }));
    }
    expect(digestOf.size()).toBeLessThanOrEqual(DIGESTS_REMEMBERED);
  });

  it('stay bounded under a flood of distinct User-Agents and referrers while writes fail', async () => {
    const classify = createClickClassifier();
    const maxCapturedChars = 1_000_000;
    const maxHeldStats = 1_000;
    const counter = createClickCounter(
      { addClicks: () => Promise.reject(new StorageUnavailable('database is locked')) },
      { flushIntervalMs: 60_000, maxHeldStats, maxCapturedChars, stopTimeoutMs: 0, classify },
    );
    const clicks = 3 * MAX_REMEMBERED;
    const longest = { captured: 0, chars: 0, remembered: 0, stats: 0 };
    for (let i = 0; i < clicks; i++) {
      const userAgent = `${CHROME_WINDOWS} ${i}`.padEnd(i % 7 === 0 ? 4_000 : 512, ' (KHTML)');
      counter.count(1, requestWith({ 'user-agent': userAgent, referer: `https://r${i}.example/` }));
      longest.captured = Math.max(longest.captured, counter.captured.clicks);
      longest.chars = Math.max(longest.chars, counter.captured.chars);
      longest.remembered = Math.max(longest.remembered, classify.remembered());
      longest.stats = Math.max(longest.stats, counter.heldStats);
    }
    // One captured click more than the bound at most, before the batch is read.
    expect(longest.captured).toBeLessThanOrEqual(MAX_CAPTURED_CLICKS);
    expect(longest.chars).toBeLessThan(maxCapturedChars + 5_000);
    expect(longest.remembered).toBeLessThanOrEqual(2 * MAX_REMEMBERED);
    expect(longest.stats).toBeLessThanOrEqual(maxHeldStats + 4);
    // Every click counted (the long ones read as bots: the bot list takes their tail for one).
    const held = counter.pendingStatsOf(1).filter((stat) => ['human', 'bot'].includes(stat.facet));
    expect(held.reduce((sum, stat) => sum + stat.clicks, 0)).toBe(clicks);
    await counter.stop().catch(() => {});
  });

  it('hand a visitor to the storage once a day: one this process has marked is not marked again', async () => {
    const visitsWritten: number[] = [];
    const counter = createClickCounter(
      {
        addClicks: (_counts, _batch, _stats, _expired, visitors) => {
          visitsWritten.push(visitors?.visits.length ?? 0);
          return Promise.resolve();
        },
      },
      { flushIntervalMs: 60_000, classify: createClickClassifier() },
    );
    counter.count(1, requestWith({ 'user-agent': CHROME_WINDOWS }));
    counter.count(1, requestWith({ 'user-agent': CHROME_WINDOWS }));
    counter.count(2, requestWith({ 'user-agent': CHROME_WINDOWS }));
    await counter.flush();
    counter.count(1, requestWith({ 'user-agent': CHROME_WINDOWS }));
    counter.count(1, requestWith({ 'user-agent': `${CHROME_WINDOWS} other` }));
    await counter.flush();
    expect(visitsWritten).toEqual([2, 1]);
    await counter.stop();
  });

  it('stay bounded under a flood of distinct addresses (visitors) while writes fail, every click counted', async () => {
    const maxHeldStats = 1_000;
    const written: number[] = [];
    let refusing = true;
    const counter = createClickCounter(
      {
        addClicks: (_counts, _batch, _stats, _expired, visitors) => {
          if (refusing) return Promise.reject(new StorageUnavailable('database is locked'));
          written.push(visitors?.visits.length ?? 0);
          return Promise.resolve();
        },
      },
      {
        flushIntervalMs: 60_000,
        maxHeldStats,
        stopTimeoutMs: 0,
        classify: createClickClassifier(),
      },
    );
    const capture = createClickCapture({
      addressOf: (req) => String(req.headers['x-client']),
    });
    const longest = { chars: 0, stats: 0 };
    const clicks = 30_000;
    for (let i = 0; i < clicks; i++) {
      // Any text a proxy may name: kept to its first 64 characters.
      const address = `2001:db8::${i.toString(16)}`.padEnd(i % 2 ? 100 : 0, ':');
      const request = {
        headers: { 'user-agent': CHROME_WINDOWS, 'x-client': address },
        socket: {},
      };
      counter.count(1, capture(request as unknown as IncomingMessage));
      longest.chars = Math.max(longest.chars, counter.captured.chars);
      longest.stats = Math.max(longest.stats, counter.heldStats);
    }
    expect(longest.chars).toBeLessThanOrEqual(MAX_CAPTURED_CLICKS * (CHROME_WINDOWS.length + 64));
    expect(longest.stats).toBeLessThanOrEqual(maxHeldStats + 4);
    const held = counter.pendingStatsOf(1).filter((stat) => stat.facet === 'human');
    expect(held.reduce((sum, stat) => sum + stat.clicks, 0)).toBe(clicks);
    refusing = false;
    await counter.stop();
    // The visitors held are those the bound let in; the others are not counted.
    expect(written.reduce((sum, visits) => sum + visits, 0)).toBeLessThanOrEqual(maxHeldStats);
  });

  it('stay bounded while writes fail, however many referrers are made up, and days are all counted', async () => {
    const counter = createClickCounter(
      {
        addClicks: () => Promise.reject(new StorageUnavailable('database is locked')),
      },
      {
        flushIntervalMs: 60_000,
        maxHeldStats: 1_000,
        stopTimeoutMs: 0,
        classify: createClickClassifier(),
      },
    );
    const clicks = 1_000 + 10_000;
    for (let i = 0; i < clicks; i++) {
      counter.count(
        1,
        requestWith({ 'user-agent': CHROME_WINDOWS, referer: `https://r${i}.example/` }),
      );
    }
    const held = counter.pendingStatsOf(1);
    expect(held.find((stat) => stat.facet === 'human')?.clicks).toBe(clicks);
    const referrers = held.filter((stat) => stat.facet === 'referrer');
    expect(referrers).toHaveLength(REFERRERS_KEPT + 1);
    expect(referrers.at(-1)).toMatchObject({ value: REFERRER_GROUPS.other });
    expect(referrers.reduce((sum, stat) => sum + stat.clicks, 0)).toBe(clicks);
    await counter.stop().catch(() => {});
  });

  it('hold a bounded number of referrers per link and day, and write the 50 most clicked', () => {
    const tally = createTally();
    const person = (referrer: string) =>
      ({
        bot: false,
        qrScan: false,
        referrer,
        device: 'desktop',
        browser: 'Chrome',
        system: 'Windows',
        country: '',
      }) as const;
    for (let i = 0; i < 10_000; i++) {
      tally.add(1, 86_400_000, person(`r${i}.example`), true);
      if (i % 1_000 === 0) tally.add(1, 86_400_000, person('news.example'), true);
    }
    expect(tally.size).toBeLessThanOrEqual(REFERRERS_HELD + 6);
    const referrers = tally.rows().filter((row) => row.facet === 'referrer');
    expect(referrers).toHaveLength(REFERRERS_KEPT + 1);
    expect(referrers[0]).toMatchObject({ value: 'news.example', clicks: 10 });
    expect(referrers.reduce((sum, row) => sum + row.clicks, 0)).toBe(10_010);
  });
});
