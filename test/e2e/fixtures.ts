import AxeBuilder from '@axe-core/playwright';
import {
  type BrowserContext,
  test as base,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test';
import { LOCAL_API_BASE_URL } from '../../lib/settings/build-config.ts';
import { DEFAULT_PREFERENCES } from '../../lib/settings/preferences.ts';
import { type ExtensionHost, launchExtensionHost } from '../support/chromium.ts';
import { untilInstallTab } from '../support/install-tab.ts';
import { linksStoreEntry } from '../support/links-store.ts';
import { SCREENSHOT_THEMES, SCREENSHOTS_DIR, screenshotFile } from '../support/screenshot-files.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { PopupPage } from './popup-page.ts';

/** Waits for the options tab the install opened (test/support/install-tab.ts). */
export const waitForInstallTab = untilInstallTab;

export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

type ExtensionFixtures = {
  /**
   * The browser, with the extension just installed: a first install, with no pages of a test
   * before it. The browser itself is the worker's (see `extensionHost`): a test that needs
   * Playwright's clock launches a browser of its own, since a context's clock cannot be taken off.
   */
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** A fresh paid account on the shared service. */
  account: { email: string; apiKey: string };
  /** The API key of `account`. */
  apiKey: string;
  /**
   * The popup for the page at `pageUrl`, with `account` on the worker's service stored as the
   * extension's account (at the first call of the test: later calls leave the settings alone).
   */
  popupOn: (pageUrl: string, options?: PopupOptions) => Promise<PopupPage>;
  /** The options page (see `openOptions`), with `account` stored as `popupOn` stores it. */
  optionsPage: (section?: OptionsSection) => Promise<Page>;
};

type PopupOptions = Parameters<typeof PopupPage.openFor>[4];

type ServiceFixtures = {
  /** The reference service over HTTP on a free port with a throw-away database. */
  service: TestService;
  /**
   * One Chromium for the worker; each test installs the extension afresh in it and removes it at
   * the end, with everything the test left in the browser (tabs, routes, permissions, cookies,
   * init scripts, listeners). A failed test makes Playwright start a new worker, and with it a new
   * Chromium.
   */
  extensionHost: ExtensionHost;
};

let accounts = 0;

export const test = base.extend<
  ExtensionFixtures & {
    /** The extension installed for this test, removed after it. */
    installed: { id: string; worker: Worker };
    connect: () => Promise<void>;
  },
  ServiceFixtures
>({
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const service = await startTestService();
      await use(service);
      await service.stop();
    },
    { scope: 'worker' },
  ],
  extensionHost: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const host = await launchExtensionHost();
      await use(host);
      await host.context.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  account: async ({ service }, use, testInfo) => {
    const email = `user${++accounts}-${testInfo.workerIndex}@example.com`;
    await use({ email, apiKey: await service.createAccount(email) });
  },
  apiKey: async ({ account }, use) => {
    await use(account.apiKey);
  },
  installed: async ({ extensionHost }, use) => {
    const installed = await extensionHost.install();
    await use(installed);
    await extensionHost.uninstall(installed.id);
    await resetBrowser(extensionHost.context);
  },
  context: async ({ extensionHost, installed: _ }, use) => {
    const undoTestChanges = trackTestChanges(extensionHost.context);
    await use(extensionHost.context);
    await undoTestChanges();
  },
  // Once the extension's install work is done (it ends by opening the options page), so that a
  // test's first settings or menus never race it.
  worker: async ({ context, installed }, use) => {
    await waitForInstallTab(context, installed.id);
    await use(installed.worker);
  },
  extensionId: async ({ worker }, use) => {
    await use(new URL(worker.url()).host);
  },
  connect: async ({ worker, service, apiKey }, use) => {
    let connected = false;
    await use(async () => {
      if (!connected) await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
      connected = true;
    });
  },
  popupOn: async ({ context, worker, extensionId, connect }, use) => {
    await use(async (pageUrl, options) => {
      await connect();
      return PopupPage.openFor(context, worker, extensionId, pageUrl, options);
    });
  },
  optionsPage: async ({ context, extensionId, connect }, use) => {
    await use(async (section) => {
      await connect();
      return openOptions(context, extensionId, section);
    });
  },
});

type Removable = { dispose(): Promise<void> };
type Listener = (...args: unknown[]) => unknown;

/**
 * Records what a test adds to the worker's browser that outlives its pages (init scripts, exposed
 * functions, event listeners), and returns what takes it away again.
 */
