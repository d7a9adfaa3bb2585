// An update from a version with one connection: its settings become the first account, and its
// caches move under that account's keys. Pages read old settings correctly on their own
// (parseSettings migrates when reading); this writes the new shape once, from the background.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import { migrateLegacyCaches } from './cache.ts';
import { FIRST_ACCOUNT_ID, parseSettings } from './settings.ts';

const storage = defineExtensionStorage<{ settings: unknown }>(browser.storage.local);

export async function migrateStoredData(): Promise<void> {
  const stored = await storage.getItem('settings');
  const legacy =
    typeof stored === 'object' &&
    stored !== null &&
    !Array.isArray((stored as { accounts?: unknown }).accounts);
  if (legacy) await storage.setItem('settings', parseSettings(stored));
  await migrateLegacyCaches(FIRST_ACCOUNT_ID);
}
