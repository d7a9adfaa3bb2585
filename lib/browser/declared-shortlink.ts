// A page's own short link, as it declares it: `<link rel="shortlink" href="…">` (WordPress and
// many sites). Read with `scripting.executeScript`, which the popup may do for the tab it was
// opened on (activeTab), and only when it opens: no content script runs on any page.
import { browser } from 'wxt/browser';

/** Runs in the page: serialized by the browser, so it uses nothing from outside itself. */
function readShortlinkElement(): string | null {
  const element = document.querySelector<HTMLLinkElement>('link[rel~="shortlink" i][href]');
  return element ? element.href : null;
}

/** What the page answered, kept only when it is a web address (the page is not trusted). */
export function declaredShortlinkOf(answer: unknown, pageUrl: string): string | undefined {
  if (typeof answer !== 'string' || answer.length > 2048) return undefined;
  try {
    const url = new URL(answer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // `https://sho.rt@evil.example/` leads to evil.example: refused, as such a destination is.
    if (url.username || url.password) return undefined;
    // A page naming itself is no short link.
    return url.href === new URL(pageUrl).href ? undefined : url.href;
  } catch {
    return undefined;
  }
}

/** The short link the tab's page declares, or undefined (none, or the page may not be read). */
export async function readDeclaredShortlink(
  tabId: number,
  pageUrl: string,
): Promise<string | undefined> {
  if (!browser.scripting) return undefined;
  try {
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      func: readShortlinkElement,
    });
    return declaredShortlinkOf(injection?.result, pageUrl);
  } catch {
    // Browser pages, the web store, a tab that closed: there is nothing to offer.
    return undefined;
  }
}
