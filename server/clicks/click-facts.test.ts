// The classification of a redirect's request for the statistics, and the bound on what the click
// counter holds of them while the database refuses writes.
import { describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../storage/storage.ts';
import { referrerHost } from './click-facts.ts';
import { createClickCounter } from './clicks.ts';

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
    ['https://[2001:DB8::1]:443/', '[2001:db8::1]'],
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
  it('stay bounded while writes fail, however many referrers are made up, and days are all counted', async () => {
    const counter = createClickCounter(
      {
        addClicks: () => Promise.reject(new StorageUnavailable('database is locked')),
      },
      { flushIntervalMs: 60_000, maxHeldStats: 1_000, stopTimeoutMs: 0 },
    );
    const clicks = 1_000 + 10_000;
    for (let i = 0; i < clicks; i++) {
      counter.count(1, { bot: false, referrer: `r${i}.example`, device: 'desktop', country: '' });
    }
    const held = counter.pendingStatsOf(1);
    expect(held.length).toBeLessThanOrEqual(1_000 + 1);
    expect(held.find((stat) => stat.facet === 'human')?.clicks).toBe(clicks);
    expect(held.find((stat) => stat.facet === 'referrer' && stat.value === '')?.clicks).toBe(
      10_000 + 2,
    );
    await counter.stop().catch(() => {});
  });
});
