// Accounts in the extension's settings, for unit tests (they run with WXT's fake browser storage).
import {
  type AccountSettings,
  FIRST_ACCOUNT_ID,
  newAccount,
  saveSettings,
} from '../../lib/settings/settings.ts';

/** An account as the settings hold it: the first one unless another id is given. */
export function accountOf(fields: Partial<AccountSettings>): AccountSettings {
  return { ...newAccount(FIRST_ACCOUNT_ID), ...fields };
}

/** Stores these accounts (the first one the default) and gives them back. */
export async function storeAccounts(
  ...accounts: Partial<AccountSettings>[]
): Promise<AccountSettings[]> {
  const stored = accounts.map((fields, index) =>
    accountOf({ id: index === 0 ? FIRST_ACCOUNT_ID : `account-${index + 1}`, ...fields }),
  );
  await saveSettings({ accounts: stored, defaultAccountId: stored[0]?.id });
  return stored;
}
