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
  ) {
    const target = await context.newPage();
    await target.goto(pageUrl);
    const tabId = await worker.evaluate(async (url) => {
      const tabs = await chrome.tabs.query({});
      return tabs.find((tab) => tab.url === url)?.id;
    }, target.url());
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 560 });
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
    await this.page.getByRole('button', { name: 'Shorten' }).click();
  }

  shortLink() {
    return this.page.locator('.result .short-url a');
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
