// The options page in Firefox: one layout for its four sections, and the way from an unconfigured
// Links section to Accounts.
import { expect, test } from './fixtures.ts';
import { byRole, click, textOf } from './page-helpers.ts';

const SECTIONS = ['Links', 'Domains', 'Accounts', 'Preferences'] as const;

test('Links without an account set up offers the way to Accounts', async ({ extension }) => {
  const page = await extension.openOptions('links');
  await click(page, `main ${byRole('link', 'Go to the Accounts section')}`);
  await expect.poll(() => textOf(page, 'main h2')).toBe('Accounts');
  expect(await page.evaluate(() => location.hash)).toBe('#accounts');
});

test('every section starts where the header does, at 420 and 1280 px', async ({
  extension,
  service,
  apiKey,
}) => {
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
  const page = await extension.openOptions('links');
  const offsets: Record<string, number> = {};
  for (const width of [420, 1280]) {
    await page.setViewport({ width, height: 800 });
    for (const section of SECTIONS) {
      await click(page, `nav ${byRole('link', section)}`);
      await expect.poll(() => textOf(page, 'main h2')).toBe(section);
      offsets[`${section} ${width}`] = await page.evaluate(
        () =>
          (document.querySelector('main h2') as HTMLElement).getBoundingClientRect().left -
          (document.querySelector('h1') as HTMLElement).getBoundingClientRect().left,
      );
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        `${section} at ${width} px scrolls sideways`,
      ).toBe(0);
    }
  }
  expect(new Set(Object.values(offsets)), JSON.stringify(offsets)).toEqual(new Set([0]));
  await extension.screenshotBothThemes(page, 'options-preferences-1280');
});
