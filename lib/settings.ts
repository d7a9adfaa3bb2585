// The extension's settings in storage.local: one schema, validated when read. Corrupt or old data
// falls back to defaults field by field, so a bad value never crashes a page.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import { z } from 'zod';
import { LOCAL_API_BASE_URL } from './build-config.ts';

export const DEFAULT_API_BASE_URL = import.meta.env.WXT_API_BASE_URL?.trim() || LOCAL_API_BASE_URL;
// Dead code in production builds: the minifier drops the key with the branch.
const BUILT_IN_API_KEY = import.meta.env.DEV ? (import.meta.env.WXT_DEMO_API_KEY ?? '') : '';

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

export const Settings = z.object({
  apiBaseUrl: z.string().min(1).catch(DEFAULT_API_BASE_URL),
  apiKey: z.string().catch(BUILT_IN_API_KEY),
  /** Host of the domain new links go to; "" is the service's default short domain. */
  defaultDomain: z.string().catch(''),
  /** The popup's last choice of domain; undefined until one is made. */
  lastDomain: z.string().optional().catch(undefined),
  autoCopy: z.boolean().catch(true),
  theme: Theme.catch('system'),
});
export type Settings = z.infer<typeof Settings>;

type StorageSchema = { settings: unknown };

const storage = defineExtensionStorage<StorageSchema>(browser.storage.local);

export function parseSettings(stored: unknown): Settings {
  return Settings.parse(
    typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {},
  );
}

export async function loadSettings(): Promise<Settings> {
  return parseSettings(await storage.getItem('settings'));
}

/** Saves some settings, keeping the rest; returns the settings now stored. */
export async function saveSettings(changes: Partial<Settings>): Promise<Settings> {
  const next = parseSettings({ ...(await loadSettings()), ...changes });
  await storage.setItem('settings', next);
  return next;
}

export function watchSettings(onChange: (settings: Settings) => void): () => void {
  return storage.onChange('settings', (stored) => onChange(parseSettings(stored)));
}

/** A pasted key without the spaces and line breaks that came along with it. */
export function cleanApiKey(raw: string): string {
  return raw.replace(/\s+/g, '');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');
}

/**
 * Checks an API base URL as typed: a web address, HTTPS unless the service is on this machine (the
 * key must never cross a network in clear). Returns the URL without a trailing slash, or the
 * problem in a sentence.
 */
export function checkApiBaseUrl(raw: string): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: 'Enter the full address of the API, such as https://api.example.com.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { problem: 'The API address must start with https://.' };
  }
  if (url.protocol === 'http:' && !isLoopbackUrl(url)) {
    return {
      problem: 'The API address must use https:// (http:// is allowed only for localhost).',
    };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { problem: 'The API address must not contain a user name, query or fragment.' };
  }
  return { url: url.href.replace(/\/+$/, '') };
}
