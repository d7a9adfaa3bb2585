// "Check now" against our service, which checks local pages here (private addresses allowed).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type HealthPages, startHealthPages } from '../../test/support/health-pages.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts, openAccount } from '../account/account.ts';
import { readCachedLinks } from '../account/cache.ts';
import { isApiError } from '../api/errors.ts';
import type { AccountRef } from '../settings/connection.ts';
import { checkLinks } from './check-links.ts';
import { checkLinkNow, offersCheckNow } from './check-now.ts';

let service: TestService;
let pages: HealthPages;
let connection: AccountRef;
let accounts = 0;

beforeAll(async () => {
  service = await startTestService({ checkOptions: { allowPrivate: true, timeoutMs: 2_000 } });
  pages = await startHealthPages();
});
afterAll(async () => {
  await service.stop();
  await pages.stop();
});

beforeEach(async () => {
  fakeBrowser.reset();
  const email = `check-${++accounts}@example.com`;
  connection = {
    id: `check-${accounts}`,
    apiBaseUrl: service.baseUrl,
    apiKey: await service.createAccount(email),
  };
  await service.insertLinks(connection.apiKey, [
    { backHalf: `gone-${accounts}`, destinationUrl: pages.gone },
    { backHalf: `moved-${accounts}`, destinationUrl: pages.moved },
  ]);
});
afterEach(() => closeAccounts());

const shortUrlOf = (backHalf: string) => `${service.baseUrl}/${backHalf}`;

describe('Check now', () => {
  it('is offered by our service, and keeps what it found in the list and the cache', async () => {
    const account = openAccount(connection);
    expect(await offersCheckNow(account)).toBe(true);
    await account.loadLinks();
    const shortUrl = shortUrlOf(`gone-${accounts}`);
    const found = await checkLinkNow(account, shortUrl);
    expect(found).toMatchObject({ destinationStatus: 'broken', destinationStatusCode: 404 });
    const shown = account.getSnapshot().links.value?.find((link) => link.shortUrl === shortUrl);
    expect(shown).toMatchObject({ destinationStatus: 'broken', destinationStatusCode: 404 });
    const cached = (await readCachedLinks(connection))?.value.find(
      (link) => link.shortUrl === shortUrl,
    );
    expect(cached?.destinationStatus).toBe('broken');
  });

  it('says when to ask again when asked twice within a minute', async () => {
    const account = openAccount(connection);
    const shortUrl = shortUrlOf(`gone-${accounts}`);
    await checkLinkNow(account, shortUrl);
    const again = await checkLinkNow(account, shortUrl).catch((error: unknown) => error);
    expect(isApiError(again) && again.status).toBe(429);
    expect(isApiError(again) && again.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('finds a permanent redirect, and the new address then starts unchecked', async () => {
    const account = openAccount(connection);
    const links = await account.loadLinks();
    const shortUrl = shortUrlOf(`moved-${accounts}`);
    const found = await checkLinkNow(account, shortUrl);
    expect(found).toMatchObject({
      destinationStatus: 'redirected',
      destinationPermanent: true,
      destinationFinalUrl: pages.here,
    });
    const link = account.getSnapshot().links.value?.find((each) => each.shortUrl === shortUrl);
    if (!link || !links) throw new Error('The link is not in the list.');
    const saved = await account.updateLink(link, { destinationUrl: pages.here });
    expect(saved).toMatchObject({
      destinationUrl: pages.here,
      destinationStatus: 'unchecked',
    });
  });
});

describe('Check selected', () => {
  it('checks each link and counts what it found', async () => {
    const account = openAccount(connection);
    const found = await checkLinks(account, [
      shortUrlOf(`gone-${accounts}`),
      shortUrlOf(`moved-${accounts}`),
      `${service.baseUrl}/no-such-link-${accounts}`,
    ]);
    expect(found).toMatchObject({
      checked: 2,
      states: { broken: 1, redirected: 1, ok: 0, unreachable: 0, unchecked: 0 },
      failed: 1,
    });
    expect(isApiError(found.firstError) && found.firstError.kind).toBe('not_found');
  });

  it('skips a link checked less than a minute ago, with when to try again, and goes on at once', async () => {
    const account = openAccount(connection);
    const recent = shortUrlOf(`gone-${accounts}`);
    await checkLinkNow(account, recent);
    const started = Date.now();
    const found = await checkLinks(account, [recent, shortUrlOf(`moved-${accounts}`)]);
    // Not the minute the refused link asks to wait: the run does not hold for it.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(found).toMatchObject({
      checked: 1,
      states: { redirected: 1, broken: 0 },
      tooSoon: 1,
      failed: 0,
    });
    expect(found.tooSoonUntil).toBeGreaterThan(started + 50_000);
    expect(found.tooSoonUntil).toBeLessThanOrEqual(Date.now() + 61_000);
  });
});
