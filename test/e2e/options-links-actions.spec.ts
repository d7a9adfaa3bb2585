import { readFile } from 'node:fs/promises';
import { startTestService } from '../support/test-service.ts';
import {
  cachedLinks,
  configure,
  expect,
  expectSectionLooksRight,
  openOptions,
  screenshotBothThemes,
} from './fixtures.ts';
import {
  count,
  createLink,
  DELETION_SENT_WITHIN_MS,
  expectDeletedOnService,
  getLink,
  row,
  rows,
  shortenUndoDelay,
  test,
} from './links-helpers.ts';

/** Follows a short link `times` times, as a visitor would: each counts one click. */
async function visit(shortUrl: string, times: number) {
  for (let n = 0; n < times; n++) {
    const answer = await fetch(shortUrl, { redirect: 'manual' });
    expect(answer.status).toBe(302);
  }
}

test.describe('options page, Links: row and bulk actions', () => {
  test('"Most clicks" puts the most visited first, with the clicks counted by real redirects', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    const quiet = await createLink(service, apiKey, { destination_url: 'https://quiet.example/' });
    const busy = await createLink(service, apiKey, { destination_url: 'https://busy.example/' });
    const some = await createLink(service, apiKey, { destination_url: 'https://some.example/' });
    await visit(busy.short_url, 3);
    await visit(some.short_url, 1);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);

    await page.getByLabel('Sort by').selectOption({ label: 'Most clicks' });
    await expect(rows(page).getByRole('link')).toHaveText([
      busy.short_url,
      some.short_url,
      quiet.short_url,
    ]);
    await expect(row(page, busy.short_url)).toContainText('3 clicks');
    await expect(row(page, some.short_url)).toContainText('1 click');
    await expect(row(page, quiet.short_url)).toContainText('0 clicks');
  });

  test('"Trending" re-sorts after Refresh by the clicks that Refresh brought', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    const older = await createLink(service, apiKey, { destination_url: 'https://older.example/' });
    service.advanceClock(1_100);
    const newer = await createLink(service, apiKey, { destination_url: 'https://newer.example/' });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await expect(rows(page)).toHaveCount(2);
    await expect(refresh).toBeEnabled();

    // Both unclicked since this browser first read them: newest first.
    await page.getByLabel('Sort by').selectOption({ label: 'Trending' });
    await expect(rows(page).getByRole('link')).toHaveText([newer.short_url, older.short_url]);
    await visit(older.short_url, 2);
    await refresh.click();
    await expect(row(page, older.short_url)).toContainText('2 clicks');
    await expect(rows(page).getByRole('link')).toHaveText([older.short_url, newer.short_url]);
  });

  test('"Export CSV" downloads the links shown, with commas, quotes, line breaks and accents intact', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    // Written straight into the database: the service refuses a line break in a title now, but a
    // list may still hold one (another service, or a link made before that rule).
    await service.insertLinks(apiKey, [
      {
        backHalf: 'tricky',
        destinationUrl: 'https://example.com/a?x=1,2&y=%223%22',
        title: 'Café "déjà vu", line one\nline two',
      },
    ]);
    const tricky = { short_url: `http://${service.shortDomain}/tricky` };
    const formula = await createLink(service, apiKey, {
      destination_url: 'https://example.com/sum',
      title: '=SUM(A1:A2)',
    });
    await createLink(service, apiKey, {
      destination_url: 'https://elsewhere.example.org/',
      title: 'Filtered out',
    });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await page.getByRole('searchbox', { name: 'Search links' }).fill('example.com');
    await expect(count(page)).toHaveText('2 of 3 links');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('links.csv');
    const csv = await readFile(await download.path(), 'utf8');

    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    // Our service offers tags and an end, so their columns follow.
    expect(lines[0]).toBe(
      'short_url,destination_url,title,clicks,created_at,tags,expires_at,max_clicks',
    );
    // The service stores a destination as a browser would send it: its quotes percent-encoded.
    expect(csv).toContain(
      `"${tricky.short_url}","https://example.com/a?x=1,2&y=%223%22","Café ""déjà vu"", line one\nline two","0",`,
    );
    // A cell a spreadsheet would run as a formula is defused.
    expect(csv).toContain(`"${formula.short_url}","https://example.com/sum","'=SUM(A1:A2)","0",`);
    expect(csv).not.toContain('Filtered out');
    expect(lines.at(-1)).toBe('');
  });

  test('"QR code" on a row shows the code for that short URL, with downloads, and closes with Escape', async ({
    linkOnOptionsPage,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://qr.example.com/',
      title: 'Poster',
    });

    const button = row(page, link.short_url).getByRole('button', { name: 'QR code' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: `QR code for \u2066${link.short_url}\u2069` });
    await expect(
      dialog.getByRole('img', { name: `QR code for \u2066${link.short_url}\u2069` }),
    ).toBeVisible();
    const fileName = link.short_url.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9._-]+/g, '-');
    await expect(dialog.getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
      'download',
      `${fileName}.png`,
    );
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectSectionLooksRight(page, 'options-links-qr');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('"Select all shown" selects what the search shows, and deletes just those', async ({
    worker,
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(worker);
    const old1 = await createLink(service, apiKey, {
      destination_url: 'https://old.example.com/1',
      title: 'Old one',
    });
    const old2 = await createLink(service, apiKey, {
      destination_url: 'https://old.example.com/2',
      title: 'Old two',
    });
    const { page, link: keep } = await linkOnOptionsPage({
      destination_url: 'https://keep.example.com/',
      title: 'Keep me',
    });
    await expect(count(page)).toHaveText('3 links');

    await page.getByRole('searchbox', { name: 'Search links' }).fill('old');
    await expect(count(page)).toHaveText('2 of 3 links');
    const selectAll = page.getByRole('checkbox', { name: 'Select all shown' });
    await selectAll.check();
    await expect(
      page.getByRole('checkbox', { name: `Select \u2066${old1.short_url}\u2069` }),
    ).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: `Select \u2066${old2.short_url}\u2069` }),
    ).toBeChecked();
    await page.getByRole('checkbox', { name: `Select \u2066${old2.short_url}\u2069` }).uncheck();
    // Some selected: the box is mixed, and a click selects them all again.
    expect(await selectAll.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await selectAll.click();
    await expect(selectAll).toBeChecked();

    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Delete 2 links?');
    await expect(dialog).toContainText('You can undo it for 10 seconds.');
    await screenshotBothThemes(page, 'options-links-delete-selected');
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await page.getByRole('searchbox', { name: 'Search links' }).fill('');
    await expect(count(page)).toHaveText('1 link');
    await expect(row(page, keep.short_url)).toBeVisible();
    await expectDeletedOnService(service, apiKey, old1.short_url);
    await expectDeletedOnService(service, apiKey, old2.short_url);
    expect((await getLink(service, apiKey, keep.short_url)).status).toBe(200);
  });

  test('an edit the service refuses shows at once, rolls back with the reason, and keeps the form', async ({
    linkOnOptionsPage,
    worker,
    service,
    apiKey,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://before.example.com/',
      title: 'Before',
    });
    await expect(row(page, link.short_url)).toContainText('Before');
    // Deleted elsewhere (another device) while this page shows it.
    const path = link.short_url.replace(/^https?:\/\//, '');
    const deleted = await fetch(`${service.baseUrl}/v1/links/${path}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(deleted.status).toBe(200);

    await row(page, link.short_url).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('After');
    await dialog.getByRole('button', { name: 'Save' }).click();

    // The service's own sentence, then what to do.
    await expect(dialog.getByRole('alert')).toHaveText(
      /^Not saved: .+\. The link no longer exists\. Refresh the list\.$/,
    );
    await expect(dialog.getByLabel('Title')).toHaveValue('After');
    await expect(row(page, link.short_url)).toContainText('Before');
    await expect(row(page, link.short_url)).not.toContainText('After');
    expect(await cachedLinks(worker)).toMatchObject([
      { shortUrl: link.short_url, title: 'Before' },
    ]);
  });

  test('a bulk delete the service partly refuses reports the failures and puts them back', async ({
    context,
    extensionId,
    worker,
  }) => {
    await shortenUndoDelay(worker);
    const limit = 40;
    const limited = await startTestService({ rateLimitPerMinute: limit });
    try {
      const apiKey = await limited.createAccount('limited@example.com');
      // Straight into the database, so that only the page's requests count against the limit.
      await limited.insertLinks(
        apiKey,
        [0, 1, 2, 3].map((n) => ({
          backHalf: `bulk${n}`,
          destinationUrl: `https://bulk.example.com/${n}`,
          title: `Bulk ${n}`,
          createdAt: Date.UTC(2026, 0, 1) + n * 60_000,
        })),
      );
      // The requests the account's limit counts: the public description of the API is not one.
      let pageRequests = 0;
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === new URL(limited.baseUrl).origin && url.pathname !== '/v1/openapi.json') {
          pageRequests++;
        }
      });
      await configure(worker, { apiBaseUrl: limited.baseUrl, apiKey });
      const page = await openOptions(context, extensionId);
      await expect(count(page)).toHaveText('4 links');
      await page.waitForLoadState('networkidle');
      const shortUrls = await rows(page).getByRole('link').allTextContents();
      // Spend the rest of the minute's budget but two, so two of the four deletes are refused.
      for (let n = pageRequests; n < limit - 2; n++) {
        const answer = await fetch(`${limited.baseUrl}/v1/domains`, {
          headers: { Authorization: `Bearer ${apiKey}` },
        });
        expect(answer.status).toBe(200);
      }

      await page.getByRole('checkbox', { name: 'Select all shown' }).check();
      await page.getByRole('button', { name: 'Delete selected (4)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

      const report = page.locator('.notice.error');
      // Sent once the undo time is up.
      await expect(report).toContainText(
        /of 4 links were not deleted; they are back in the list:/,
        {
          timeout: DELETION_SENT_WITHIN_MS,
        },
      );
      await expect(report).toContainText('Too many requests');
      // The API is over its limit now: ask the database which links are left.
      const left = new Set((await limited.storedLinks(apiKey)).map((link) => `/${link.backHalf}`));
      const kept = shortUrls.filter((shortUrl) => left.has(new URL(shortUrl).pathname));
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(4);
      await expect(report).toContainText(`${kept.length} of 4 links were not deleted`);
      await expect(count(page)).toHaveText(
        `${kept.length} ${kept.length === 1 ? 'link' : 'links'}`,
      );
      for (const shortUrl of kept) {
        await expect(row(page, shortUrl)).toBeVisible();
        await expect(report.getByRole('listitem').filter({ hasText: shortUrl })).toBeVisible();
      }
      await screenshotBothThemes(page, 'options-links-delete-partly-failed');
    } finally {
      await limited.stop();
    }
  });
});
