// "Shorten all tabs" in Chromium with the built extension, against the real service: the optional
// `tabs` permission asked for in the click, every web page of the window shortened, the list read
// back from the clipboard in each format, failures with their reason, and a retry that makes
// nothing twice.
//
// Headless Chromium shows its permission prompt where no test can answer it (the request never
// settles), so these tests put a stand-in for `permissions.request` in the popup that records the
// call and says yes (or no). The tabs are on the service's origins, which are host permissions of
// the build: the browser shows their addresses and titles without `tabs`, as it would with it. The
// Firefox suite grants the real permission (test/firefox/all-tabs.spec.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import Papa from 'papaparse';
import { startTestService, type TestService } from '../support/test-service.ts';
import {
  configure,
  expect,
  screenshotBothThemes,
  seriousA11yViolations,
  test,
} from './fixtures.ts';
import { createLink } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

type PermissionRequest = { permissions?: string[]; inUserGesture: boolean };

/** The popup's `permissions.request`, replaced by one that records each call and answers `grant`. */
async function answerPermissionRequests(popup: Page, grant: boolean): Promise<void> {
  await popup.addInitScript((granted) => {
    const scope = globalThis as unknown as {
      requests: PermissionRequest[];
      chrome?: { permissions?: { request: unknown } };
      browser?: { permissions?: { request: unknown } };
    };
    scope.requests = [];
    for (const api of new Set([scope.chrome, scope.browser])) {
      if (!api?.permissions) continue;
      api.permissions.request = async (asked: { permissions?: string[] }) => {
        // Whether the call came while the page handled a click, as the real prompt requires.
        scope.requests.push({ ...asked, inUserGesture: navigator.userActivation.isActive });
        return granted;
      };
    }
  }, grant);
}

const permissionRequests = (popup: Page) =>
  popup.evaluate(() => (globalThis as unknown as { requests: PermissionRequest[] }).requests);

