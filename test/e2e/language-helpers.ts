// Helpers of the browser tests in other languages: Chromium started in a language (and the popup
// in it), what overflows the page's width, screenshots light and dark. Debian's chromium needs
// chromium-l10n for any --lang but en-US.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { EXTENSION_DIR, launchWithExtension } from '../support/chromium.ts';
import { SCREENSHOT_THEMES, SCREENSHOTS_DIR, screenshotFile } from '../support/screenshot-files.ts';
import { configure, extensionWorker, waitForInstallTab } from './fixtures.ts';
import { PopupPage } from './popup-page.ts';

/** Chromium in `lang` with the extension built (or a copy of it changed by `change`). */
export async function launchIn(
  lang: string,
  change?: (dir: string) => void,
): Promise<{
  context: BrowserContext;
  extensionId: string;
  uiLanguage: string;
  done: () => Promise<void>;
}> {
  let extensionDir = EXTENSION_DIR;
  let copy: string | undefined;
  if (change) {
    copy = mkdtempSync(path.join(tmpdir(), 'shortlink-lang-'));
    cpSync(EXTENSION_DIR, copy, { recursive: true });
    change(copy);
    extensionDir = copy;
  }
  const context = await launchWithExtension({ extensionDir, lang });
  const worker = await extensionWorker(context);
  // The options tab the install opens would interrupt a test's first navigation.
  await waitForInstallTab(context, new URL(worker.url()).host);
  // The worker and the pages alike answer `lang` (Chromium 156), since launchWithExtension gives
  // Playwright that locale too; without it both would answer Playwright's en-US.
  const uiLanguage = await worker.evaluate(() => chrome.i18n.getUILanguage());
  return {
    context,
    extensionId: new URL(worker.url()).host,
    uiLanguage,
    done: async () => {
      await context.close();
      if (copy) rmSync(copy, { recursive: true, force: true });
    },
  };
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
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const popup = await PopupPage.openFor(browser.context, worker, browser.extensionId, pageUrl, {
    viewport: { width, height: 600 },
  });
  return { browser, popup };
}

const TEXT_ELEMENTS = 'h1, h2, h3, label, legend, button, a, p, select, input';

/**
 * Elements whose box leaves the page's width, or whose text is cut inside them; `more` adds
 * selectors to the text elements looked at (a pane's table cells, list items).
 */
export async function overflowing(page: Page, more?: string): Promise<string[]> {
  const selector = more ? `${TEXT_ELEMENTS}, ${more}` : TEXT_ELEMENTS;
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      // Headings for screen readers only are clipped on purpose.
      if (box.width === 0 || element.closest('.visually-hidden')) continue;
      const name = `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
      if (box.left < -0.5 || box.right > width + 0.5) found.push(`${name} leaves the page`);
      if (element.scrollWidth > element.clientWidth + 1 && element.tagName !== 'INPUT')
        found.push(`${name} cuts its text`);
    }
    return found;
  }, selector);
}

/** The whole page, light and dark, under test-results/screenshots/. */
export async function screenshotLightAndDark(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const colorScheme of SCREENSHOT_THEMES) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({
      path: `${SCREENSHOTS_DIR}/${screenshotFile(name, colorScheme)}`,
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: null });
}

/**
 * The web addresses in `scope`'s text that do not read left to right as drawn: `http://` shown
 * as `//:http` (its slashes left of its scheme), as in a right-to-left sentence without isolates.
 */
export async function addressesDrawnBackwards(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/(https?):\/\//g)) {
        const box = (start: number, end: number) => {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, end);
          return range.getBoundingClientRect();
        };
        const scheme = box(match.index, match.index + (match[1] ?? '').length);
        const slashes = box(match.index + (match[1] ?? '').length, match.index + match[0].length);
        if (slashes.left < scheme.left) found.push(`${match[0]} in "${text}"`);
      }
    }
    return found;
  });
}
