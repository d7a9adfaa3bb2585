// Which account a page or action works with, and what it is called: plain functions of the
// settings, without zod, so that the popup's first script can hold them.
import type { AccountSettings, Settings } from './settings.ts';

/** The name an account goes by: its own, else its API's host. */
export function accountName(account: Pick<AccountSettings, 'name' | 'apiBaseUrl'>): string {
  return account.name.trim() || URL.parse(account.apiBaseUrl)?.host || account.apiBaseUrl;
}

/** The default account: the menu's, the shortcut's, and the one the pages start on. */
export function defaultAccount(settings: Settings): AccountSettings {
  return (
    settings.accounts.find((account) => account.id === settings.defaultAccountId) ??
    (settings.accounts[0] as AccountSettings)
  );
}

/** The account of this id, else the default one. */
export function accountOrDefault(settings: Settings, id: string | undefined): AccountSettings {
  return settings.accounts.find((account) => account.id === id) ?? defaultAccount(settings);
}

export function isConfigured(account: Pick<AccountSettings, 'apiBaseUrl' | 'apiKey'>): boolean {
  return account.apiKey !== '' && account.apiBaseUrl !== '';
}
