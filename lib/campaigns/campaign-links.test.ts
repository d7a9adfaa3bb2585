import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountOf } from '../../test/support/accounts.ts';
import { api } from '../../test/support/test-api.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts, openAccount } from '../account/account.ts';
import type { AccountSettings } from '../settings/settings.ts';
import { type CampaignOptions, shortenForCampaign, shortenForChannels } from './campaign-links.ts';
import { NO_UTM, type UtmValues } from './utm.ts';

let service: TestService;
let apiKey: string;
let account: AccountSettings;

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount('campaigns@example.com');
  account = accountOf({ apiBaseUrl: service.baseUrl, apiKey });
});
afterAll(() => service.stop());
beforeEach(() => {
  fakeBrowser.reset();
  closeAccounts();
});

const unique = () => `https://example.com/campaign/${crypto.randomUUID()}`;
const utm = (values: Partial<UtmValues>): UtmValues => ({ ...NO_UTM, ...values });
const create = async (destination_url: string) =>
  (await api(service.baseUrl, apiKey).create({ destination_url })).body.short_url;
const madeTo = async (destination: string) =>
  (await service.storedLinks(apiKey)).filter((link) => link.destinationUrl === destination);
const options = (reuseExisting = true): CampaignOptions => ({
  account,
  reuseExisting,
  linksTo: (addresses) => openAccount(account).linksTo(addresses, { maxAgeMs: 0 }),
});

describe('shortenForCampaign', () => {
  it('reuses the link to the page with the same UTM values, and makes none', async () => {
    const url = unique();
    const shortUrl = await create(`${url}?utm_source=news&utm_medium=email`);

    const result = await shortenForCampaign(
      { destinationUrl: url, title: 'Again' },
      utm({ source: 'news', medium: 'email' }),
      options(),
    );

    expect(result).toMatchObject({ reused: true, link: { shortUrl } });
    expect(await madeTo(`${url}?utm_source=news&utm_medium=email`)).toHaveLength(1);
  });

  it('makes a link of its own when the page has links with other UTM values or none', async () => {
    const url = unique();
    await create(url);
    await create(`${url}?utm_source=social`);

    const result = await shortenForCampaign(
      { destinationUrl: url, title: 'Launch', backHalf: `c${crypto.randomUUID().slice(0, 8)}` },
      utm({ source: 'news' }),
      options(),
    );

    expect(result).toMatchObject({
      reused: false,
      link: { destinationUrl: `${url}?utm_source=news`, title: 'Launch' },
    });
    expect(new URL(result.link.shortUrl).pathname).toMatch(/^\/c[0-9a-f]{8}$/);
  });

  it('does not take a tagged short link of the account for the link itself: the service refuses it', async () => {
    const shortUrl = await create(unique());

    const made = shortenForCampaign(
      { destinationUrl: shortUrl },
      utm({ source: 'news' }),
      options(),
    );

    await expect(made).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it('makes another link when reuse is off', async () => {
    const url = unique();
    const tagged = `${url}?utm_campaign=winter`;
    await create(tagged);

    const result = await shortenForCampaign(
      { destinationUrl: url },
      utm({ campaign: 'winter' }),
      options(false),
    );

    expect(result.reused).toBe(false);
    expect(await madeTo(tagged)).toHaveLength(2);
  });

  it('makes its link with the end the person set ("Link options")', async () => {
    const url = unique();
    const result = await shortenForCampaign(
      { destinationUrl: url, maxClicks: 4, expiredUrl: 'https://example.com/over' },
      utm({ campaign: 'ending' }),
      options(),
    );
    expect(result.link).toMatchObject({ maxClicks: 4, expiredUrl: 'https://example.com/over' });
  });
});

describe('shortenForChannels', () => {
  it('makes one link per channel, reusing the one that exists, and reports a failure as its own', async () => {
    const url = unique();
    const existing = await create(`${url}?utm_source=mail`);
    const backHalf = `c${crypto.randomUUID().slice(0, 8)}`;

    const results = await shortenForChannels(
      { destinationUrl: url, title: 'Channels', backHalf },
      [
        { name: 'Mail', values: utm({ source: 'mail' }) },
        { name: 'Chat', values: utm({ source: 'chat' }) },
        // The back-half is the chat link's now.
        { name: 'Social', values: utm({ source: 'social' }) },
      ],
      options(),
    );

    expect(results).toMatchObject([
      { channel: 'Mail', reused: true, link: { shortUrl: existing } },
      { channel: 'Chat', reused: false, link: { destinationUrl: `${url}?utm_source=chat` } },
      { channel: 'Social', failure: expect.objectContaining({ kind: 'back_half_taken' }) },
    ]);
  });
});
