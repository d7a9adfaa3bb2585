// The details pane's clicks per day in Firefox, from our service's statistics.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { createLink } from '../e2e/links-helpers.ts';
import { rawRequest } from '../support/test-api.ts';
import { startTestService } from '../support/test-service.ts';
import { DESKTOP, GOOGLEBOT, IPHONE } from '../support/visits.ts';
import { expect, test } from './fixtures.ts';
import { button, byRole, click, isShown, textOf, textsOf } from './page-helpers.ts';

/** The range's figures, each its term and its number. */
const figures = (page: Page) =>
  page.$$eval('.stats-figures > div', (items) =>
    items.map(
      (item) => `${item.querySelector('dt')?.textContent} ${item.querySelector('dd')?.textContent}`,
    ),
  );
const RANGE = byRole('combobox', 'Range');

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
  // By attribute: Firefox's accessibility tree gives role="img" another role name.
  const chart = '[role="img"][aria-label="Clicks per day, last 30 days"]';
  await page.waitForSelector(chart);
  await expect.poll(() => isShown(page, `${chart} canvas`)).toBe(true);
  await expect
    .poll(() => figures(page), { timeout: 15_000 })
    .toEqual(['Clicks 3', 'People 1', 'QR scans 0', 'Bots 1']);
  expect(await textsOf(page, '.stats-list h4')).toEqual([
    'Referrers',
    'Devices',
    'Browsers',
    'Operating systems',
  ]);

  await click(page, button('Show as table'));
  await page.waitForSelector('.stats-days');
  const lastDay = await page.$$eval('.stats-days tbody tr:last-child td', (cells) =>
    cells.map((cell) => cell.textContent),
  );
  expect(lastDay).toEqual(['3', '1', '0', '1']);

  await extension.screenshotBothThemes(page, 'options-links-details-stats');
  expect(await extension.seriousA11yViolations(page)).toEqual([]);
});

test('the details pane shows the last 24 hours by the hour, excludes bots, downloads what it shows and compares with the range before', async ({
  extension,
}) => {
  // A service of this test's own, whose clock it sets back to click in the previous period.
  let shiftMs = -8 * 86_400_000;
  const own = await startTestService({ clock: { now: () => Date.now() + shiftMs } });
  try {
    const apiKey = await own.createAccount('compare@example.com');
    const link = await createLink(own, apiKey, {
      destination_url: 'https://docs.example.org/hours',
      title: 'Hours',
    });
    const linkPath = new URL(link.short_url).pathname;
    const visit = async (agent: string) => {
      const headers = { 'user-agent': agent };
      expect((await rawRequest(own.baseUrl, linkPath, { headers })).status).toBe(302);
    };
    // Eight days ago: two people; now: three people and a bot.
    await visit(IPHONE);
    await visit(DESKTOP);
    shiftMs = 0;
    for (const agent of [IPHONE, DESKTOP, DESKTOP, GOOGLEBOT]) await visit(agent);

    await extension.configure({ apiBaseUrl: own.baseUrl, apiKey });
    const downloads = await extension.downloadFolder();
    const page = await extension.openOptions('links');
    await click(page, button('Hours'));
    await expect.poll(() => figures(page), { timeout: 15_000 }).toContain('Clicks 6');
    // The 30 days before hold no click: no comparison.
    expect(await textOf(page, '.stats-change')).toBeUndefined();

    await page.select(RANGE, '7d');
    await expect.poll(() => textOf(page, '.stats-change')).toBe('+100% on the previous 7 days');
    await click(page, byRole('checkbox', 'Exclude bots'));
    await expect.poll(() => textOf(page, '.stats-change')).toBe('+50% on the previous 7 days');

    await page.select(RANGE, '24h');
    const chart = '[role="img"][aria-label="Clicks per hour, last 24 hours"]';
    await page.waitForSelector(chart);
    await expect.poll(() => figures(page)).toEqual(['Clicks 3', 'People 2', 'QR scans 0']);
    await click(page, button('Show as table'));
    await page.waitForSelector('.stats-days tbody tr');
    const thisHour = await page.evaluate(() => {
      const now = new Date();
      const two = (value: number) => String(value).padStart(2, '0');
      return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}T${two(now.getHours())}:00`;
    });
    const lastHour = () =>
      page.$eval('.stats-days tbody tr:last-child', (tr) => [
        tr.querySelector('time')?.getAttribute('datetime'),
        ...[...tr.querySelectorAll('td')].map((cell) => cell.textContent),
      ]);
    await expect.poll(lastHour).toEqual([thisHour, '3', '2', '0']);
    expect(await page.$$eval('.stats-days tbody tr', (rows) => rows.length)).toBe(24);

    await click(page, button('Download CSV'));
    const named = () => readdirSync(downloads).filter((name) => /^statistics-.*\.csv$/.test(name));
    await expect.poll(named).toHaveLength(1);
    const file = path.join(downloads, named()[0] ?? '');
    // Firefox writes the file in place: wait for the whole of it.
    await expect.poll(() => readFileSync(file, 'utf8')).toMatch(/\r\n$/);
    const lines = readFileSync(file, 'utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFperiod,start_utc,clicks,visitors,qr_scans');
    expect(lines).toHaveLength(1 + 24 + 1);
    expect(lines[24]).toMatch(new RegExp(`^"${thisHour}","[^"]+Z","3","2","0"$`));

    // A custom range that ends before it starts says so, and keeps the chart.
    await page.select(RANGE, 'custom');
    const setDate = (which: 1 | 2, value: string) =>
      page.$eval(
        `.stats-custom input[type="date"]:nth-of-type(${which})`,
        (input, date) => {
          // As a person's pick does: React hears the input event of the native value's change.
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
            input,
            date,
          );
          input.dispatchEvent(new Event('input', { bubbles: true }));
        },
        value,
      );
    await page.waitForSelector('.stats-custom');
    await setDate(1, '2026-11-10');
    await setDate(2, '2026-11-01');
    await expect
      .poll(() => textOf(page, '.stats-range-problem'))
      .toBe('The end date comes before the start date: choose an end on or after the start.');
    expect(await isShown(page, '[role="img"][aria-label^="Clicks per"]')).toBe(true);
    await extension.screenshotBothThemes(page, 'options-links-details-stats-hours');
    expect(await extension.seriousA11yViolations(page)).toEqual([]);
  } finally {
    await own.stop();
  }
});
