// The one way React follows an account: the component re-renders when the account's snapshot
// changes (useSyncExternalStore), and calls the account's methods for everything else. Apart from
// use-account.ts, so that the popup can follow an account it opens once its form is drawn without
// having the account layer in its first script.
import { useSyncExternalStore } from 'react';
import type { Account } from '../../lib/account/account.ts';
import { type AccountSnapshot, EMPTY_SNAPSHOT } from '../../lib/account/snapshot.ts';

const noAccount = {
  subscribe: () => () => {},
  getSnapshot: () => EMPTY_SNAPSHOT,
};

/** What the account knows now: its links and domains, cached or fresh, and how their refresh goes. */
export function useAccountData(account: Account | undefined): AccountSnapshot {
  const source = account ?? noAccount;
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}
