import { launchWithExtension } from '../support/chromium.ts';
import { configure, expect, extensionWorker, openOptions, waitForInstallTab } from './fixtures.ts';
import { count, createLink, getLink, row, test } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

test.describe('options page, Links: the list follows changes made elsewhere', () => {
  test('five links made in the popup appear in an open Links section', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await createLink(service, apiKey, { destination_url: 'https://before.example.com/' });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await expect(count(page)).toHaveText('1 link');

    const made: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const popup = await PopupPage.openFor(
        context,
        worker,
        extensionId,
        `${service.pageOrigin}/made-in-popup-${n}`,
      );
      await popup.shorten();
      made.push((await popup.shortLink().textContent()) ?? '');
      await popup.page.close();
    }

    await expect(count(page)).toHaveText('6 links');
    for (const shortUrl of made) await expect(row(page, shortUrl)).toBeVisible();
  });

  test('coming back into view after a while, the list asks the service again', async ({
    service,
    apiKey,
  }) => {
    // A browser of its own: Playwright's clock stays installed in a context for good, and the
    // worker's browser serves the tests that follow (a clock two minutes ahead held their
    // deletions back by two minutes).
    const own = await launchWithExtension();
    try {
      const worker = await extensionWorker(own);
      const extensionId = new URL(worker.url()).host;
      await waitForInstallTab(own, extensionId);
      await own.clock.install();
      await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
      const page = await openOptions(own, extensionId);
      await expect(count(page)).toHaveText('0 links');
      // Made on another device: nothing in the extension hears of it.
      const elsewhere = await createLink(service, apiKey, {
        destination_url: 'https://elsewhere.example.com/',
      });

      // Back into view within the minute: the list stands. A refresh would begin in the event's
      // handler ("Refreshing…") and show by the second frame after it.
      const shown = await page.evaluate(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
        await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
        return {
          count: document.querySelector('.links-count')?.textContent,
          refreshing: document.body.textContent?.includes('Refreshing…'),
        };
      });
      expect(shown).toEqual({ count: '0 links', refreshing: false });

      await page.clock.fastForward('02:00');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(row(page, elsewhere.short_url)).toBeVisible();
      await expect(count(page)).toHaveText('1 link');
    } finally {
      await own.close();
    }
  });

  test("an edit in one tab stands when another tab's list, asked for before it, arrives", async ({
    linkOnOptionsPage,
    context,
    extensionId,
    service,
    apiKey,
  }) => {
    const { page: first, link } = await linkOnOptionsPage({
      destination_url: 'https://two-tabs.example.com/',
      title: 'As listed',
    });
    await expect(row(first, link.short_url)).toContainText('As listed');

    // The second tab's list is read by the service at once, and its answer held back.
    const second = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const listAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await second.route(
      (url) => url.pathname === '/v1/links',
      async (route) => {
        const response = await route.fetch();
        asked();
        await held;
        await route.fulfill({ response });
      },
    );
    await second.goto(`chrome-extension://${extensionId}/options.html#links`);
    await listAsked;

    await first.bringToFront();
    await row(first, link.short_url).getByRole('button', { name: 'Edit' }).click();
    const dialog = first.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Edited in the first tab');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await getLink(service, apiKey, link.short_url)).body.title)
      .toBe('Edited in the first tab');

    release();
    // The second tab shows its list, then the edit the first tab stored meanwhile: the cache kept
    // it (the list, asked for before the edit, was not stored over it).
    await expect(row(second, link.short_url)).toContainText('Edited in the first tab');
    await expect(second.getByText('Refreshing…')).toBeHidden();
    await expect(row(first, link.short_url)).toContainText('Edited in the first tab');
  });
});
