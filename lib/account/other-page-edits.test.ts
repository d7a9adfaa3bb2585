// Two pages of the extension on one account's links cache (a second options tab, the background's
// upkeep): a list one page asked the service for is not stored over an edit another page stored
// after it was asked; an older list is.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { holdAnswers } from '../../test/support/hold-answers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import type { AccountRef } from '../settings/connection.ts';
import { closeAccounts, openAccount } from './account.ts';
import { changeCachedLinks, readCachedLinks, writeCachedLinks } from './cache.ts';

let service: TestService;
let connection: AccountRef;
let accounts = 0;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  const apiKey = await service.createAccount(`other-page-${++accounts}@example.com`);
  await service.insertLinks(apiKey, [
    { backHalf: `other-page-${accounts}`, destinationUrl: 'https://example.com/', title: 'Listed' },
  ]);
  connection = { id: `account-${accounts}`, apiBaseUrl: service.baseUrl, apiKey };
});
afterEach(() => {
  closeAccounts();
  vi.restoreAllMocks();
});

const cachedTitles = async () =>
  (await readCachedLinks(connection))?.value.map((link) => link.title);

/** What another page's edit does to the cache (write-through.ts, through its `changeLinks`). */
const editElsewhere = (title: string) =>
  changeCachedLinks(connection, (links) => links.map((link) => ({ ...link, title })));

it("keeps another page's edit stored while this page's list was on its way", async () => {
  const account = openAccount(connection);
  await account.refreshLinks();
  const { release, asked } = holdAnswers((url) => url.includes('/v1/links'));
  const refresh = account.refreshLinks({ fresh: true });
  await asked;

  await editElsewhere('Edited elsewhere');
  release();
  await refresh;

  expect(await cachedTitles()).toEqual(['Edited elsewhere']);
});

it('stores a list asked for after the other page stored its edit', async () => {
  const account = openAccount(connection);
  await account.refreshLinks();
  await editElsewhere('Edited elsewhere');
  await new Promise((resolve) => setTimeout(resolve, 2));

  await account.refreshLinks({ fresh: true });

  expect(await cachedTitles()).toEqual(['Listed']);
});

it("stores its list over another page's list asked for earlier and stored meanwhile", async () => {
  const account = openAccount(connection);
  const { release, asked } = holdAnswers((url) => url.includes('/v1/links'));
  const refresh = account.refreshLinks();
  await asked;

  const older = (await readCachedLinks(connection))?.value ?? [];
  await writeCachedLinks(connection, [...older], Date.now(), {
    askedAt: Date.now() - 60_000,
    replaces: () => false,
  });
  release();
  await refresh;

  expect(await cachedTitles()).toEqual(['Listed']);
});

it('stores its list over its own edits made while it was on its way', async () => {
  const account = openAccount(connection);
  await account.refreshLinks();
  const [link] = account.getSnapshot().links.value ?? [];
  // Made elsewhere before the refresh: only the refresh's list, stored, brings it to the cache.
  await service.insertLinks(connection.apiKey, [
    {
      backHalf: `made-elsewhere-${accounts}`,
      destinationUrl: 'https://example.com/new',
      title: 'New',
    },
  ]);
  const { release, asked } = holdAnswers(
    (url) => url.includes('/v1/links') && !url.includes('/v1/links/'),
  );
  const refresh = account.refreshLinks({ fresh: true });
  await asked;

  if (link) await account.updateLink(link, { title: 'Edited here' });
  release();
  await refresh;

  expect((await cachedTitles())?.sort()).toEqual(['Edited here', 'New']);
});