/** Opens a tab on each address, each page served with its title (as a site would). */
async function openTabs(context: BrowserContext, pages: { url: string; title: string }[]) {
  for (const { url, title } of pages) {
    await context.route(url, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>${title}</title><p>${title}</p>`,
      }),
    );
    const tab = await context.newPage();
    await tab.goto(url);
  }
}

/** Whether every tab is in one window: the popup shortens the window of the tab it is for. */
const windowsOfTabs = (worker: Worker) =>
  worker.evaluate(
    async () => new Set((await chrome.tabs.query({})).map((tab) => tab.windowId)).size,
  );

const allTabsView = (popup: PopupPage) => popup.page.getByRole('region', { name: 'All tabs' });

const shortLinksListed = (popup: PopupPage) =>
  allTabsView(popup).getByRole('list', { name: 'Short links' }).getByRole('link');

async function copiedWith(popup: PopupPage, button: string): Promise<string> {
  await allTabsView(popup).getByRole('button', { name: button }).click();
  await expect(
    allTabsView(popup)
      .getByRole('button', { name: button })
      .locator('xpath=following-sibling::*[1]'),
  ).toHaveText('Copied');
  return popup.readClipboard();
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('asks for the tabs permission in the click, shortens every web page of the window, and copies the list as lines, Markdown and CSV', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  // Made before the account is configured: the list the background caches then already has it
  // (a list cached in between would not, for as long as it is young: the cache's rule).
  const madeBefore = await createLink(service, apiKey, {
    destination_url: `${service.pageOrigin}/tabs/known`,
    title: 'Known page',
  });
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const pages = [
    { url: `${service.pageOrigin}/tabs/first`, title: 'First page' },
    { url: `${service.pageOrigin}/tabs/second?utm_source=news&id=2`, title: 'Second, "quoted"' },
    { url: `${service.pageOrigin}/tabs/known`, title: 'Known page' },
    { url: `${service.pageOrigin}/tabs/fourth`, title: '=1+1' },
  ];
  await openTabs(context, pages);
  const browserPage = await context.newPage();
  await browserPage.goto('about:blank');
  const popup = await PopupPage.openFor(context, worker, extensionId, pages[0]?.url ?? '', {
    beforeOpen: (page) => answerPermissionRequests(page, true),
  });
  expect(await windowsOfTabs(worker)).toBe(1);
  expect(await permissionRequests(popup.page)).toEqual([]);

  await popup.page.getByRole('button', { name: 'Shorten all tabs' }).click();

  expect(await permissionRequests(popup.page)).toEqual([
    { permissions: ['tabs'], inUserGesture: true },
  ]);
  const status = allTabsView(popup).getByRole('status').first();
  await expect(status).toHaveText('Shortened 4 of 4.');
  // The rest are left out: about:blank pages (whose address the browser does not show without
  // the real permission), the popup's own tab and the options page the install opened.
  const tabs = await worker.evaluate(async () =>
    (await chrome.tabs.query({})).map((tab) => tab.url ?? ''),
  );
  const others = tabs.filter((url) => !url.startsWith(`${service.pageOrigin}/tabs/`));
  expect(others.every((url) => /^(about:|chrome-extension:|$)/.test(url))).toBe(true);
  expect(others.length).toBeGreaterThanOrEqual(3);
  await expect(allTabsView(popup)).toContainText(`Left out ${others.length} tabs: `);
  // Named by their title (the options page's, the popup's own), three at most.
  await expect(allTabsView(popup).getByText(/^Left out/)).toContainText('Short Link options');
  await expect(allTabsView(popup).getByText(/^Left out/)).toContainText('Shorten');
  await expect(shortLinksListed(popup)).toHaveCount(4);
  const stored = await service.storedLinks(apiKey);
  // Three made, the known page's link reused.
  expect(stored).toHaveLength(4);
  const linkOf = (destination: string) => {
    const row = stored.find((link) => link.destinationUrl === destination);
    expect(row, destination).toBeDefined();
    return `http://${service.shortDomain}/${row?.backHalf}`;
  };
  const shortUrls = [
    linkOf(`${service.pageOrigin}/tabs/first`),
    // Without its tracking parameter, as the preference has it.
    linkOf(`${service.pageOrigin}/tabs/second?id=2`),
    madeBefore.short_url,
    linkOf(`${service.pageOrigin}/tabs/fourth`),
  ];
  expect(
    await shortLinksListed(popup).evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ).toEqual(shortUrls);
  await expect(allTabsView(popup).getByRole('listitem').nth(2)).toContainText('made before');

  expect(await popup.scrollsSideways()).toBe(false);
  await screenshotBothThemes(popup.page, 'popup-all-tabs');
  expect(await seriousA11yViolations(popup.page)).toEqual([]);

  expect(await copiedWith(popup, 'Copy as lines')).toBe(shortUrls.join('\n'));
  expect(await copiedWith(popup, 'Copy as Markdown')).toBe(
    [
      `- [First page](${shortUrls[0]})`,
      `- [Second, "quoted"](${shortUrls[1]})`,
      `- [Known page](${shortUrls[2]})`,
      `- [=1\\+1](${shortUrls[3]})`,
    ].join('\n'),
  );
  const csv = await copiedWith(popup, 'Copy as CSV');
  expect(Papa.parse(csv).data).toEqual([
    ['title', 'destination_url', 'short_url'],
    ['First page', `${service.pageOrigin}/tabs/first`, shortUrls[0]],
    ['Second, "quoted"', `${service.pageOrigin}/tabs/second?id=2`, shortUrls[1]],
    ['Known page', `${service.pageOrigin}/tabs/known`, shortUrls[2]],
    [`'=1+1`, `${service.pageOrigin}/tabs/fourth`, shortUrls[3]],
  ]);

  // Back to the form, and all tabs once more: every page has its link now, none is made.
  await allTabsView(popup).getByRole('button', { name: 'Back' }).click();
  await popup.page.getByRole('button', { name: 'Shorten all tabs' }).click();
  await expect(allTabsView(popup).getByRole('status').first()).toHaveText('Shortened 4 of 4.');
  await expect(allTabsView(popup).getByText('made before')).toHaveCount(4);
  expect(await service.storedLinks(apiKey)).toHaveLength(4);
});

