// Campaigns in Chromium against the real service: the popup's "UTM parameters", its presets and one
// link per channel, the presets in Preferences.
import type { Page, Worker } from '@playwright/test';
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
  const disclosure = popup.page.getByRole('button', { name: 'UTM parameters', exact: true });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await disclosure.click();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
}

const NO_UTM = { source: '', medium: '', campaign: '', term: '', content: '' };

/** Presets stored as the popup saves them. */
async function storePresets(worker: Worker, stored: unknown) {
  await worker.evaluate((campaigns) => chrome.storage.local.set({ campaigns }), stored);
}

const destinations = async (service: Parameters<typeof linksOf>[0], apiKey: string) =>
  (await linksOf(service, apiKey)).map((link) => link.destination_url).sort();

test.describe('UTM parameters', () => {
  test("are added after the page's trackers are removed, encoded, previewed as typed, and shortened", async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const page = `${service.pageOrigin}/?utm_source=news&fbclid=abc&id=3`;
    const popup = await popupOn(page);
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
    service,
    apiKey,
    popupOn,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);
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
    service,
    apiKey,
    popupOn,
  }) => {
    const made = await createLink(service, apiKey, {
      destination_url: `${service.pageOrigin}/?utm_source=a`,
    });
    const other = await popupOn(`${service.pageOrigin}/`);
    await openUtm(other);
    await utmField(other.page, 'Source').fill('b');
    await other.shorten();
    await expect(other.shortLink()).toBeVisible();
    await expect(other.shortLink()).not.toHaveAttribute('href', made.short_url);
    expect(await linksOf(service, apiKey)).toHaveLength(2);

    const same = await popupOn(`${service.pageOrigin}/`);
    await openUtm(same);
    await utmField(same.page, 'Source').fill('a');
    await same.shorten();
    await expect(same.shortLink()).toHaveAttribute('href', made.short_url);
    expect(await linksOf(service, apiKey)).toHaveLength(2);
  });
});

