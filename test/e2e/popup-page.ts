// The popup as a test sees it: opened in a tab of its own with `?tab=ID`, the tab it shortens.
import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';
import { type PopupField, PopupFlows, type PopupTextField } from '../support/popup-flows.ts';

export class PopupPage extends PopupFlows {
  readonly page: Page;

  constructor(page: Page) {
    super();
    this.page = page;
  }

  static async openFor(
    context: BrowserContext,
    worker: Worker,
    extensionId: string,
    pageUrl: string,
    options: {
      viewport?: { width: number; height: number };
      /** Runs on the popup's page before it loads (addInitScript). */
      beforeOpen?: (popup: Page) => Promise<unknown>;
    } = {},
  ) {
    const target = await context.newPage();
    await target.goto(pageUrl);
    const tabId = await worker.evaluate(async (url) => {
      const tabs = await chrome.tabs.query({});
      return tabs.find((tab) => tab.url === url)?.id;
    }, target.url());
    const page = await context.newPage();
    await page.setViewportSize(options.viewport ?? { width: 360, height: 560 });
    await options.beforeOpen?.(page);
    await page.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
    await page.locator('main[data-ready="true"]').waitFor();
    return new PopupPage(page);
  }

  field(name: PopupField) {
    return this.page.getByLabel(name, { exact: true });
  }

  protected async fillField(name: PopupTextField, value: string) {
    await this.field(name).fill(value);
  }

  protected async chooseDomain(domain: string) {
    await this.field('Domain').selectOption(domain);
  }

  protected async pressButton(name: string) {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  shortLink() {
    return this.page.locator('.result .short-url a');
  }

  /** The form's button: "Shorten", or "Make another link" when the page already has one. */
  submitButton() {
    return this.page.locator('form button[type="submit"]');
  }

  /** The plain text on the clipboard (the context must grant clipboard-read). */
  readClipboard() {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /**
   * The clipboard's rich text and plain text, as a paste into a document would get them; undefined
   * while a write is still under way ("Clipboard data has changed"), for `expect.poll`.
   */
  readRichClipboard() {
    return this.page
      .evaluate(async () => {
        const [item] = await navigator.clipboard.read();
        const read = async (type: string) =>
          item?.types.includes(type) ? (await item.getType(type)).text() : undefined;
        return { html: await read('text/html'), text: await read('text/plain') };
      })
      .catch(() => undefined);
  }

  /** Whether the page scrolls sideways (it must not, at any popup size). */
  scrollsSideways() {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
  }

  protected async expectAlert(said: string | RegExp) {
    await expect(this.page.getByRole('alert')).toContainText(said);
  }

  protected async expectAction(name: string) {
    await expect(this.page.getByRole('button', { name })).toBeVisible();
  }

  protected async expectValue(name: PopupField, value: string) {
    await expect(this.field(name)).toHaveValue(value);
  }
}