function trackTestChanges(context: BrowserContext): () => Promise<void> {
  const added: Removable[] = [];
  const listeners: [string, Listener][] = [];
  const patched = context as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  for (const name of ['addInitScript', 'exposeBinding', 'exposeFunction']) {
    const original = patched[name] as (...args: unknown[]) => Promise<Removable>;
    originals.set(name, original);
    patched[name] = async (...args: unknown[]) => {
      const removable = await original.apply(context, args);
      added.push(removable);
      return removable;
    };
  }
  for (const name of ['on', 'addListener', 'once', 'prependListener']) {
    const original = patched[name] as (...args: unknown[]) => unknown;
    originals.set(name, original);
    patched[name] = (event, listener) => {
      listeners.push([event as string, listener as Listener]);
      return original.call(context, event, listener);
    };
  }
  return async () => {
    for (const [name, original] of originals) patched[name] = original;
    for (const removable of added) await removable.dispose();
    for (const [event, listener] of listeners) {
      patched.removeListener?.call(context, event, listener);
    }
  };
}

/** Leaves one blank tab, and no routes, permissions or cookies of the test before. */
async function resetBrowser(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearPermissions();
  await context.clearCookies();
  const blank = await context.newPage();
  for (const page of context.pages()) if (page !== blank) await page.close();
}

export const expect = test.expect;

export type OptionsSection =
  | 'links'
  | 'statistics'
  | 'domains'
  | 'tags'
  | 'accounts'
  | 'preferences';

const SECTION_HEADINGS: Record<OptionsSection, string> = {
  links: 'Links',
  statistics: 'Statistics',
  domains: 'Domains',
  tags: 'Tags',
  accounts: 'Accounts',
  preferences: 'Preferences',
};

/**
 * Opens the options page in a new tab at `section` (`options.html#links`), or where it lands by
 * itself (Links once an account is set up, else Accounts), once that section (which waits for the
 * settings) is there.
 */
