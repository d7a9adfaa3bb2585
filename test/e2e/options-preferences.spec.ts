import type { Page } from '@playwright/test';
import {
  cachedDomains,
  configure,
  expect,
  expectSectionLooksRight,
  offerStored,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
  storedAccount,
  storedSettings,
  test,
  withoutContract,
} from './fixtures.ts';
import { PopupPage } from './popup-page.ts';

const domainsSection = (page: Page) => page.getByRole('region', { name: 'Domains' });
const preferencesSection = (page: Page) => page.getByRole('region', { name: 'Preferences' });
const defaultDomainGroup = (page: Page) =>
  page.getByRole('group', { name: 'Default domain for new links' });

/** Today as the options page writes an added date, in the browser's locale and time zone. */
function today(page: Page): Promise<string> {
  return page.evaluate(() =>
    new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
  );
}

test.describe('options page, Domains', () => {
  test('lists the custom domains with their dates, and the chosen default is the popup’s', async ({
    context,
    worker,
    extensionId,
    service,
    account,
  }) => {
    await service.addDomain(account.email, 'links.prefs-one.example.org');
    await service.addDomain(account.email, 'go.prefs-one.example.com');
    await service.addDomain(account.email, 'prefs-one.localhost');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const page = await openOptions(context, extensionId, 'domains');
    const group = defaultDomainGroup(page);

    await expect(group.getByRole('radio')).toHaveCount(4);
    // A loopback domain with the port its short URLs carry, as the popup and the Links filter say.
    await expect(group.locator('label')).toHaveText([
      `\u2066${service.shortDomain}\u2069 (default)`,
      'go.prefs-one.example.com',
      'links.prefs-one.example.org',
      `prefs-one.localhost:${new URL(service.baseUrl).port}`,
    ]);
    const added = `Added ${await today(page)}`;
    await expect(
      group.getByRole('radio', { name: 'go.prefs-one.example.com' }),
    ).toHaveAccessibleDescription(added);
    await expect(
      group.getByRole('radio', { name: 'links.prefs-one.example.org' }),
    ).toHaveAccessibleDescription(added);
    await expect(group.getByRole('radio', { name: /\(default\)$/ })).toBeChecked();

    await group.getByRole('radio', { name: 'go.prefs-one.example.com' }).check();
    await expect(domainsSection(page).getByText('Saved.')).toBeVisible();
    expect(await storedAccount(worker)).toMatchObject({
      defaultDomain: 'go.prefs-one.example.com',
    });
    expect((await storedAccount(worker)).lastDomain).toBeUndefined();
    const cache = await cachedDomains(worker);
    expect(cache).toMatchObject({ domains: expect.arrayContaining([expect.anything()]) });

    await expectSectionLooksRight(page, 'options-domains-preferences');

    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await expect(popup.field('Domain')).toHaveValue('go.prefs-one.example.com');
  });

  test('a default chosen here replaces the domain the popup last used', async ({
    context,
    worker,
    extensionId,
    service,
    account,
  }) => {
    await service.addDomain(account.email, 'go.prefs-two.example.net');
    await service.addDomain(account.email, 'links.prefs-two.example.net');
    await configure(worker, {
      apiBaseUrl: service.baseUrl,
      apiKey: account.apiKey,
      lastDomain: 'links.prefs-two.example.net',
    });
    const page = await openOptions(context, extensionId, 'domains');

    await defaultDomainGroup(page).getByRole('radio', { name: 'go.prefs-two.example.net' }).check();
    await expect(domainsSection(page).getByText('Saved.')).toBeVisible();

    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await expect(popup.field('Domain')).toHaveValue('go.prefs-two.example.net');
  });

  test('keeps the cached list and says why when the refresh fails', async ({
    context,
    worker,
    extensionId,
    service,
    account,
  }) => {
    await service.addDomain(account.email, 'go.prefs-three.example.info');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const first = await openOptions(context, extensionId, 'domains');
    await expect(defaultDomainGroup(first).getByRole('radio')).toHaveCount(2);
    await first.close();

    await service.revokeKey(account.apiKey);
    const page = await openOptions(context, extensionId, 'domains');
    await expect(domainsSection(page).getByRole('alert')).toContainText(
      'The list of domains could not be refreshed',
    );
    await expect(domainsSection(page).getByRole('alert')).toContainText(
      'Check the API key in the Accounts section.',
    );
    await expect(
      defaultDomainGroup(page).getByRole('radio', { name: 'go.prefs-three.example.info' }),
    ).toBeVisible();
    await expectSectionLooksRight(page, 'options-domains-refresh-failed');
  });

  test('keeps a default domain the account no longer has visible, and says so', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, {
      apiBaseUrl: service.baseUrl,
      apiKey,
      defaultDomain: 'gone.prefs.example.com',
    });
    const page = await openOptions(context, extensionId, 'domains');
    await expect(domainsSection(page)).toContainText('The account has no custom domains');
    const gone = defaultDomainGroup(page).getByRole('radio', { name: 'gone.prefs.example.com' });
    await expect(gone).toBeChecked();
    await expect(gone).toHaveAccessibleDescription(/No longer on the account/);
    await screenshotBothThemes(page, 'options-domains-missing-default');

    await defaultDomainGroup(page)
      .getByRole('radio', { name: /\(default\)$/ })
      .check();
    await expect(domainsSection(page).getByText('Saved.')).toBeVisible();
    expect(await storedAccount(worker)).toMatchObject({ defaultDomain: '' });
  });

  test('without an API key, points to the Accounts section', async ({ context, extensionId }) => {
    const page = await openOptions(context, extensionId, 'domains');
    await expect(domainsSection(page)).toContainText('enter its API key in the Accounts section');
    await expect(defaultDomainGroup(page)).toHaveCount(0);
  });
});

