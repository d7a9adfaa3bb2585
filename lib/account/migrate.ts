// On every update, from the background: settings an older version stored are written in today's
// shape once (new preferences filled in, the single connection of older versions made the first
// account), and older caches move under that account's keys. Pages read any shape correctly on
// their own (parseSettings), but the popup reads today's shape without zod and waits for the
// parser with anything else (current-settings.ts). A fresh install has nothing to rewrite: its
// settings are first stored, in today's shape, when the options page saves them, and writing
// defaults here could overwrite a save made in the same moment.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import { currentSettings } from '../settings/current-settings.ts';
import { FIRST_ACCOUNT_ID, parseSettings } from '../settings/settings.ts';
import { SETTINGS_KEY } from '../settings/settings-key.ts';
import { migrateLegacyCaches } from './cache.ts';

const storage = defineExtensionStorage<{ [SETTINGS_KEY]: unknown }>(browser.storage.local);

export async function migrateStoredData(): Promise<void> {
  const stored = await storage.getItem(SETTINGS_KEY);
  if (stored != null && !currentSettings(stored)) {
    await storage.setItem(SETTINGS_KEY, parseSettings(stored));
  }
  await migrateLegacyCaches(FIRST_ACCOUNT_ID);
}
