// "Remove account" while another page (the background's cache upkeep, another options tab) is
// still listing that account's links or domains: when the answer comes, nothing of the account may
// be written back.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storeAccounts } from '../../test/support/accounts.ts';
import { holdAnswers } from '../../test/support/hold-answers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import type { AccountRef } from '../settings/connection.ts';
import { forgetAccount, loadSettings } from '../settings/settings.ts';
import { closeAccounts, openAccount } from './account.ts';
import { clearCaches } from './cache.ts';
import { readStoredFirstScreen, readStoredLinks } from './links-store.ts';

let service: TestService;
let removed: AccountRef;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  const apiKey = await service.createAccount(`removed-${Date.now()}@example.com`);
  await service.insertLinks(apiKey, [
    { backHalf: `gone-${Date.now()}`, destinationUrl: 'https://example.com/gone' },
  ]);
  removed = { id: 'account-2', apiBaseUrl: service.baseUrl, apiKey };
  await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey: 'kept-key' }, removed);
});
afterEach(() => {
  closeAccounts();
  vi.restoreAllMocks();
});

/** What the options page's removal does, seen from another page: settings first, then caches. */
async function removeFromAnotherPage(id: string) {
  await forgetAccount(id);
  await clearCaches(id);
}

it('a links refresh answered after the account was removed stores nothing of it', async () => {
  const { release, asked } = holdAnswers();
  const refresh = openAccount(removed).refreshLinks();
  await asked;

  await removeFromAnotherPage(removed.id);
  release();
  await refresh;

  expect(await readStoredLinks(removed.id)).toBeUndefined();
  expect(await readStoredFirstScreen(removed.id)).toBeUndefined();
  expect((await loadSettings()).accounts.map((account) => account.id)).toEqual(['first']);
});

it('a domains refresh answered after the account was removed stores nothing of it', async () => {
  const { release, asked } = holdAnswers();
  const refresh = openAccount(removed).refreshDomains();
  await asked;

  await removeFromAnotherPage(removed.id);
  release();
  await refresh;

  expect(await browser.storage.local.get(`domainsCache:${removed.id}`)).toEqual({});
  expect(JSON.stringify(await browser.storage.local.get(null))).not.toContain(removed.id);
});

it("the service's offer read after the account was removed stores nothing of it", async () => {
  const { release, asked } = holdAnswers((url) => url.endsWith('/v1/openapi.json'));
  const offer = openAccount(removed).serviceOffer();
  await asked;

  await removeFromAnotherPage(removed.id);
  release();
  await offer;

  expect(JSON.stringify(await browser.storage.local.get(null))).not.toContain(removed.id);
});
