import { browser } from 'wxt/browser';

export type PageToShorten = {
  url: string;
  title: string;
  /** The tab's id, to read the page's own short link; undefined when there is no tab. */
  tabId?: number;
  /** The tab's icon (`favIconUrl`, shown under activeTab), for the QR code's logo. */
  iconUrl?: string;
};

/**
 * The page the popup shortens: the tab named by `?tab=ID` when the popup runs in a tab or window
 * of its own, else the active tab of the current window. A tab still loading has its address in
 * `pendingUrl`.
 */
export async function pageToShorten(search: string): Promise<PageToShorten> {
  const tabId = Number(new URLSearchParams(search).get('tab'));
  const tab =
    Number.isInteger(tabId) && tabId > 0
      ? await browser.tabs.get(tabId).catch(() => undefined)
      : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return {
    url: tab?.url || tab?.pendingUrl || '',
    title: tab?.title ?? '',
    tabId: tab?.id,
    iconUrl: tab?.favIconUrl || undefined,
  };
}
