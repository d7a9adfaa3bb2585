// The details pane's clicks per day in Firefox, from our service's statistics.

import { createLink } from '../e2e/links-helpers.ts';
import { rawRequest } from '../support/test-api.ts';
import { expect, test } from './fixtures.ts';
import { button, click, isShown, textsOf } from './page-helpers.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

test('the details pane charts the clicks per day from our service, and shows them as a table', async ({
  extension,
  service,
  apiKey,
}) => {
  const link = await createLink(service, apiKey, {
    destination_url: 'https://docs.example.org/guide',
    title: 'Guide',
  });
  const path = new URL(link.short_url).pathname;
  const visits: Record<string, string>[] = [
    { 'user-agent': IPHONE, referer: 'https://news.example/story' },
    { 'user-agent': IPHONE },
    { 'user-agent': GOOGLEBOT },
  ];
  for (const headers of visits) {
    expect((await rawRequest(service.baseUrl, path, { headers })).status).toBe(302);
  }
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
  const page = await extension.openOptions('links');
  await click(page, button('Guide'));

  await page.waitForSelector('.link-stats');
  await expect
    .poll(() => textsOf(page, '.link-stats'), { timeout: 15_000 })
    .toEqual([expect.stringContaining('2 by people, 1 by bots')]);
  // By attribute: Firefox's accessibility tree gives role="img" another role name.
  const chart = '[role="img"][aria-label="Clicks per day, last 30 days"]';
  await page.waitForSelector(chart);
  await expect.poll(() => isShown(page, `${chart} canvas`)).toBe(true);
  await expect.poll(() => textsOf(page, '.stats-totals')).toEqual(['2 by people, 1 by bots']);
  expect(await textsOf(page, '.stats-list h4')).toEqual(['Referrers', 'Devices']);

  await click(page, button('Show as table'));
  await page.waitForSelector('.stats-days');
  const lastDay = await page.$$eval('.stats-days tbody tr:last-child td', (cells) =>
    cells.map((cell) => cell.textContent),
  );
  expect(lastDay).toEqual(['2', '1']);

  await extension.screenshotBothThemes(page, 'options-links-details-stats');
  expect(await extension.seriousA11yViolations(page)).toEqual([]);
});
