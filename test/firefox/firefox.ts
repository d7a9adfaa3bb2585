// Firefox with the shipped add-on, driven by puppeteer-core over WebDriver BiDi. Playwright cannot
// drive Debian's Firefox (it wants its own patched build), see shared engineering notes.
//
// puppeteer-core is pinned to an exact version: two things here use its internals, the BiDi
// connection (`browser.connection`) and a frame's BiDi browsing context, because `page.goto` on a
// moz-extension:// page never resolves (Firefox sends no load events there, bug 1755014).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { type DebianBrowser, ensureBrowser, findBrowser } from '../support/debian-package.ts';

export const FIREFOX: DebianBrowser = {
  name: 'Firefox',
  pathVariable: 'FIREFOX_PATH',
  candidates: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
  debianPackage: 'firefox-esr',
};

/** The add-on's id (wxt.config.ts, browser_specific_settings.gecko.id). */
export const GECKO_ID = 'short-link@shortlink-extension';
/** Fixed, so its pages live at one address: moz-extension://UUID/ (pref extensions.webextensions.uuids). */
export const EXTENSION_UUID = '6b0f7c33-2e1d-4a55-9a44-1b2c3d4e5f60';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
/** What `npm run zip:firefox` makes and what would be uploaded to addons.mozilla.org. */
export const FIREFOX_ARCHIVE = path.resolve(`.output/${pkg.name}-${pkg.version}-firefox.zip`);

export function buildFirefoxArchive(): void {
  try {
    execFileSync('npm', ['run', 'zip:firefox'], { stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run zip:firefox failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

export function ensureFirefox(): string {
  return ensureBrowser(FIREFOX);
}

const PREFS = {
  /** With prompts off, permissions.request() after a click is granted at once. */
  optionalPermissionPrompts: 'extensions.webextOptionalPermissionPrompts',
  /** 0 dark, 1 light: what prefers-color-scheme answers in pages (emulateMediaFeatures needs CDP). */
  colorScheme: 'layout.css.prefers-color-scheme.content-override',
  uuids: 'extensions.webextensions.uuids',
} as const;

export type ColorScheme = 'light' | 'dark';

/** A headless Firefox on a throw-away profile (puppeteer makes one and deletes it on close). */
export async function launchFirefox(
  /** More prefs: `intl.locale.requested` for Firefox in another language (its langpack installed). */
  prefs: Record<string, string | number | boolean> = {},
): Promise<Browser> {
  const executablePath = findBrowser(FIREFOX) ?? ensureFirefox();
  return puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    // Without it, BiDi refuses to navigate to moz-extension:// pages and to reach the browser window.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      [PREFS.uuids]: JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      [PREFS.optionalPermissionPrompts]: false,
      [PREFS.colorScheme]: 1,
      ...prefs,
    },
  });
}

type BidiResult = { type: 'success'; result?: { value?: unknown } } | { type: 'exception' };
type BidiConnection = { send(method: string, params: object): Promise<{ result: unknown }> };

/** Sends a raw WebDriver BiDi command. */
export async function bidi<T>(browser: Browser, method: string, params: object): Promise<T> {
  const connection = (browser as unknown as { connection: BidiConnection }).connection;
  return (await connection.send(method, params)).result as T;
}

/**
 * Runs `expression` in the browser window's own (chrome) context: its prefs and its permission
 * prompts. JSON-serialisable results only.
 */
export async function evaluateInBrowserWindow<T>(browser: Browser, expression: string): Promise<T> {
  const tree = await bidi<{ contexts: { context: string }[] }>(browser, 'browsingContext.getTree', {
    'moz:scope': 'chrome',
  });
  const window = tree.contexts[0];
  if (!window) throw new Error('Firefox has no browser window left.');
  const answer = await bidi<BidiResult>(browser, 'script.evaluate', {
    target: { context: window.context },
    awaitPromise: true,
    expression,
  });
  if (answer.type !== 'success') {
    throw new Error(`In the browser window, ${expression} failed: ${JSON.stringify(answer)}`);
  }
  return answer.result?.value as T;
}

export async function setPref(
  browser: Browser,
  name: string,
  value: boolean | number | string,
): Promise<void> {
  const setter = { boolean: 'setBoolPref', number: 'setIntPref', string: 'setStringPref' }[
    typeof value as 'boolean' | 'number' | 'string'
  ];
  await evaluateInBrowserWindow(
    browser,
    `Services.prefs.${setter}(${JSON.stringify(name)}, ${JSON.stringify(value)}), true`,
  );
}

/** Saves downloads into `dir` without asking. */
export async function downloadInto(browser: Browser, dir: string): Promise<void> {
  await setPref(browser, 'browser.download.folderList', 2);
  await setPref(browser, 'browser.download.dir', dir);
  await setPref(browser, 'browser.download.useDownloadDir', true);
  await setPref(browser, 'browser.download.always_ask_before_handling_new_types', false);
}

export async function setColorScheme(browser: Browser, scheme: ColorScheme): Promise<void> {
  await setPref(browser, PREFS.colorScheme, scheme === 'dark' ? 0 : 1);
}

export async function setOptionalPermissionPrompts(browser: Browser, on: boolean): Promise<void> {
  await setPref(browser, PREFS.optionalPermissionPrompts, on);
}

/**
 * Uninstalling forgets the add-on's UUID (and its storage and granted permissions): put ours back
 * beside the built-in add-ons' before the next install.
 */
async function keepExtensionUuid(browser: Browser): Promise<void> {
  await evaluateInBrowserWindow(
    browser,
    `(() => {
      const uuids = JSON.parse(Services.prefs.getStringPref(${JSON.stringify(PREFS.uuids)}, '{}'));
      uuids[${JSON.stringify(GECKO_ID)}] = ${JSON.stringify(EXTENSION_UUID)};
      Services.prefs.setStringPref(${JSON.stringify(PREFS.uuids)}, JSON.stringify(uuids));
      return true;
    })()`,
  );
}

/** Installs the archive as a temporary add-on (BiDi webExtension.install). */
export async function installArchive(browser: Browser, archive = FIREFOX_ARCHIVE): Promise<void> {
  await keepExtensionUuid(browser);
  const { extension } = await bidi<{ extension: string }>(browser, 'webExtension.install', {
    extensionData: { type: 'archivePath', path: archive },
  });
  if (extension !== GECKO_ID) throw new Error(`Installed ${extension}, expected ${GECKO_ID}.`);
}

export async function uninstallExtension(browser: Browser): Promise<void> {
  await bidi(browser, 'webExtension.uninstall', { extension: GECKO_ID }).catch((error: Error) => {
    if (!/no such web extension/i.test(error.message)) throw error;
  });
}

/** The page's address: `page.url()` stays about:blank after a BiDi navigation. */
export function addressOf(page: Page): Promise<string> {
  return page.evaluate(() => location.href);
}

/**
 * Navigates the page's tab (BiDi browsingContext.navigate) and waits for the document to be
 * interactive; use this for moz-extension:// pages, where page.goto() never resolves.
 */
export async function navigate(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as {
    browsingContext: { navigate(url: string, wait: 'interactive'): Promise<unknown> };
  };
  await frame.browsingContext.navigate(url, 'interactive');
}

/** The open tabs with their addresses; tabs that closed meanwhile are left out. */
export async function openTabs(browser: Browser): Promise<{ page: Page; url: string }[]> {
  const tabs = await Promise.all(
    (await browser.pages()).map(async (page) => ({
      page,
      url: await addressOf(page).catch(() => undefined),
    })),
  );
  return tabs.filter((tab): tab is { page: Page; url: string } => tab.url !== undefined);
}
