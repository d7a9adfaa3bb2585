import { startNoStatsProxy } from '../support/no-stats-proxy.ts';
import { rawRequest } from '../support/test-api.ts';
import { DESKTOP, GOOGLEBOT, IPHONE, overviewClicks, visitAll } from '../support/visits.ts';
import {
  configure,
  expect,
  extensionWorker,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
} from './fixtures.ts';
import { addressesDrawnBackwards, launchIn, overflowing } from './language-helpers.ts';
import { createLink, row, test } from './links-helpers.ts';

test("the Statistics section shows the account's figures from our service, a range, and a row leads to the link's details", async ({
  context,
  extensionId,
  worker,
  service,
  apiKey,
}) => {
  test.setTimeout(90_000);
  const guide = await createLink(service, apiKey, {
    destination_url: 'https://docs.example.org/guide?utm_campaign=launch',
    title: 'Guide',
  });
  const shop = await createLink(service, apiKey, {
    destination_url: 'https://shop.example.com/',
    title: 'Shop',
  });
  const visits: [string, Record<string, string>][] = [
    [guide.short_url, { 'user-agent': IPHONE, referer: 'https://news.example/story' }],
    [guide.short_url, { 'user-agent': IPHONE, referer: 'https://news.example/other' }],
    [guide.short_url, { 'user-agent': DESKTOP }],
    [shop.short_url, { 'user-agent': DESKTOP, referer: 'https://mail.example/' }],
    [shop.short_url, { 'user-agent': GOOGLEBOT }],
  ];
  await visitAll(service.baseUrl, visits);
  // The service writes its clicks every fraction of a second; the overview reads what is written.
  await expect.poll(() => overviewClicks(service.baseUrl, apiKey)).toBe(5);
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const page = await openOptions(context, extensionId, 'statistics');
  const main = page.getByRole('main');

  await expect(page.getByRole('navigation').getByRole('link')).toHaveText([
    'Links',
    'Statistics',
    'Domains',
    'Tags',
    'Accounts',
    'Preferences',
  ]);
  await expect(main.getByText('4 by people, 1 by bots')).toBeVisible();
  const chart = main.getByRole('img', { name: 'Clicks per day, last 30 days' });
  await expect(chart.locator('canvas')).toHaveCount(1);
  const shown = (name: string) => main.getByRole('region', { name }).getByRole('row');
  await expect(shown('Top links')).toHaveText([
    `${guide.short_url.replace('http://', '')}3`,
    `${shop.short_url.replace('http://', '')}2`,
  ]);
  await expect(shown('Referrers')).toHaveText(['news.example2', 'Direct1', 'mail.example1']);
  await expect(shown('Devices')).toHaveText(['Desktop2', 'Mobile2']);
  await expect(shown('Browsers')).toHaveText(['Chrome2', 'Mobile Safari2']);
  await expect(shown('Systems')).toHaveText(['Windows2', 'iOS2']);
  await expect(shown('Campaigns')).toHaveText(['launch3']);
  await expect(main.getByRole('heading', { name: 'Countries' })).toHaveCount(0);
  await screenshotBothThemes(page, 'options-statistics');
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Opened on Statistics, the page does not read the whole list of links first (Links does).
  const listReads = () =>
    page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname === '/v1/links').length,
    );
  expect(await listReads()).toBe(0);

  await main.getByRole('combobox', { name: 'Range' }).selectOption({ label: '7 days' });
  await expect(main.getByRole('img', { name: 'Clicks per day, last 7 days' })).toBeVisible();
  await main.getByRole('button', { name: 'Show as table' }).click();
  const table = main.getByRole('table', { name: 'Clicks per day, last 7 days' });
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['5', '1']);

  await shown('Top links')
    .getByRole('button', { name: shop.short_url.replace('http://', '') })
    .click();
  await expect(page).toHaveURL(/#links$/);
  const pane = page.getByRole('dialog', { name: 'Shop' });
  await expect(pane).toBeVisible();
  await expect(pane.locator('.stats-figures > div')).toHaveText([
    'Clicks2',
    'People1',
    'QR scans0',
    'Bots1',
  ]);
  await page.keyboard.press('Escape');
  await expect(row(page, guide.short_url)).toBeVisible();
});

test('against a service without statistics, the Statistics section shows the clicks this browser saw, and says so', async ({
  context,
  extensionId,
  worker,
  service,
  apiKey,
}) => {
  test.setTimeout(90_000);
  const proxy = await startNoStatsProxy(service.baseUrl, { noContract: true });
  try {
    const guide = await createLink(service, apiKey, {
      destination_url: 'https://docs.example.org/guide',
      title: 'Guide',
    });
    await configure(worker, { apiBaseUrl: proxy.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'links');
    await expect(row(page, guide.short_url)).toBeVisible();
    for (let i = 0; i < 3; i++) {
      const answer = await rawRequest(service.baseUrl, new URL(guide.short_url).pathname);
      expect(answer.status).toBe(302);
    }
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await refresh.click();
    await expect(refresh).toBeEnabled();
    await expect(row(page, guide.short_url)).toContainText('3');

    await page.getByRole('navigation').getByRole('link', { name: 'Statistics' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Clicks seen by this browser' })).toBeVisible();
    await expect(
      main.getByText(
        'This service keeps no statistics: these are the clicks this browser saw in your list of links.',
      ),
    ).toBeVisible();
    await expect(main.getByRole('region', { name: 'Top links' }).getByRole('row')).toHaveText([
      `${guide.short_url.replace('http://', '')}3`,
    ]);
    await expect(main.getByRole('heading', { name: 'Referrers' })).toHaveCount(0);
    await screenshotBothThemes(page, 'options-statistics-local');
    expect(await seriousA11yViolations(page)).toEqual([]);
  } finally {
    await proxy.stop();
  }
});

test('in Arabic, the Statistics section reads right to left, its words translated and its addresses left to right', async ({
  service,
  apiKey,
}) => {
  test.setTimeout(90_000);
  const guide = await createLink(service, apiKey, {
    destination_url: 'https://docs.example.org/guide?utm_campaign=launch',
    title: 'Guide',
  });
  await visitAll(service.baseUrl, [
    [guide.short_url, { 'user-agent': IPHONE, referer: 'https://news.example/' }],
    [guide.short_url, {}],
  ]);
  await expect.poll(() => overviewClicks(service.baseUrl, apiKey)).toBe(2);
  const browser = await launchIn('ar');
  try {
    const worker = await extensionWorker(browser.context);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 420, height: 900 });
    await page.goto(`chrome-extension://${browser.extensionId}/options.html#statistics`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'الإحصاءات', level: 2 })).toBeVisible();
    const links = main.getByRole('region', { name: 'الروابط الأكثر نقرًا' });
    await expect(links.getByRole('row')).toHaveCount(1);
    await expect(links.locator('bdi').first()).toHaveAttribute('dir', 'ltr');
    await expect(main.getByRole('region', { name: 'الحملات' }).getByRole('row')).toHaveCount(1);
    await expect(main.getByRole('combobox', { name: 'المدة' })).toHaveValue('30d');
    expect(await addressesDrawnBackwards(main)).toEqual([]);
    expect(await overflowing(page, 'th, td')).toEqual([]);
    await screenshotBothThemes(page, 'options-statistics-420-ar');
    expect(await seriousA11yViolations(page)).toEqual([]);
  } finally {
    await browser.done();
  }
});
