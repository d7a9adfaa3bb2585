// "Import links" in Firefox against the real service: every fixture format read in the dialog's
// worker, the import carried by the background, and a second run making nothing.
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { IMPORT_FIXTURE_DOMAIN, IMPORT_FIXTURE_FORMATS } from '../support/import-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { button, textOf } from './page-helpers.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const status = (page: Page) => textOf(page, 'dialog [role="status"]');
const dialogText = (page: Page) => textOf(page, 'dialog');

async function check(page: Page, file: string): Promise<void> {
  await page.locator(button('Import links')).click();
  const input = await page.waitForSelector('dialog input[type="file"]');
  await input?.uploadFile(path.join(FIXTURES, file));
  await page.locator(button('Check')).click();
}

test.describe('options page, Import links, in Firefox', () => {
  test('imports every fixture format; a second run makes nothing', async ({
    extension,
    service,
    account,
    apiKey,
  }) => {
    test.setTimeout(120_000);
    await service.addDomain(account.email, IMPORT_FIXTURE_DOMAIN);
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const page = await extension.openOptions('links');
    for (const format of IMPORT_FIXTURE_FORMATS) {
      await check(page, `${format}.csv`);
      await expect.poll(() => dialogText(page)).toContain('To make: 3');
      if (format === 'yourls') {
        await extension.screenshotBothThemes(page, 'options-import-checked');
        expect(await extension.seriousA11yViolations(page)).toEqual([]);
      }
      await page.locator(button('Import 3 links')).click();
      await expect
        .poll(() => status(page), { timeout: 20_000, message: format })
        .toContain('Done: 3 links made');
      await page.locator(button('Close')).click();
    }

    await check(page, 'yourls.csv');
    await expect.poll(() => dialogText(page)).toContain('Already there: 3');
    expect(await dialogText(page)).toContain('To make: 0');
    const stored = await service.storedLinks(apiKey);
    expect(stored).toHaveLength(3 * IMPORT_FIXTURE_FORMATS.length);
    expect(stored.filter((link) => link.domain === IMPORT_FIXTURE_DOMAIN)).toHaveLength(3);
    expect(stored.map((link) => link.backHalf)).toEqual(
      expect.arrayContaining([
        'shlink-1',
        'shlink-2',
        'shlink-3',
        'yourls-1',
        'yourls-2',
        'yourls-3',
      ]),
    );
    expect(stored.find((link) => link.backHalf === 'shlink-3')?.title).toBe('Shlink; three');
  });
});
