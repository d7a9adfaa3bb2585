// The options page and the popup in the browser's language: German, right-to-left Arabic, a key missing from a
// translation, and the pseudo-locale. Chromium is started with --lang (Debian's chromium needs
// chromium-l10n for anything but en-US: .ci/run installs it).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { pseudoMessagesJson } from '../../scripts/pseudo-locale.ts';
import {
  configure,
  expect,
  extensionWorker,
  seriousA11yViolations,
  test,
  waitForInstallTab,
} from './fixtures.ts';
import { launchIn, overflowing } from './language-helpers.ts';
import { PopupPage } from './popup-page.ts';

const WIDTH = 420;

async function openSection(context: BrowserContext, extensionId: string, section: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: WIDTH, height: 900 });
  await page.goto(`chrome-extension://${extensionId}/options.html#${section}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible();
  return page;
}

async function screenshot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({
      path: `test-results/screenshots/${name}-${colorScheme}.png`,
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: null });
}

test('in a German browser the options page speaks German, with nothing overflowing at 420 px', async () => {
  const browser = await launchIn('de');
  try {
    expect(browser.uiLanguage).toMatch(/^de\b/);
    const accounts = await openSection(browser.context, browser.extensionId, 'accounts');
    await expect(accounts.locator('html')).toHaveAttribute('lang', 'de');
    await expect(accounts.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(accounts.getByRole('heading', { level: 2 })).toHaveText('Konten');
    await expect(accounts.getByRole('navigation', { name: 'Bereiche' })).toBeVisible();
    await expect(accounts.getByLabel('API-Schlüssel', { exact: true })).toBeVisible();
    await expect(accounts.getByRole('button', { name: 'Verbindung testen' })).toBeVisible();
    await expect(accounts).toHaveTitle('Konten · Short Link – Optionen');
    expect(await overflowing(accounts)).toEqual([]);
    await screenshot(accounts, `options-accounts-${WIDTH}-de`);

    const preferences = await openSection(browser.context, browser.extensionId, 'preferences');
    await expect(
      preferences.getByRole('checkbox', { name: 'Tracking-Parameter entfernen' }),
    ).toBeVisible();
    await expect(preferences.getByRole('radio', { name: 'Dunkel' })).toBeVisible();
    expect(await overflowing(preferences)).toEqual([]);
    await screenshot(preferences, `options-preferences-${WIDTH}-de`);
  } finally {
    await browser.done();
  }
});

test('in an Arabic browser the options page reads right to left, axe clean, nothing overflowing', async () => {
  const browser = await launchIn('ar');
  try {
    expect(browser.uiLanguage).toMatch(/^ar\b/);
    for (const [section, heading] of [
      ['accounts', 'الحسابات'],
      ['preferences', 'التفضيلات'],
    ] as const) {
      const page = await openSection(browser.context, browser.extensionId, section);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(heading);
      // Right to left: the heading starts at the right edge.
      const box = await page.getByRole('heading', { level: 2 }).boundingBox();
      const text = await page.getByRole('heading', { level: 2 }).evaluate((h) => {
        const range = document.createRange();
        range.selectNodeContents(h);
        return range.getBoundingClientRect();
      });
      expect(box && text.right).toBeGreaterThan(WIDTH / 2);
      expect(await overflowing(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `options-${section}-${WIDTH}-ar`);
    }
  } finally {
    await browser.done();
  }
});

test('a key missing from a translation shows the English words, not a blank or its name', async () => {
  const browser = await launchIn('de', (dir) => {
    const file = path.join(dir, '_locales/de/messages.json');
    const messages = JSON.parse(readFileSync(file, 'utf8'));
    delete messages.sectionAccounts;
    delete messages.testConnection;
    writeFileSync(file, JSON.stringify(messages));
  });
  try {
    const page = await openSection(browser.context, browser.extensionId, 'accounts');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Accounts');
    await expect(page.getByRole('button', { name: 'Test connection' })).toBeVisible();
    // The rest stays German.
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Accounts' })).toBeVisible();
  } finally {
    await browser.done();
  }
});

test('the pseudo-locale shows every translated string marked, with nothing overflowing at 420 px', async () => {
  const browser = await launchIn('en-US', (dir) => {
    writeFileSync(path.join(dir, '_locales/en/messages.json'), pseudoMessagesJson());
  });
  try {
    for (const section of ['accounts', 'preferences']) {
      const page = await openSection(browser.context, browser.extensionId, section);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(/^\[.+~\]$/);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `options-${section}-${WIDTH}-pseudo`);
    }
  } finally {
    await browser.done();
  }
});

const POPUP_WIDTH = 360;

/** The popup for a page of the test service, with an account set up, in Chromium in `lang`. */
async function popupIn(
  lang: string,
  service: { baseUrl: string; pageOrigin: string },
  apiKey: string,
) {
  const browser = await launchIn(lang);
  const worker = await extensionWorker(browser.context);
  await waitForInstallTab(browser.context, browser.extensionId);
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const popup = await PopupPage.openFor(
    browser.context,
    worker,
    browser.extensionId,
    `${service.pageOrigin}/`,
    { viewport: { width: POPUP_WIDTH, height: 600 } },
  );
  return { browser, page: popup.page };
}

test('in a German browser the popup speaks German, with nothing overflowing at 360 px', async ({
  service,
  apiKey,
}) => {
  const { browser, page } = await popupIn('de', service, apiKey);
  try {
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByLabel('Ziel-URL', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Back-Half', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kürzen', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alle Tabs kürzen' })).toBeVisible();
    await page.getByRole('button', { name: 'Kürzen', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Kopieren', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'QR-Code' })).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `popup-${POPUP_WIDTH}-de`);
  } finally {
    await browser.done();
  }
});

test('in an Arabic browser the popup reads right to left, axe clean, the short link left to right', async ({
  service,
  apiKey,
}) => {
  const { browser, page } = await popupIn('ar', service, apiKey);
  try {
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const destination = page.getByLabel('عنوان URL الوجهة', { exact: true });
    await expect(destination).toHaveAttribute('dir', 'ltr');
    await page.getByRole('button', { name: 'اختصار', exact: true }).click();
    const shortLink = page.locator('.result .short-url a');
    await expect(shortLink).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('button', { name: 'نسخ', exact: true })).toBeVisible();
    // Right to left: the main button's label sits at the right of the popup.
    const label = await page
      .getByRole('button', { name: 'اختصار كل علامات التبويب' })
      .boundingBox();
    expect(label && label.x + label.width).toBeGreaterThan(POPUP_WIDTH / 2);
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `popup-${POPUP_WIDTH}-ar`);
  } finally {
    await browser.done();
  }
});
