// Destination health in Links, against our service checking local pages (it may reach private
// addresses here) and, for a service that does not check, from the browser itself.
import type { Page } from '@playwright/test';
import { type HealthWorkerFixtures, healthWorkerFixtures } from '../support/health-fixtures.ts';
import { startNoStatsProxy } from '../support/no-stats-proxy.ts';
import { api, idOf, type LinkJson } from '../support/test-api.ts';
import {
  configure,
  expect,
  expectSectionLooksRight,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
} from './fixtures.ts';
import { createLink, test as linksTest, row } from './links-helpers.ts';

const test = linksTest.extend<
  {
    checkedLinks: () => Promise<{ gone: LinkJson; moved: LinkJson; here: LinkJson }>;
    /** Links in the options page, the extension connected to the test's account. */
    linksPage: () => Promise<Page>;
  },
  HealthWorkerFixtures
>({
  ...healthWorkerFixtures,
  linksPage: async ({ context, extensionId, worker, service, apiKey }, use) => {
    await use(async () => {
      await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
      return openOptions(context, extensionId, 'links');
    });
  },
  // Three links, each checked by the service: one gone, one moved for good, one that answers.
  checkedLinks: async ({ service, apiKey, healthPages }, use) => {
    await use(async () => {
      const made = {
        gone: await createLink(service, apiKey, { destination_url: healthPages.gone }),
        moved: await createLink(service, apiKey, { destination_url: healthPages.moved }),
        here: await createLink(service, apiKey, { destination_url: healthPages.here }),
      };
      for (const link of Object.values(made)) {
        const checked = await api(service.baseUrl, apiKey).send(
          'POST',
          `/v1/links/${idOf(link.short_url)}/check`,
        );
        expect(checked.status).toBe(200);
      }
      return made;
    });
  },
});

/** What each row says of its destination: "Broken", "Redirected", or nothing where it answers. */
async function expectRowsSay(
  page: Page,
  links: { broken?: LinkJson[]; redirected?: LinkJson[]; fine?: LinkJson[] },
) {
  for (const link of links.broken ?? []) {
    await expect(row(page, link.short_url).locator('.link-meta')).toContainText('Broken');
  }
  for (const link of links.redirected ?? []) {
    await expect(row(page, link.short_url).locator('.link-meta')).toContainText('Redirected');
  }
  for (const link of links.fine ?? []) {
    await expect(row(page, link.short_url).locator('.health-badge')).toHaveCount(0);
  }
}

/** "Show" set to "Broken" keeps the rows of `broken` and none of `others`. */
async function expectBrokenFilterKeeps(page: Page, broken: LinkJson[], others: LinkJson[]) {
  const show = page.getByRole('combobox', { name: 'Show' });
  await expect(show.getByRole('option', { name: `Broken (${broken.length})` })).toHaveCount(1);
  await show.selectOption('broken');
  for (const link of broken) await expect(row(page, link.short_url)).toBeVisible();
  for (const link of others) await expect(row(page, link.short_url)).toHaveCount(0);
}

