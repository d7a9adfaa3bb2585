// Two accounts on two real services (two ports, two databases): each account's key goes only to
// its own service, and each list, cache and menu item belongs to one account.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Worker } from '@playwright/test';
import { startTestService, type TestService } from '../support/test-service.ts';
import {
  addAccount,
  cachedLinks,
  configure,
  expect,
  FIRST_ACCOUNT,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
  storedSettings,
  test,
} from './fixtures.ts';
import { count, rows } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

/** A page to shorten, on a third address: neither service takes it for one of its own links. */
async function servePage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end('<!doctype html><title>A page for two accounts</title><p>Hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/article`, server };
}

const destinations = async (service: TestService, apiKey: string) =>
  (await service.storedLinks(apiKey)).map((link) => link.destinationUrl);

const accountArticle = (page: Page, name: string) => page.getByRole('article', { name });

let personal: TestService;
let page: { url: string; server: Server };

// Each test walks options, popup and background with two services: more than one page's worth.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  personal = await startTestService();
  page = await servePage();
});
test.afterAll(async () => {
  await personal?.stop();
  // The worker's browser outlives the file and may hold a connection open.
  page?.server.closeAllConnections();
  await new Promise((resolve) => page?.server.close(resolve));
});

let emails = 0;
const personalKey = () => personal.createAccount(`personal-${++emails}@example.com`);

test('adds a second account, and the popup shortens through each, on its own service only', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  const otherKey = await personalKey();
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const options = await openOptions(context, extensionId, 'accounts');

  await options.getByRole('button', { name: 'Add account' }).click();
  const added = accountArticle(options, 'New account');
  await added.getByLabel('Account name').fill('Personal');
  await added.getByLabel('API base URL').fill(personal.baseUrl);
  await added.getByLabel('API key', { exact: true }).fill(otherKey);
  await added.getByRole('button', { name: 'Save' }).click();
  const personalArticle = accountArticle(options, 'Personal');
  await expect(personalArticle.getByRole('status')).toHaveText(/^Saved\./);

  // With two accounts, the first one gets its name field too.
  const first = options.getByRole('article').first();
  await first.getByLabel('Account name').fill('Work');
  await first.getByRole('button', { name: 'Save' }).click();
  const work = accountArticle(options, 'Work Default');
  await expect(work.getByRole('status')).toHaveText(/^Saved\./);
  await expect(work.getByRole('button', { name: 'Make default' })).toHaveCount(0);
  await expect(personalArticle.getByRole('button', { name: 'Make default' })).toBeVisible();
  const settings = await storedSettings(worker);
  expect(settings.accounts).toMatchObject([
    { id: FIRST_ACCOUNT, name: 'Work', apiBaseUrl: service.baseUrl, apiKey },
    { name: 'Personal', apiBaseUrl: personal.baseUrl, apiKey: otherKey },
  ]);
  expect(settings.defaultAccountId).toBe(FIRST_ACCOUNT);
  await screenshotBothThemes(options, 'options-accounts-two');
  expect(await seriousA11yViolations(options)).toEqual([]);

  // The popup starts on the default account.
  let popup = await PopupPage.openFor(context, worker, extensionId, page.url);
  const select = popup.page.getByLabel('Account', { exact: true });
  await expect(select).toHaveValue(FIRST_ACCOUNT);
  await expect(select.getByRole('option')).toHaveText(['Work', 'Personal']);
  await popup.shorten({ title: 'Through Work' });
  await expect(popup.shortLink()).toHaveText(new RegExp(`^http://${service.shortDomain}/`));
  expect(await destinations(service, apiKey)).toEqual([page.url]);
  expect(await personal.storedLinks(otherKey)).toEqual([]);

  // Another account: its own service, its own key.
  await select.selectOption({ label: 'Personal' });
  await expect(popup.shortLink()).toHaveCount(0);
  await popup.shorten({ title: 'Through Personal' });
  await expect(popup.shortLink()).toHaveText(new RegExp(`^http://${personal.shortDomain}/`));
  expect(await destinations(personal, otherKey)).toEqual([page.url]);
  expect(await destinations(service, apiKey)).toEqual([page.url]);
  await screenshotBothThemes(popup.page, 'popup-account-select');
  expect(await seriousA11yViolations(popup.page)).toEqual([]);

  // The popup opens on the account last used there, with that account's link to the page.
  popup = await PopupPage.openFor(context, worker, extensionId, page.url);
  const personalId = (settings.accounts as { id: string }[])[1]?.id ?? '';
  await expect(popup.page.getByLabel('Account', { exact: true })).toHaveValue(personalId);
  await expect(
    popup.page.getByRole('link', { name: new RegExp(personal.shortDomain) }),
  ).toBeVisible();
});