export async function openOptions(
  context: BrowserContext,
  extensionId: string,
  section?: OptionsSection,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html${section ? `#${section}` : ''}`);
  const heading = page.getByRole('main').getByRole('heading', { level: 2 });
  if (section) await expect(heading).toHaveText(SECTION_HEADINGS[section]);
  else await expect(heading).toBeVisible();
  return page;
}

/** The settings as stored by the extension. */
export async function storedSettings(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(
    async () => (await chrome.storage.local.get('settings')).settings as Record<string, unknown>,
  );
}

/** One account as stored: the first (the default of a single-account install) unless told. */
export async function storedAccount(worker: Worker, index = 0): Promise<Record<string, unknown>> {
  const settings = await storedSettings(worker);
  return (settings?.accounts as Record<string, unknown>[] | undefined)?.[index] ?? {};
}

/** The id the extension gives the account a fresh install starts with (lib/settings/settings.ts). */
export const FIRST_ACCOUNT = 'first';

/**
 * Stores settings as the options page would, through the extension's own storage: the connection
 * fields (API base URL, key, domains) go to the first account, the rest are preferences, and
 * every field is stored (a fresh install's values for those not given), as the page saves them.
 */
export type StoredSettings = Partial<{
  apiBaseUrl: string;
  apiKey: string;
  defaultDomain: string;
  lastDomain: string;
  autoCopy: boolean;
  theme: 'system' | 'light' | 'dark';
  oneClick: boolean;
  removeTracking: boolean;
  reuseExisting: boolean;
  copyAs: 'link' | 'markdown' | 'html' | 'title-and-link';
  keepTags: boolean;
}>;

export async function configure(worker: Worker, settings: StoredSettings): Promise<void> {
  await worker.evaluate(
    async ({ changes, freshAccount, freshPreferences }) => {
      const accountFields = ['apiBaseUrl', 'apiKey', 'defaultDomain', 'lastDomain'];
      const { settings: stored = {} } = (await chrome.storage.local.get('settings')) as {
        settings?: Record<string, unknown>;
      };
      const accounts: Record<string, unknown>[] = Array.isArray(stored.accounts)
        ? [...stored.accounts]
        : [freshAccount];
      const first: Record<string, unknown> = { ...accounts[0] };
      const next: Record<string, unknown> = { ...freshPreferences, ...stored };
      for (const [key, value] of Object.entries(changes)) {
        if (accountFields.includes(key)) first[key] = value;
        else next[key] = value;
      }
      accounts[0] = first;
      await chrome.storage.local.set({
        settings: { ...next, accounts, defaultAccountId: next.defaultAccountId ?? first.id },
      });
    },
    {
      changes: settings,
      freshAccount: {
        id: FIRST_ACCOUNT,
        name: '',
        apiBaseUrl: LOCAL_API_BASE_URL,
        apiKey: '',
        defaultDomain: '',
      },
      freshPreferences: DEFAULT_PREFERENCES,
    },
  );
}

/** Adds an account after those stored, as "Add account" then "Save" would; returns its id. */
export async function addAccount(
  worker: Worker,
  account: { name: string; apiBaseUrl: string; apiKey: string },
): Promise<string> {
  return worker.evaluate(async (added) => {
    const { settings } = (await chrome.storage.local.get('settings')) as {
      settings: { accounts: Record<string, unknown>[] };
    };
    const id = crypto.randomUUID();
    settings.accounts.push({ id, defaultDomain: '', ...added });
    await chrome.storage.local.set({ settings });
    return id;
  }, account);
}

type CachedLink = {
  shortUrl: string;
  destinationUrl: string;
  clicks: number;
  createdAt: string;
  title: string;
};

/**
 * An account's links in the extension's cache as stored (lib/account/cache.ts keeps them as JSON,
 * one string or pieces of it (links-json.ts), in IndexedDB under the account's id).
 */
export async function cachedLinks(
  worker: Worker,
  accountId = FIRST_ACCOUNT,
): Promise<CachedLink[] | undefined> {
  const stored = await linksStoreEntry(worker, 'get', accountId);
  if (!stored) return undefined;
  const { linksJson, parts } = stored as { linksJson?: string; parts?: string[] };
  return JSON.parse(parts ? `[${parts.join(',')}]` : (linksJson as string));
}

/** An account's cached domains as stored. */
export async function cachedDomains(worker: Worker, accountId = FIRST_ACCOUNT): Promise<unknown> {
  const key = `domainsCache:${accountId}`;
  return worker.evaluate(async (name) => (await chrome.storage.local.get(name))[name], key);
}

/** Puts links in the first account's cache, for `connection` (see lib/settings/connection.ts), fetched now. */
export async function seedCachedLinks(
  worker: Worker,
  connectionTag: string,
  links: CachedLink[],
): Promise<void> {
  await linksStoreEntry(worker, 'put', FIRST_ACCOUNT, {
    connection: connectionTag,
    fetchedAt: Date.now(),
    linksJson: JSON.stringify(links),
  });
}

/**
 * Saves a screenshot of the page (or of one part of it) in light and dark under
 * test-results/screenshots/.
 */
export async function screenshotBothThemes(
  page: Page,
  name: string,
  part?: Locator,
): Promise<void> {
  for (const colorScheme of SCREENSHOT_THEMES) {
    await page.emulateMedia({ colorScheme });
    const path = `${SCREENSHOTS_DIR}/${screenshotFile(name, colorScheme)}`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Axe's serious and critical findings on the page, in light and dark (contrast differs). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const violation of violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') {
        found.push(
          `${colorScheme}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      }
    }
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}

/**
 * An options section (or `part` of it) as a person sees it: its screenshots in both themes and no
 * serious axe finding; with `narrow`, the same again at the narrowest width, where the page must
 * not scroll sideways.
 */
export async function expectSectionLooksRight(
  page: Page,
  name: string,
  { part, narrow = false }: { part?: Locator; narrow?: boolean } = {},
): Promise<void> {
  await screenshotBothThemes(page, name, part);
  expect(await seriousA11yViolations(page), name).toEqual([]);
  if (!narrow) return;
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshotBothThemes(page, `${name}-360`, part);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${name} at 360 px scrolls sideways`).toBe(0);
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * A service that publishes no contract (GET /v1/openapi.json answers 404): the extension offers it
 * nothing beyond the interface.
 */
export async function withoutContract(context: BrowserContext): Promise<void> {
  await context.route('**/v1/openapi.json', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"message":"Not found"}',
    }),
  );
}

/** Resolves once the extension has read what an account's service offers, and stored it. */
export async function offerStored(worker: Worker): Promise<void> {
  await expect
    .poll(() =>
      worker.evaluate(async () => Object.keys(await chrome.storage.local.get(null)).join()),
    )
    .toContain('serviceOfferCache:');
}
