import { readFile } from 'node:fs/promises';
import {
  configure,
  expect,
  expectSectionLooksRight,
  openOptions,
  screenshotBothThemes,
} from './fixtures.ts';
import { count, createLink, row, rows, test } from './links-helpers.ts';

test.describe('options page, Links: the finer points', () => {
  test('"Select all shown" stands right above the rows\' checkboxes', async ({
    linkOnOptionsPage,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://align.example.com/',
    });
    const all = await page.getByRole('checkbox', { name: 'Select all shown' }).boundingBox();
    const one = await page
      .getByRole('checkbox', { name: `Select \u2066${link.short_url}\u2069` })
      .boundingBox();
    expect(all && one).toBeTruthy();
    expect(Math.abs((all?.x ?? 0) - (one?.x ?? 0))).toBeLessThan(0.5);
    expect(Math.abs((all?.width ?? 0) - (one?.width ?? 0))).toBeLessThan(0.5);
  });

  test('a short URL selected and copied is one string', async ({ context, linkOnOptionsPage }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { page, link } = await linkOnOptionsPage({ destination_url: 'https://one.example.com/' });
    const shortUrl = row(page, link.short_url).getByRole('link', { name: link.short_url });
    await shortUrl.evaluate((anchor) => {
      const range = document.createRange();
      range.selectNodeContents(anchor);
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    });
    await page.keyboard.press('Control+C');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.short_url);
  });

  test('destinations show decoded, as the address bar shows them', async ({
    linkOnOptionsPage,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://example.com/some page/caf%C3%A9?a%2Fb=1',
    });
    await expect(row(page, link.short_url)).toContainText('example.com/some page/café?a%2Fb=1');
    await row(page, link.short_url).locator('.link-title').click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText('https://example.com/some page/café?a%2Fb=1');
    // The link itself is the address exactly.
    await expect(details.getByRole('link', { name: /some page/ })).toHaveAttribute(
      'href',
      'https://example.com/some%20page/caf%C3%A9?a%2Fb=1',
    );
  });

  test('"Export CSV" with links selected exports those, and says so', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    const links = [];
    for (let n = 0; n < 3; n++) {
      links.push(
        await createLink(service, apiKey, { destination_url: `https://x${n}.example.com/` }),
      );
    }
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await expect(count(page)).toHaveText('3 links');
    for (const link of links.slice(0, 2)) {
      await page.getByRole('checkbox', { name: `Select \u2066${link.short_url}\u2069` }).check();
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export selected (2) as CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(links[0]?.short_url);
    expect(csv).toContain(links[1]?.short_url);
    expect(csv).not.toContain(links[2]?.short_url);
  });

  test('an edit saved says "Saved" on its row', async ({ linkOnOptionsPage }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://edit.example.com/',
      title: 'Before',
    });
    await row(page, link.short_url).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('After');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      row(page, link.short_url).getByRole('status').filter({ hasText: 'Saved' }),
    ).toBeVisible();
    await expect(row(page, link.short_url)).toContainText('After');
    await screenshotBothThemes(page, 'options-links-edit-saved');
  });

  test('the delete confirmation of many links names some and counts the rest', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    for (let n = 0; n < 7; n++) {
      await createLink(service, apiKey, { destination_url: `https://many${n}.example.com/` });
    }
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await expect(count(page)).toHaveText('7 links');
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('button', { name: 'Delete selected (7)' }).click();
    const items = page.getByRole('dialog').getByRole('listitem');
    await expect(items).toHaveCount(6);
    await expect(items.last()).toHaveText('and 2 more');
    await page.keyboard.press('Escape');
    await expect(rows(page)).toHaveCount(7);
  });

  test('the service down: the banner offers "Retry", which loads the list once it is back', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    const link = await createLink(service, apiKey, {
      destination_url: 'https://retry.example.com/',
    });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    // Every request of the page refused, as when the service is down.
    await context.route(`${service.baseUrl}/v1/**`, (route) => route.abort('connectionrefused'));
    const page = await openOptions(context, extensionId);
    const retry = page.getByRole('button', { name: 'Retry', exact: true });
    // After the client's own retries of the list.
    await expect(retry).toBeVisible({ timeout: 20_000 });
    // The background may have cached the list before (its requests are not routed): either way,
    // the page says the service could not be reached.
    await expect(page.getByText(/could not be reached/)).toBeVisible();
    await expectSectionLooksRight(page, 'options-links-service-down');

    await context.unroute(`${service.baseUrl}/v1/**`);
    // Once no attempt is under way (the button is inert meanwhile).
    await expect(retry).not.toHaveAttribute('aria-disabled', 'true', { timeout: 20_000 });
    await retry.click();
    await expect(row(page, link.short_url)).toBeVisible({ timeout: 15_000 });
    await expect(retry).toBeHidden();
    await expect(page.getByText(/could not be reached/)).toBeHidden();
  });
});
