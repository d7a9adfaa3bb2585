// The options page and the popup in the browser's language: German, right-to-left Arabic, a key missing from a
// translation, and the pseudo-locale. Chromium is started with --lang (Debian's chromium needs
// chromium-l10n for anything but en-US: .ci/run installs it).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { pseudoMessagesJson } from '../../scripts/pseudo-locale.ts';
import { readMessages } from '../support/messages-in-node.ts';
import { SCREENSHOTS_DIR } from '../support/screenshot-files.ts';
import {
  configure,
  expect,
  extensionWorker,
  seriousA11yViolations,
  test,
  waitForInstallTab,
} from './fixtures.ts';
import {
  addressesDrawnBackwards,
  launchIn,
  overflowing,
  screenshotLightAndDark,
} from './language-helpers.ts';
import { createLink, row, rows } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

const WIDTH = 420;

async function openSection(context: BrowserContext, extensionId: string, section: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: WIDTH, height: 900 });
  await page.goto(`chrome-extension://${extensionId}/options.html#${section}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible();
  return page;
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
    await screenshotLightAndDark(accounts, `options-accounts-${WIDTH}-de`);

    const preferences = await openSection(browser.context, browser.extensionId, 'preferences');
    await expect(
      preferences.getByRole('checkbox', { name: 'Tracking-Parameter entfernen' }),
    ).toBeVisible();
    await expect(preferences.getByRole('radio', { name: 'Dunkel' })).toBeVisible();
    await expect(preferences.getByRole('heading', { name: 'UTM-Vorlagen' })).toBeVisible();
    expect(await englishLeft(preferences, 'de')).toEqual([]);
    expect(await overflowing(preferences)).toEqual([]);
    await screenshotLightAndDark(preferences, `options-preferences-${WIDTH}-de`);
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
      await screenshotLightAndDark(page, `options-${section}-${WIDTH}-ar`);
    }
    // An address the service would get unencrypted: the sentences about it keep every address
    // left to right (isolated), as drawn too.
    const accounts = await openSection(browser.context, browser.extensionId, 'accounts');
    await accounts
      .getByLabel('عنوان URL الأساسي لواجهة API', { exact: true })
      .fill('http://api.example.com');
    await accounts.getByRole('button', { name: 'حفظ', exact: true }).click();
    const notHttps = accounts.getByText(/بروتوكول HTTPS/).first();
    await expect(notHttps).toContainText('\u2066http://\u2066api.example.com\u2069\u2069');
    expect(await addressesDrawnBackwards(accounts.locator('main'))).toEqual([]);
    await screenshotLightAndDark(accounts, `options-accounts-${WIDTH}-ar-not-https`);
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

test('the pseudo-locale shows every translated string marked, with nothing overflowing at 420 px', async ({
  service,
  apiKey,
}) => {
  const link = await createLink(service, apiKey, {
    destination_url: 'https://example.com/pseudo',
    title: 'Pseudo',
  });
  const browser = await launchIn('en-US', (dir) => {
    writeFileSync(path.join(dir, '_locales/en/messages.json'), pseudoMessagesJson());
  });
  try {
    for (const section of ['accounts', 'preferences']) {
      const page = await openSection(browser.context, browser.extensionId, section);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(/^\[.+~\]$/);
      expect(await overflowing(page)).toEqual([]);
      await screenshotLightAndDark(page, `options-${section}-${WIDTH}-pseudo`);
    }
    await configure(await extensionWorker(browser.context), {
      apiBaseUrl: service.baseUrl,
      apiKey,
    });
    const links = await openSection(browser.context, browser.extensionId, 'links');
    await expect(row(links, link.short_url)).toContainText(/\[.+~\]/);
    await expect(links.locator('.links-count')).toHaveText(/^\[.+~\]$/);
    expect(await overflowing(links)).toEqual([]);
    await screenshotLightAndDark(links, `options-links-${WIDTH}-pseudo`);
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
    // The key as German keycaps name it (the glossary's "Eingabe"), not the English "Enter".
    await expect(page.locator('footer.shortcuts kbd').first()).toHaveText('Eingabe');
    expect(await overflowing(page)).toEqual([]);
    await screenshotLightAndDark(page, `popup-${POPUP_WIDTH}-de`);
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
    // "UTM parameters": closed, its triangle sits before the words (at their right) and points
    // left, toward them; open, it points down.
    const utm = page.getByRole('button', { name: 'معلمات UTM', exact: true });
    expect(await triangle(utm)).toEqual({ points: 'left', beforeText: true });
    await utm.screenshot({ path: `${SCREENSHOTS_DIR}/popup-${POPUP_WIDTH}-ar-utm-closed.png` });
    await utm.click();
    expect(await triangle(utm)).toEqual({ points: 'down', beforeText: true });
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotLightAndDark(page, `popup-${POPUP_WIDTH}-ar`);
  } finally {
    await browser.done();
  }
});

/** Where a disclosure button's triangle points (its one coloured border), and whether it leads. */
function triangle(button: Locator) {
  return button.evaluate((element) => {
    const marker = element.querySelector('.disclosure-marker');
    if (!marker) return { points: 'nowhere', beforeText: false };
    const style = getComputedStyle(marker);
    const coloured = (['left', 'right', 'top', 'bottom'] as const).filter(
      (side) =>
        Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 &&
        style.getPropertyValue(`border-${side}-color`) !== 'rgba(0, 0, 0, 0)',
    );
    const opposite = { left: 'right', right: 'left', top: 'down', bottom: 'up' } as const;
    const range = document.createRange();
    range.selectNodeContents(element);
    range.setStartAfter(marker);
    const text = range.getBoundingClientRect();
    const box = marker.getBoundingClientRect();
    const rightToLeft = getComputedStyle(element).direction === 'rtl';
    return {
      points:
        coloured.length === 1 ? opposite[coloured[0] as keyof typeof opposite] : coloured.join(),
      beforeText: rightToLeft ? box.left >= text.right - 1 : box.right <= text.left + 1,
    };
  });
}

/** The words of English messages that the language's own messages never use: English left over. */
function englishOnlyWords(locale: string): Set<string> {
  const words = (messages: ReturnType<typeof readMessages>) =>
    new Set(
      Object.values(messages).flatMap(
        ({ message }) => message.toLowerCase().match(/\p{L}{3,}/gu) ?? [],
      ),
    );
  const own = words(readMessages(locale));
  return new Set([...words(readMessages('en'))].filter((word) => !own.has(word)));
}

/**
 * The English words a person reads or hears on the page: its visible text, options, names,
 * tooltips and placeholders, leaving out what is left to right on purpose (short URLs,
 * destinations) and addresses.
 */
async function englishLeft(page: Page, locale: string): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const skipped = (element: Element) => element.closest('[dir="ltr"], input, textarea') !== null;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skipped(parent)) continue;
      if (parent.tagName === 'OPTION' || parent.checkVisibility())
        found.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (skipped(element) && element.tagName !== 'INPUT') continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        found.push(element.getAttribute(name) ?? '');
      }
    }
    return found;
  });
  const english = englishOnlyWords(locale);
  return [
    ...new Set(
      texts.flatMap((text) =>
        (
          text
            .replace(/\S*(:\/\/|\.)\S*/g, ' ')
            .toLowerCase()
            .match(/\p{L}{3,}/gu) ?? []
        ).filter((word) => english.has(word)),
      ),
    ),
  ];
}

/** What the Links test expects to read in each language, exactly. */
const LINKS_WORDS = {
  de: {
    count: /^3 Links$/,
    search: 'Links durchsuchen',
    sortBy: 'Sortieren nach',
    newest: 'Neueste',
    refresh: 'Aktualisieren',
    importLinks: 'Links importieren',
    selectAll: 'Alle angezeigten auswählen',
    edit: 'Bearbeiten',
    delete: 'Löschen',
    qrCode: 'QR-Code',
    twoClicks: '2 Klicks',
    keys: 'Tastenkürzel',
    deleteKey: 'Entf',
    deleteKeyAction: 'Den Link löschen (mit Rückfrage)',
    close: 'Schließen',
    shortLink: 'Kurzlink',
    deleteTitle: 'Diesen Link löschen?',
    deleted: (url: string) => `\u2066${url}\u2069 gelöscht.`,
    undo: 'Rückgängig',
    undone: (url: string) => `Rückgängig gemacht: \u2066${url}\u2069 bleibt erhalten.`,
  },
  ar: {
    count: /^\u2068.+\u2069 روابط$/,
    search: 'البحث في الروابط',
    sortBy: 'الترتيب حسب',
    newest: 'الأحدث',
    refresh: 'تحديث',
    importLinks: 'استيراد الروابط',
    selectAll: 'تحديد كل المعروض',
    edit: 'تعديل',
    delete: 'حذف',
    qrCode: 'رمز QR',
    twoClicks: 'نقرتان',
    keys: 'اختصارات لوحة المفاتيح',
    deleteKey: 'Delete',
    deleteKeyAction: 'حذف الرابط (بعد التأكيد)',
    close: 'إغلاق',
    shortLink: 'الرابط المختصر',
    deleteTitle: 'حذف هذا الرابط؟',
    deleted: (url: string) => `حُذف \u2066${url}\u2069.`,
    undo: 'تراجع',
    undone: (url: string) => `أُلغي الحذف: بقي \u2066${url}\u2069.`,
  },
} as const;

/**
 * What each step checks: the language's words only, nothing overflowing, axe clean right to left
 * (in light and dark); then its screenshots.
 */
async function checkScreen(
  page: Page,
  lang: 'de' | 'ar',
  name: 'rows' | 'keys' | 'details' | 'deleted',
  axe = true,
) {
  expect(await englishLeft(page, lang)).toEqual([]);
  expect(await overflowing(page)).toEqual([]);
  if (lang === 'ar' && axe) expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshotLightAndDark(page, `options-links-${name}-${WIDTH}-${lang}`);
}

for (const lang of ['de', 'ar'] as const) {
  test(`Links in ${lang === 'de' ? 'German' : 'right-to-left Arabic'} at 420 px: rows, toolbar, keys, details and an undone delete in the language, nothing overflowing`, async ({
    service,
    apiKey,
  }) => {
    // Axe in two themes on three screens took Arabic to 20-40 s on a loaded machine.
    test.setTimeout(90_000);
    const words = LINKS_WORDS[lang];
    const titled = await createLink(service, apiKey, {
      destination_url: 'https://beispiel.example/sommer/angebote',
      title: lang === 'de' ? 'Sommerangebote' : 'عروض الصيف',
    });
    for (let n = 0; n < 2; n++) await fetch(titled.short_url, { redirect: 'manual' });
    const untitled = await createLink(service, apiKey, {
      destination_url: 'https://laden.example/katalog?seite=2',
    });
    await fetch(untitled.short_url, { redirect: 'manual' });
    const gone = await createLink(service, apiKey, {
      destination_url: 'https://beispiel.example/alt',
      title: lang === 'de' ? 'Alte Seite' : 'صفحة قديمة',
    });
    const browser = await launchIn(lang);
    try {
      const worker = await extensionWorker(browser.context);
      await waitForInstallTab(browser.context, browser.extensionId);
      await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
      const page = await openSection(browser.context, browser.extensionId, 'links');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(rows(page)).toHaveCount(3);
      await expect(page.locator('.links-count')).toHaveText(words.count);
      await expect(page.getByRole('searchbox', { name: words.search })).toHaveAttribute(
        'placeholder',
        words.search,
      );
      await expect(page.getByRole('combobox', { name: words.sortBy })).toHaveValue('newest');
      await expect(page.getByRole('option', { name: words.newest })).toBeAttached();
      await expect(page.getByRole('button', { name: words.refresh })).toBeVisible();
      await expect(page.getByRole('button', { name: words.importLinks })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: words.selectAll })).toBeVisible();
      const first = row(page, titled.short_url);
      await expect(first).toContainText(words.twoClicks);
      for (const name of [words.edit, words.delete, words.qrCode]) {
        await expect(first.getByRole('button', { name, exact: true })).toBeVisible();
      }
      // The short URL and the destination read left to right inside Arabic.
      await expect(first.locator('.short-url')).toHaveAttribute('dir', 'ltr');
      await expect(first.locator('.link-destination')).toHaveAttribute('dir', 'ltr');
      // Axe sees the rows and the toolbar at the end, with the deletion's status.
      await checkScreen(page, lang, 'rows', false);

      await page.getByRole('button', { name: words.keys }).click();
      const keys = page.getByRole('dialog', { name: words.keys });
      await expect(keys.getByRole('row', { name: words.deleteKeyAction })).toContainText(
        words.deleteKey,
      );
      await checkScreen(page, lang, 'keys');
      await keys.getByRole('button', { name: words.close }).click();

      await first.locator('.link-title').click();
      const details = page.getByRole('dialog', {
        name: lang === 'de' ? 'Sommerangebote' : 'عروض الصيف',
      });
      await expect(details.getByText(words.shortLink, { exact: true })).toBeVisible();
      await expect(details.getByRole('button', { name: words.edit, exact: true })).toBeVisible();
      await expect(details.locator('.qr-view')).toBeVisible();
      await checkScreen(page, lang, 'details');
      await details.getByRole('button', { name: words.close, exact: true }).click();

      await row(page, gone.short_url).getByRole('button', { name: words.delete }).click();
      const confirm = page.getByRole('dialog', { name: words.deleteTitle });
      await expect(confirm).toContainText(gone.short_url);
      expect(await englishLeft(page, lang)).toEqual([]);
      await confirm.getByRole('button', { name: words.delete }).click();
      const status = page.locator('.deletion-status');
      await expect(status.locator('p')).toHaveText(words.deleted(gone.short_url));
      await expect(rows(page)).toHaveCount(2);
      // Axe after "Undo": its time (10 s) must not run out under axe's two passes.
      await checkScreen(page, lang, 'deleted', false);
      await status.getByRole('button', { name: words.undo }).click();
      await expect(status.locator('p')).toHaveText(words.undone(gone.short_url));
      await expect(rows(page)).toHaveCount(3);
      expect(await englishLeft(page, lang)).toEqual([]);
      if (lang === 'ar') expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await browser.done();
    }
  });
}
