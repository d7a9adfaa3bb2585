// The options page's Links section in Firefox against the real service: the list, search, edit,
// delete and the CSV export (a real download into a folder Firefox is told to save to).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { UNDO_DELAY_FOR_TESTS_KEY } from '../../lib/deletions/undo-delay.ts';
import {
  createLink,
  expectDeletedOnService,
  getLink,
  linksOf,
  TEST_UNDO_DELAY_MS,
} from '../e2e/links-helpers.ts';
import { api } from '../support/test-api.ts';
import type { TestService } from '../support/test-service.ts';
import { expect, type FirefoxExtension, test } from './fixtures.ts';
import { button, byRole, fill, inputValue, textOf, textsOf } from './page-helpers.ts';
import { PopupPage } from './popup-page.ts';

const count = (page: Page) => textOf(page, '.links-count');
// The short URL's host and back-half are two flex items, which innerText would set on two lines.
const shownShortUrls = (page: Page) =>
  page.$$eval('.links-list > li a.short-url', (links) =>
    links.map((link) => link.getAttribute('href') ?? ''),
  );

/** The list's row for `shortUrl` (waits for it). */
async function row(page: Page, shortUrl: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (url) =>
      [...document.querySelectorAll('.links-list > li')].find((item) =>
        [...item.querySelectorAll('a')].some((link) => link.textContent === url),
      ),
    {},
    shortUrl,
  );
  const element = handle.asElement();
  if (!element) throw new Error(`No row for ${shortUrl}.`);
  return element as ElementHandle<Element>;
}

async function clickInRow(page: Page, shortUrl: string, name: string): Promise<void> {
  const action = await (await row(page, shortUrl)).$(button(name));
  if (!action) throw new Error(`The row of ${shortUrl} has no "${name}".`);
  await action.click();
}

/** As shortenUndoDelay in ../e2e/links-helpers.ts: deletions made from now on wait less. */
async function shortenUndoDelay(extension: FirefoxExtension): Promise<void> {
  await extension.evaluate(([key, ms]) => browser.storage.session.set({ [key]: ms }), [
    UNDO_DELAY_FOR_TESTS_KEY,
    TEST_UNDO_DELAY_MS,
  ] as const);
}

/**
 * As deleteOneMoreAndWait in ../e2e/links-helpers.ts: returns once every deletion made before has
 * had its undo time, and its DELETE, unless undone, an answer.
 */
async function deleteOneMoreAndWait(
  extension: FirefoxExtension,
  service: TestService,
  apiKey: string,
): Promise<void> {
  const last = await createLink(service, apiKey, {
    destination_url: 'https://deleted-last.example.com/',
  });
  const page = await extension.openOptions('links');
  await clickInRow(page, last.short_url, 'Delete');
  await page.locator(`dialog[open] ${button('Delete')}`).click();
  await expectDeletedOnService(service, apiKey, last.short_url);
  await page.close();
}

