import { type Browser, browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { openAccount } from '../lib/account/account.ts';
import { listenForLinksForPageRequests, refreshLinksCache } from '../lib/account/links-upkeep.ts';
import { migrateStoredData } from '../lib/account/migrate.ts';
import { copyFromBackground } from '../lib/browser/clipboard.ts';
import {
  MENU_OPEN_POPUP,
  type MenuItem,
  menuItemsFor,
  OPEN_POPUP_COMMAND,
  SHORTEN_COMMAND,
} from '../lib/browser/menus.ts';
import { onNotificationClicked, showNotification } from '../lib/browser/notifications.ts';
import {
  applyOneClick,
  openPopup,
  POPUP_PAGE,
  showOutcomeBadge,
} from '../lib/browser/toolbar-action.ts';
import { listenForDeletionRequests } from '../lib/deletions/pending-deletions.ts';
import { t } from '../lib/i18n/t.ts';
import { startImportRunner } from '../lib/import/import-background.ts';
import {
  type Disposition,
  LINKS_SEARCH_PARAM,
  type OmniboxDeps,
  type OmniboxEntered,
  omniboxEntered,
  type Suggestion,
  suggestionsFor,
} from '../lib/omnibox/omnibox.ts';
import {
  type BackgroundDeps,
  type MenuClick,
  type ShortenOutcome,
  shortenAndCopy,
  type TabLike,
  targetOfMenuClick,
  targetOfTab,
} from '../lib/page-link/background-actions.ts';
import { accountName, accountOrDefault, isConfigured } from '../lib/settings/account-choice.ts';
import { loadSettings, type Settings, watchSettings } from '../lib/settings/settings.ts';

type TabWithId = TabLike & { id?: number };

export type BackgroundHandlers = {
  onMenuClick(info: MenuClick, tab?: TabLike): Promise<ShortenOutcome | undefined>;
  onCommand(command: string, tab?: TabLike): Promise<ShortenOutcome | undefined>;
  /** The toolbar button's click while "Shorten on toolbar click" is on. */
  onActionClick(tab?: TabWithId): Promise<ShortenOutcome>;
  onNotificationClick(notificationId: string): Promise<void>;
  /** `sl <words>` typed in the address bar: the suggestions offered. */
  onOmniboxInput(text: string): Promise<Suggestion[]>;
  onOmniboxEntered(text: string, disposition: Disposition): Promise<OmniboxEntered>;
  /** The context menu as last built: the browser has no getter for it. */
  menuItems(): MenuItem[];
};

declare global {
  var shortLinkBackground: BackgroundHandlers | undefined;
}

const reportFailure = (error: unknown) => console.error('Short Link:', error);

const deps: BackgroundDeps = {
  copy: (text, html) => copyFromBackground(text, html),
  notify: async (notice) => {
    await showNotification(notice);
  },
};

const omniboxDeps: OmniboxDeps = {
  links: async () => {
    const account = accountOrDefault(await loadSettings(), undefined);
    if (!isConfigured(account)) return [];
    await refreshLinksCache(undefined, undefined, account.id);
    return (await openAccount(account).cachedLinks())?.value ?? [];
  },
  open: async (url, disposition) => {
    if (disposition === 'currentTab') await browser.tabs.update({ url });
    else await browser.tabs.create({ url, active: disposition === 'newForegroundTab' });
  },
  shorten: (url) => shortenAndCopy({ url, source: 'link' }, deps),
  showInLinks: (text, disposition) =>
    omniboxDeps.open(
      browser.runtime.getURL(
        `/options.html?${new URLSearchParams({ [LINKS_SEARCH_PARAM]: text })}#links`,
      ),
      disposition,
    ),
};

// Chrome reads a suggestion's description as XML; Firefox shows it as text.
const onOmniboxInput = async (text: string) =>
  suggestionsFor(await omniboxDeps.links(), text, { markup: !import.meta.env.FIREFOX });
const onOmniboxEntered = (text: string, disposition: Disposition) =>
  omniboxEntered(text, disposition, omniboxDeps);

let menuItems: MenuItem[] = [];
let menusBuilt: Promise<void> = Promise.resolve();

/** One child per account under each item with two or more accounts; one build at a time. */
function buildMenus(settings: Settings): Promise<void> {
  const items = menuItemsFor(
    settings.accounts.map((account) => ({ id: account.id, name: accountName(account) })),
    (message) => t(message),
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
    // removeAll took "Open Short Link" with it, when the one-click preference shows it.
    await applyOneClick(settings.oneClick);
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
  if (info.menuItemId === MENU_OPEN_POPUP) {
    await openPopup((await loadSettings()).oneClick);
    return undefined;
  }
  const target = targetOfMenuClick(info, tab);
  return target && shortenAndCopy(target, deps);
}

async function onCommand(command: string, tab?: TabLike): Promise<ShortenOutcome | undefined> {
  if (command === OPEN_POPUP_COMMAND) {
    await openPopup((await loadSettings()).oneClick);
    return undefined;
  }
  if (command !== SHORTEN_COMMAND) return undefined;
  const [activeTab] = tab ? [tab] : await browser.tabs.query({ active: true, currentWindow: true });
  return shortenAndCopy(targetOfTab(activeTab), deps);
}

async function onActionClick(tab?: TabWithId): Promise<ShortenOutcome> {
  const outcome = await shortenAndCopy(targetOfTab(tab), deps);
  await showOutcomeBadge(tab?.id, outcome.status === 'copied');
  return outcome;
}

/** The button's mode follows the preference; the popup setting is not kept across restarts. */
function followOneClickPreference(): void {
  let current: boolean | undefined;
  const apply = (oneClick: boolean) => {
    if (oneClick === current) return;
    current = oneClick;
    void browser.action.setPopup({ popup: oneClick ? '' : POPUP_PAGE }).catch(reportFailure);
  };
  void loadSettings().then((settings) => apply(settings.oneClick), reportFailure);
  watchSettings((settings) => {
    if (settings.oneClick === current) return;
    current = settings.oneClick;
    void applyOneClick(settings.oneClick).catch(reportFailure);
  });
}

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
  browser.action.onClicked.addListener((tab) => void onActionClick(tab).catch(reportFailure));
  followOneClickPreference();
  browser.notifications.onClicked.addListener(
    (id) => void onNotificationClicked(id).catch(reportFailure),
  );
  browser.runtime.onStartup.addListener(() => void refreshLinksCache());
  browser.omnibox.onInputChanged.addListener(
    (text, suggest) => void onOmniboxInput(text).then(suggest, reportFailure),
  );
  browser.omnibox.onInputEntered.addListener(
    (text, disposition) => void onOmniboxEntered(text, disposition).catch(reportFailure),
  );
  listenForLinksForPageRequests();
  startImportRunner();
  listenForDeletionRequests();
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
    onActionClick,
    onNotificationClick: (id) => onNotificationClicked(id),
    onOmniboxInput,
    onOmniboxEntered,
    menuItems: () => menuItems,
  };
});
