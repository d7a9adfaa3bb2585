// The popup in Firefox against the real service: filled from a real page, shortening on a custom
// domain with a custom back-half, the clipboard read back by pasting, and each failure's message
// and action. Firefox's action popup is a panel BiDi cannot reach (browser.action.openPopup()
// opens it where no test can see it): the same page is opened in a tab with `?tab=ID`.
import { api } from '../support/test-api.ts';
import { startTestService } from '../support/test-service.ts';
import { addressOf } from './firefox.ts';
import { expect, test } from './fixtures.ts';
import { button, byRole, fill, inputValue, isShown, textsOf } from './page-helpers.ts';
import { PopupPage } from './popup-page.ts';

test.describe('the popup in Firefox', () => {
  test('is filled from the page, shortens it on a custom domain with a custom back-half, copies it, and the short URL leads back', async ({
    extension,
    service,
    account,
  }) => {
    await service.addDomain(account.email, 'go.localhost');
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const pageUrl = `${service.baseUrl}/`;
    const popup = await PopupPage.openFor(extension, pageUrl);

    expect(await popup.value('Destination URL')).toBe(pageUrl);
    expect(await popup.value('Title')).toBe('Short links');
    await expect
      .poll(() =>
        popup.page.$$eval(`${PopupPage.field('Domain')} option`, (options) =>
          options.map((option) => option.textContent),
        ),
      )
      .toEqual([
        `\u2066${new URL(service.baseUrl).host}\u2069 (default)`,
        `go.localhost:${new URL(service.baseUrl).port}`,
      ]);
    await extension.screenshotBothThemes(popup.page, 'popup-filled');
    expect(await extension.seriousA11yViolations(popup.page)).toEqual([]);

    await popup.shorten({ backHalf: 'ff-home', domain: 'go.localhost' });
    const shortUrl = `http://go.localhost:${new URL(service.baseUrl).port}/ff-home`;
    expect(await popup.shortLink()).toBe(shortUrl);
    await popup.page.locator('::-p-text(Copied to the clipboard)').wait();
    expect(await extension.pasteClipboard()).toBe(shortUrl);
    expect(await service.storedLinks(account.apiKey)).toMatchObject([
      { backHalf: 'ff-home', destinationUrl: pageUrl, title: 'Short links' },
    ]);

    await popup.page.locator(button('QR code')).click();
    // By attribute: Firefox's accessibility tree gives an <svg role="img"> another role name.
    await popup.page
      .locator(`svg[role="img"][aria-label="QR code for \u2066${shortUrl}\u2069"]`)
      .wait();
    await extension.screenshotBothThemes(popup.page, 'popup-result-qr');
    expect(await extension.seriousA11yViolations(popup.page)).toEqual([]);

    // Firefox, too, takes *.localhost to this computer.
    const visit = await extension.browser.newPage();
    await visit.goto(shortUrl);
    expect(await addressOf(visit)).toBe(pageUrl);
  });

  test('shows a taken back-half on its field and keeps what was typed', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    await popup.shorten({ backHalf: 'ff-taken', title: 'First' });
    await popup.shortLink();

    await popup.shorten({ backHalf: 'ff-taken', title: 'My typed title' });
    await popup.page.locator('::-p-text(already taken)').wait();
    expect(await popup.invalid('Back-half')).toBe('true');
    expect(await popup.value('Back-half')).toBe('ff-taken');
    expect(await popup.value('Title')).toBe('My typed title');
    await extension.screenshotBothThemes(popup.page, 'popup-error-back-half-taken');
  });

  test('"Link options" sets the expiry, the click limit, the address after and the password, each checked on its field', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    const limit = byRole('textbox', 'Click limit');
    const after = byRole('textbox', 'After it expires, go to');
    await popup.page.locator(button('Link options')).click();
    await fill(popup.page, limit, '0');
    await fill(popup.page, after, 'https://example.com/ended');
    await popup.page.locator(button('7 days')).click();
    await popup.page.locator(button('Shorten')).click();
    await popup.page.locator('::-p-text(The click limit must be a whole number)').wait();
    expect(await inputValue(popup.page, limit)).toBe('0');

    await fill(popup.page, limit, '3');
    // A password input has no textbox role.
    await fill(popup.page, '#link-password', 'open sesame');
    await popup.page.locator(button('Shorten')).click();
    await popup.shortLink();
    expect(await inputValue(popup.page, '#link-password')).toBe('');
    const [link] = (await api(service.baseUrl, apiKey).list()).body.links as {
      expires_at?: string;
      short_url: string;
    }[];
    expect(link).toMatchObject({
      max_clicks: 3,
      expired_url: 'https://example.com/ended',
      password_protected: true,
    });
    const visit = await fetch(link?.short_url ?? '', { redirect: 'manual' });
    expect(await visit.text()).toContain('This link is protected');
    const days = (Date.parse(link?.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  test('"Tags" takes names as chips by Enter and comma, Backspace takes the last off, and the link has them', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    const { page } = popup;
    // An input with suggestions is a combobox to the accessibility tree: found by its id.
    await page.locator('#link-tags').click();
    await page.keyboard.type('Client A');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Spring,');
    await expect.poll(() => textsOf(page, '.tag-chip-name')).toEqual(['Client A', 'Spring']);
    await page.keyboard.press('Backspace');
    await expect.poll(() => textsOf(page, '.tag-chip-name')).toEqual(['Client A']);
    expect(await isShown(page, button('Remove tag Client A'))).toBe(true);
    await page.keyboard.type('Launch');
    await extension.screenshotBothThemes(page, 'popup-tags');
    expect(await extension.seriousA11yViolations(page)).toEqual([]);
    await page.locator(button('Shorten')).click();
    await popup.shortLink();
    const [link] = (await api(service.baseUrl, apiKey).list()).body.links as {
      tags?: { name: string }[];
    }[];
    expect(link?.tags?.map((tag) => tag.name).sort()).toEqual(['Client A', 'Launch']);
  });

  test('says a wrong key was refused and offers the settings', async ({ extension, service }) => {
    await extension.configure({
      apiBaseUrl: service.baseUrl,
      apiKey: 'slk_wrongwrongwrongwrongwrongwrong',
    });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    await popup.shorten({ title: 'Kept' });
    await popup.expectFailure('API key', ['Open settings'], { field: 'Title', value: 'Kept' });

    await extension.closeOptionsTabs();
    await popup.page.locator(`[role="alert"] ${button('Open settings')}`).click();
    await expect
      .poll(async () => (await extension.optionsTabAddresses()).map((tab) => tab.url))
      .toEqual([extension.url('options.html#accounts')]);
  });

  test('says the plan is not paid and offers the settings', async ({ extension, service }) => {
    const key = await service.createAccount(`ff-free-${Date.now()}@example.com`, 'free');
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: key });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    await popup.shorten({ backHalf: 'kept' });
    await popup.expectFailure('paid plan', ['Open settings'], {
      field: 'Back-half',
      value: 'kept',
    });
  });

  test('says the service cannot be reached, keeps the input, and the retry succeeds once it is back', async ({
    extension,
    service,
  }) => {
    const flaky = await startTestService();
    const dbFile = flaky.dbFile;
    const key = await flaky.createAccount('ff-down@example.com');
    const port = new URL(flaky.baseUrl).port;
    await extension.configure({ apiBaseUrl: flaky.baseUrl, apiKey: key });
    await flaky.service.stop();
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    await popup.shorten({ backHalf: 'kept-half' });
    await popup.expectFailure('could not be reached', ['Retry'], {
      field: 'Back-half',
      value: 'kept-half',
    });
    await extension.screenshotBothThemes(popup.page, 'popup-error-unreachable');

    // The same service, database and port again.
    const { startService } = await import('../../server/service.ts');
    const back = await startService({
      db: dbFile,
      port: Number(port),
      logger: { info() {}, error() {} },
    });
    try {
      await popup.page.locator(`[role="alert"] ${button('Retry')}`).click();
      expect(await popup.shortLink()).toBe(`http://${back.shortDomain}/kept-half`);
    } finally {
      await back.stop();
    }
  });

  test('without a key, says so and offers the settings', async ({ extension, service }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: '' });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    await popup.page.locator('::-p-text(Add the API key)').wait();
    expect(await isShown(popup.page, button('Open settings'))).toBe(true);
    expect(await extension.seriousA11yViolations(popup.page)).toEqual([]);

    // It leads to the section where a key is added.
    await extension.closeOptionsTabs();
    await popup.page.locator(button('Open settings')).click();
    await expect
      .poll(async () => (await extension.optionsTabAddresses()).map((tab) => tab.url))
      .toEqual([extension.url('options.html#accounts')]);
  });

  test('a withdrawn host permission is named, and "Allow access" asks Firefox again and shortens', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    // What the person does in Firefox's add-on manager: withdraw the access to the API's site.
    const left = await extension.evaluate(async () => {
      const { origins = [] } = await browser.permissions.getAll();
      await browser.permissions.remove({ origins });
      return (await browser.permissions.getAll()).origins;
    });
    expect(left).toEqual([]);

    await popup.shorten({ backHalf: 'ff-allowed' });
    await popup.expectFailure(
      `The browser does not let Short Link reach ${service.baseUrl}.`,
      ['Allow access', 'Open settings'],
      { field: 'Back-half', value: 'ff-allowed' },
    );
    await extension.screenshotBothThemes(popup.page, 'popup-error-permission-missing');

    // Prompts are off in these tests, so Firefox grants what the click asks for.
    await popup.page.locator(`[role="alert"] ${button('Allow access')}`).click();
    expect(await popup.shortLink()).toBe(`http://${service.shortDomain}/ff-allowed`);
    expect(
      await extension.evaluate(() =>
        browser.permissions.contains({ origins: ['http://localhost/*'] }),
      ),
    ).toBe(true);
  });

  test('follows the dark scheme of the system, and the theme setting over it', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const background = (popup: PopupPage) =>
      popup.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    const light = await background(popup);

    // Firefox's pref layout.css.prefers-color-scheme.content-override: the system's scheme.
    await extension.setColorScheme('dark');
    await expect.poll(() => background(popup)).not.toBe(light);

    await extension.configure({ theme: 'light' });
    const forcedLight = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    expect(await background(forcedLight)).toBe(light);
  });
});