test.describe('options page, Links, in Firefox', () => {
  test('lists the links, newest first, and search narrows them', async ({
    extension,
    service,
    apiKey,
  }) => {
    const alpha = await createLink(service, apiKey, {
      destination_url: 'https://alpha.example.com/docs/start',
      title: 'Alpha docs',
    });
    // The list gives creation times to the second: the service's clock moved on makes the order
    // certain.
    service.advanceClock(1_100);
    const beta = await createLink(service, apiKey, {
      destination_url: 'https://beta.example.org/news',
      title: 'Beta news',
    });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');

    await expect.poll(() => count(page)).toBe('2 links');
    expect(await shownShortUrls(page)).toEqual([beta.short_url, alpha.short_url]);
    expect(await (await row(page, alpha.short_url)).evaluate((item) => item.textContent)).toContain(
      'Alpha docs',
    );

    await fill(page, byRole('searchbox', 'Search links'), 'beta');
    await expect.poll(() => count(page)).toBe('1 of 2 links');
    expect(await shownShortUrls(page)).toEqual([beta.short_url]);
    await fill(page, byRole('searchbox', 'Search links'), '');
    await expect.poll(() => count(page)).toBe('2 links');

    await extension.screenshotBothThemes(page, 'options-links');
    expect(await extension.seriousA11yViolations(page)).toEqual([]);
  });

  test('edits the title and destination, and the short URL then leads to the new destination', async ({
    extension,
    service,
    apiKey,
  }) => {
    const link = await createLink(service, apiKey, {
      destination_url: 'https://old.example.com/',
      title: 'Old title',
    });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');

    await clickInRow(page, link.short_url, 'Edit');
    const field = (name: string) => `dialog[open] ${byRole('textbox', name)}`;
    await page.locator(field('Destination URL')).wait();
    expect(await inputValue(page, field('Destination URL'))).toBe('https://old.example.com/');
    await fill(page, field('Title'), 'New title');
    await fill(page, field('Destination URL'), 'https://new.example.com/here');
    await page.locator(`dialog[open] ${button('Save')}`).click();

    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await expect
      .poll(async () => (await row(page, link.short_url)).evaluate((item) => item.textContent))
      .toContain('New title');
    expect((await getLink(service, apiKey, link.short_url)).body).toMatchObject({
      title: 'New title',
      destination_url: 'https://new.example.com/here',
    });
    const redirect = await fetch(link.short_url, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('https://new.example.com/here');
  });

  test('a protected link shows "Protected", the "Show" menu narrows to it, the edit form sets its end and removes its password, and "Extend 7 days" adds a week', async ({
    extension,
    service,
    apiKey,
  }) => {
    const plain = await createLink(service, apiKey, {
      destination_url: 'https://open.example.com/',
    });
    const link = await createLink(service, apiKey, {
      destination_url: 'https://locked.example.com/',
      title: 'Locked',
      password: 'open sesame',
    });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    const rowText = async (shortUrl: string) =>
      (await row(page, shortUrl)).evaluate((item) => item.textContent ?? '');
    await expect.poll(() => rowText(link.short_url)).toContain('Password');
    expect(await rowText(plain.short_url)).not.toContain('Password');
    const show = byRole('combobox', 'Show');
    await page.locator(`${show} option[value="protected"]`).wait();
    expect(await textOf(page, `${show} option[value="protected"]`)).toBe('Protected (1)');
    await page.select(show, 'protected');
    await expect.poll(() => shownShortUrls(page)).toEqual([link.short_url]);
    await page.select(show, '');

    await clickInRow(page, link.short_url, 'Edit');
    const field = (name: string) => `dialog[open] ${byRole('textbox', name)}`;
    await page.locator(field('Click limit')).wait();
    await fill(page, field('Click limit'), '0');
    await page.locator(`dialog[open] ${button('Save')}`).click();
    await expect
      .poll(() => textOf(page, 'dialog[open] .field-error'))
      .toBe('The click limit must be a whole number from 1 to 1,000,000,000.');
    await fill(page, field('Click limit'), '3');
    await page.locator(`dialog[open] ${byRole('checkbox', 'Remove password')}`).click();
    await page.locator(`dialog[open] ${button('Save')}`).click();
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await expect
      .poll(async () => (await getLink(service, apiKey, link.short_url)).body)
      .toMatchObject({ max_clicks: 3, password_protected: false });
    await expect.poll(() => rowText(link.short_url)).not.toContain('Password');

    await clickInRow(page, link.short_url, 'Locked');
    await page.locator(`dialog[open] ${button('Extend 7 days')}`).click();
    await expect
      .poll(async () => {
        const { expires_at } = (await getLink(service, apiKey, link.short_url)).body;
        return (Date.parse(String(expires_at)) - Date.now()) / 86_400_000;
      })
      .toBeGreaterThan(6.9);
    await expect.poll(() => rowText(link.short_url)).toContain('Expires in 7 days');
  });

  test('deletes one link after a confirmation naming it', async ({
    extension,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(extension);
    const keep = await createLink(service, apiKey, {
      destination_url: 'https://keep.example.com/',
    });
    const gone = await createLink(service, apiKey, {
      destination_url: 'https://gone.example.com/',
    });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    await expect.poll(() => count(page)).toBe('2 links');

    await clickInRow(page, gone.short_url, 'Delete');
    await expect.poll(() => textOf(page, 'dialog[open]')).toContain(gone.short_url);
    expect(await textOf(page, 'dialog[open]')).toContain('You can undo it for 10 seconds.');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    expect(await count(page)).toBe('2 links');

    await clickInRow(page, gone.short_url, 'Delete');
    await page.locator(`dialog[open] ${button('Delete')}`).click();
    await expect.poll(() => count(page)).toBe('1 link');
    expect(await shownShortUrls(page)).toEqual([keep.short_url]);
    // Sent once the undo time is up, though the page is closed at once.
    await page.locator(button('Undo')).wait();
    await page.close();
    await expectDeletedOnService(service, apiKey, gone.short_url);
    expect((await getLink(service, apiKey, keep.short_url)).status).toBe(200);
  });

  test('"Undo" keeps a deleted link as it was, clicks included, and sends nothing', async ({
    extension,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(extension);
    const link = await createLink(service, apiKey, {
      destination_url: 'https://undo.example.com/',
      title: 'Keep my clicks',
    });
    await fetch(link.short_url, { redirect: 'manual' });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    await expect.poll(() => count(page)).toBe('1 link');

    await clickInRow(page, link.short_url, 'Delete');
    await page.locator(`dialog[open] ${button('Delete')}`).click();
    await expect
      .poll(() => textOf(page, '.status[role="status"]'))
      .toContain(`Deleted ${link.short_url}.`);
    await expect.poll(() => count(page)).toBe('0 links');
    await page.locator(button('Undo')).click();
    await expect.poll(() => count(page)).toBe('1 link');
    // Past the time its DELETE would have gone.
    await deleteOneMoreAndWait(extension, service, apiKey);
    expect((await getLink(service, apiKey, link.short_url)).status).toBe(200);
    expect(await textOf(page, '.links-list > li')).toContain('1 click');
  });

  test('an open Links section shows five links made in the popup', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    await expect.poll(() => count(page)).toBe('0 links');

    const made: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const popup = await PopupPage.openFor(extension, `${service.pageOrigin}/made-in-popup-${n}`);
      await popup.shorten();
      made.push(await popup.shortLink());
      await popup.page.close();
      await popup.target.close();
    }

    await expect.poll(() => count(page)).toBe('5 links');
    expect((await shownShortUrls(page)).toSorted()).toEqual(made.toSorted());
  });

  test('a destination shows decoded, and "Select all shown" stands right above the rows\' boxes', async ({
    extension,
    service,
    apiKey,
  }) => {
    const link = await createLink(service, apiKey, {
      destination_url: 'https://example.com/some page/caf%C3%A9?a%2Fb=1',
    });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    await expect.poll(() => count(page)).toBe('1 link');
    const shown = await (await row(page, link.short_url)).evaluate(
      (item) => item.querySelector('.link-destination')?.textContent,
    );
    expect(shown).toBe('example.com/some page/café?a%2Fb=1');

    const lefts = await page.evaluate(
      (shortUrl) =>
        [
          document.querySelector('.select-all input'),
          document.querySelector(`input[aria-label="Select \u2066${shortUrl}\u2069"]`),
        ].map((box) => box?.getBoundingClientRect().left),
      link.short_url,
    );
    expect(lefts[0]).toBeDefined();
    expect(Math.abs((lefts[0] ?? 0) - (lefts[1] ?? 0))).toBeLessThan(0.5);
  });

  test('"Export CSV" saves the links shown as a file, with quotes, line breaks and accents intact', async ({
    extension,
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
    await createLink(service, apiKey, {
      destination_url: 'https://elsewhere.example.org/',
      title: 'Filtered out',
    });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const downloads = await extension.downloadFolder();
    const page = await extension.openOptions('links');
    await fill(page, byRole('searchbox', 'Search links'), 'example.com');
    await expect.poll(() => count(page)).toBe('1 of 2 links');

    await page.locator(button('Export CSV')).click();
    const file = path.join(downloads, 'links.csv');
    await expect.poll(() => existsSync(file)).toBe(true);
    // Firefox writes the file in place: wait for the whole of it.
    await expect.poll(() => readFileSync(file, 'utf8')).toMatch(/\r\n$/);
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    // Our service offers tags and an end, so their columns follow.
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'short_url,destination_url,title,clicks,created_at,tags,expires_at,max_clicks',
    );
    // The service stores a destination as a browser would send it: its quotes percent-encoded.
    expect(csv).toContain(
      `"${tricky.short_url}","https://example.com/a?x=1,2&y=%223%22","Café ""déjà vu"", line one\nline two","0",`,
    );
    expect(csv).not.toContain('Filtered out');
  });
});

test.describe('options page, Links, tags, in Firefox', () => {
  test('"Tags" narrows the list, and "Add tag…" tags the selected links', async ({
    extension,
    service,
    apiKey,
  }) => {
    const client = api(service.baseUrl, apiKey);
    expect((await client.send('POST', '/v1/tags', { name: 'Client', color: 'blue' })).status).toBe(
      200,
    );
    const tagged = await client.create({
      destination_url: 'https://client.example.com/',
      tags: ['Client'],
    });
    const plain = await createLink(service, apiKey, { destination_url: 'https://plain.example/' });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    await expect.poll(() => count(page)).toBe('2 links');
    expect(await textsOf(page, '.links-list .tag-chip')).toEqual(['Client']);

    await page.locator(button('Tags')).click();
    await page.locator(byRole('checkbox', 'Client 1')).click();
    await expect.poll(() => count(page)).toBe('1 of 2 links');
    expect(await shownShortUrls(page)).toEqual([tagged.body.short_url]);
    await page.locator(button('Clear tags')).click();
    await expect.poll(() => count(page)).toBe('2 links');
    await page.keyboard.press('Escape');

    await page.locator(byRole('checkbox', 'Select all shown')).click();
    await page.locator(button('Add tag…')).click();
    await fill(page, `dialog[open] ${byRole('combobox', 'Tag name')}`, 'Spring');
    await page.locator(`dialog[open] ${button('Apply')}`).click();
    await expect
      .poll(() => textOf(page, '.bulk-status'))
      .toBe('Tag “Spring” added to 2 links. Undo');
    const names = (await linksOf(service, apiKey)).map((link) =>
      (link as unknown as { tags: { name: string }[] }).tags.map((tag) => tag.name).sort(),
    );
    expect(names.sort()).toEqual([['Client', 'Spring'], ['Spring']]);
    await expect
      .poll(async () => (await textsOf(page, '.links-list .tag-chip')).sort())
      .toEqual(['Client', 'Spring', 'Spring']);
    expect(plain.short_url).toBeTruthy();
  });
});
