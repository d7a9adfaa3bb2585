// Finding and launching Chromium with the built extension: shared by the browser tests and
// `npm start`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Worker } from '@playwright/test';

export const EXTENSION_DIR = path.resolve('.output/chrome-mv3');

/** The browser: CHROMIUM_PATH, else Debian's Chromium, else Playwright's own (undefined). */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

export async function launchWithExtension(
  options: {
    extensionDir?: string;
    headless?: boolean;
    userDataDir?: string;
    /** False when the caller stops Chromium itself on Ctrl-C (Playwright would exit at once). */
    handleSignals?: boolean;
    /** The browser's UI language (`de`, `ar`): needs Debian's chromium-l10n beside chromium. */
    lang?: string;
  } = {},
): Promise<BrowserContext> {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run "npm run build" first.`);
  }
  return chromium.launchPersistentContext(options.userDataDir ?? '', {
    executablePath: chromiumExecutable(),
    headless: options.headless ?? true,
    handleSIGINT: options.handleSignals ?? true,
    handleSIGTERM: options.handleSignals ?? true,
    handleSIGHUP: options.handleSignals ?? true,
    viewport: options.headless === false ? null : undefined,
    // Playwright otherwise tells the pages' renderers en-US, and chrome.i18n.getUILanguage() (not
    // the messages, which follow --lang) answers it.
    ...(options.lang && { locale: options.lang }),
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...QUIET_ARGS,
      ...(options.lang ? [`--lang=${options.lang}`] : []),
    ],
  });
}

const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // Without these Chromium keeps dialling addresses a closed network refuses.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Headless Chromium that installs and removes the extension on demand, over the DevTools protocol
 * (`Extensions.loadUnpacked` and `Extensions.uninstall`, allowed by
 * `--enable-unsafe-extension-debugging`). Removing it deletes its storage, IndexedDB, granted
 * permissions and tabs, so a new install starts as a first install does in a fresh profile, in
 * about 50 ms instead of the 1.5–2.5 s a new browser costs.
 */
export type ExtensionHost = {
  context: BrowserContext;
  /** Installs the extension; resolves once its service worker runs. */
  install(): Promise<{ id: string; worker: Worker }>;
  uninstall(id: string): Promise<void>;
};

export async function launchExtensionHost(
  extensionDir: string = EXTENSION_DIR,
): Promise<ExtensionHost> {
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run "npm run build" first.`);
  }
  const context = await chromium.launchPersistentContext('', {
    executablePath: chromiumExecutable(),
    headless: true,
    // Playwright starts Chromium with extensions off unless it is told which to load at launch.
    ignoreDefaultArgs: ['--disable-extensions'],
    args: ['--enable-unsafe-extension-debugging', ...QUIET_ARGS],
  });
  const browser = context.browser();
  if (!browser) throw new Error('Playwright gave the persistent context no browser.');
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const isExtensionWorker = (worker: Worker) => worker.url().startsWith('chrome-extension://');
  return {
    context,
    async install() {
      const started = context.waitForEvent('serviceworker', isExtensionWorker);
      const { id } = (await cdp.send('Extensions.loadUnpacked', { path: extensionDir })) as {
        id: string;
      };
      return { id, worker: await started };
    },
    async uninstall(id) {
      await cdp.send('Extensions.uninstall', { id });
    },
  };
}
