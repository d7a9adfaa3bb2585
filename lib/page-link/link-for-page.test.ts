import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountOf } from '../../test/support/accounts.ts';
import { api } from '../../test/support/test-api.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts, openAccount } from '../account/account.ts';
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
