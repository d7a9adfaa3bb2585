// The Firefox suite's fixtures, in the shapes of the Chromium suite's (test/e2e/fixtures.ts): the
// reference service per worker, a fresh paid account per test, and the shipped Firefox archive
// installed afresh in one Firefox per worker.
//
// One Firefox per worker, not per test: a launch costs 4–9 s here, a re-install 0.2 s. Uninstalling
// a temporary add-on deletes its storage and its granted permissions, and every tab but a blank one
// is closed first, so each test starts from a first install, as in Chromium's fresh profile. A
// failed test makes Playwright start a new worker, and with it a new Firefox.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { SCREENSHOT_THEMES, SCREENSHOTS_DIR, screenshotFile } from '../support/screenshot-files.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import {
  type ColorScheme,
  downloadInto,
  EXTENSION_ORIGIN,
  evaluateInBrowserWindow,
  installArchive,
  launchFirefox,
  navigate,
  openTabs,
  setColorScheme,
  setOptionalPermissionPrompts,
  uninstallExtension,
} from './firefox.ts';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

export type StoredSettings = Partial<{
  apiBaseUrl: string;
  apiKey: string;
  defaultDomain: string;
  lastDomain: string;
  autoCopy: boolean;
  theme: 'system' | 'light' | 'dark';
}>;

export type OptionsSection = 'links' | 'statistics' | 'domains' | 'accounts' | 'preferences';

const SECTION_HEADINGS: Record<OptionsSection, string> = {
  links: 'Links',
  statistics: 'Statistics',
  domains: 'Domains',
  accounts: 'Accounts',
  preferences: 'Preferences',
};

/** What a test gets: Firefox with the add-on just installed, and ways into its pages. */
export class FirefoxExtension {
  readonly browser: Browser;
  /** An extension page with no script of its own (the icon), to run code with `browser.*`. */
  private readonly helper: Page;

  private constructor(browser: Browser, helper: Page) {
    this.browser = browser;
    this.helper = helper;
  }

  /** Closes every tab but a blank one, removes the add-on and installs the archive anew. */
  static async installFresh(browser: Browser): Promise<FirefoxExtension> {
    const blank = await browser.newPage();
    for (const page of await browser.pages()) {
      if (page !== blank) await page.close().catch(() => {});
    }
    // The last tab of an extension closed by the uninstall would close the window with it.
    await uninstallExtension(browser);
    await setOptionalPermissionPrompts(browser, false);
    await setColorScheme(browser, 'light');
    await installArchive(browser);
    // On install the add-on opens its options page itself: wait for it, so that no test's own
    // navigation races with it.
    await expect
      .poll(async () => (await openTabs(browser)).some((tab) => tab.url === optionsUrl), {
        timeout: 5_000,
        intervals: [50, 100, 200],
      })
      .toBe(true);
    const helper = await browser.newPage();
    await navigate(helper, `${EXTENSION_ORIGIN}/icon/16.png`);
    return new FirefoxExtension(browser, helper);
  }

  url(file: string): string {
    return `${EXTENSION_ORIGIN}/${file}`;
  }

  /** Opens one of the add-on's pages in a new tab. */
  async openPage(
    file: string,
    {
      viewport = { width: 1000, height: 800 },
      beforeOpen,
    }: {
      viewport?: { width: number; height: number };
      /** Runs on the page before it loads (evaluateOnNewDocument). */
      beforeOpen?: (page: Page) => Promise<unknown>;
    } = {},
  ): Promise<Page> {
    const page = await this.browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewport(viewport);
    await beforeOpen?.(page);
    await navigate(page, this.url(file));
    return page;
  }

