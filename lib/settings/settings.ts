// The extension's settings in storage.local: one schema, validated when read. Corrupt or old data
// falls back to defaults field by field, so a bad value never crashes a page.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { checkBaseUrl, withScheme } from '../api/base-url.ts';
import { COPY_FORMATS } from '../links/copy-formats.ts';
import { defaultApiBaseUrl } from './build-config.ts';
import { DEFAULT_PREFERENCES, THEMES } from './preferences.ts';
import { SETTINGS_KEY } from './settings-key.ts';

// Only the one variable is handed over: `import.meta.env` whole would inline every WXT_ variable.
export const DEFAULT_API_BASE_URL = defaultApiBaseUrl(
  { WXT_API_BASE_URL: import.meta.env.WXT_API_BASE_URL },
  import.meta.env.DEV,
);
// Dead code in production builds: the minifier drops the key with the branch.
const BUILT_IN_API_KEY = import.meta.env.DEV ? (import.meta.env.WXT_DEMO_API_KEY ?? '') : '';

export const Theme = z.enum(THEMES);
export type Theme = z.infer<typeof Theme>;

/** The account that an install from before several accounts had, and a fresh install starts with. */
export const FIRST_ACCOUNT_ID = 'first';

/** One account: where its API is, its key, and its domain choices. */
export const AccountSettings = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** What the lists and menus call it; "" until named, then shown as its API's host. */
  name: z.catch(z.string(), ''),
  apiBaseUrl: z.catch(z.string().check(z.minLength(1)), DEFAULT_API_BASE_URL),
  apiKey: z.catch(z.string(), ''),
  /** Host of the domain new links go to; "" is the service's default short domain. */
  defaultDomain: z.catch(z.string(), ''),
  /** The popup's last choice of domain for this account; undefined until one is made. */
  lastDomain: z.catch(z.optional(z.string()), undefined),
  /** The tags of the popup's last link for this account, kept while "keepTags" is on. */
  lastTags: z.catch(z.optional(z.array(z.string())), undefined),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

/** The accounts as stored, each read on its own: a damaged one is dropped, never the list. */
const AccountList = z.pipe(
  z.array(z.unknown()),
  z.transform((entries) => {
    const seen = new Set<string>();
    return entries.flatMap((entry) => {
      const account = AccountSettings.safeParse(entry);
      if (!account.success || seen.has(account.data.id)) return [];
      seen.add(account.data.id);
      return [account.data];
    });
  }),
);

export const Settings = z.object({
  accounts: z.catch(AccountList, []),
  /** The account of the context menu, the shortcut, and the popup until it has used another. */
  defaultAccountId: z.catch(z.string(), ''),
  /** The account the popup used last. */
  popupAccountId: z.catch(z.optional(z.string()), undefined),
  autoCopy: z.catch(z.boolean(), DEFAULT_PREFERENCES.autoCopy),
  theme: z.catch(Theme, DEFAULT_PREFERENCES.theme),
  /** The toolbar button shortens and copies at once instead of opening the popup. */
  oneClick: z.catch(z.boolean(), DEFAULT_PREFERENCES.oneClick),
  /** utm_*, fbclid and the like are removed from a destination before it is shortened. */
  removeTracking: z.catch(z.boolean(), DEFAULT_PREFERENCES.removeTracking),
  /** A page that already has a link gets that link, not another. */
  reuseExisting: z.catch(z.boolean(), DEFAULT_PREFERENCES.reuseExisting),
  copyAs: z.catch(z.enum(COPY_FORMATS), DEFAULT_PREFERENCES.copyAs),
  /** The popup's Tags field starts with the tags of the account's last link made there. */
  keepTags: z.catch(z.boolean(), DEFAULT_PREFERENCES.keepTags),
});
export type Settings = z.infer<typeof Settings>;

export function newAccount(id: string = crypto.randomUUID()): AccountSettings {
  return AccountSettings.parse({ id, name: '', apiBaseUrl: DEFAULT_API_BASE_URL, apiKey: '' });
}

type StorageSchema = { [SETTINGS_KEY]: unknown };

const storage = defineExtensionStorage<StorageSchema>(browser.storage.local);

const LEGACY_CONNECTION_FIELDS = ['apiBaseUrl', 'apiKey', 'defaultDomain', 'lastDomain'] as const;

