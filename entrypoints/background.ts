import { type Browser, browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { migrateStoredData } from '../lib/account/migrate.ts';
import {
  accountName,
  loadSettings,
  type Settings,
  watchSettings,
} from '../lib/account/settings.ts';
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
import { type MenuItem, menuItemsFor, SHORTEN_COMMAND } from '../lib/browser/menus.ts';
import { onNotificationClicked, showNotification } from '../lib/browser/notifications.ts';
import { listenForLinksForPageRequests, refreshLinksCache } from '../lib/links-upkeep.ts';

export type BackgroundHandlers = {
  onMenuClick(info: MenuClick, tab?: TabLike): Promise<ShortenOutcome | undefined>;
  onCommand(command: string, tab?: TabLike): Promise<ShortenOutcome | undefined>;
  onNotificationClick(notificationId: string): Promise<void>;
  /** The context menu as last built: the browser has no getter for it. */
  menuItems(): MenuItem[];
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

let menuItems: MenuItem[] = [];
let menusBuilt: Promise<void> = Promise.resolve();

/** One child per account under each item with two or more accounts; one build at a time. */
function buildMenus(settings: Settings): Promise<void> {
  const items = menuItemsFor(
    settings.accounts.map((account) => ({ id: account.id, name: accountName(account) })),
  );
  menusBuilt = menusBuilt.then(async () => {
    // Menu items outlive the service worker; creating one that exists fails with "duplicate id".
    await browser.contextMenus.removeAll();
    for (const { contexts, ...item } of items) {
      browser.contextMenus.create({
        ...item,
        contexts: contexts as [Browser.contextMenus.ContextType],
      });
    }
    menuItems = items;
  });
  return menusBuilt;
}

/** Whether the menu must change: the accounts' ids or names, not their keys or domains. */
const menuShape = (settings: Settings) =>
  JSON.stringify(settings.accounts.map((account) => [account.id, accountName(account)]));

async function onInstalled({ reason }: Browser.runtime.InstalledDetails): Promise<void> {
  await migrateStoredData();
  await buildMenus(await loadSettings());
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
  // Accounts added, renamed or removed in the options: the menu follows.
  let shape: string | undefined;
  watchSettings((settings) => {
    if (menuShape(settings) === shape) return;
    shape = menuShape(settings);
    void buildMenus(settings).catch(reportFailure);
  });
  // A native menu, shortcut or notification cannot be clicked from a test: the browser tests call
  // the functions the browser calls, through the service worker's global scope.
  globalThis.shortLinkBackground = {
    onMenuClick,
    onCommand,
    onNotificationClick: (id) => onNotificationClicked(id),
    menuItems: () => menuItems,
  };
});
