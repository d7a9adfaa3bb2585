// The options page's Accounts section (with its one account) in Firefox: Save and the host permission (Firefox's own
// prompt, answered in the browser window), and Test connection against the real service.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { expect, type FirefoxExtension, test } from './fixtures.ts';
import { attributeOf, button, byRole, click, fill, inputValue, textOf } from './page-helpers.ts';

const NEW_ORIGIN = 'https://api.example.com';

class OptionsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  static async open(extension: FirefoxExtension): Promise<OptionsPage> {
    return new OptionsPage(await extension.openOptions('accounts'));
  }

  static readonly baseUrl = byRole('textbox', 'API base URL');
  // A password field has no ARIA role.
  static readonly apiKey = '#api-key';
  static readonly status = '[aria-labelledby="accounts-heading"] article [role="status"]';

  async enterConnection(baseUrl: string, apiKey: string) {
    await fill(this.page, OptionsPage.baseUrl, baseUrl);
    await fill(this.page, OptionsPage.apiKey, apiKey);
  }

  save() {
    return click(this.page, button('Save'));
  }

  testConnection() {
    return click(this.page, button('Test connection'));
  }

  /** The section's status line, once it says something. */
  async status(): Promise<string> {
    return (await textOf(this.page, OptionsPage.status)) ?? '';
  }
}

/** A loopback address nothing listens on: a port just handed out by the system, then freed. */
async function deadBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const granted = (extension: FirefoxExtension, origin: string) =>
  extension.evaluate(
    (pattern) => browser.permissions.contains({ origins: [pattern] }),
    `${origin}/*`,
  );

let accounts = 0;
const uniqueEmail = (name: string) => `${name}-ff-${++accounts}-${Date.now()}@example.com`;

test.describe('options page, Connection, in Firefox', () => {
  test('saves the local service and its key, and passes axe in light and dark', async ({
    extension,
    service,
    apiKey,
  }) => {
    const options = await OptionsPage.open(extension);
    await options.enterConnection(`  ${service.baseUrl}/ `, `  ${apiKey} `);
    await options.save();

    await expect.poll(() => options.status()).toMatch(/^Saved\.\s+Connected\./);
    expect(await extension.storedSettings()).toMatchObject({
      apiBaseUrl: service.baseUrl,
      apiKey,
    });
    await extension.screenshotBothThemes(options.page, 'options-connection-saved');
    expect(await extension.seriousA11yViolations(options.page)).toEqual([]);
  });

  test('Save with a new HTTPS origin asks Firefox for it, which grants it with prompts off', async ({
    extension,
    apiKey,
  }) => {
    expect(await granted(extension, NEW_ORIGIN)).toBe(false);
    const options = await OptionsPage.open(extension);
    await options.enterConnection(NEW_ORIGIN, apiKey);
    await options.save();

    await expect
      .poll(() => options.status(), { timeout: 15_000 })
      .toMatch(/^Saved, but the key could not be checked\./);
    expect(await granted(extension, NEW_ORIGIN)).toBe(true);
    expect(await extension.storedSettings()).toMatchObject({ apiBaseUrl: NEW_ORIGIN, apiKey });
  });

  test('with Firefox\'s prompt on, "Allow" grants the origin and saves', async ({
    extension,
    apiKey,
  }) => {
    await extension.setPermissionPrompts(true);
    const options = await OptionsPage.open(extension);
    await options.enterConnection(NEW_ORIGIN, apiKey);
    await options.save();

    await expect
      .poll(() => options.status())
      .toBe(`Waiting for permission to reach ${NEW_ORIGIN}: answer the browser's prompt.`);
    await extension.answerPermissionPrompt('Allow');

    await expect
      .poll(() => options.status(), { timeout: 15_000 })
      .toMatch(/^Saved, but the key could not be checked\./);
    expect(await granted(extension, NEW_ORIGIN)).toBe(true);
    expect(await extension.storedSettings()).toMatchObject({ apiBaseUrl: NEW_ORIGIN, apiKey });
  });

  test('with Firefox\'s prompt on, "Deny" keeps the previous settings and what was typed', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    await extension.setPermissionPrompts(true);
    const options = await OptionsPage.open(extension);
    await options.enterConnection(NEW_ORIGIN, `${apiKey}-new`);
    await options.save();
    await extension.answerPermissionPrompt('Deny');

    await expect
      .poll(() => options.status())
      .toContain(`Permission to reach ${NEW_ORIGIN} was refused; the previous address is kept.`);
    expect(await granted(extension, NEW_ORIGIN)).toBe(false);
    expect(await extension.storedSettings()).toMatchObject({
      apiBaseUrl: service.baseUrl,
      apiKey,
    });
    expect(await inputValue(options.page, OptionsPage.baseUrl)).toBe(NEW_ORIGIN);
    expect(await inputValue(options.page, OptionsPage.apiKey)).toBe(`${apiKey}-new`);
    await extension.screenshotBothThemes(options.page, 'options-connection-permission-refused');
  });

  test('refuses an http:// address of another computer on the field and saves nothing', async ({
    extension,
    apiKey,
  }) => {
    const options = await OptionsPage.open(extension);
    await options.enterConnection('http://api.example.com', apiKey);
    await options.save();

    await expect
      .poll(() => attributeOf(options.page, OptionsPage.baseUrl, 'aria-invalid'))
      .toBe('true');
    expect(
      await options.page.$eval(OptionsPage.baseUrl, (field) => field === document.activeElement),
    ).toBe(true);
    expect(await extension.storedSettings()).toBeUndefined();
  });
});

