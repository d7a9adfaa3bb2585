// Before the Firefox suite: Firefox itself (installed from Debian when missing and allowed), and
// the archive `npm run zip:firefox` makes, which the suite installs: what ships is what is tested.
import { existsSync } from 'node:fs';
import { test as setup } from '@playwright/test';
import { buildFirefoxArchive, ensureFirefox, FIREFOX_ARCHIVE } from './firefox.ts';

setup('Firefox is there and the Firefox archive is built', () => {
  setup.setTimeout(300_000);
  ensureFirefox();
  buildFirefoxArchive();
  if (!existsSync(FIREFOX_ARCHIVE))
    throw new Error(`npm run zip:firefox made no ${FIREFOX_ARCHIVE}`);
});
