// Chromium for the tests when it is missing, then the production extension the browser tests load.
// The demo key variable is set on purpose: the smoke test then proves a production build never
// holds a key, whatever the environment says.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumExecutable } from '../support/chromium.ts';
import { type DebianBrowser, ensureBrowser } from '../support/debian-package.ts';

export const KEY_CANARY = 'slk_canary_must_never_ship_0123456789';

const CHROMIUM: DebianBrowser = {
  name: 'Chromium',
  pathVariable: 'CHROMIUM_PATH',
  candidates: ['/usr/bin/chromium'],
  debianPackage: 'chromium',
  otherWay: 'or run "npx playwright install chromium"',
};

export default function globalSetup(): void {
  // Debian's Chromium (installed here when missing and the tests run as root), else Playwright's.
  if (!chromiumExecutable() && !existsSync(chromium.executablePath())) ensureBrowser(CHROMIUM);
  execFileSync('npx', ['wxt', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WXT_DEMO_API_KEY: KEY_CANARY },
  });
}