/**
 * Settings from before several accounts held one connection at the top level: it becomes the
 * first account, named after its host, with its domain choices; nothing else changes.
 */
export function migrateSettings(stored: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(stored.accounts)) return stored;
  const first: Record<string, unknown> = { id: FIRST_ACCOUNT_ID, name: '' };
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if ((LEGACY_CONNECTION_FIELDS as readonly string[]).includes(key)) first[key] = value;
    else rest[key] = value;
  }
  // A fresh install, and a development build's demo key.
  if (!('apiKey' in first)) first.apiKey = BUILT_IN_API_KEY;
  else if (typeof first.apiBaseUrl === 'string')
    first.name = URL.parse(first.apiBaseUrl)?.host ?? '';
  return { ...rest, accounts: [first], defaultAccountId: FIRST_ACCOUNT_ID };
}

export function parseSettings(stored: unknown): Settings {
  const object =
    typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? (stored as Record<string, unknown>)
      : {};
  const settings = Settings.parse(migrateSettings(object));
  if (settings.accounts.length === 0) {
    settings.accounts = [{ ...newAccount(FIRST_ACCOUNT_ID), apiKey: BUILT_IN_API_KEY }];
  }
  const ids = new Set(settings.accounts.map((account) => account.id));
  if (!ids.has(settings.defaultAccountId)) {
    settings.defaultAccountId = (settings.accounts[0] as AccountSettings).id;
  }
  if (settings.popupAccountId !== undefined && !ids.has(settings.popupAccountId)) {
    settings.popupAccountId = undefined;
  }
  return settings;
}

export async function loadSettings(): Promise<Settings> {
  return parseSettings(await storage.getItem(SETTINGS_KEY));
}

// Every write reads the stored settings, changes them and writes them whole: two at once in one
// page (three preferences ticked in a row) would each write what the other had not seen, and one
// change would be lost. They take turns.
let lastWrite: Promise<unknown> = Promise.resolve();
function inTurn<T>(write: () => Promise<T>): Promise<T> {
  const turn = lastWrite.then(write, write);
  lastWrite = turn.catch(() => undefined);
  return turn;
}

async function mergeAndStore(changes: Partial<Settings>): Promise<Settings> {
  const next = parseSettings({ ...(await loadSettings()), ...changes });
  await storage.setItem(SETTINGS_KEY, next);
  return next;
}

/** Saves some settings, keeping the rest; returns the settings now stored. */
export function saveSettings(changes: Partial<Settings>): Promise<Settings> {
  return inTurn(() => mergeAndStore(changes));
}

/** Changes one account (or adds it, at the end), keeping the others; returns the settings now stored. */
export function saveAccount(
  id: string,
  changes: Partial<Omit<AccountSettings, 'id'>>,
): Promise<Settings> {
  return inTurn(async () => {
    const settings = await loadSettings();
    const known = settings.accounts.some((account) => account.id === id);
    const accounts = known
      ? settings.accounts.map((account) =>
          account.id === id ? { ...account, ...changes } : account,
        )
      : [...settings.accounts, { ...newAccount(id), ...changes }];
    return mergeAndStore({ accounts });
  });
}

/**
 * Forgets an account: its key, its domain choices, and whether it was the default (the first
 * account left then is). The last account is never removed. Its caches are the caller's to drop.
 */
export function forgetAccount(id: string): Promise<Settings> {
  return inTurn(async () => {
    const settings = await loadSettings();
    const accounts = settings.accounts.filter((account) => account.id !== id);
    if (accounts.length === 0) return settings;
    return mergeAndStore({ accounts });
  });
}

export function watchSettings(onChange: (settings: Settings) => void): () => void {
  return storage.onChange(SETTINGS_KEY, (stored) => onChange(parseSettings(stored)));
}

/** A pasted key without the spaces and line breaks that came along with it. */
export function cleanApiKey(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/**
 * Checks an API base URL as typed, by the rule the client applies before sending the key: HTTPS
 * unless the service is on this computer. A missing scheme is added as the address bar would.
 * Returns the URL without a trailing slash, or the problem (in English: the page says `error` in
 * the person's language).
 */
export function checkApiBaseUrl(
  raw: string,
): { url: string } | { problem: string; error: unknown } {
  try {
    return { url: checkBaseUrl(withScheme(raw)).href.replace(/\/+$/, '') };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error), error };
  }
}