test.describe('options page, Test connection, in Firefox', () => {
  test('answers with the number of custom domains', async ({ extension, service }) => {
    const email = uniqueEmail('domains');
    const apiKey = await service.createAccount(email);
    await service.addDomain(email, 'go.example.com');
    await service.addDomain(email, 'links.example.org');
    const options = await OptionsPage.open(extension);

    await options.enterConnection(service.baseUrl, apiKey);
    await options.testConnection();

    await expect
      .poll(() => options.status())
      .toContain('Connected. The account has 2 custom domains.');
    expect(await options.status()).toContain('Choose Save to use this connection.');
    expect(await extension.storedSettings()).toBeUndefined();
    await extension.screenshotBothThemes(options.page, 'options-connection-test-connected');
  });

  test('says when the key is wrong', async ({ extension, service }) => {
    const options = await OptionsPage.open(extension);
    await options.enterConnection(service.baseUrl, 'sk_made_up_key_123');
    await options.testConnection();
    await expect.poll(() => options.status()).toContain('The API key is wrong');
    expect(await extension.seriousA11yViolations(options.page)).toEqual([]);
  });

  test('says when the account is not on a paid plan', async ({ extension, service }) => {
    const apiKey = await service.createAccount(uniqueEmail('free'), 'free');
    const options = await OptionsPage.open(extension);
    await options.enterConnection(service.baseUrl, apiKey);
    await options.testConnection();
    await expect.poll(() => options.status()).toContain('not on a paid plan');
  });

  test('says when the service cannot be reached, naming the address', async ({
    extension,
    apiKey,
  }) => {
    const baseUrl = await deadBaseUrl();
    const options = await OptionsPage.open(extension);
    await options.enterConnection(baseUrl, apiKey);
    await options.testConnection();
    await expect
      .poll(() => options.status())
      .toContain(`The service at ${baseUrl} could not be reached.`);
  });
});

test.describe('options page, the first Save, in Firefox', () => {
  test('a first run offers no developer command and an empty API base URL with an example', async ({
    extension,
  }) => {
    const page = await extension.openOptions('accounts');
    expect(await inputValue(page, OptionsPage.baseUrl)).toBe('');
    expect(await attributeOf(page, OptionsPage.baseUrl, 'placeholder')).toBe(
      'https://api.example.com',
    );
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('npm run service');
  });

  test('opened without a section, the first Save stays on Accounts and offers "Go to your links"', async ({
    extension,
    service,
    apiKey,
  }) => {
    const page = await extension.openOptions();
    const options = new OptionsPage(page);
    expect(await textOf(page, 'main h2')).toBe('Accounts');
    // Typed as people do, without http://.
    await options.enterConnection(service.baseUrl.replace(/^http:\/\//, ''), apiKey);
    await options.save();

    await expect.poll(() => options.status()).toMatch(/^Saved\./);
    expect(await textOf(page, 'main h2')).toBe('Accounts');
    expect(await extension.storedSettings()).toMatchObject({ apiBaseUrl: service.baseUrl, apiKey });
    expect(await extension.seriousA11yViolations(page)).toEqual([]);

    await click(page, byRole('link', 'Go to your links'));
    await expect.poll(() => textOf(page, 'main h2')).toBe('Links');
    expect(await page.evaluate(() => location.hash)).toBe('#links');
  });

  test('a wrong key is not saved until "Save anyway"', async ({ extension, service }) => {
    const options = await OptionsPage.open(extension);
    await options.enterConnection(service.baseUrl, 'sk_made_up_key_123');
    await options.save();

    await expect
      .poll(() => options.status())
      .toMatch(/^Not saved\. The API key is wrong: the service refused it\./);
    expect(await extension.storedSettings()).toBeUndefined();

    await click(options.page, button('Save anyway'));
    await expect.poll(() => options.status()).toMatch(/^Saved anyway\./);
    expect(await extension.storedSettings()).toMatchObject({ apiKey: 'sk_made_up_key_123' });
  });
});
