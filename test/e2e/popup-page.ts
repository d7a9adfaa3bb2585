// The popup as a test sees it: opened in a tab of its own with `?tab=ID`, the tab it shortens.
import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';

export class PopupPage {
  readonly page: Page;

  constructor(page: Page) {
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

  field(name: 'Destination URL' | 'Title' | 'Back-half' | 'Domain') {
    return this.page.getByLabel(name, { exact: true });
  }

  async shorten(
    fields: { backHalf?: string; domain?: string; title?: string; destinationUrl?: string } = {},
  ) {
    if (fields.destinationUrl !== undefined)
      await this.field('Destination URL').fill(fields.destinationUrl);
    if (fields.title !== undefined) await this.field('Title').fill(fields.title);
    if (fields.backHalf !== undefined) await this.field('Back-half').fill(fields.backHalf);
    if (fields.domain !== undefined) await this.field('Domain').selectOption(fields.domain);
    await this.page.getByRole('button', { name: 'Shorten', exact: true }).click();
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

  /**
   * What every failure must do: say what happened, offer the actions that help, and keep what was
   * typed in `kept`.
   */
  async expectFailure(
    said: string | RegExp,
    actions: string[],
    kept: { field: 'Title' | 'Back-half'; value: string },
  ) {
    await expect(this.page.getByRole('alert')).toContainText(said);
    for (const name of actions) {
      await expect(this.page.getByRole('button', { name })).toBeVisible();
    }
    await expect(this.field(kept.field)).toHaveValue(kept.value);
  }
}
