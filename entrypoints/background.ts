import { type Browser, browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import {
  type BackgroundDeps,
  type MenuClick,
  type ShortenOutcome,
  shortenAndCopy,
  type TabLike,
  targetOfMenuClick,
  targetOfTab,
} from '../lib/background-actions.ts';
import { copyFromBackground } from '../lib/browser/clipboard.ts';
import { MENU_ITEMS, SHORTEN_COMMAND } from '../lib/browser/menus.ts';
import { onNotificationClicked, showNotification } from '../lib/browser/notifications.ts';
import { listenForLinksForPageRequests, refreshLinksCache } from '../lib/links-upkeep.ts';

export type BackgroundHandlers = {
  onMenuClick(info: MenuClick, tab?: TabLike): Promise<ShortenOutcome | undefined>;
  onCommand(command: string, tab?: TabLike): Promise<ShortenOutcome | undefined>;
  onNotificationClick(notificationId: string): Promise<void>;
};

declare global {
  var shortLinkBackground: BackgroundHandlers | undefined;
}

const deps: BackgroundDeps = {
  copy: copyFromBackground,
  notify: async (notice) => {
    await showNotification(notice);
  },
};

async function onInstalled({ reason }: Browser.runtime.InstalledDetails): Promise<void> {
  // Menu items outlive the service worker; creating one that exists fails with "duplicate id".
  await browser.contextMenus.removeAll();
  for (const item of MENU_ITEMS)
    browser.contextMenus.create({ ...item, contexts: [...item.contexts] });
  if (reason === 'install') await browser.runtime.openOptionsPage();
}

async function onMenuClick(info: MenuClick, tab?: TabLike): Promise<ShortenOutcome | undefined> {
  const target = targetOfMenuClick(info, tab);
  return target && shortenAndCopy(target, deps);
}

async function onCommand(command: string, tab?: TabLike): Promise<ShortenOutcome | undefined> {
  if (command !== SHORTEN_COMMAND) return undefined;
  const [activeTab] = tab ? [tab] : await browser.tabs.query({ active: true, currentWindow: true });
  return shortenAndCopy(targetOfTab(activeTab), deps);
}

const reportFailure = (error: unknown) => console.error('Short Link:', error);

export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(
    (details) => void onInstalled(details).catch(reportFailure),
  );
  browser.contextMenus.onClicked.addListener(
    (info, tab) => void onMenuClick(info, tab).catch(reportFailure),
  );
  browser.commands.onCommand.addListener(
    (command, tab) => void onCommand(command, tab).catch(reportFailure),
  );
  browser.notifications.onClicked.addListener(
    (id) => void onNotificationClicked(id).catch(reportFailure),
  );
  browser.runtime.onStartup.addListener(() => void refreshLinksCache());
  listenForLinksForPageRequests();
  // A native menu, shortcut or notification cannot be clicked from a test: the browser tests call
  // the functions the browser calls, through the service worker's global scope.
  globalThis.shortLinkBackground = {
    onMenuClick,
    onCommand,
    onNotificationClick: (id) => onNotificationClicked(id),
  };
});
