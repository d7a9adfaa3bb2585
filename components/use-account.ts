// The one way React follows an account: the component re-renders when the account's snapshot
// changes (useSyncExternalStore), and calls the account's methods for everything else.
import { useMemo, useSyncExternalStore } from 'react';
import {
  type Account,
  type AccountSnapshot,
  EMPTY_SNAPSHOT,
  openAccount,
} from '../lib/account/account.ts';
import type { Connection } from '../lib/account/connection.ts';

/** The account object of a connection; the same object while the connection stays the same. */
export function useAccount(connection: Connection): Account;
export function useAccount(connection: Connection | undefined): Account | undefined;
export function useAccount(connection: Connection | undefined): Account | undefined {
  const apiBaseUrl = connection?.apiBaseUrl;
  const apiKey = connection?.apiKey;
  return useMemo(
    () =>
      apiBaseUrl !== undefined && apiKey !== undefined
        ? openAccount({ apiBaseUrl, apiKey })
        : undefined,
    [apiBaseUrl, apiKey],
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
