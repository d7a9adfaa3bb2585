import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountOf } from '../../test/support/accounts.ts';
import { api } from '../../test/support/test-api.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts, openAccount } from '../account/account.ts';
import { isApiError } from '../api/errors.ts';
import type { AccountSettings } from '../settings/settings.ts';
import { askOnce, findPageLinks, type LinksSource, linkForPage } from './link-for-page.ts';

let service: TestService;
let apiKey: string;
let account: AccountSettings;

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount('page-links@example.com');
  account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
});
afterAll(() => service.stop());
beforeEach(() => {
  fakeBrowser.reset();
  closeAccounts();
});
afterEach(() => vi.restoreAllMocks());

const unique = () => `https://example.com/page/${crypto.randomUUID()}`;
const create = async (destination_url: string) =>
  (await api(service.baseUrl, apiKey).create({ destination_url })).body.short_url;
const madeTo = async (destination: string) =>
  (await service.storedLinks(apiKey)).filter((link) => link.destinationUrl === destination);
/** The account's index by destination, as the background asks it. */
const index: LinksSource = (addresses) => openAccount(account).linksTo(addresses, { maxAgeMs: 0 });
const options = (reuse = true) => ({ account, removeTracking: true, reuse, linksTo: index });

describe('linkForPage', () => {
  it("reuses the account's link to the page, and makes none", async () => {
    const url = unique();
    const shortUrl = await create(url);

    const result = await linkForPage({ url, title: 'Again' }, options());

    expect(result).toMatchObject({ reused: true, link: { shortUrl, destinationUrl: url } });
    expect(await madeTo(url)).toHaveLength(1);
  });

  it('finds the link made to the address without its tracking parameters', async () => {
    const url = unique();
    const shortUrl = await create(url);

    const result = await linkForPage({ url: `${url}?utm_source=news` }, options());

    expect(result).toEqual(
      expect.objectContaining({ reused: true, removed: ['utm_source'], link: expect.anything() }),
    );
    expect(result.link.shortUrl).toBe(shortUrl);
  });

  it('makes a link to the cleaned address when the account has none, and reuses it next time', async () => {
    const url = unique();

    const made = await linkForPage({ url: `${url}?fbclid=x`, title: 'New' }, options());
    const again = await linkForPage({ url }, options());

    expect(made).toMatchObject({
      reused: false,
      removed: ['fbclid'],
      link: { destinationUrl: url, title: 'New' },
    });
    expect(again).toMatchObject({ reused: true, link: { shortUrl: made.link.shortUrl } });
    expect(await madeTo(url)).toHaveLength(1);
  });

  it('makes another link when reuse is off', async () => {
    const url = unique();
    await create(url);
    const result = await linkForPage({ url }, options(false));
    expect(result.reused).toBe(false);
    expect(await madeTo(url)).toHaveLength(2);
  });

  it("gives the page's own short link, with its clicks, when the page is one, reuse or not", async () => {
    const shortUrl = await create(unique());
    const before = (await service.storedLinks(apiKey)).length;

    for (const reuse of [true, false]) {
      const result = await linkForPage({ url: shortUrl }, options(reuse));
      expect(result).toMatchObject({ reused: true, link: { shortUrl, clicks: 0 } });
    }
    expect(await service.storedLinks(apiKey)).toHaveLength(before);
  });
});