  /**
   * The options page at `section` (`options.html#links`), or where it lands by itself, once that
   * section (which waits for the settings) is there.
   */
  async openOptions(section?: OptionsSection): Promise<Page> {
    const page = await this.openPage(`options.html${section ? `#${section}` : ''}`);
    await page.waitForFunction(
      (heading) => {
        const shown = document.querySelector('main h2')?.textContent;
        return heading ? shown === heading : Boolean(shown);
      },
      {},
      section ? SECTION_HEADINGS[section] : '',
    );
    return page;
  }

  /** The tabs showing the options page, at any section. */
  async optionsTabs(): Promise<Page[]> {
    return (await this.optionsTabAddresses()).map((tab) => tab.page);
  }

  /** The tabs showing the options page, with their addresses (`options.html#accounts`). */
  async optionsTabAddresses(): Promise<{ page: Page; url: string }[]> {
    return (await openTabs(this.browser)).filter((tab) => tab.url.split('#')[0] === optionsUrl);
  }

  async closeOptionsTabs(): Promise<void> {
    for (const page of await this.optionsTabs()) await page.close();
  }

  /** Runs `fn` in an extension page, where `browser.*` is the add-on's API. */
  evaluate<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>;
  evaluate<T>(fn: () => T | Promise<T>): Promise<T>;
  evaluate<T, A>(fn: (arg?: A) => T | Promise<T>, arg?: A): Promise<T> {
    return this.helper.evaluate(fn as (arg: unknown) => T | Promise<T>, arg) as Promise<T>;
  }

  /**
   * The settings as stored, seen as one account: the first account's connection and domains with
   * the preferences (the single account these tests set up). Undefined when nothing is stored.
   */
  async storedSettings(): Promise<StoredSettings | undefined> {
    return this.evaluate(async () => {
      const { settings } = (await browser.storage.local.get('settings')) as {
        settings?: Record<string, unknown> & { accounts?: Record<string, unknown>[] };
      };
      if (!settings) return undefined;
      const { accounts, ...preferences } = settings;
      return { ...preferences, ...(accounts?.[0] ?? {}) } as StoredSettings;
    });
  }

  /**
   * Stores settings as the options page would, through the add-on's own storage: the connection
   * fields go to the first account, the rest are preferences.
   */
  async configure(settings: StoredSettings): Promise<void> {
    await this.evaluate(async (changes) => {
      const accountFields = ['apiBaseUrl', 'apiKey', 'defaultDomain', 'lastDomain'];
      const { settings: stored = {} } = (await browser.storage.local.get('settings')) as {
        settings?: Record<string, unknown>;
      };
      const accounts = Array.isArray(stored.accounts)
        ? [...(stored.accounts as Record<string, unknown>[])]
        : [{ id: 'first', name: '' }];
      const first = { ...accounts[0] };
      const next: Record<string, unknown> = { ...stored };
      for (const [key, value] of Object.entries(changes)) {
        if (accountFields.includes(key)) first[key] = value;
        else next[key] = value;
      }
      accounts[0] = first;
      await browser.storage.local.set({
        settings: { ...next, accounts, defaultAccountId: next.defaultAccountId ?? first.id },
      });
    }, settings);
  }

  /** The id of the tab showing `url`, as the add-on sees it. */
  async tabIdOf(url: string): Promise<number> {
    const id = await this.evaluate(
      async (address) => (await browser.tabs.query({})).find((tab) => tab.url === address)?.id,
      url,
    );
    if (id === undefined) throw new Error(`No tab shows ${url}.`);
    return id;
  }

  /** What the clipboard holds, read back as a person would: pasted into a text box of a web page. */
  async pasteClipboard(): Promise<string> {
    const page = await this.browser.newPage();
    try {
      await page.evaluate(() => {
        const box = document.createElement('textarea');
        box.id = 'paste-here';
        document.body.append(box);
      });
      await page.bringToFront();
      await page.click('#paste-here');
      await page.keyboard.down('Control');
      await page.keyboard.press('v');
      await page.keyboard.up('Control');
      return await page.$eval('#paste-here', (box) => (box as HTMLTextAreaElement).value);
    } finally {
      await page.close();
    }
  }

  /** Turns the prompt for optional permissions on (Firefox's default) or off (granted at once). */
  async setPermissionPrompts(on: boolean): Promise<void> {
    await setOptionalPermissionPrompts(this.browser, on);
  }

  /**
   * Clicks a button of the add-on's permission prompt, in the browser window itself (the prompt
   * is not part of any page). Waits for the prompt to be shown.
   */
  async answerPermissionPrompt(answer: 'Allow' | 'Deny'): Promise<void> {
    const button = answer === 'Allow' ? 'button' : 'secondaryButton';
    await expect
      .poll(
        () =>
          evaluateInBrowserWindow<string | null>(
            this.browser,
            `(() => {
              const prompt = document.getElementById('addon-webext-permissions-notification');
              if (!prompt || prompt.hidden) return null;
              const button = prompt.${button};
              if (button.label !== ${JSON.stringify(answer)}) return 'unexpected: ' + button.label;
              button.click();
              return button.label;
            })()`,
          ),
        {
          timeout: 5_000,
          intervals: [100, 200],
          message: `the permission prompt's "${answer}"`,
        },
      )
      .toBe(answer);
  }

  /** A new empty folder where Firefox saves downloads from now on, without asking. */
  async downloadFolder(): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), 'firefox-downloads-'));
    await downloadInto(this.browser, dir);
    return dir;
  }

  async setColorScheme(scheme: ColorScheme): Promise<void> {
    await setColorScheme(this.browser, scheme);
  }

  /** Screenshots of the page in light and dark under test-results/screenshots/firefox-NAME-*.png. */
  async screenshotBothThemes(page: Page, name: string): Promise<void> {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    for (const scheme of SCREENSHOT_THEMES) {
      await this.setColorScheme(scheme);
      await waitForColorScheme(page, scheme);
      await page.screenshot({
        path: `${SCREENSHOTS_DIR}/${screenshotFile(name, scheme, 'firefox')}`,
        fullPage: true,
      });
    }
    await this.setColorScheme('light');
  }

  /** axe-core's serious and critical findings on the page, in light and dark (contrast differs). */
  async seriousA11yViolations(page: Page): Promise<string[]> {
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await this.setColorScheme(scheme);
      await waitForColorScheme(page, scheme);
      found.push(...(await axeFindings(page)).map((finding) => `${scheme}: ${finding}`));
    }
    await this.setColorScheme('light');
    return found;
  }
}