test.describe('failures', () => {
  let blockedService: TestService;
  let dir: string;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shortlink-all-tabs-'));
    const blockedHosts = path.join(dir, 'blocked-hosts.txt');
    writeFileSync(blockedHosts, 'blocked.localhost\n');
    blockedService = await startTestService({ blockedHostsFile: blockedHosts });
  });
  test.afterAll(async () => {
    await blockedService.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('each failure is listed with its reason, and a retry makes nothing twice', async ({
    context,
    worker,
    extensionId,
  }) => {
    const service = blockedService;
    const apiKey = await service.createAccount('all-tabs-failures@example.com');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const port = new URL(service.baseUrl).port;
    const pages = [
      { url: `${service.pageOrigin}/tabs/fine`, title: 'A fine page' },
      { url: `http://blocked.localhost:${port}/tabs/refused`, title: 'A blocked page' },
      { url: `${service.pageOrigin}/tabs/answer-lost`, title: 'Its answer is lost' },
    ];
    await openTabs(context, pages);
    // The service makes this page's link, but its answer never reaches the popup: a retry must
    // find the link, not make a second one.
    let answersLost = 0;
    // Held back until the progress has been looked at.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(`${service.baseUrl}/v1/links`, async (route) => {
      const lose =
        route.request().method() === 'POST' &&
        route.request().postData()?.includes('answer-lost') &&
        answersLost++ === 0;
      if (!lose) return route.continue();
      await route.fetch();
      await released;
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
    });
    const popup = await PopupPage.openFor(context, worker, extensionId, pages[0]?.url ?? '', {
      beforeOpen: (page) => answerPermissionRequests(page, true),
    });

    await popup.page.getByRole('button', { name: 'Shorten all tabs' }).click();

    const view = allTabsView(popup);
    await expect(view.getByRole('status').first()).toHaveText('Shortened 1 of 3…');
    await expect(view.getByRole('progressbar', { name: 'Tabs shortened' })).toHaveAttribute(
      'value',
      '2',
    );
    await screenshotBothThemes(popup.page, 'popup-all-tabs-progress');
    release();
    await expect(view.getByRole('status').first()).toHaveText(
      'Shortened 1 of 3; 2 pages could not be shortened.',
    );
    const failures = view.getByRole('region', { name: 'Not shortened' }).getByRole('listitem');
    await expect(failures).toHaveCount(2);
    await expect(failures.nth(0)).toContainText('A blocked page');
    await expect(failures.nth(0)).toContainText('blocked.localhost');
    await expect(failures.nth(1)).toContainText('Its answer is lost');
    await expect(failures.nth(1)).toContainText('The service failed to answer (HTTP 502).');
    await expect(failures.nth(1)).toContainText('Try again in a moment.');
    expect(answersLost).toBe(1);
    const made = await service.storedLinks(apiKey);
    expect(made.map((link) => link.destinationUrl).sort()).toEqual([
      `${service.pageOrigin}/tabs/answer-lost`,
      `${service.pageOrigin}/tabs/fine`,
    ]);
    expect(await popup.scrollsSideways()).toBe(false);
    await screenshotBothThemes(popup.page, 'popup-all-tabs-failures');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);

    await view.getByRole('button', { name: 'Retry failed tabs' }).click();

    await expect(view.getByRole('status').first()).toHaveText(
      'Shortened 2 of 3; 1 page could not be shortened.',
    );
    await expect(failures).toHaveCount(1);
    await expect(failures.nth(0)).toContainText('A blocked page');
    const lostLink = made.find((link) => link.destinationUrl.endsWith('/answer-lost'));
    await expect(shortLinksListed(popup).nth(1)).toHaveAttribute(
      'href',
      `http://${service.shortDomain}/${lostLink?.backHalf}`,
    );
    await expect(
      view.getByRole('listitem').filter({ hasText: 'Its answer is lost' }),
    ).toContainText('made before');
    // The fine page was not tried again, the lost answer's link was found: still two links.
    expect(await service.storedLinks(apiKey)).toHaveLength(2);
  });
});

test('a refused permission says what it is for, and shortens nothing', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const pageUrl = `${service.pageOrigin}/tabs/refused-permission`;
  await openTabs(context, [{ url: pageUrl, title: 'A page' }]);
  const popup = await PopupPage.openFor(context, worker, extensionId, pageUrl, {
    beforeOpen: (page) => answerPermissionRequests(page, false),
  });

  await popup.page.getByRole('button', { name: 'Shorten all tabs' }).click();

  await expect(allTabsView(popup).getByRole('alert')).toContainText(
    'Short Link needs to read the addresses and titles of your tabs',
  );
  expect(await permissionRequests(popup.page)).toEqual([
    { permissions: ['tabs'], inUserGesture: true },
  ]);
  expect(await service.storedLinks(apiKey)).toHaveLength(0);
  await allTabsView(popup).getByRole('button', { name: 'Back' }).click();
  await expect(popup.field('Destination URL')).toHaveValue(pageUrl);
});
