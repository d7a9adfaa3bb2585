// Imported first by main.tsx and importing nothing heavy, so that it runs before the rest of the
// popup's script is evaluated: the settings (as stored; read in main.tsx) and the page are asked
// for while React is still being set up.
import { browser } from 'wxt/browser';
import { pageToShorten } from '../../lib/browser/active-tab.ts';
import { SETTINGS_KEY } from '../../lib/settings/settings-key.ts';

export const storedSettings: Promise<unknown> = browser.storage.local
  .get(SETTINGS_KEY)
  .then((stored) => stored[SETTINGS_KEY] ?? null);

export const page = pageToShorten(location.search);
