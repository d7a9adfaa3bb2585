// Against a service without statistics (a proxy answering 404 to /stats), in Firefox: the details
// pane charts the clicks this browser saw between two reads of the list, and Trending orders by them.

import { createLink } from '../e2e/links-helpers.ts';
import { startNoStatsProxy } from '../support/no-stats-proxy.ts';
import { rawRequest } from '../support/test-api.ts';
import { expect, test } from './fixtures.ts';
import { button, byRole, click, textsOf } from './page-helpers.ts';

test('against a service without statistics, the details pane shows the clicks this browser saw and Trending orders by them', async ({
  extension,
  service,
  apiKey,
}) => {
  const proxy = await startNoStatsProxy(service.baseUrl);
  try {
    const guide = await createLink(service, apiKey, {
      destination_url: 'https://docs.example.org/guide',
      title: 'Guide',
    });
    const shop = await createLink(service, apiKey, {
      destination_url: 'https://shop.example.com/',
      title: 'Shop',
    });
    const visit = async (shortUrl: string, times: number) => {
      for (let i = 0; i < times; i++) {
        expect((await rawRequest(service.baseUrl, new URL(shortUrl).pathname)).status).toBe(302);
      }
    };
    await visit(shop.short_url, 5);
    await extension.configure({ apiBaseUrl: proxy.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    await page.waitForSelector(button('Guide'));

    await visit(guide.short_url, 3);
    await visit(shop.short_url, 1);
    await click(page, button('Refresh'));
    await page.select(byRole('combobox', 'Sort by'), 'trending');
    await expect
      .poll(() => textsOf(page, 'button.link-title'), { timeout: 15_000 })
      .toEqual(['Guide', 'Shop']);

    await click(page, button('Guide'));
    await page.waitForSelector(byRole('heading', 'Clicks seen by this browser'));
    await page.waitForSelector('[role="img"][aria-label="Clicks per day, last 30 days"] canvas');
    await click(page, button('Show as table'));
    await page.waitForSelector('.stats-days');
    const days = await page.$$eval('.stats-days tbody tr td', (cells) =>
      cells.map((cell) => cell.textContent),
    );
    expect(days).toEqual(['3']);
    expect(await extension.seriousA11yViolations(page)).toEqual([]);
  } finally {
    await proxy.stop();
  }
});
