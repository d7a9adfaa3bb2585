import { type ReactNode, useState } from 'react';
import { t } from '../../lib/i18n/t.ts';
import { accountName, accountOrDefault } from '../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../lib/settings/settings.ts';

/**
 * Which account the popup, Links or Domains works with. The callers draw it only when there are two
 * or more accounts: with one there is nothing to choose.
 */
export function AccountSelect({
  accounts,
  value,
  onChange,
  id = 'account',
}: {
  accounts: readonly AccountSettings[];
  value: string;
  onChange: (id: string) => void;
  id?: string;
}) {
  return (
    <div className="field account-field">
      <label htmlFor={id}>{t('account')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {accountName(account)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The account an options section works with (`firstChoice`, else the default one, until another
 * is chosen) and its
 * "Account" select, drawn only when there are two or more accounts.
 */
export function useChosenAccount(
  settings: Settings,
  selectId: string,
  firstChoice?: string,
): { chosen: AccountSettings; accountSelect: ReactNode } {
  const [accountId, setAccountId] = useState(firstChoice);
  const chosen = accountOrDefault(settings, accountId);
  const accountSelect = settings.accounts.length > 1 && (
    <AccountSelect
      id={selectId}
      accounts={settings.accounts}
      value={chosen.id}
      onChange={setAccountId}
    />
  );
  return { chosen, accountSelect };
}
