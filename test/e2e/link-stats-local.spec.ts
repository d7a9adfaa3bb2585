import { startNoStatsProxy } from '../support/no-stats-proxy.ts';
import { rawRequest } from '../support/test-api.ts';
import {
  configure,
  expect,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
} from './fixtures.ts';
import { createLink, row, test } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

test('against a service without statistics, the details pane shows the clicks this browser saw, Trending orders by them, and the popup shows the last 7 days', async ({
  context,
  extensionId,
  worker,
  service,
  apiKey,
}) => {
  test.setTimeout(90_000);
  const proxy = await startNoStatsProxy(service.baseUrl);
  try {
    const guide = await createLink(service, apiKey, {
      destination_url: `${service.baseUrl}/pages/guide`,
      title: 'Guide',
    });
    const shop = await createLink(service, apiKey, {
      destination_url: 'https://shop.example.com/',
      title: 'Shop',
    });
    const visit = async (shortUrl: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const answer = await rawRequest(service.baseUrl, new URL(shortUrl).pathname);
        expect(answer.status).toBe(302);
      }
    };
    // Before the first read: clicks this browser never saw counted.
    await visit(shop.short_url, 5);
    await configure(worker, { apiBaseUrl: proxy.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'links');
    await expect(row(page, guide.short_url)).toBeVisible();

    await visit(guide.short_url, 3);
    await visit(shop.short_url, 1);
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await refresh.click();
    await expect(refresh).toBeEnabled();
    await expect(row(page, guide.short_url)).toContainText('3');

    await row(page, guide.short_url).getByRole('button', { name: 'Guide' }).click();
    const pane = page.getByRole('dialog', { name: 'Guide' });
    await expect(pane.getByRole('heading', { name: 'Clicks seen by this browser' })).toBeVisible();
    await expect(pane.getByRole('img', { name: 'Clicks per day, last 30 days' })).toBeVisible();
    await pane.getByRole('button', { name: 'Show as table' }).click();
    const table = pane.getByRole('table', { name: 'Clicks per day, last 30 days' });
    // From the first day the extension saw the link: today only.
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['3']);
    await screenshotBothThemes(page, 'options-links-details-local-stats');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(pane).toBeHidden();

    // Newest first (Shop) before; Trending puts Guide (3 seen) above Shop (1 seen, 6 in all).
    await page.getByLabel('Sort by').selectOption({ label: 'Trending' });
    const titles = page.getByRole('button', { name: /^(Guide|Shop)$/ });
    await expect(titles).toHaveText(['Guide', 'Shop']);
    await page.getByLabel('Sort by').selectOption({ label: 'Most clicks' });
    await expect(titles).toHaveText(['Shop', 'Guide']);

    // The popup on the link's page: its clicks of the last 7 days under "Already shortened".
    const popup = await PopupPage.openFor(context, worker, extensionId, guide.destination_url);
    const already = popup.page.getByRole('region', { name: 'Already shortened' });
    await expect(already.getByRole('link')).toHaveText([guide.short_url]);
    await expect(already.getByText('3 clicks in the last 7 days')).toBeVisible();
    expect(await seriousA11yViolations(popup.page)).toEqual([]);
  } finally {
    await proxy.stop();
  }
});
