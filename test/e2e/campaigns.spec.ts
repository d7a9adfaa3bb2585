// Campaigns in Chromium against the real service: the popup's "UTM parameters", its presets and one
// link per channel, the presets in Preferences.
import type { Page } from '@playwright/test';
import {
  configure,
  expect,
  screenshotBothThemes,
  seriousA11yViolations,
  test,
} from './fixtures.ts';
import { createLink, linksOf } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

const utmField = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openUtm(popup: PopupPage) {
  const disclosure = popup.page.getByRole('button', { name: 'UTM parameters' });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await disclosure.click();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
}

const destinations = async (service: Parameters<typeof linksOf>[0], apiKey: string) =>
  (await linksOf(service, apiKey)).map((link) => link.destination_url).sort();

test.describe('UTM parameters', () => {
  test("are added after the page's trackers are removed, encoded, previewed as typed, and shortened", async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = `${service.pageOrigin}/?utm_source=news&fbclid=abc&id=3`;
    const popup = await PopupPage.openFor(context, worker, extensionId, page);
    await expect(popup.field('Destination URL')).toHaveValue(`${service.pageOrigin}/?id=3`);
    await openUtm(popup);
    await utmField(popup.page, 'Source').fill('mine & yours');
    await utmField(popup.page, 'Medium').fill('email');
    await utmField(popup.page, 'Campaign').fill('весна #1');
    const tagged = `${service.pageOrigin}/?id=3&utm_source=mine%20%26%20yours&utm_medium=email&utm_campaign=%D0%B2%D0%B5%D1%81%D0%BD%D0%B0%20%231`;
    await expect(popup.page.getByRole('status', { name: /Destination with UTM/ })).toHaveText(
      tagged,
    );
    await screenshotBothThemes(popup.page, 'popup-utm-parameters');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);

    await popup.shorten();
    await expect(popup.shortLink()).toBeVisible();
    expect(await destinations(service, apiKey)).toEqual([tagged]);
  });

  test('a value over 255 characters is refused on its field, and nothing is made', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await openUtm(popup);
    const term = utmField(popup.page, 'Term');
    await term.fill('x'.repeat(256));
    await expect(term).toHaveAttribute('aria-invalid', 'true');
    await expect(term).toHaveAccessibleDescription('Term is too long: at most 255 characters.');
    await popup.page.getByRole('button', { name: 'Shorten', exact: true }).click();
    await term.press('Enter');
    await expect(popup.shortLink()).toHaveCount(0);
    expect(await linksOf(service, apiKey)).toHaveLength(0);
    await term.fill('x'.repeat(255));
    await term.press('Enter');
    await expect(popup.shortLink()).toBeVisible();
    expect(await destinations(service, apiKey)).toEqual([
      `${service.pageOrigin}/?utm_term=${'x'.repeat(255)}`,
    ]);
  });

  test("replace the page's own value when tracking parameters are kept, never doubling it", async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey, removeTracking: false });
    const page = `${service.pageOrigin}/?utm_source=news&utm_medium=mail`;
    const popup = await PopupPage.openFor(context, worker, extensionId, page);
    await expect(popup.field('Destination URL')).toHaveValue(page);
    await openUtm(popup);
    await utmField(popup.page, 'Source').fill('mine');
    await popup.shorten();
    await expect(popup.shortLink()).toBeVisible();
    expect(await destinations(service, apiKey)).toEqual([
      `${service.pageOrigin}/?utm_medium=mail&utm_source=mine`,
    ]);
  });

  test('"Reuse existing links" reuses only a link with the same UTM values', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    const made = await createLink(service, apiKey, {
      destination_url: `${service.pageOrigin}/?utm_source=a`,
    });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const other = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await openUtm(other);
    await utmField(other.page, 'Source').fill('b');
    await other.shorten();
    await expect(other.shortLink()).toBeVisible();
    await expect(other.shortLink()).not.toHaveAttribute('href', made.short_url);
    expect(await linksOf(service, apiKey)).toHaveLength(2);

    const same = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await openUtm(same);
    await utmField(same.page, 'Source').fill('a');
    await same.shorten();
    await expect(same.shortLink()).toHaveAttribute('href', made.short_url);
    expect(await linksOf(service, apiKey)).toHaveLength(2);
  });
});