test('with one account the popup has no Account select', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const popup = await PopupPage.openFor(context, worker, extensionId, page.url);
  await expect(popup.field('Destination URL')).toHaveValue(page.url);
  await expect(popup.page.getByLabel('Account', { exact: true })).toHaveCount(0);
});

async function menuItems(worker: Worker) {
  return worker.evaluate(() =>
    (globalThis.shortLinkBackground?.menuItems() ?? []).map((item) => [item.title, item.parentId]),
  );
}

test('Links switches accounts, the menu lists both, and removing one leaves the other intact', async ({
  context,
  worker,
  extensionId,
  service,
  account,
}) => {
  const otherKey = await personalKey();
  await service.insertLinks(account.apiKey, [
    { backHalf: `work-${emails}`, destinationUrl: 'https://example.com/work', title: 'Work link' },
  ]);
  await personal.insertLinks(otherKey, [
    { backHalf: 'p1', destinationUrl: 'https://example.com/p1', title: 'Personal one' },
    { backHalf: 'p2', destinationUrl: 'https://example.com/p2', title: 'Personal two' },
  ]);
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
  const personalId = await addAccount(worker, {
    name: 'Personal',
    apiBaseUrl: personal.baseUrl,
    apiKey: otherKey,
  });

  // The menu follows the accounts: one child per account under each item.
  await expect
    .poll(() => menuItems(worker))
    .toEqual([
      ['Shorten link', undefined],
      [new URL(service.baseUrl).host, 'shorten-link'],
      ['Personal', 'shorten-link'],
      ['Shorten this page', undefined],
      [new URL(service.baseUrl).host, 'shorten-page'],
      ['Personal', 'shorten-page'],
    ]);
  const exists = (id: string) =>
    worker.evaluate(
      (menuId) =>
        chrome.contextMenus.update(menuId, {}).then(
          () => true,
          () => false,
        ),
      id,
    );
  expect(await exists(`shorten-page/${personalId}`)).toBe(true);
  const outcome = await worker.evaluate(
    ({ menuItemId, pageUrl }) =>
      globalThis.shortLinkBackground?.onMenuClick({ menuItemId, linkUrl: pageUrl }),
    { menuItemId: `shorten-link/${personalId}`, pageUrl: 'https://example.com/from-the-menu' },
  );
  expect(outcome?.status).toMatch(/copied/);
  expect(await destinations(personal, otherKey)).toContain('https://example.com/from-the-menu');

  // Links: the default account first, then the other one chosen.
  const options = await openOptions(context, extensionId, 'links');
  await expect(count(options)).toHaveText('1 link');
  await options.getByLabel('Account', { exact: true }).selectOption({ label: 'Personal' });
  await expect(count(options)).toHaveText('3 links');
  await expect(rows(options).first()).toContainText('example.com/from-the-menu');
  await expect.poll(() => cachedLinks(worker, personalId)).toHaveLength(3);
  expect(await cachedLinks(worker)).toHaveLength(1);

  // Remove the second account: its key and caches go, the first stays as it was.
  await options.goto(`chrome-extension://${extensionId}/options.html#accounts`);
  await accountArticle(options, 'Personal').getByRole('button', { name: 'Remove account' }).click();
  const dialog = options.getByRole('dialog', { name: 'Remove Personal?' });
  await expect(dialog).toContainText('Personal');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(options.getByRole('article')).toHaveCount(1);
  await expect(options.getByLabel('Account name')).toHaveCount(0);

  const settings = await storedSettings(worker);
  expect(settings.accounts).toMatchObject([{ id: FIRST_ACCOUNT, apiKey: account.apiKey }]);
  expect(JSON.stringify(settings)).not.toContain(otherKey);
  expect(await cachedLinks(worker, personalId)).toBeUndefined();
  expect(await cachedLinks(worker)).toHaveLength(1);
  await expect
    .poll(() => menuItems(worker))
    .toEqual([
      ['Shorten link', undefined],
      ['Shorten this page', undefined],
    ]);
  // The services keep their links: removing an account only makes the extension forget it.
  expect(await personal.storedLinks(otherKey)).toHaveLength(3);
});
