// The account the popup shortens with: the last one used here, else the default one. It is opened
// once the account layer has arrived with the rest of the popup's code, after the form is drawn.
import { useRef, useState } from 'react';
import { useAccountData } from '../../components/account/use-account-data.ts';
import type { Account } from '../../lib/account/account.ts';
import type { Domain } from '../../lib/api/schemas.ts';
import { accountOrDefault, isConfigured } from '../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../lib/settings/settings.ts';
import { type LaterCode, later, laterOnceDrawn } from './load-later.tsx';

const NO_DOMAINS: never[] = [];

/** An account the popup is opening, as the form and the page's links wait for it. */
export type AccountOpening = {
  settings: AccountSettings;
  /** The rest of the popup's code, and the account opened with it. */
  opened: Promise<{ code: LaterCode; account: Account }>;
  cachedDomains: ReturnType<Account['cachedDomains']>;
  /**
   * Its domains, cached at once and refreshed behind the form; undefined when the refresh failed
   * (the failure shows when the person shortens) or the account was left meanwhile.
   */
  freshDomains: Promise<Domain[] | undefined>;
  /** Whether it is still the chosen account: answers for one the person has left are dropped. */
  live: () => boolean;
};

export function usePopupAccount(settings: Settings) {
  const [accountId, setAccountId] = useState<string | undefined>(settings.popupAccountId);
  const chosen = accountOrDefault(settings, accountId);
  // The chosen account once opened: until then, no domains but the service's own.
  const [account, setAccount] = useState<Account>();
  const data = useAccountData(account);
  const domains = data.domains.value ?? NO_DOMAINS;
  // Read from the offer the account knows (cached, refreshed with the domains): never a request.
  const offers = (field: string) => account?.offersLinkField(field) ?? false;
  const run = useRef(0);

  /** Opens an account for the popup; undefined when it has no key to open it with. */
  function open(toOpen: AccountSettings): AccountOpening | undefined {
    const id = ++run.current;
    const live = () => id === run.current;
    if (!isConfigured(toOpen)) return undefined;
    const opened = laterOnceDrawn().then((code) => ({ code, account: code.openAccount(toOpen) }));
    const cachedDomains = opened.then(({ account }) => account.cachedDomains());
    const freshDomains = opened.then(async ({ account }) => {
      if (!live()) return undefined;
      setAccount(account);
      const fresh = await account.loadDomains({ readCache: () => cachedDomains });
      return live() ? fresh : undefined;
    });
    return { settings: toOpen, opened, cachedDomains, freshDomains, live };
  }

  /** Another account chosen, remembered for the next popup; it is opened with `open`. */
  function choose(id: string): AccountSettings {
    setAccountId(id);
    setAccount(undefined);
    void later().then(({ saveSettings }) => saveSettings({ popupAccountId: id }));
    return accountOrDefault(settings, id);
  }

  /** The popup is going: answers still on their way are dropped. */
  const close = () => {
    run.current++;
  };

  return { chosen, account, domains, offers, offer: data.offer.value, open, choose, close };
}
