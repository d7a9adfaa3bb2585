import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountOf } from '../../test/support/accounts.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts, openAccount } from '../account/account.ts';
import { ApiError } from '../api/errors.ts';
import type { Link } from '../api/schemas.ts';
import { MAX_RATE_LIMIT_WAIT_MS, REQUESTS_AT_ONCE as TABS_AT_ONCE } from '../bulk/pool.ts';
import { linkForPage } from './link-for-page.ts';
import {
  pagesOfTabs,
  retryFailures,
  type ShortenOne,
  shortenTabs,
  type TabPage,
} from './shorten-tabs.ts';

const HOSTS = { defaultShortHost: 'sho.rt', customDomains: ['go.example.com'] };

const linkFor = (page: TabPage, n = 0): Link => ({
  shortUrl: `https://sho.rt/l${n}`,
  destinationUrl: page.url,
  title: page.title ?? '',
  clicks: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
});

const pages = (count: number): TabPage[] =>
  Array.from({ length: count }, (_, n) => ({
    url: `https://example.com/${n}`,
    title: `Page ${n}`,
  }));

describe('pagesOfTabs', () => {
  it.each([
    ['a browser page', { url: 'chrome://settings/' }],
    ['an about: page', { url: 'about:blank' }],
    ['a file', { url: 'file:///home/me/notes.txt' }],
    ['an extension page', { url: 'chrome-extension://abc/popup.html' }],
    ['a tab with no address', {}],
    ['a short link on the default domain', { url: 'https://sho.rt/abc123' }],
    ['a short link on a custom domain', { url: 'https://go.example.com/abc123' }],
  ])('skips %s', (_name, tab) => {
    expect(pagesOfTabs([tab], HOSTS)).toEqual({ pages: [], skipped: 1 });
  });

  it('keeps web pages in tab order, once each, with the title cut as everywhere', () => {
    const long = `${'word '.repeat(60)}end`;
    const found = pagesOfTabs(
      [
        { url: 'https://example.com/a', title: 'A' },
        { url: 'chrome://newtab/', title: 'New Tab' },
        { url: 'http://example.com/b', title: long },
        { url: 'https://example.com/a', title: 'A again' },
        { pendingUrl: 'https://example.com/loading', title: 'https://example.com/loading' },
        { url: 'https://sho.rt/a/b', title: 'Not a short link: two segments' },
      ],
      HOSTS,
    );
    expect(found.skipped).toBe(1);
    expect(found.pages.map((page) => page.url)).toEqual([
      'https://example.com/a',
      'http://example.com/b',
      'https://example.com/loading',
      'https://sho.rt/a/b',
    ]);
    expect(found.pages[0]?.title).toBe('A');
    expect(found.pages[1]?.title).toMatch(/…$/);
    expect([...(found.pages[1]?.title ?? '')].length).toBeLessThanOrEqual(255);
    // Until a page has a title, Chrome gives its address as the title: none is sent.
    expect(found.pages[2]?.title).toBeUndefined();
  });
});

describe('shortenTabs', () => {
  it(`shortens at most ${TABS_AT_ONCE} at once and gives the results in the pages' order`, async () => {
    let running = 0;
    let most = 0;
    const shortenOne: ShortenOne = async (page) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
      running--;
      return { link: linkFor(page, Number(page.url.split('/').pop())), reused: false };
    };
    const seen: number[] = [];
    const results = await shortenTabs(pages(11), {
      shortenOne,
      onResult: (_result, index) => seen.push(index),
    });
    expect(most).toBe(TABS_AT_ONCE);
    expect(results.map((result) => result.page.url)).toEqual(pages(11).map((page) => page.url));
    expect(results.every((result) => result.status === 'shortened')).toBe(true);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(11).keys()]);
  });

  it('waits out a 429 for every request, then tries the refused page again', async () => {
    const waits: number[] = [];
    const slept: number[] = [];
    let refused = false;
    const shortenOne: ShortenOne = async (page) => {
      if (page.url.endsWith('/2') && !refused) {
        refused = true;
        throw new ApiError('rate_limited', 'Too many requests.', { retryAfterSeconds: 2 });
      }
      return { link: linkFor(page), reused: false };
    };
    const results = await shortenTabs(pages(6), {
      shortenOne,
      concurrency: 1,
      onWait: (ms) => waits.push(ms),
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect(results.map((result) => result.status)).toEqual(Array(6).fill('shortened'));
    expect(waits).toEqual([2_000]);
    expect(slept.length).toBeGreaterThan(0);
    expect(Math.max(...slept)).toBeLessThanOrEqual(2_000);
  });

  it('reports a page as failed when the service asks for a longer wait than it is worth', async () => {
    const tooLong = new ApiError('rate_limited', 'Too many requests.', {
      retryAfterSeconds: MAX_RATE_LIMIT_WAIT_MS / 1000 + 1,
    });
    const results = await shortenTabs(pages(1), {
      shortenOne: async () => {
        throw tooLong;
      },
      sleep: async () => {},
    });
    expect(results).toEqual([{ page: pages(1)[0], status: 'failed', error: tooLong }]);
  });

  it('gives each failure its error, and goes on with the other pages', async () => {
    const refused = new ApiError('invalid_input', 'The destination URL is too long.');
    const results = await shortenTabs(pages(3), {
      shortenOne: async (page) => {
        if (page.url.endsWith('/1')) throw refused;
        return { link: linkFor(page), reused: false };
      },
    });
    expect(results.map((result) => result.status)).toEqual(['shortened', 'failed', 'shortened']);
    expect(results[1]).toMatchObject({ status: 'failed', error: refused });
  });
});

