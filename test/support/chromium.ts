// Finding and launching Chromium with the built extension: shared by the browser tests and
// `npm start`.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
 *
 * Each install is loaded from a copy of its own, so it gets an id of its own (an unpacked
 * extension's id comes from its folder): Chromium deletes a removed extension's data after the
 * removal, and with the id reused that late deletion could empty the next test's storage.
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
  const copies = mkdtempSync(path.join(tmpdir(), 'shortlink-installs-'));
  const copyOf = new Map<string, string>();
  context.on('close', () => rmSync(copies, { recursive: true, force: true }));
  return {
    context,
    async install() {
      const copy = mkdtempSync(path.join(copies, 'extension-'));
      cpSync(extensionDir, copy, { recursive: true });
      const started = context.waitForEvent('serviceworker', isExtensionWorker);
      const { id } = (await cdp.send('Extensions.loadUnpacked', { path: copy })) as { id: string };
      copyOf.set(id, copy);
      return { id, worker: await started };
    },
    async uninstall(id) {
      await cdp.send('Extensions.uninstall', { id });
      const copy = copyOf.get(id);
      copyOf.delete(id);
      if (copy) rmSync(copy, { recursive: true, force: true });
    },
  };
}