describe("linkForPage with reuse: 'ask' (the popup)", () => {
  /** What the popup asks as it opens on `pageUrl`. */
  const foundFor = (pageUrl: string) =>
    findPageLinks(pageUrl, { account, removeTracking: true, linksTo: index });
  const ask = (pageUrl: string, shown = false) => ({
    account,
    reuse: 'ask' as const,
    found: foundFor(pageUrl),
    shown,
  });

  it("makes no link while the person has not seen the account's links to the page, and answers them", async () => {
    const url = unique();
    const shortUrl = await create(url);

    const result = await linkForPage({ url, title: 'Again' }, ask(url));

    expect(result).toMatchObject({ ask: { pageUrl: url, existing: [{ shortUrl }] } });
    expect(await madeTo(url)).toHaveLength(1);
  });

  it('asks about the page with its tracking parameters, whether shortened cleaned or as it was', async () => {
    const url = unique();
    const shortUrl = await create(url);
    const tracked = `${url}?utm_source=news`;

    for (const address of [url, tracked]) {
      const result = await linkForPage({ url: address }, ask(tracked));
      expect(result).toMatchObject({ ask: { destination: url, existing: [{ shortUrl }] } });
    }
    expect(await madeTo(url)).toHaveLength(1);
    expect(await madeTo(tracked)).toHaveLength(0);
  });

  it("asks about the page's own short link, and about a short address that has no link", async () => {
    const shortUrl = await create(unique());
    const missing = new URL(`/missing-${crypto.randomUUID().slice(0, 8)}`, shortUrl).href;
    const before = (await service.storedLinks(apiKey)).length;

    expect(await linkForPage({ url: shortUrl }, ask(shortUrl))).toMatchObject({
      ask: { selfLink: { shortUrl }, existing: [] },
    });
    expect(await linkForPage({ url: missing }, ask(missing))).toMatchObject({
      ask: { noLink: true, existing: [] },
    });
    expect(await service.storedLinks(apiKey)).toHaveLength(before);
  });

  it('makes another link once the person has been shown the ones the account has', async () => {
    const url = unique();
    const shortUrl = await create(url);

    const result = await linkForPage({ url, title: 'Another' }, ask(url, true));

    expect(result).toMatchObject({
      reused: false,
      removed: [],
      link: { destinationUrl: url, title: 'Another' },
    });
    expect('link' in result && result.link.shortUrl).not.toBe(shortUrl);
    expect(await madeTo(url)).toHaveLength(2);
  });

  it('makes the link as typed, tracking parameters kept, with its back-half and domain', async () => {
    const url = unique();
    const tracked = `${url}?utm_source=news`;
    const backHalf = `ask-${crypto.randomUUID().slice(0, 8)}`;

    const result = await linkForPage(
      { url: tracked, title: 'Kept' },
      { ...ask(tracked), backHalf, domain: '' },
    );

    expect(result).toMatchObject({
      reused: false,
      removed: [],
      link: { destinationUrl: tracked, title: 'Kept' },
    });
    expect('link' in result && result.link.shortUrl.endsWith(`/${backHalf}`)).toBe(true);
  });

  it('makes a link to another address typed, whatever the page has', async () => {
    const page = unique();
    await create(page);
    const other = unique();

    const result = await linkForPage({ url: other }, ask(page));

    expect(result).toMatchObject({ reused: false, link: { destinationUrl: other } });
    expect(await madeTo(page)).toHaveLength(1);
    expect(await madeTo(other)).toHaveLength(1);
  });

  it('says at once that the browser blocks the API origin, without waiting on the lookup', async () => {
    vi.spyOn(browser.permissions, 'contains').mockImplementation(async () => false);
    // A lookup that never answers, as one to an origin whose name does not resolve can take long.
    const never = new Promise<never>(() => {});

    const failure = await linkForPage(
      { url: unique() },
      { account, reuse: 'ask', found: never, shown: false },
    ).catch((error) => error);

    expect(isApiError(failure) && failure.kind).toBe('permission_missing');
  });
});

describe('findPageLinks', () => {
  it("lists the account's links to the page, cleaned address and as it was, in one question", async () => {
    const url = unique();
    const cleaned = await create(url);
    const tracked = await create(`${url}?utm_medium=mail`);
    const asked: (readonly string[])[] = [];

    const found = await findPageLinks(`${url}?utm_medium=mail`, {
      account,
      removeTracking: true,
      linksTo: (addresses) => {
        asked.push(addresses);
        return index(addresses);
      },
    });

    expect(found).toMatchObject({ destination: url, removed: ['utm_medium'] });
    expect(found.existing.map((link) => link.shortUrl)).toEqual([cleaned, tracked]);
    expect(found.selfLink).toBeUndefined();
    expect(asked).toEqual([[url, `${url}?utm_medium=mail`]]);
  });

  it("gives the page's own short link and asks for no links to it", async () => {
    const shortUrl = await create(unique());
    const found = await findPageLinks(shortUrl, {
      account,
      removeTracking: false,
      linksTo: () => Promise.reject(new Error('not to be asked')),
      customDomains: [],
    });
    expect(found).toMatchObject({ existing: [], selfLink: { shortUrl } });
  });

  it('keeps the address as it is when tracking parameters stay', async () => {
    const url = `${unique()}?utm_source=x`;
    const found = await findPageLinks(url, { account, removeTracking: false, linksTo: index });
    expect(found).toMatchObject({ destination: url, removed: [], existing: [] });
  });
});

describe('askOnce', () => {
  it("asks once for many pages' links, and adds the links made meanwhile", async () => {
    const first = unique();
    const known = await create(first);
    const second = unique();
    const asked: (readonly string[])[] = [];

    const source = await askOnce([`${first}?utm_source=x`, second], {
      removeTracking: true,
      linksTo: (addresses) => {
        asked.push(addresses);
        return index(addresses);
      },
    });

    expect(asked).toEqual([[first, `${first}?utm_source=x`, second]]);
    expect((await source([first])).map((link) => link.shortUrl)).toEqual([known]);
    expect(await source([second])).toEqual([]);
    const made = await linkForPage({ url: second }, { ...options(), linksTo: source });
    source.add(made.link);
    expect(await source([second])).toEqual([made.link]);
  });
});
