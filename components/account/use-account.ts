// The account object a page works with, one per connection; use-account-data.ts follows what it
// knows.
import { useMemo } from 'react';
import { type Account, openAccount } from '../../lib/account/account.ts';
import type { AccountRef } from '../../lib/settings/connection.ts';

/** The account object of an account; the same object while its id, API and key stay the same. */
export function useAccount(ref: AccountRef): Account;
export function useAccount(ref: AccountRef | undefined): Account | undefined;
export function useAccount(ref: AccountRef | undefined): Account | undefined {
  const id = ref?.id;
  const apiBaseUrl = ref?.apiBaseUrl;
  const apiKey = ref?.apiKey;
  return useMemo(
    () =>
      id !== undefined && apiBaseUrl !== undefined && apiKey !== undefined
        ? openAccount({ id, apiBaseUrl, apiKey })
        : undefined,
    [id, apiBaseUrl, apiKey],
  );
}
