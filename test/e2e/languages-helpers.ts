// Chromium in another UI language with the extension, and the checks its screens share: nothing
// leaving the page or cutting its text, screenshots light and dark. (languages.spec.ts keeps its
// own copies of these for now.) Debian's chromium needs chromium-l10n for any --lang but en-US.
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension } from '../support/chromium.ts';
import { configure, extensionWorker, waitForInstallTab } from './fixtures.ts';
import { PopupPage } from './popup-page.ts';

/** Chromium in `lang` with the built extension; `uiLanguage` as a page of it reads it. */
export async function launchIn(lang: string): Promise<{
  context: BrowserContext;
  extensionId: string;
  uiLanguage: string;
  done: () => Promise<void>;
}> {
  const context = await launchWithExtension({ lang });
  const worker = await extensionWorker(context);
  const extensionId = new URL(worker.url()).host;
  // Asked in a page: under Playwright the service worker answers en-US whatever --lang says.
  const probe = await context.newPage();
  await probe.goto(`chrome-extension://${extensionId}/offscreen.html`);
  const uiLanguage = await probe.evaluate(() => chrome.i18n.getUILanguage());
  await probe.close();
  return { context, extensionId, uiLanguage, done: () => context.close() };
}

/** The popup for `pageUrl`, `width` wide, an account set up, in Chromium in `lang`. */
export async function popupIn(
  lang: string,
  service: { baseUrl: string },
  apiKey: string,
  pageUrl: string,
  width: number,
) {
  const browser = await launchIn(lang);
  const worker = await extensionWorker(browser.context);
  await waitForInstallTab(browser.context, browser.extensionId);
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const popup = await PopupPage.openFor(browser.context, worker, browser.extensionId, pageUrl, {
    viewport: { width, height: 600 },
  });
  return { browser, popup };
}

/** Elements whose box leaves the page's width, or whose text is cut inside them. */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
    for (const element of document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, label, legend, button, a, p, select, input',
    )) {
      const box = element.getBoundingClientRect();
      // Headings for screen readers only are clipped on purpose.
      if (box.width === 0 || element.closest('.visually-hidden')) continue;
      const name = `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
      if (box.left < -0.5 || box.right > width + 0.5) found.push(`${name} leaves the page`);
      if (element.scrollWidth > element.clientWidth + 1 && element.tagName !== 'INPUT')
        found.push(`${name} cuts its text`);
    }
    return found;
  });
}

/** The whole page, light and dark, under test-results/screenshots/. */
export async function screenshotLightAndDark(page: Page, name: string) {
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