test.describe('options page, Links: destination health', () => {
  test('rows say "Broken" and "Redirected", and "Show" narrows the list to the broken', async ({
    linksPage,
    checkedLinks,
  }) => {
    const { gone, moved, here } = await checkedLinks();
    const page = await linksPage();

    await expectRowsSay(page, { broken: [gone], redirected: [moved], fine: [here] });
    await expectBrokenFilterKeeps(page, [gone], [moved, here]);
  });

  test('the details pane says what the check found; "Use the new address" moves a link for good, with Undo', async ({
    linksPage,
    service,
    apiKey,
    healthPages,
    checkedLinks,
  }) => {
    const { gone, moved } = await checkedLinks();
    const page = await linksPage();
    const details = page.getByRole('dialog');

    await row(page, gone.short_url).locator('.link-title').click();
    await expect(details).toContainText(/Destination checked .+: 404 Not Found/);
    // The service checked it less than a minute ago: it says when to ask again.
    await details.getByRole('button', { name: 'Check now' }).click();
    await expect(details.getByRole('alert')).toContainText(/Wait \d+ seconds? before you retry/);
    await details.getByRole('button', { name: 'Close' }).click();

    await row(page, moved.short_url).locator('.link-title').click();
    await expect(details).toContainText(`: moved permanently to \u2066${healthPages.here}\u2069`);
    await expectSectionLooksRight(page, 'options-link-details-health', { part: details });

    await details.getByRole('button', { name: 'Use the new address' }).click();
    await expect(details.getByRole('status').filter({ hasText: 'Destination changed' })).toHaveText(
      `Destination changed to \u2066${healthPages.here}\u2069.Undo`,
    );
    await expect(details).toContainText('Destination not checked yet');
    const stored = async () =>
      (await api(service.baseUrl, apiKey).retrieve(idOf(moved.short_url))).body.destination_url;
    expect(await stored()).toBe(healthPages.here);
    await expect(row(page, moved.short_url)).toContainText('/here');

    await details.getByRole('button', { name: 'Undo' }).click();
    await expect(details).toContainText(
      `Destination changed back to \u2066${healthPages.moved}\u2069.`,
    );
    expect(await stored()).toBe(healthPages.moved);
  });

  test('"Check selected" checks the selection and says what it found', async ({
    linksPage,
    service,
    apiKey,
    healthPages,
  }) => {
    const gone = await createLink(service, apiKey, { destination_url: `${healthPages.gone}/b` });
    const here = await createLink(service, apiKey, { destination_url: `${healthPages.here}/b` });
    const page = await linksPage();
    await expect(row(page, gone.short_url).locator('.health-badge')).toHaveCount(0);

    for (const link of [gone, here]) {
      await page.getByRole('checkbox', { name: `Select \u2066${link.short_url}\u2069` }).check();
    }
    await page.getByRole('button', { name: 'Check selected' }).click();
    await expect(page.locator('.checks-found')).toHaveText(
      'Links checked: 2. Broken: 1, unreachable: 0, redirected: 0.',
    );
    await expectRowsSay(page, { broken: [gone], fine: [here] });
  });

  test('the popup warns on a page whose link leads to a broken destination', async ({
    popupOn,
    checkedLinks,
    healthPages,
  }) => {
    await checkedLinks();
    const popup = await popupOn(healthPages.gone);
    const already = popup.page.getByRole('region', { name: 'Already shortened' });
    await expect(already).toContainText("This page was broken at its link's last check.");
    await screenshotBothThemes(popup.page, 'popup-destination-broken');

    const fine = await popupOn(healthPages.here);
    await expect(fine.page.getByRole('region', { name: 'Already shortened' })).toBeVisible();
    await expect(fine.page.locator('.destination-warning')).toHaveCount(0);
  });

  test('against a service that does not check, "Check destinations" checks from the browser after saying why', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
    healthPages,
  }) => {
    const proxy = await startNoStatsProxy(service.baseUrl, { noContract: true });
    try {
      const gone = await createLink(service, apiKey, { destination_url: `${healthPages.gone}/c` });
      const moved = await createLink(service, apiKey, {
        destination_url: `${healthPages.moved}/c`,
      });
      const here = await createLink(service, apiKey, { destination_url: `${healthPages.here}/c` });
      // The service itself finds the first one broken: the extension must not show what a
      // service without the contract answers.
      const path = `/v1/links/${idOf(gone.short_url)}/check`;
      expect((await api(service.baseUrl, apiKey).send('POST', path)).status).toBe(200);
      await configure(worker, { apiBaseUrl: proxy.baseUrl, apiKey });
      // Headless Chromium's prompt cannot be answered: a stand-in records the request and grants
      // it. The pages answer any origin, so the checks need no real grant here.
      await context.addInitScript(() => {
        const scope = globalThis as unknown as {
          asked: { origins?: string[]; inClick: boolean }[];
          chrome?: { permissions?: { request: unknown; contains: unknown } };
        };
        scope.asked = [];
        if (!scope.chrome?.permissions) return;
        scope.chrome.permissions.contains = async () => false;
        scope.chrome.permissions.request = async (asked: { origins?: string[] }) => {
          scope.asked.push({ ...asked, inClick: navigator.userActivation.isActive });
          return true;
        };
      });
      const page = await openOptions(context, extensionId, 'links');
      await expect(row(page, gone.short_url)).toBeVisible();
      await expect(row(page, gone.short_url).locator('.health-badge')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Check selected' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Check destinations' }).click();
      await expect(page.locator('.browser-check-why')).toContainText(
        'needs permission to reach any site',
      );
      expect(await page.evaluate(() => (globalThis as unknown as { asked: [] }).asked)).toEqual([]);
      await screenshotBothThemes(
        page,
        'options-links-check-destinations',
        page.locator('.links-top'),
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Allow and check' }).click();
      await expect(page.locator('.checks-found')).toHaveText(
        'Links checked: 3. Broken: 1, unreachable: 0, redirected: 1.',
      );
      expect(await page.evaluate(() => (globalThis as unknown as { asked: [] }).asked)).toEqual([
        { origins: ['https://*/*', 'http://*/*'], inClick: true },
      ]);
      await expectRowsSay(page, { broken: [gone], redirected: [moved], fine: [here] });
      // The service's own check, then the browser's.
      expect(healthPages.asked.get('HEAD /gone/c')).toBe(2);
      expect(healthPages.withCredentials).toBe(0);

      await expectBrokenFilterKeeps(page, [gone], [moved, here]);

      // Kept in this browser: another page shows the same.
      const again = await openOptions(context, extensionId, 'links');
      await expectRowsSay(again, { broken: [gone] });
    } finally {
      await proxy.stop();
    }
  });
});
