import type { Request } from '@playwright/test';
import { configure, expect, expectSectionLooksRight, openOptions } from './fixtures.ts';
import {
  count,
  createLink,
  deleteOneMoreAndWait,
  expectDeletedOnService,
  getLink,
  isDeleteOf,
  linksOf,
  row,
  shortenUndoDelay,
  test,
} from './links-helpers.ts';

test.describe('options page, Links: a delete can be undone', () => {
  // With the undo time users get: the pictures and axe take longer than the tests' shorter one.
  test('a deleted link leaves the list at once, and "Deleted …" offers "Undo", in light and dark', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    const link = await createLink(service, apiKey, {
      destination_url: 'https://undo.example.com/',
      title: 'Keep my clicks',
    });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await expect(count(page)).toHaveText('1 link');

    await row(page, link.short_url).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const status = page
      .getByRole('status')
      .filter({ hasText: `Deleted \u2066${link.short_url}\u2069.` });
    await expect(status).toBeVisible();
    await expect(row(page, link.short_url)).toHaveCount(0);
    await expect(count(page)).toHaveText('0 links');
    await expectSectionLooksRight(page, 'options-links-deleted-undo');

    await status.getByRole('button', { name: 'Undo' }).click();
    await expect(row(page, link.short_url)).toBeVisible();
  });

  test('"Undo" within the time keeps the link as it was, clicks included, and nothing is sent', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(worker);
    const link = await createLink(service, apiKey, {
      destination_url: 'https://undo.example.com/',
      title: 'Keep my clicks',
    });
    for (let n = 0; n < 2; n++) await fetch(link.short_url, { redirect: 'manual' });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    const deletes: Request[] = [];
    context.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request);
    });
    await expect(count(page)).toHaveText('1 link');

    await row(page, link.short_url).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const status = page
      .getByRole('status')
      .filter({ hasText: `Deleted \u2066${link.short_url}\u2069.` });
    await expect(status).toBeVisible();
    await expect(row(page, link.short_url)).toHaveCount(0);
    await expect(count(page)).toHaveText('0 links');

    await status.getByRole('button', { name: 'Undo' }).click();
    await expect(row(page, link.short_url)).toBeVisible();
    await expect(row(page, link.short_url)).toContainText('2 clicks');
    // Past the time the DELETE would have gone: the only one sent is that of a link deleted after.
    const deletedAfter = await deleteOneMoreAndWait(context, extensionId, service, apiKey);
    expect(deletes.map((request) => isDeleteOf(request, deletedAfter))).toEqual([true]);
    expect((await getLink(service, apiKey, link.short_url)).status).toBe(200);
    expect(await linksOf(service, apiKey)).toMatchObject([
      { short_url: link.short_url, clicks: 2, title: 'Keep my clicks' },
    ]);
    await expect(row(page, link.short_url)).toBeVisible();
  });

  test('a delete not undone is sent after the undo time, also when the page is closed at once', async ({
    worker,
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(worker);
    const keep = await createLink(service, apiKey, {
      destination_url: 'https://keep.example.com/',
    });
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://gone.example.com/',
    });
    await expect(count(page)).toHaveText('2 links');

    await row(page, link.short_url).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await page.close();
    // Not before its time.
    expect((await getLink(service, apiKey, link.short_url)).status).toBe(200);

    await expectDeletedOnService(service, apiKey, link.short_url);
    expect((await getLink(service, apiKey, keep.short_url)).status).toBe(200);
  });

  test('"Undo" after deleting several selected keeps them all', async ({
    context,
    extensionId,
    worker,
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(worker);
    const first = await createLink(service, apiKey, {
      destination_url: 'https://one.example.com/',
    });
    const { page, link: second } = await linkOnOptionsPage({
      destination_url: 'https://two.example.com/',
    });
    await expect(count(page)).toHaveText('2 links');
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted 2 links.' })).toBeVisible();
    await expect(count(page)).toHaveText('0 links');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(count(page)).toHaveText('2 links');
    await deleteOneMoreAndWait(context, extensionId, service, apiKey);
    for (const link of [first, second]) {
      expect((await getLink(service, apiKey, link.short_url)).status).toBe(200);
    }
  });
});
