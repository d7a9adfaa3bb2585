// Pages the background tests open beside the extension: a web page to act on, and one of the
// extension's own pages to read the clipboard from.
import type { BrowserContext, Page } from '@playwright/test';
import type { TestService } from '../support/test-service.ts';

/** A tab showing the service's home page, in front: an origin the extension may read without a click. */
export async function openServicePage(
  context: BrowserContext,
  service: TestService,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${service.pageOrigin}/`);
  await page.bringToFront();
  return page;
}

/** What the extension wrote to the clipboard, as plain text and as HTML, read in one of its pages. */
export async function readClipboard(
  context: BrowserContext,
  extensionId: string,
): Promise<{ text?: string; html?: string }> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const read = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const text = async (type: string) =>
      item?.types.includes(type) ? (await item.getType(type)).text() : undefined;
    return { text: await text('text/plain'), html: await text('text/html') };
  });
  await page.close();
  return read;
}