test.describe('options page, Preferences', () => {
  test('auto-copy off is saved and the popup then does not copy', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'preferences');
    const autoCopy = page.getByRole('checkbox', { name: 'Copy the short link automatically' });

    await expect(autoCopy).toBeChecked();
    await autoCopy.uncheck();
    await expect(preferencesSection(page).getByText('Saved.')).toBeVisible();
    expect(await storedSettings(worker)).toMatchObject({ autoCopy: false });

    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten();
    await expect(popup.shortLink()).toBeVisible();
    await expect(popup.page.getByText('Copied to the clipboard')).toHaveCount(0);
  });

  test('the one-click, tracking, reuse, copy and tags preferences are saved with their defaults shown', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    // An account whose service offers tags: "Keep the last tags" is shown.
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'preferences');
    const section = preferencesSection(page);
    const oneClick = section.getByRole('checkbox', { name: 'Shorten on toolbar click' });
    const removeTracking = section.getByRole('checkbox', { name: 'Remove tracking parameters' });
    const reuse = section.getByRole('checkbox', { name: 'Reuse existing links' });
    const copyAs = section.getByRole('combobox', { name: 'Copy as' });
    const keepTags = section.getByRole('checkbox', {
      name: 'Keep the last tags for the next link',
    });

    await expect(oneClick).not.toBeChecked();
    await expect(keepTags).not.toBeChecked();
    await expect(removeTracking).toBeChecked();
    await expect(reuse).toBeChecked();
    await expect(copyAs).toHaveValue('link');
    await expect(copyAs.getByRole('option')).toHaveText([
      'Link',
      'Markdown',
      'HTML',
      'Title and link',
    ]);

    await oneClick.check();
    await removeTracking.uncheck();
    await reuse.uncheck();
    await keepTags.check();
    await copyAs.selectOption({ label: 'Markdown' });
    await expect
      .poll(() => storedSettings(worker))
      .toMatchObject({
        oneClick: true,
        removeTracking: false,
        reuseExisting: false,
        copyAs: 'markdown',
        keepTags: true,
      });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    await expect(oneClick).toBeChecked();
    await expect(copyAs).toHaveValue('markdown');
  });

  test('"Keep the last tags" is not shown where no account\'s service offers tags', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    const keepTags = (page: Page) =>
      preferencesSection(page).getByRole('checkbox', {
        name: 'Keep the last tags for the next link',
      });
    const reuse = (page: Page) =>
      preferencesSection(page).getByRole('checkbox', { name: 'Reuse existing links' });
    const noAccount = await openOptions(context, extensionId, 'preferences');
    await expect(reuse(noAccount)).toBeVisible();
    await expect(keepTags(noAccount)).toHaveCount(0);

    // A service whose contract has no tags.
    await withoutContract(context);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'preferences');
    await offerStored(worker);
    await page.reload();
    await expect(reuse(page)).toBeVisible();
    await expect(keepTags(page)).toHaveCount(0);
  });

  test('the theme is saved and applied at once', async ({ context, worker, extensionId }) => {
    const page = await openOptions(context, extensionId, 'preferences');
    const theme = page.getByRole('group', { name: 'Theme' });
    const html = page.locator('html');

    await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
    await theme.getByRole('radio', { name: 'Dark' }).check();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(preferencesSection(page).getByText('Saved.')).toBeVisible();
    expect(await storedSettings(worker)).toMatchObject({ theme: 'dark' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await theme.getByRole('radio', { name: 'Light' }).check();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await theme.getByRole('radio', { name: 'System' }).check();
    await expect(html).not.toHaveAttribute('data-theme');
    expect(await storedSettings(worker)).toMatchObject({ theme: 'system' });
  });

  test('follows a change made in another tab', async ({ context, worker, extensionId }) => {
    const page = await openOptions(context, extensionId, 'preferences');
    await configure(worker, { theme: 'dark', autoCopy: false });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Copy the short link automatically' }),
    ).not.toBeChecked();
  });
});
