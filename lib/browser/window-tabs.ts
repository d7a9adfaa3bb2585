// The tabs of a window, for "Shorten all tabs". Their addresses and titles need the optional
// `tabs` permission (which people see as "Read your browsing history"): it is asked for when the
// person presses the button, never at install.
import { browser } from 'wxt/browser';

const TABS = { permissions: ['tabs' as const] };

/**
 * Asks for the permission (the browser asks the person the first time). Call it before any other
 * await in a click handler: Firefox accepts the request only while it handles the click.
 */
export function requestTabsPermission(): Promise<boolean> {
  return browser.permissions.request(TABS);
}

/**
 * The tabs of the window the popup belongs to: the window of the tab named by `?tab=ID` when the
 * popup runs in a tab of its own, else the current window.
 */
export async function tabsOfWindow(tabId: number | undefined) {
  const tab =
    tabId === undefined ? undefined : await browser.tabs.get(tabId).catch(() => undefined);
  return browser.tabs.query(tab ? { windowId: tab.windowId } : { currentWindow: true });
}
