import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import {
  cachedDomains,
  configure,
  expect,
  expectSectionLooksRight,
  screenshotBothThemes,
  storedAccount,
  storedSettings,
  test,
} from './fixtures.ts';

class OptionsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  static async open(context: BrowserContext, extensionId: string): Promise<OptionsPage> {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html#accounts`);
    await expect(page.getByRole('heading', { level: 2, name: 'Accounts' })).toBeVisible();
    return new OptionsPage(page);
  }

  get baseUrl() {
    return this.page.getByLabel('API base URL');
  }
  get apiKey() {
    return this.page.getByLabel('API key', { exact: true });
  }
  get status() {
    return this.page.getByRole('article', { name: 'Account' }).getByRole('status');
  }

  async enterConnection(baseUrl: string, apiKey: string) {
    await this.baseUrl.fill(baseUrl);
    await this.apiKey.fill(apiKey);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async testConnection() {
    await this.page.getByRole('button', { name: 'Test connection' }).click();
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

let accounts = 0;
const uniqueEmail = (name: string) => `${name}-${++accounts}-${Date.now()}@example.com`;

test.describe('options page, Accounts with one account', () => {
  test('a first run shows the Accounts section with what to do, and passes axe', async ({
    context,
    extensionId,
  }) => {
    const options = await OptionsPage.open(context, extensionId);
    const { page } = options;

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Short Link options');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Accounts');
    // One account looks as the one connection always did: no name, no default, no removal.
    await expect(page.getByLabel('Account name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add account' })).toBeVisible();
    await expect(page.getByText(/from your short-link service account/).first()).toBeVisible();
    // A production build (what the browser tests load) starts empty, with an example, and shows
    // no developer's command.
    await expect(page.getByText(/npm run service/)).toHaveCount(0);
    await expect(options.apiKey).toHaveValue('');
    await expect(options.apiKey).toHaveAttribute('type', 'password');
    await expect(options.baseUrl).toHaveValue('');
    await expect(options.baseUrl).toHaveAttribute('placeholder', 'https://api.example.com');

    await expectSectionLooksRight(page, 'options-connection-first-run');
  });

  test('saves the base URL and a pasted key without their spaces and line breaks', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    const options = await OptionsPage.open(context, extensionId);

    // A loopback API is one of the manifest's host permissions: no prompt stands in the way.
    await options.enterConnection(`  ${service.baseUrl}/ \n`, `\n  ${apiKey} \r\n`);
    await options.save();

    await expect(options.status).toContainText('Saved.');
    await expect(options.status).toContainText('Connected. The account has no custom domains.');
    await expect(options.baseUrl).not.toHaveAccessibleDescription(/browser asks/);
    expect(await storedAccount(worker)).toMatchObject({ apiBaseUrl: service.baseUrl, apiKey });
    await expect(options.apiKey).toHaveValue(apiKey);
    await expect(options.page.getByText(/To shorten links, connect/)).toBeHidden();

    await screenshotBothThemes(options.page, 'options-connection-saved');
  });

  test('the key stays masked until "Show API key" is pressed', async ({
    context,
    extensionId,
    worker,
  }) => {
    await configure(worker, { apiKey: 'sk_secret_key' });
    const options = await OptionsPage.open(context, extensionId);
    await expect(options.apiKey).toHaveValue('sk_secret_key');
    await expect(options.apiKey).toHaveAttribute('type', 'password');

    await options.page.getByRole('button', { name: 'Show API key' }).click();
    await expect(options.apiKey).toHaveAttribute('type', 'text');
    await options.page.getByRole('button', { name: 'Hide API key' }).click();
    await expect(options.apiKey).toHaveAttribute('type', 'password');
  });

  test('asks for the permission to reach a new origin and saves nothing meanwhile', async ({
    context,
    extensionId,
    worker,
    apiKey,
  }) => {
    const options = await OptionsPage.open(context, extensionId);
    await options.enterConnection('https://api.example.com/', apiKey);
    await expect(options.baseUrl).toHaveAccessibleDescription(
      /When you save, the browser asks you to let the extension reach https:\/\/api\.example\.com\./,
    );

    // Headless Chromium shows its prompt where no test can answer it: it stays open.
    await options.save();

    await expect(options.status).toHaveText(
      "Waiting for permission to reach \u2066https://api.example.com\u2069: answer the browser's prompt.",
    );
    expect(await storedSettings(worker)).toBeUndefined();
    await expect(options.baseUrl).toHaveValue('https://api.example.com/');
  });

  test('keeps the previous address when the person refuses the permission', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    // The real prompt cannot be answered headless: the page gets a browser that says no.
    await context.addInitScript(() => {
      const refuse = async () => false;
      for (const api of [chrome, (globalThis as { browser?: typeof chrome }).browser]) {
        if (api?.permissions) api.permissions.request = refuse;
      }
    });
    const options = await OptionsPage.open(context, extensionId);
    await options.enterConnection('https://api.example.com', `${apiKey}-new`);
    await options.save();

    await expect(options.status).toContainText(
      'Permission to reach \u2066https://api.example.com\u2069 was refused; the previous address is kept.',
    );
    expect(await storedAccount(worker)).toMatchObject({ apiBaseUrl: service.baseUrl, apiKey });
    await expect(options.baseUrl).toHaveValue('https://api.example.com');
    await expect(options.apiKey).toHaveValue(`${apiKey}-new`);
    await screenshotBothThemes(options.page, 'options-connection-permission-refused');
  });

  test('refuses an http:// address of another computer on the field and saves nothing', async ({
    context,
    extensionId,
    worker,
    apiKey,
  }) => {
    const options = await OptionsPage.open(context, extensionId);
    const before = await storedSettings(worker);

    await options.enterConnection('http://api.example.com', apiKey);
    await options.save();

    await expect(options.baseUrl).toHaveAttribute('aria-invalid', 'true');
    await expect(options.baseUrl).toHaveAccessibleDescription(/must use HTTPS/);
    await expect(options.baseUrl).toBeFocused();
    await expect(options.baseUrl).toHaveValue('http://api.example.com');
    await expect(options.status).not.toHaveText('Saved.');
    expect(await storedSettings(worker)).toEqual(before);

    await expectSectionLooksRight(options.page, 'options-connection-invalid-url');
  });

  test('refuses an empty key and saves nothing', async ({
    context,
    extensionId,
    worker,
    service,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: 'sk_previous' });
    const options = await OptionsPage.open(context, extensionId);

    await options.apiKey.fill('  \n ');
    await options.save();

    await expect(options.apiKey).toHaveAttribute('aria-invalid', 'true');
    await expect(options.apiKey).toHaveAccessibleDescription(/Enter your API key\./);
    expect(await storedAccount(worker)).toMatchObject({ apiKey: 'sk_previous' });
  });

  test('follows the theme setting', async ({ context, extensionId, worker }) => {
    await configure(worker, { theme: 'dark' });
    const options = await OptionsPage.open(context, extensionId);
    await expect(options.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('options page, Test connection', () => {
  test('answers with the number of custom domains and caches them', async ({
    context,
    extensionId,
    worker,
    service,
  }) => {
    const email = uniqueEmail('domains');
    const apiKey = await service.createAccount(email);
    await service.addDomain(email, 'go.example.com');
    await service.addDomain(email, 'links.example.org');
    const options = await OptionsPage.open(context, extensionId);

    // The values in the form are tested, saved or not.
    await options.enterConnection(service.baseUrl, ` ${apiKey}\n`);
    await options.testConnection();

    await expect(options.status).toContainText('Connected. The account has 2 custom domains.');
    await expect(options.status).toContainText('Choose Save to use this connection.');
    const cache = await cachedDomains(worker);
    expect(cache).toMatchObject({
      domains: [{ domain: expect.any(String) }, { domain: expect.any(String) }],
    });
    expect(await storedSettings(worker)).toBeUndefined();

    await screenshotBothThemes(options.page, 'options-connection-test-connected');
  });

  test('says when the key is wrong', async ({ context, extensionId, service }) => {
    const options = await OptionsPage.open(context, extensionId);
    await options.enterConnection(service.baseUrl, 'sk_made_up_key_123');
    await options.testConnection();

    await expect(options.status).toContainText('The API key is wrong');
    await expect(options.page.getByRole('button', { name: 'Test connection' })).toBeEnabled();
    await expectSectionLooksRight(options.page, 'options-connection-test-wrong-key');
  });

  test('says when the account is not on a paid plan', async ({ context, extensionId, service }) => {
    const apiKey = await service.createAccount(uniqueEmail('free'), 'free');
    const options = await OptionsPage.open(context, extensionId);
    await options.enterConnection(service.baseUrl, apiKey);
    await options.testConnection();

    await expect(options.status).toContainText('not on a paid plan');
    await screenshotBothThemes(options.page, 'options-connection-test-unpaid');
  });

  test('says when the service cannot be reached, naming the address', async ({
    context,
    extensionId,
    apiKey,
  }) => {
    const baseUrl = await deadBaseUrl();
    const options = await OptionsPage.open(context, extensionId);
    await options.enterConnection(baseUrl, apiKey);
    await options.testConnection();

    await expect(options.page.getByRole('button', { name: 'Testing…' })).toBeDisabled();
    await expect(options.status).toContainText(
      `The service at \u2066${baseUrl}\u2069 could not be reached.`,
    );
    await screenshotBothThemes(options.page, 'options-connection-test-unreachable');
  });
});

test.describe('options page, the first Save', () => {
  test('opened without a section, the first Save stays on Accounts and offers "Go to your links"', async ({
    context,
    extensionId,
    service,
    apiKey,
  }) => {
    // As on first install: the address names no section.
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    const options = new OptionsPage(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Accounts' })).toBeVisible();

    await options.enterConnection(service.baseUrl, apiKey);
    await options.save();

    await expect(options.status).toContainText('Saved.');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Accounts');
    await expect(page.getByRole('button', { name: 'Test connection' })).toBeVisible();
    await expectSectionLooksRight(page, 'options-accounts-first-save');

    await options.status.getByRole('link', { name: 'Go to your links' }).click();
    await expect(page).toHaveURL(/options\.html#links$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Links');
  });
});

test.describe('options page, Save checks the key', () => {
  test('a wrong key is not saved; the status says why and offers "Save anyway"', async ({
    context,
    extensionId,
    worker,
    service,
  }) => {
    const options = await OptionsPage.open(context, extensionId);
    await options.enterConnection(service.baseUrl, 'sk_made_up_key_123');
    await options.save();

    await expect(options.status).toContainText(
      'Not saved. The API key is wrong: the service refused it.',
    );
    expect(await storedSettings(worker)).toBeUndefined();
    await expect(options.apiKey).toHaveValue('sk_made_up_key_123');
    await expectSectionLooksRight(options.page, 'options-accounts-save-wrong-key');

    await options.status.getByRole('button', { name: 'Save anyway' }).click();
    await expect(options.status).toContainText(
      'Saved anyway. The API key is wrong: the service refused it.',
    );
    expect(await storedAccount(worker)).toMatchObject({
      apiBaseUrl: service.baseUrl,
      apiKey: 'sk_made_up_key_123',
    });
    await expect(options.status.getByRole('link', { name: 'Go to your links' })).toHaveCount(0);
  });

  test('the key of an account not on a paid plan is not saved', async ({
    context,
    extensionId,
    worker,
    service,
  }) => {
    const apiKey = await service.createAccount(uniqueEmail('free-save'), 'free');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: 'sk_previous' });
    const before = await storedSettings(worker);
    const options = await OptionsPage.open(context, extensionId);
    await options.apiKey.fill(apiKey);
    await options.save();

    await expect(options.status).toContainText(
      'Not saved. The API key works, but the account is not on a paid plan.',
    );
    expect(await storedSettings(worker)).toEqual(before);
  });

  test('with the service out of reach, the key is saved and the status says it was not checked', async ({
    context,
    extensionId,
    worker,
    apiKey,
  }) => {
    const baseUrl = await deadBaseUrl();
    const options = await OptionsPage.open(context, extensionId);
    await options.enterConnection(baseUrl, apiKey);
    await options.save();

    await expect(options.status).toContainText(
      `Saved, but the key could not be checked. The service at \u2066${baseUrl}\u2069 could not be reached.`,
    );
    expect(await storedAccount(worker)).toMatchObject({ apiBaseUrl: baseUrl, apiKey });
  });
});

test('an address typed without http:// gets it for this computer, as the address bar would', async ({
  context,
  extensionId,
  worker,
  service,
  apiKey,
}) => {
  const options = await OptionsPage.open(context, extensionId);
  const typed = service.baseUrl.replace(/^http:\/\//, '');
  await options.enterConnection(typed, apiKey);
  await options.save();

  await expect(options.status).toContainText('Saved.');
  expect(await storedAccount(worker)).toMatchObject({ apiBaseUrl: service.baseUrl, apiKey });
  await expect(options.baseUrl).toHaveValue(service.baseUrl);
});
