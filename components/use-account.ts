// The one way React follows an account: the component re-renders when the account's snapshot
// changes (useSyncExternalStore), and calls the account's methods for everything else.
import { useMemo, useSyncExternalStore } from 'react';
import {
  type Account,
  type AccountSnapshot,
  EMPTY_SNAPSHOT,
  openAccount,
} from '../lib/account/account.ts';
import type { AccountRef } from '../lib/account/connection.ts';

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

const noAccount = {
  subscribe: () => () => {},
  getSnapshot: () => EMPTY_SNAPSHOT,
};

/** What the account knows now: its links and domains, cached or fresh, and how their refresh goes. */
export function useAccountData(account: Account | undefined): AccountSnapshot {
  const source = account ?? noAccount;
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}
