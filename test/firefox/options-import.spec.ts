// "Import links" in Firefox against the real service: every fixture format read in the dialog's
// worker, the import carried by the background, and a second run making nothing.
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { IMPORT_FIXTURE_DOMAIN, IMPORT_FIXTURE_FORMATS } from '../support/import-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { button, textOf } from './page-helpers.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const status = (page: Page) => textOf(page, 'dialog [role="status"]');
const dialogText = (page: Page) => textOf(page, 'dialog');

// Buttons are looked up inside the dialog: Firefox answers an ARIA query over the whole options
// page, with its growing list of links, in seconds, and inside the dialog at once (seen: 1–7 s
// against 0.3–0.6 s a query).
async function press(scope: ElementHandle, name: string): Promise<void> {
  const found = await scope.waitForSelector(button(name));
  await found?.click();
  await found?.dispose();
}

/** Opens "Import links", gives it the fixture `file` and presses "Check"; returns the dialog. */
async function check(page: Page, file: string): Promise<ElementHandle> {
  await page.locator('.links-toolbar button::-p-text(Import links)').click();
  const dialog = await page.waitForSelector('dialog[open]');
  if (!dialog) throw new Error('"Import links" opened no dialog.');
  const input = (await dialog.waitForSelector(
    'input[type="file"]',
  )) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path.join(FIXTURES, file));
  await press(dialog, 'Check');
  return dialog;
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
      const dialog = await check(page, `${format}.csv`);
      await expect.poll(() => dialogText(page)).toContain('To make: 3');
      if (format === 'yourls') {
        await extension.screenshotBothThemes(page, 'options-import-checked');
        expect(await extension.seriousA11yViolations(page)).toEqual([]);
      }
      await press(dialog, 'Import 3 links');
      await expect
        .poll(() => status(page), { timeout: 20_000, message: format })
        .toContain('Done: 3 links made');
      await press(dialog, 'Close');
      await dialog.dispose();
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
