// "Shorten all tabs" in Firefox against the real service, with the real permission: the click on
// the button asks for the optional `tabs` permission (granted, as the suite runs with Firefox's
// optional-permission prompts off) and the window's web pages are shortened and copied.
import { expect, test } from './fixtures.ts';
import { button, textOf } from './page-helpers.ts';
import { PopupPage } from './popup-page.ts';

test('"Shorten all tabs" is granted the tabs permission by the click, and shortens and copies every web page of the window', async ({
  extension,
  service,
  account,
}) => {
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
  const hasTabs = () =>
    extension.evaluate(() => browser.permissions.contains({ permissions: ['tabs'] }));
  expect(await hasTabs()).toBe(false);
  const second = await extension.browser.newPage();
  await second.goto(`${service.pageOrigin}/tabs/second`);
  const popup = await PopupPage.openFor(extension, `${service.pageOrigin}/`);

  await popup.page.locator(button('Shorten all tabs')).click();

  await expect
    .poll(() => textOf(popup.page, '.all-tabs [role="status"]'))
    .toBe('Shortened 2 of 2.');
  expect(await hasTabs()).toBe(true);
  // The tabs left out (the add-on's own pages, a blank tab) are named, not only counted.
  expect(await textOf(popup.page, '.all-tabs .hint')).toMatch(
    /^Left out \d+ tabs?: (“[^”]+”|an empty tab)/,
  );
  const stored = await service.storedLinks(account.apiKey);
  expect(stored.map((link) => link.destinationUrl).sort()).toEqual([
    `${service.pageOrigin}/`,
    `${service.pageOrigin}/tabs/second`,
  ]);
  const shortUrls = await popup.page.$$eval('.tab-links a', (links) =>
    links.map((link) => link.getAttribute('href')),
  );
  expect(shortUrls).toHaveLength(2);
  await popup.page.locator(button('Copy as lines')).click();
  await popup.page.locator('::-p-text(Copied)').wait();
  expect(await extension.pasteClipboard()).toBe(shortUrls.join('\n'));
  await extension.screenshotBothThemes(popup.page, 'popup-all-tabs');
  expect(await extension.seriousA11yViolations(popup.page)).toEqual([]);
});
