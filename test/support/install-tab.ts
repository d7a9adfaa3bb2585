// On install the extension opens its options page itself (entrypoints/background.ts). A test or a
// bench that navigates meanwhile can have its own navigation interrupted ("interrupted by another
// navigation": Chromium may open the options page in the tab just created), and a bench's figures
// would include that page's work.
import type { BrowserContext, Page } from '@playwright/test';

/** The options tab the install opened, once loaded; nothing after 5 s without it. */
export async function untilInstallTab(
  context: BrowserContext,
  extensionId: string,
): Promise<Page | undefined> {
  const url = `chrome-extension://${extensionId}/options.html`;
  for (let waited = 0; waited < 5_000; waited += 50) {
    const tab = context.pages().find((page) => page.url() === url);
    if (tab) {
      await tab.waitForLoadState();
      return tab;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/** Closes the options tab the install opened, for a bench to measure pages of its own only. */
export async function closeInstallTab(context: BrowserContext, extensionId: string) {
  await (await untilInstallTab(context, extensionId))?.close();
}
