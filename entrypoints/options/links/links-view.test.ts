import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Link } from '../../../lib/api/schemas.ts';
import { speak } from '../../../test/support/speak.ts';
import {
  changedFields,
  clicksText,
  createdLabel,
  endLabel,
  linkCount,
  listCountText,
  loadingCount,
  rowTitle,
  splitDestination,
  splitShortUrl,
} from './links-view.ts';

const link = (n: number, extra: Partial<Link> = {}): Link => ({
  shortUrl: `https://s.example/${n}`,
  destinationUrl: `https://example.com/${n}`,
  title: `Link ${n}`,
  clicks: n,
  createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
  ...extra,
});

describe('linkCount', () => {
  it('counts one, many, and a filtered share', () => {
    expect(linkCount(1, 1)).toBe('1 link');
    expect(linkCount(0, 0)).toBe('0 links');
    expect(linkCount(12345, 12345)).toBe(`${(12345).toLocaleString()} links`);
    expect(linkCount(12, 12345)).toBe(`12 of ${(12345).toLocaleString()} links`);
  });
});

describe('createdLabel', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('is relative when recent, with the full date aside', () => {
    const label = createdLabel('2026-11-22T11:55:00.000Z', now);
    expect(label.text).toMatch(/5 minutes ago/);
    expect(label.full).not.toBe('');
    expect(createdLabel('2026-11-22T09:00:00.000Z', now).text).toMatch(/3 hours ago/);
    expect(createdLabel('2026-11-21T11:00:00.000Z', now).text).toMatch(/yesterday/);
  });
  it('is a date when older than a week, and empty when unknown', () => {
    expect(createdLabel('2026-01-02T00:00:00.000Z', now).text).toMatch(/2026/);
    expect(createdLabel('', now)).toEqual({ text: '', full: '' });
  });
});

describe('splitDestination', () => {
  it('splits the host from the rest', () => {
    expect(splitDestination('https://example.com/a?b#c')).toEqual({
      scheme: 'https://',
      host: 'example.com',
      rest: '/a?b#c',
    });
    expect(splitDestination('nonsense')).toEqual({ scheme: '', host: '', rest: 'nonsense' });
  });

  it.each([
    ['a mixed-script look-alike in punycode', 'https://xn--pple-43d.com/login', 'xn--pple-43d.com'],
    [
      'a look-alike sent in Unicode, as punycode',
      'https://\u0430pple.com/login',
      'xn--pple-43d.com',
    ],
    [
      'an honest internationalised host in its letters',
      'https://xn--bcher-kva.example/',
      'bücher.example',
    ],
    ['a port', 'http://localhost:8787/a', 'localhost:8787'],
    ['an IPv6 address as it is', 'http://[::1]:8080/a', '[::1]:8080'],
  ])('shows %s', (_name, url, host) => {
    expect(splitDestination(url).host).toBe(host);
  });
});

describe('splitShortUrl', () => {
  it.each([
    ['https://go.example.com/abc', 'https://go.example.com', '/abc'],
    ['http://localhost:8787/seed1999', 'http://localhost:8787', '/seed1999'],
    ['https://go.example.com', 'https://go.example.com', ''],
  ])('splits %s before its back-half', (shortUrl, host, path) => {
    expect(splitShortUrl(shortUrl)).toEqual({ host, path });
  });
});

describe('rowTitle', () => {
  it('leads with the title, else the destination host', () => {
    expect(rowTitle(link(1))).toBe('Link 1');
    expect(rowTitle(link(2, { title: '  ', destinationUrl: 'https://docs.example.org/a' }))).toBe(
      'docs.example.org',
    );
  });
});

describe('changedFields', () => {
  it('names only what differs', () => {
    const one = link(1);
    expect(changedFields(one, { destinationUrl: one.destinationUrl, title: one.title })).toEqual(
      {},
    );
    expect(changedFields(one, { destinationUrl: one.destinationUrl, title: 'New' })).toEqual({
      title: 'New',
    });
    expect(changedFields(one, { destinationUrl: 'https://x.example/', title: '' })).toEqual({
      destinationUrl: 'https://x.example/',
      title: '',
    });
  });
});

