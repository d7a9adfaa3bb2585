// The popup as a Firefox test sees it, in the shape of the Chromium suite's test/e2e/popup-page.ts:
// opened in a tab of its own with `?tab=ID`, the tab it shortens. Firefox's real action popup is a
// panel BiDi cannot reach, so the tests open the same page in a tab, as the Chromium tests do.
import type { Page } from 'puppeteer-core';
import { expect, type FirefoxExtension } from './fixtures.ts';
import { attributeOf, button, byRole, fill, inputValue, isShown, textOf } from './page-helpers.ts';

type FieldName = 'Destination URL' | 'Title' | 'Back-half' | 'Domain';

export class PopupPage {
  readonly page: Page;
  /** The web page the popup shortens. */
  readonly target: Page;

  private constructor(page: Page, target: Page) {
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

  static field(name: FieldName): string {
    return byRole(name === 'Domain' ? 'combobox' : 'textbox', name);
  }

  value(name: FieldName): Promise<string> {
    return inputValue(this.page, PopupPage.field(name));
  }

  async shorten(
    fields: { backHalf?: string; domain?: string; title?: string; destinationUrl?: string } = {},
  ): Promise<void> {
    if (fields.destinationUrl !== undefined)
      await fill(this.page, PopupPage.field('Destination URL'), fields.destinationUrl);
    if (fields.title !== undefined) await fill(this.page, PopupPage.field('Title'), fields.title);
    if (fields.backHalf !== undefined)
      await fill(this.page, PopupPage.field('Back-half'), fields.backHalf);
    if (fields.domain !== undefined)
      await this.page.select(PopupPage.field('Domain'), fields.domain);
    await this.page.locator(button('Shorten')).click();
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

  /**
   * What every failure must do: say what happened, offer the actions that help, and keep what was
   * typed in `kept`.
   */
  async expectFailure(
    said: string | RegExp,
    actions: string[],
    kept: { field: FieldName; value: string },
  ): Promise<void> {
    await expect.poll(async () => (await this.alert()) ?? '').toMatch(said);
    for (const name of actions) {
      expect(await isShown(this.page, `[role="alert"] ${button(name)}`), name).toBe(true);
    }
    expect(await this.value(kept.field)).toBe(kept.value);
  }

  invalid(name: FieldName): Promise<string | null> {
    return attributeOf(this.page, PopupPage.field(name), 'aria-invalid');
  }
}
