// Destination health in Links, in Firefox, against our service checking local pages (it may reach
// private addresses here): the badge, the "Broken" filter and "Use the new address".
import type { Page } from 'puppeteer-core';
import { createLink } from '../e2e/links-helpers.ts';
import { type HealthWorkerFixtures, healthWorkerFixtures } from '../support/health-fixtures.ts';
import { startNoStatsProxy } from '../support/no-stats-proxy.ts';
import { api, idOf } from '../support/test-api.ts';
import { test as base, expect } from './fixtures.ts';
import { button, byRole, textOf } from './page-helpers.ts';

const test = base.extend<object, HealthWorkerFixtures>(healthWorkerFixtures);

/** The texts of the rows shown, each with its short URL first. */
const shownRows = (page: Page) =>
  page.$$eval('.links-list > li', (items) =>
    items.map(
      (item) =>
        `${item.querySelector('a.short-url')?.getAttribute('href')} ${(item as HTMLElement).innerText}`,
    ),
  );
const rowOf = async (page: Page, shortUrl: string) =>
  (await shownRows(page)).find((text) => text.startsWith(`${shortUrl} `)) ?? '';

test.describe('options page, Links: destination health, in Firefox', () => {
  test('rows say "Broken" and "Redirected", "Show" keeps the broken, and "Use the new address" moves a link with Undo', async ({
    extension,
    service,
    apiKey,
    healthPages,
  }) => {
    const gone = await createLink(service, apiKey, { destination_url: healthPages.gone });
    const moved = await createLink(service, apiKey, { destination_url: healthPages.moved });
    for (const link of [gone, moved]) {
      const path = `/v1/links/${idOf(link.short_url)}/check`;
      expect((await api(service.baseUrl, apiKey).send('POST', path)).status).toBe(200);
    }
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');

    await expect.poll(() => rowOf(page, gone.short_url)).toContain('Broken');
    expect(await rowOf(page, moved.short_url)).toContain('Redirected');
    await page.locator(byRole('option', 'Broken (1)')).wait();
    await page.select(byRole('combobox', 'Show'), 'broken');
    await expect
      .poll(async () => (await shownRows(page)).map((text) => text.split(' ')[0]))
      .toEqual([gone.short_url]);
    await page.select(byRole('combobox', 'Show'), '');

    await expect.poll(async () => (await shownRows(page)).length).toBe(2);
    await page.$$eval(
      '.links-list > li',
      (items, url) => {
        const item = items.find((each) => each.querySelector(`a[href="${url}"]`));
        (item?.querySelector('.link-title') as HTMLElement | null)?.click();
      },
      moved.short_url,
    );
    await expect
      .poll(() => textOf(page, 'dialog[open] .details-health'))
      .toContain(`moved permanently to ${healthPages.here}`);
    await page.locator(`dialog[open] ${button('Use the new address')}`).click();
    await expect
      .poll(() => textOf(page, 'dialog[open] .deletion-status'))
      .toContain(`Destination changed to ${healthPages.here}.`);
    const stored = async () =>
      (await api(service.baseUrl, apiKey).retrieve(idOf(moved.short_url))).body.destination_url;
    expect(await stored()).toBe(healthPages.here);

    await page.locator(`dialog[open] ${button('Undo')}`).click();
    await expect
      .poll(() => textOf(page, 'dialog[open] .deletion-status'))
      .toContain(`Destination changed back to ${healthPages.moved}.`);
    expect(await stored()).toBe(healthPages.moved);
  });

  test('against a service that does not check, "Check destinations" asks for the permission in the click and checks from the browser', async ({
    extension,
    service,
    apiKey,
    healthPages,
  }) => {
    const proxy = await startNoStatsProxy(service.baseUrl, { noContract: true });
    try {
      const gone = await createLink(service, apiKey, { destination_url: `${healthPages.gone}/f` });
      const here = await createLink(service, apiKey, { destination_url: `${healthPages.here}/f` });
      await extension.configure({ apiBaseUrl: proxy.baseUrl, apiKey });
      const page = await extension.openOptions('links');
      await expect.poll(() => rowOf(page, here.short_url)).not.toBe('');
      expect(
        await extension.evaluate(() =>
          browser.permissions.contains({ origins: ['https://*/*', 'http://*/*'] }),
        ),
      ).toBe(false);

      await page.locator(button('Check destinations')).click();
      await expect
        .poll(() => textOf(page, '.browser-check-why'))
        .toContain('needs permission to reach any site');
      // The optional-permission prompt is off in this profile: the click grants it.
      await page.locator(button('Allow and check')).click();
      await expect
        .poll(() => textOf(page, '.checks-found'))
        .toBe('Links checked: 2. Broken: 1, unreachable: 0, redirected: 0.');
      expect(
        await extension.evaluate(() =>
          browser.permissions.contains({ origins: ['https://*/*', 'http://*/*'] }),
        ),
      ).toBe(true);
      expect(await rowOf(page, gone.short_url)).toContain('Broken');
      expect(await rowOf(page, here.short_url)).not.toContain('Broken');
      expect(healthPages.asked.get('HEAD /gone/f')).toBe(1);
      expect(healthPages.withCredentials).toBe(0);
      await page.locator(byRole('option', 'Broken (1)')).wait();
    } finally {
      await extension.evaluate(() =>
        browser.permissions.remove({ origins: ['https://*/*', 'http://*/*'] }),
      );
      await proxy.stop();
    }
  });
});