describe('listCountText', () => {
  const list = { value: undefined, fetchedAt: undefined, loading: false, error: undefined };
  const links = (count: number) => Array.from({ length: count }, () => ({}) as Link);

  it('names what is known of the list, first screen and paged list included', () => {
    expect(listCountText(list, 0)).toBe('');
    expect(listCountText({ ...list, loading: true }, 0)).toBe('Loading…');
    expect(listCountText({ ...list, loading: true, progress: { loaded: 500 } }, 0)).toBe(
      'Loading links… 500 so far',
    );
    // The cache's first screen, while the whole list is read (a refresh may run beside it).
    expect(
      listCountText({ ...list, value: links(60), partOf: { total: 20_000 }, loading: true }, 60),
    ).toBe(`Loading links… 60 of ${(20_000).toLocaleString()}`);
    // The first rows of the service's answer, while the rest of it arrives.
    expect(
      listCountText({ ...list, value: links(60), partOf: { total: undefined }, loading: true }, 60),
    ).toBe('Loading links… 60 so far');
    // … counting the rows as they arrive, of a paged list's total once a page tells it.
    const arriving = { ...list, value: links(60), loading: true };
    expect(listCountText({ ...arriving, partOf: { total: undefined, loaded: 1240 } }, 60)).toBe(
      'Loading links… 1,240 so far',
    );
    expect(listCountText({ ...arriving, partOf: { total: 5000, loaded: 2000 } }, 60)).toBe(
      'Loading links… 2,000 of 5,000',
    );
    expect(listCountText({ ...list, value: links(3) }, 3)).toBe('3 links');
    expect(listCountText({ ...list, value: links(3), loading: true }, 1)).toBe('1 of 3 links');
  });
});

describe('loadingCount', () => {
  it('counts the links of a paged list as they arrive', () => {
    expect(loadingCount({ loaded: 2000, total: 5000 })).toBe('Loading links… 2,000 of 5,000');
    expect(loadingCount({ loaded: 500 })).toBe('Loading links… 500 so far');
  });
});

describe("in the browser's language", () => {
  const english = fakeBrowser.i18n.getMessage;
  const englishLanguage = fakeBrowser.i18n.getUILanguage;
  afterEach(() => {
    fakeBrowser.i18n.getMessage = english;
    fakeBrowser.i18n.getUILanguage = englishLanguage;
  });

  it('counts links and clicks in German, numbers written the German way', () => {
    speak('de', 'de');
    expect(linkCount(1, 1)).toBe('1 Link');
    expect(linkCount(12, 12345)).toBe('12 von 12.345 Links');
    expect(loadingCount({ loaded: 2000, total: 5000 })).toBe(
      'Links werden geladen … 2.000 von 5.000',
    );
    expect(clicksText(1)).toBe('1 Klick');
    expect(clicksText(1500)).toBe('1.500 Klicks');
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    expect(createdLabel('2026-11-21T11:00:00.000Z', now).text).toBe('gestern');
  });

  it('counts in Arabic with its six plural forms, the numbers isolated', () => {
    speak('ar', 'ar');
    expect(linkCount(1, 1)).toBe('رابط واحد');
    expect(linkCount(2, 2)).toBe('رابطان');
    expect(clicksText(0)).toBe('لا نقرات');
    expect(clicksText(5)).toMatch(/^\u2068.+\u2069 نقرات$/);
    expect(clicksText(11)).toMatch(/^\u2068.+\u2069 نقرة$/);
  });
});

describe('endLabel', () => {
  const now = Date.parse('2026-11-28T10:00:00.000Z');
  const inMs = (ms: number) => new Date(now + ms).toISOString();

  it.each([
    ['an expiry three days ahead', { expiresAt: inMs(3 * 86_400_000) }, 0, 'Expires in 3 days'],
    ['an expiry five hours ahead', { expiresAt: inMs(5 * 3_600_000) }, 0, 'Expires in 5 hours'],
    ['an expiry passed', { expiresAt: inMs(-1) }, 0, 'Expired'],
    ['a click limit reached', { maxClicks: 4 }, 4, 'Expired'],
    ['a click limit not reached', { maxClicks: 4, expiresAt: null }, 3, ''],
    ['no end', {}, 9, ''],
  ])('says %s', (_, lifecycle, clicks, said) => {
    expect(endLabel(lifecycle, clicks, now)).toBe(said);
  });
});
