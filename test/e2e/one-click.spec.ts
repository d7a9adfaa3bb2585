// "Shorten on toolbar click", the menu's and the shortcut's reuse of an existing link, and copy
// formats from the background, in Chromium with the built extension. A toolbar click cannot be
// made from a test: the tests call the handler the browser calls (globalThis.shortLinkBackground).
import type { Worker } from '@playwright/test';
import { MENU_OPEN_POPUP, MENU_SHORTEN_PAGE, SHORTEN_COMMAND } from '../../lib/browser/menus.ts';
import { configure, expect, test } from './fixtures.ts';
import { createLink, linksOf } from './links-helpers.ts';
import { openServicePage, readClipboard } from './page-helpers.ts';

/** The toolbar button's popup as the browser has it now: '' when a click shortens instead. */
const toolbarPopup = (worker: Worker) => worker.evaluate(() => chrome.action.getPopup({}));

const menuItemExists = (worker: Worker, id: string) =>
  worker.evaluate(
    (menuId) =>
      chrome.contextMenus.update(menuId, {}).then(
        () => true,
        () => false,
      ),
    id,
  );

const clickToolbar = (worker: Worker, pageUrl: string) =>
  worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((candidate) => candidate.url === url);
    const outcome = await globalThis.shortLinkBackground?.onActionClick(tab);
    const badge = await chrome.action.getBadgeText({ tabId: tab?.id });
    return { outcome, badge };
  }, pageUrl);

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('with "Shorten on toolbar click" on, a click shortens, copies, and shows a badge and a notification', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  expect(await toolbarPopup(worker)).toMatch(/popup\.html$/);
  expect(await menuItemExists(worker, MENU_OPEN_POPUP)).toBe(false);
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey, oneClick: true });
  await expect.poll(() => toolbarPopup(worker)).toBe('');
  await expect.poll(() => menuItemExists(worker, MENU_OPEN_POPUP)).toBe(true);
  const page = await openServicePage(context, service);

  const { outcome, badge } = await clickToolbar(worker, page.url());

  expect(outcome).toMatchObject({ status: 'copied', reused: false });
  const shortUrl = outcome?.status === 'copied' ? outcome.shortUrl : '';
  expect(badge).toBe('✓');
  expect((await readClipboard(context, extensionId)).text).toBe(shortUrl);
  expect(await linksOf(service, apiKey)).toEqual([
    expect.objectContaining({ short_url: shortUrl, destination_url: page.url() }),
  ]);
  const notices = await worker.evaluate(async () =>
    Object.keys(await chrome.notifications.getAll()),
  );
  expect(notices).toHaveLength(1);

  // A second click on the same page copies the same link.
  const again = await clickToolbar(worker, page.url());
  expect(again.outcome).toMatchObject({ status: 'copied', reused: true, shortUrl });
  expect(await linksOf(service, apiKey)).toHaveLength(1);

  await configure(worker, { oneClick: false });
  await expect.poll(() => toolbarPopup(worker)).toMatch(/popup\.html$/);
  await expect.poll(() => menuItemExists(worker, MENU_OPEN_POPUP)).toBe(false);
});

test('a one-click failure shows "!" on the button and says why in a notification', async ({
  context,
  worker,
  service,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: 'slk_wrong', oneClick: true });
  const page = await openServicePage(context, service);
  const { outcome, badge } = await clickToolbar(worker, page.url());
  expect(outcome).toMatchObject({ status: 'failed', kind: 'unauthorized' });
  expect(badge).toBe('!');
  const notices = await worker.evaluate(async () =>
    Object.keys(await chrome.notifications.getAll()),
  );
  expect(notices).toHaveLength(1);
});

test('"Open Short Link" opens the popup while the button shortens', async ({
  worker,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey, oneClick: true });
  await expect.poll(() => toolbarPopup(worker)).toBe('');
  await worker.evaluate(
    (menuItemId) => globalThis.shortLinkBackground?.onMenuClick({ menuItemId }),
    MENU_OPEN_POPUP,
  );
  await expect
    .poll(() =>
      worker.evaluate(
        async () => (await chrome.runtime.getContexts({ contextTypes: ['POPUP'] })).length,
      ),
    )
    .toBe(1);
  // The button still shortens afterwards.
  expect(await toolbarPopup(worker)).toBe('');
});

test('the menu and the shortcut copy the existing link, unless "Reuse existing links" is off', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  const page = await openServicePage(context, service);
  const made = await createLink(service, apiKey, { destination_url: page.url() });
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });

  const fromMenu = await worker.evaluate(
    async ({ pageUrl, menuItemId }) => {
      const tab = (await chrome.tabs.query({})).find((candidate) => candidate.url === pageUrl);
      return globalThis.shortLinkBackground?.onMenuClick({ menuItemId, pageUrl }, tab);
    },
    { pageUrl: page.url(), menuItemId: MENU_SHORTEN_PAGE },
  );
  expect(fromMenu).toMatchObject({ status: 'copied', reused: true, shortUrl: made.short_url });
  const fromShortcut = await worker.evaluate(
    (command) => globalThis.shortLinkBackground?.onCommand(command),
    SHORTEN_COMMAND,
  );
  expect(fromShortcut).toMatchObject({ status: 'copied', reused: true, shortUrl: made.short_url });
  expect((await readClipboard(context, extensionId)).text).toBe(made.short_url);
  expect(await linksOf(service, apiKey)).toHaveLength(1);

  await configure(worker, { reuseExisting: false });
  const another = await worker.evaluate(
    (command) => globalThis.shortLinkBackground?.onCommand(command),
    SHORTEN_COMMAND,
  );
  expect(another).toMatchObject({ status: 'copied', reused: false });
  expect(await linksOf(service, apiKey)).toHaveLength(2);
});

test('the shortcut copies rich text when "Copy as" is HTML', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey, copyAs: 'html' });
  const page = await openServicePage(context, service);
  const title = await page.title();
  const outcome = await worker.evaluate(
    (command) => globalThis.shortLinkBackground?.onCommand(command),
    SHORTEN_COMMAND,
  );
  const shortUrl = outcome?.status === 'copied' ? outcome.shortUrl : '';
  const copied = await readClipboard(context, extensionId);
  expect(copied.text).toBe(shortUrl);
  expect(copied.html).toContain(`<a href="${shortUrl}">${title}</a>`);
});