describe('retryFailures', () => {
  it('tries only the failures again, looking first for the link of one whose answer was lost', async () => {
    const first = await shortenTabs(pages(4), {
      shortenOne: async (page) => {
        if (page.url.endsWith('/1')) throw new ApiError('server_error', 'The service failed.');
        if (page.url.endsWith('/2')) throw new ApiError('back_half_taken', 'Taken.');
        if (page.url.endsWith('/3')) throw new ApiError('rate_limited', 'Slow down.', {});
        return { link: linkFor(page), reused: false };
      },
      sleep: async () => {},
    });
    expect(first.map((result) => result.status)).toEqual([
      'shortened',
      'failed',
      'failed',
      'failed',
    ]);

    const asked: [string, boolean][] = [];
    let refreshed = 0;
    const again = await retryFailures(first, {
      shortenOne: async (page, { lookFirst }) => {
        asked.push([page.url, lookFirst]);
        return { link: linkFor(page, 9), reused: lookFirst };
      },
      refreshLinks: async () => {
        refreshed++;
      },
    });
    expect(asked.sort()).toEqual([
      ['https://example.com/1', true],
      ['https://example.com/2', false],
      ['https://example.com/3', false],
    ]);
    expect(refreshed).toBe(1);
    expect(again[0]).toBe(first[0]);
    expect(again.map((result) => result.status)).toEqual(Array(4).fill('shortened'));
  });

  it('lists nothing afresh when every failure was a plain refusal', async () => {
    let refreshed = 0;
    await retryFailures(
      [{ page: pages(1)[0] as TabPage, status: 'failed', error: new ApiError('unauthorized', '') }],
      {
        shortenOne: async (page) => ({ link: linkFor(page), reused: false }),
        refreshLinks: async () => {
          refreshed++;
        },
      },
    );
    expect(refreshed).toBe(0);
  });
});

describe('against the service', () => {
  let service: TestService;
  let apiKey: string;

  beforeAll(async () => {
    service = await startTestService();
    apiKey = await service.createAccount('tabs@example.com');
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    fakeBrowser.reset();
    closeAccounts();
  });

  it('a create whose answer was lost is found on retry, not made again; a page with a link reuses it', async () => {
    const account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
    const settings = { removeTracking: true, reuseExisting: true };
    const cachedLinksTo = (addresses: readonly string[]) => openAccount(account).linksTo(addresses);
    await openAccount(account).refreshLinks();
    const lost = 'https://example.com/lost-answer';
    let answersLost = 0;
    const shortenOne: ShortenOne = async (page, { lookFirst }) => {
      const made = await linkForPage(page, {
        account,
        removeTracking: settings.removeTracking,
        reuse: lookFirst || settings.reuseExisting,
        linksTo: cachedLinksTo,
      });
      if (page.url === lost && answersLost++ === 0) {
        // Made on the service, but the answer never came back.
        throw new ApiError('network', 'The service could not be reached.');
      }
      return made;
    };
    const tabs = [
      { url: 'https://example.com/a?utm_source=news&id=1', title: 'A' },
      { url: lost, title: 'Lost' },
      { url: 'https://example.com/c', title: 'C' },
    ];
    const first = await shortenTabs(tabs, { shortenOne });
    expect(first.map((result) => result.status)).toEqual(['shortened', 'failed', 'shortened']);
    expect(first[0]).toMatchObject({
      link: { destinationUrl: 'https://example.com/a?id=1', title: 'A' },
    });
    // The lost answer's link is on the service, but not in the cache the lookups read.
    expect(await service.storedLinks(apiKey)).toHaveLength(3);

    const again = await retryFailures(first, {
      shortenOne,
      refreshLinks: () => openAccount(account).refreshLinks(),
    });
    expect(again[1]).toMatchObject({ status: 'shortened', reused: true });
    expect(await service.storedLinks(apiKey)).toHaveLength(3);

    // The same tabs once more: every page has its link, none is made.
    const third = await shortenTabs(tabs, { shortenOne });
    expect(third.map((result) => result.status === 'shortened' && result.reused)).toEqual([
      true,
      true,
      true,
    ]);
    expect(await service.storedLinks(apiKey)).toHaveLength(3);
  });
});
