// The popup as a Firefox test sees it, in the shape of the Chromium suite's test/e2e/popup-page.ts,
// with the same flows (test/support/popup-flows.ts): opened in a tab of its own with `?tab=ID`,
// the tab it shortens. Firefox's real action popup is a
// panel BiDi cannot reach, so the tests open the same page in a tab, as the Chromium tests do.
import type { Page } from 'puppeteer-core';
import { type PopupField, PopupFlows, type PopupTextField } from '../support/popup-flows.ts';
import { expect, type FirefoxExtension } from './fixtures.ts';
import { attributeOf, button, byRole, fill, inputValue, isShown, textOf } from './page-helpers.ts';

export class PopupPage extends PopupFlows {
  readonly page: Page;
  /** The web page the popup shortens. */
  readonly target: Page;

  private constructor(page: Page, target: Page) {
    super();
    this.page = page;
    this.target = target;
  }

  static async openFor(
    extension: FirefoxExtension,
    pageUrl: string,
    options: {
      /** Runs on the popup's page before it loads (evaluateOnNewDocument). */
      beforeOpen?: (popup: Page) => Promise<unknown>;
    } = {},
  ): Promise<PopupPage> {
    const target = await extension.browser.newPage();
    await target.goto(pageUrl);
    const tabId = await extension.tabIdOf(pageUrl);
    const page = await extension.openPage(`popup.html?tab=${tabId}`, {
      viewport: { width: 360, height: 560 },
      beforeOpen: options.beforeOpen,
    });
    await page.locator('main[data-ready="true"]').wait();
    return new PopupPage(page, target);
  }

  static field(name: PopupField): string {
    return byRole(name === 'Domain' ? 'combobox' : 'textbox', name);
  }

  value(name: PopupField): Promise<string> {
    return inputValue(this.page, PopupPage.field(name));
  }

  protected async fillField(name: PopupTextField, value: string): Promise<void> {
    await fill(this.page, PopupPage.field(name), value);
  }

  protected async chooseDomain(domain: string): Promise<void> {
    await this.page.select(PopupPage.field('Domain'), domain);
  }

  protected async pressButton(name: string): Promise<void> {
    await this.page.locator(button(name)).click();
  }

  /** The short URL shown after shortening (waits for it). */
  async shortLink(): Promise<string> {
    return this.page
      .locator('.result .short-url a')
      .map((link) => link.textContent ?? '')
      .wait();
  }

  alert(): Promise<string | undefined> {
    return textOf(this.page, '[role="alert"]');
  }

  protected async expectAlert(said: string | RegExp): Promise<void> {
    await expect.poll(async () => (await this.alert()) ?? '').toMatch(said);
  }

  protected async expectAction(name: string): Promise<void> {
    expect(await isShown(this.page, `[role="alert"] ${button(name)}`), name).toBe(true);
  }

  protected async expectValue(name: PopupField, value: string): Promise<void> {
    expect(await this.value(name)).toBe(value);
  }

  invalid(name: PopupField): Promise<string | null> {
    return attributeOf(this.page, PopupPage.field(name), 'aria-invalid');
  }
}
