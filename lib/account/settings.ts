// The extension's settings in storage.local: one schema, validated when read. Corrupt or old data
// falls back to defaults field by field, so a bad value never crashes a page.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { checkBaseUrl } from '../api/base-url.ts';
import { LOCAL_API_BASE_URL } from '../build-config.ts';
import { CopyFormat } from '../links/copy-formats.ts';

export const DEFAULT_API_BASE_URL = import.meta.env.WXT_API_BASE_URL?.trim() || LOCAL_API_BASE_URL;
// Dead code in production builds: the minifier drops the key with the branch.
const BUILT_IN_API_KEY = import.meta.env.DEV ? (import.meta.env.WXT_DEMO_API_KEY ?? '') : '';

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

export const Settings = z.object({
  apiBaseUrl: z.catch(z.string().check(z.minLength(1)), DEFAULT_API_BASE_URL),
  apiKey: z.catch(z.string(), BUILT_IN_API_KEY),
  /** Host of the domain new links go to; "" is the service's default short domain. */
  defaultDomain: z.catch(z.string(), ''),
  /** The popup's last choice of domain; undefined until one is made. */
  lastDomain: z.catch(z.optional(z.string()), undefined),
  autoCopy: z.catch(z.boolean(), true),
  theme: z.catch(Theme, 'system'),
  /** The toolbar button shortens and copies at once instead of opening the popup. */
  oneClick: z.catch(z.boolean(), false),
  /** utm_*, fbclid and the like are removed from a destination before it is shortened. */
  removeTracking: z.catch(z.boolean(), true),
  /** A page that already has a link gets that link, not another. */
  reuseExisting: z.catch(z.boolean(), true),
  copyAs: z.catch(CopyFormat, 'link'),
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

/**
 * Checks an API base URL as typed, by the rule the client applies before sending the key: HTTPS
 * unless the service is on this computer. Returns the URL without a trailing slash, or the problem.
 */
export function checkApiBaseUrl(raw: string): { url: string } | { problem: string } {
  try {
    return { url: checkBaseUrl(raw).href.replace(/\/+$/, '') };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
