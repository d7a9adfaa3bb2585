// Finding and launching Chromium with the built extension: shared by the browser tests and
// `npm start`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';

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
      '--no-sandbox',
      '--disable-gpu',
      // Without these Chromium keeps dialling addresses a closed network refuses.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(options.lang ? [`--lang=${options.lang}`] : []),
    ],
  });
}