const optionsUrl = `${EXTENSION_ORIGIN}/options.html`;

async function waitForColorScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.waitForFunction(
    (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
    {},
    scheme === 'dark',
  );
}

type AxeViolation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };

/**
 * Runs axe-core in the page: its script evaluated there (the Playwright wrapper needs CDP; the
 * page's CSP does not apply to code the driver evaluates).
 */
async function axeFindings(page: Page): Promise<string[]> {
  const alreadyThere = await page.evaluate(() => 'axe' in globalThis);
  if (!alreadyThere) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run()).violations as AxeViolation[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

type ExtensionFixtures = {
  /** Firefox with the shipped archive just installed: a first install. */
  extension: FirefoxExtension;
  /** A fresh paid account on the shared service. */
  account: { email: string; apiKey: string };
  /** The API key of `account`. */
  apiKey: string;
};

type WorkerFixtures = {
  /** The reference service over HTTP on a free port with a throw-away database. */
  service: TestService;
  /** One headless Firefox for the worker, on a throw-away profile. */
  firefox: Browser;
};

let accounts = 0;

export const test = base.extend<ExtensionFixtures, WorkerFixtures>({
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const service = await startTestService();
      await use(service);
      await service.stop();
    },
    { scope: 'worker' },
  ],
  firefox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const browser = await launchFirefox();
      // ESR versions move with Debian's security updates: say which one this run used.
      console.log(`Firefox suite: ${await browser.version()}`);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  account: async ({ service }, use, testInfo) => {
    const email = `firefox${++accounts}-${testInfo.workerIndex}@example.com`;
    await use({ email, apiKey: await service.createAccount(email) });
  },
  apiKey: async ({ account }, use) => {
    await use(account.apiKey);
  },
  extension: async ({ firefox }, use) => {
    await use(await FirefoxExtension.installFresh(firefox));
  },
});

export { expect };
