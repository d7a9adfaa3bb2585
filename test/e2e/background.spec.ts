// The context menu, the keyboard command and their notifications, in Chromium with the built
// extension. A native menu, shortcut or notification cannot be clicked from a test: the tests call
// the handlers the browser calls (globalThis.shortLinkBackground in the service worker).
import { DatabaseSync } from 'node:sqlite';
import type { BrowserContext, Worker } from '@playwright/test';
import {
  MENU_ITEMS,
  MENU_SHORTEN_LINK,
  MENU_SHORTEN_PAGE,
  SHORTEN_COMMAND,
} from '../../lib/browser/menus.ts';
import type { TestService } from '../support/test-service.ts';
import { configure, expect, test } from './fixtures.ts';
import { linksOf } from './links-helpers.ts';
import { openServicePage, readClipboard } from './page-helpers.ts';

function countAllLinks(service: TestService): number {
  const db = new DatabaseSync(service.dbFile, { readOnly: true });
  try {
    return Number((db.prepare('SELECT COUNT(*) AS n FROM links').get() as { n: number }).n);
  } finally {
    db.close();
  }
}

const optionsPages = (context: BrowserContext, extensionId: string) =>
  context.pages().filter((page) => page.url() === `chrome-extension://${extensionId}/options.html`);

async function notifications(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('the first install opens the options page', async ({ context, extensionId }) => {
  await expect.poll(() => optionsPages(context, extensionId).length).toBe(1);
});

test('installing creates both context menu items', async ({ worker }) => {
  // contextMenus has no getter; update() rejects for an id that does not exist.
  const update = (id: string) =>
    worker.evaluate(
      (menuId) =>
        chrome.contextMenus.update(menuId, {}).then(
          () => 'exists',
          (error: Error) => error.message,
        ),
      id,
    );
  for (const item of MENU_ITEMS) await expect.poll(() => update(item.id)).toBe('exists');
  expect(await update('not-one-of-ours')).toMatch(/Cannot find menu item/);

  const manifest = await worker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.permissions).toEqual(
    expect.arrayContaining(['contextMenus', 'notifications', 'clipboardWrite', 'offscreen']),
  );
  expect(Object.keys(manifest.commands ?? {})).toContain(SHORTEN_COMMAND);
  expect(manifest.icons?.['128']).toBe('icon/128.png');
});

test('"Shorten this page" shortens the tab, copies the short link and says so', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const page = await openServicePage(context, service);
  const pageTitle = await page.title();

  const outcome = await worker.evaluate(
    async ({ pageUrl, menuItemId }) => {
      const tab = (await chrome.tabs.query({})).find((candidate) => candidate.url === pageUrl);
      return globalThis.shortLinkBackground?.onMenuClick({ menuItemId, pageUrl }, tab);
    },
    { pageUrl: page.url(), menuItemId: MENU_SHORTEN_PAGE },
  );

  expect(outcome?.status).toBe('copied');
  const shortUrl = outcome?.status === 'copied' ? outcome.shortUrl : '';
  expect(shortUrl).toMatch(new RegExp(`^http://${service.shortDomain}/[A-Za-z0-9]{7}$`));
  expect(await linksOf(service, apiKey)).toEqual([
    expect.objectContaining({ short_url: shortUrl, destination_url: page.url(), title: pageTitle }),
  ]);
  expect((await readClipboard(context, extensionId)).text).toBe(shortUrl);
  expect(await notifications(worker)).toHaveLength(1);
});

test('"Shorten link" shortens the link that was right-clicked', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const page = await openServicePage(context, service);
  const linkUrl = 'https://example.com/right-clicked?from=menu';

  const outcome = await worker.evaluate(
    async ({ pageUrl, linkUrl, menuItemId }) => {
      const tab = (await chrome.tabs.query({})).find((candidate) => candidate.url === pageUrl);
      return globalThis.shortLinkBackground?.onMenuClick({ menuItemId, linkUrl, pageUrl }, tab);
    },
    { pageUrl: page.url(), linkUrl, menuItemId: MENU_SHORTEN_LINK },
  );

  expect(outcome?.status).toBe('copied');
  const shortUrl = outcome?.status === 'copied' ? outcome.shortUrl : '';
  expect(await linksOf(service, apiKey)).toEqual([
    expect.objectContaining({ short_url: shortUrl, destination_url: linkUrl, title: '' }),
  ]);
  expect((await readClipboard(context, extensionId)).text).toBe(shortUrl);
});

test('the keyboard command shortens the active tab', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const page = await openServicePage(context, service);

  const outcome = await worker.evaluate(
    (command) => globalThis.shortLinkBackground?.onCommand(command),
    SHORTEN_COMMAND,
  );

  expect(outcome?.status).toBe('copied');
  const shortUrl = outcome?.status === 'copied' ? outcome.shortUrl : '';
  expect(await linksOf(service, apiKey)).toEqual([
    expect.objectContaining({ short_url: shortUrl, destination_url: page.url() }),
  ]);
  expect((await readClipboard(context, extensionId)).text).toBe(shortUrl);
});

test('two copies at once share one offscreen page', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });

  const outcomes = await worker.evaluate(
    (menuItemId) =>
      Promise.all(
        ['https://example.com/first', 'https://example.com/second'].map((linkUrl) =>
          globalThis.shortLinkBackground?.onMenuClick({ menuItemId, linkUrl }),
        ),
      ),
    MENU_SHORTEN_LINK,
  );

  expect(outcomes.map((outcome) => outcome?.status)).toEqual(['copied', 'copied']);
  const shortUrls = outcomes.map((outcome) =>
    outcome?.status === 'copied' ? outcome.shortUrl : '',
  );
  expect(shortUrls).toContain((await readClipboard(context, extensionId)).text);
  const offscreenDocuments = await worker.evaluate(
    async () => (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length,
  );
  expect(offscreenDocuments).toBe(1);
});

test('without an API key it makes no link and its notification opens the options', async ({
  context,
  worker,
  extensionId,
  service,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: '' });
  // openOptionsPage() focuses an options tab already open instead of opening another one.
  await expect.poll(() => optionsPages(context, extensionId).length).toBe(1);
  for (const page of optionsPages(context, extensionId)) await page.close();
  const linksBefore = countAllLinks(service);

  const outcome = await worker.evaluate(
    (menuItemId) =>
      globalThis.shortLinkBackground?.onMenuClick({
        menuItemId,
        linkUrl: 'https://example.com/no-key',
      }),
    MENU_SHORTEN_LINK,
  );

  expect(outcome).toEqual({ status: 'not-configured' });
  expect(countAllLinks(service)).toBe(linksBefore);
  const [notificationId, ...others] = await notifications(worker);
  expect(others).toEqual([]);
  expect(notificationId).toBeDefined();

  await worker.evaluate(
    (id) => globalThis.shortLinkBackground?.onNotificationClick(id),
    notificationId as string,
  );
  await expect.poll(() => optionsPages(context, extensionId).length).toBe(1);
  expect(await notifications(worker)).toEqual([]);
});
