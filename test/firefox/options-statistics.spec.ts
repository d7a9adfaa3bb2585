// The options page's Statistics section in Firefox: the account's figures from our service after
// real redirects, a range, a row that opens the link's details; and this browser's own record
// where the service publishes no statistics.

import { createLink } from '../e2e/links-helpers.ts';
import { startNoStatsProxy } from '../support/no-stats-proxy.ts';
import { rawRequest } from '../support/test-api.ts';
import { GOOGLEBOT, IPHONE, overviewClicks, visitAll } from '../support/visits.ts';
import { expect, test } from './fixtures.ts';
import { button, byRole, click, textsOf } from './page-helpers.ts';

/** A list's rows as "name clicks" (its bar has no text). */
const rowsOf = (page: Parameters<typeof textsOf>[0], heading: string) =>
  page.$$eval(
    '.overview-list',
    (lists, name) =>
      lists
        .filter((list) => list.querySelector('h3')?.textContent === name)
        .flatMap((list) =>
          [...list.querySelectorAll('tr')].map((row) =>
            [...row.children]
              .map((cell) => (cell as HTMLElement).innerText.trim())
              .filter(Boolean)
              .join(' '),
          ),
        ),
    heading,
  );

test("the Statistics section shows the account's figures from our service, a range, and a row opens the link's details", async ({
  extension,
  service,
  apiKey,
}) => {
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
    [guide.short_url, { 'user-agent': IPHONE }],
    [shop.short_url, { 'user-agent': GOOGLEBOT }],
  ];
  await visitAll(service.baseUrl, visits);
  await expect.poll(() => overviewClicks(service.baseUrl, apiKey)).toBe(3);
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
  const page = await extension.openOptions('statistics');

  await expect
    .poll(() => textsOf(page, '.overview-totals'), { timeout: 15_000 })
    .toEqual(['2 by people, 1 by bots · QR scans: 0']);
  // By attribute: Firefox's accessibility tree gives role="img" another role name.
  await page.waitForSelector('[role="img"][aria-label="Clicks per day, last 30 days"] canvas');
  const guideName = guide.short_url.replace('http://', '');
  const shopName = shop.short_url.replace('http://', '');
  expect(await rowsOf(page, 'Top links')).toEqual([`${guideName} 2`, `${shopName} 1`]);
  expect(await rowsOf(page, 'Referrers')).toEqual(['Direct 1', 'news.example 1']);
  expect(await rowsOf(page, 'Systems')).toEqual(['iOS 2']);
  expect(await rowsOf(page, 'Campaigns')).toEqual(['launch 2']);
  await extension.screenshotBothThemes(page, 'options-statistics');
  expect(await extension.seriousA11yViolations(page)).toEqual([]);

  await page.select(byRole('combobox', 'Range'), '7d');
  await page.waitForSelector('[role="img"][aria-label="Clicks per day, last 7 days"] canvas');
  await click(page, button('Show as table'));
  await page.waitForSelector('.overview-days');
  expect(await page.$$eval('.overview-days tbody tr', (rows) => rows.length)).toBe(7);

  await click(page, button(shopName));
  await page.waitForSelector(byRole('dialog', 'Shop'));
  expect(await page.evaluate(() => location.hash)).toBe('#links');
});

test('against a service without statistics, the Statistics section shows the clicks this browser saw, and says so', async ({
  extension,
  service,
  apiKey,
}) => {
  const proxy = await startNoStatsProxy(service.baseUrl, { noContract: true });
  try {
    const guide = await createLink(service, apiKey, {
      destination_url: 'https://docs.example.org/guide',
      title: 'Guide',
    });
    await extension.configure({ apiBaseUrl: proxy.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    await page.waitForSelector(button('Guide'));
    for (let i = 0; i < 3; i++) {
      expect((await rawRequest(service.baseUrl, new URL(guide.short_url).pathname)).status).toBe(
        302,
      );
    }
    await click(page, button('Refresh'));
    await expect
      .poll(() => textsOf(page, '.links-list > li'), { timeout: 15_000 })
      .toEqual([expect.stringContaining('3')]);

    await click(page, byRole('link', 'Statistics'));
    await page.waitForSelector(byRole('heading', 'Clicks seen by this browser'));
    await expect
      .poll(() => textsOf(page, '.overview .hint'))
      .toContain(
        'This service keeps no statistics: these are the clicks this browser saw in your list of links.',
      );
    await expect
      .poll(() => rowsOf(page, 'Top links'))
      .toEqual([`${guide.short_url.replace('http://', '')} 3`]);
    await extension.screenshotBothThemes(page, 'options-statistics-local');
    expect(await extension.seriousA11yViolations(page)).toEqual([]);
  } finally {
    await proxy.stop();
  }
});