test.describe('UTM presets', () => {
  test('"Save preset" stores the values, the "Preset" select fills them with the last used first, and Preferences renames and deletes them', async ({
    worker,
    service,
    popupOn,
    optionsPage,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);
    await openUtm(popup);
    await expect(utmField(popup.page, 'Preset')).toBeDisabled();
    await utmField(popup.page, 'Source').fill('newsletter');
    await utmField(popup.page, 'Medium').fill('email');
    await popup.page.getByRole('button', { name: 'Save preset' }).click();
    const name = utmField(popup.page, 'Preset name');
    await expect(name).toBeFocused();
    await popup.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(name).toHaveAccessibleDescription('Give the preset a name.');
    await name.fill('Newsletter');
    await name.press('Enter');
    await expect(popup.page.getByText('Saved the preset "Newsletter".')).toBeVisible();
    await utmField(popup.page, 'Source').fill('mastodon');
    await utmField(popup.page, 'Medium').fill('social');
    await popup.page.getByRole('button', { name: 'Save preset' }).click();
    await name.fill('Social');
    await popup.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(popup.page.getByText('Saved the preset "Social".')).toBeVisible();

    const again = await popupOn(`${service.pageOrigin}/`);
    await openUtm(again);
    const preset = utmField(again.page, 'Preset');
    await expect(preset.locator('option')).toHaveText(['Choose a preset', 'Social', 'Newsletter']);
    await preset.selectOption('Newsletter');
    await expect(utmField(again.page, 'Source')).toHaveValue('newsletter');
    await expect(utmField(again.page, 'Medium')).toHaveValue('email');
    await screenshotBothThemes(again.page, 'popup-utm-presets');
    expect(await seriousA11yViolations(again.page)).toEqual([]);
    const third = await popupOn(`${service.pageOrigin}/`);
    await openUtm(third);
    await expect(utmField(third.page, 'Preset').locator('option')).toHaveText([
      'Choose a preset',
      'Newsletter',
      'Social',
    ]);

    const options = await optionsPage('preferences');
    const list = options.getByRole('region', { name: 'UTM presets' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText(
      'Source: newsletter · Medium: email',
    );
    await screenshotBothThemes(options, 'options-utm-presets', list);
    expect(await seriousA11yViolations(options)).toEqual([]);
    await list.getByRole('button', { name: 'Rename Social' }).click();
    const newName = list.getByLabel('New name for Social');
    await newName.fill('Newsletter');
    await newName.press('Enter');
    await expect(newName).toHaveAccessibleDescription(
      'A preset named "Newsletter" already exists.',
    );
    await newName.fill('Mastodon');
    await list.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(list.getByRole('status')).toHaveText('Renamed the preset "Social" to "Mastodon".');
    await list.getByRole('button', { name: 'Delete Newsletter' }).click();
    await expect(list.getByRole('listitem')).toHaveText([/Mastodon/]);
    const stored = await worker.evaluate(
      async () => (await chrome.storage.local.get('campaigns')).campaigns,
    );
    expect(stored).toMatchObject({
      utmPresets: [{ name: 'Mastodon', values: { source: 'mastodon', medium: 'social' } }],
    });
  });

  test('corrupt presets in storage never break the popup or Preferences', async ({
    worker,
    service,
    popupOn,
    optionsPage,
  }) => {
    await storePresets(worker, {
      utmPresets: [{ name: 7 }, 'x', { name: 'Kept', values: { source: 's', medium: 9 } }],
      lastPresetName: [],
    });
    const popup = await popupOn(`${service.pageOrigin}/`);
    await openUtm(popup);
    await expect(utmField(popup.page, 'Preset').locator('option')).toHaveText([
      'Choose a preset',
      'Kept',
    ]);
    await storePresets(worker, '{broken');
    const options = await optionsPage('preferences');
    await expect(options.getByText('None yet.', { exact: false })).toBeVisible();
  });

  test('one link per channel: each preset chosen makes a link for the same page and title, listed with the copy formats', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    // Two rounds of links, screenshots and axe in both themes: more than 30 s on a busy machine.
    test.slow();
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await storePresets(worker, {
      utmPresets: [
        { name: 'Newsletter', values: { ...NO_UTM, source: 'newsletter', medium: 'email' } },
        { name: 'Mastodon', values: { ...NO_UTM, source: 'mastodon', medium: 'social' } },
        { name: 'Unused', values: { ...NO_UTM, source: 'unused' } },
      ],
    });
    const popup = await PopupPage.openFor(
      context,
      worker,
      extensionId,
      `${service.pageOrigin}/?id=1`,
    );
    await popup.field('Title').fill('Spring sale');
    await openUtm(popup);
    const channels = popup.page.getByRole('group', { name: 'One link per channel' });
    await channels.getByLabel('Newsletter').check();
    await channels.getByLabel('Mastodon').check();
    await channels.getByRole('button', { name: 'Make 2 links' }).click();
    const list = popup.page.getByRole('list', { name: 'Links per channel' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem')).toHaveText([/Newsletter/, /Mastodon/]);
    const links = await linksOf(service, apiKey);
    expect(links.map((link) => link.destination_url).sort()).toEqual([
      `${service.pageOrigin}/?id=1&utm_source=mastodon&utm_medium=social`,
      `${service.pageOrigin}/?id=1&utm_source=newsletter&utm_medium=email`,
    ]);
    expect(links.map((link) => link.title)).toEqual(['Spring sale', 'Spring sale']);
    await screenshotBothThemes(popup.page, 'popup-utm-channels');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);
    await channels.getByRole('button', { name: 'Copy as lines' }).click();
    const shortUrls = await list
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(await popup.readClipboard()).toBe(shortUrls.join('\n'));

    // Made again: the same two links, reused. The list is hidden while the links are asked for
    // again (two questions to the background, one after the other), which on a busy machine takes
    // longer than an assertion's five seconds.
    await channels.getByRole('button', { name: 'Make 2 links' }).click();
    await expect(list.getByText('made before')).toHaveCount(2, { timeout: 20_000 });
    expect(await linksOf(service, apiKey)).toHaveLength(2);
  });
});
